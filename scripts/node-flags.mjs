// The flags node runs netdeck with, whichever way it is started: in the bin's
// `#!/usr/bin/env -S node ...` line (the bin, `npm i -g`, `npx`), in package.json's start
// script (a test keeps the two the same) and in the single-file binary's blob.
// - `--optimize-for-size`, V8's memory-saving heuristics: they hold each semi-space of the
//   young generation at 1 MB (the flag implies --max-semi-space-size=1, over any size given
//   beside it) and grow the old generation sparingly. Each full console frame leaves ~4 MB
//   of garbage, which grew the young generation to its 32 MB maximum and, with what it
//   promoted, the process past 150 MB (bench/tui-memory.ts). The price is start-up time:
//   ~50 ms of scavenging more often (docs/benchmarks.md, "Where the time of a start goes").
// - `--v8-pool-size=1`, one background thread for V8 (Node's default is four, on a
//   machine of two cores too): each thread's collections and compilations took memory
//   from a malloc arena of its own, and kept it; the console's peak moved by 20 MB from
//   run to run (131-160 MB), and is 127-146 MB with one. The start is ~15 ms later.
export const NODE_FLAGS = ['--optimize-for-size', '--v8-pool-size=1'];
