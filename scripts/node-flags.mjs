// The flags node runs netdeck with, whichever way it is started: in the bin's
// `#!/usr/bin/env -S node ...` line (the bin, `npm i -g`, `npx`), in package.json's start
// script (a test keeps the two the same) and in the single-file binary's blob.
// - `--max-semi-space-size=4`: V8's young generation at most 4 MB a semi-space. Each full
//   console frame leaves ~4 MB of garbage, which grew it to its 32 MB maximum and, with
//   what it promoted, the process past 150 MB (bench/tui-memory.ts). V8's memory-saving
//   heuristics (`--optimize-for-size`, which also held it at 1 MB) are turned on once the
//   start is done (src/cli/runtime/memory-saver.ts): from here they cost the start ~40 ms.
// - `--v8-pool-size=1`, one background thread for V8 (Node's default is four, on a
//   machine of two cores too): each thread's collections and compilations took memory
//   from a malloc arena of its own, and kept it; the console's peak moved by 20 MB from
//   run to run (131-160 MB), and is 127-146 MB with one. The start is ~15 ms later.
export const NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=1'];
