// The V8 flags netdeck runs with, whichever way it is started: in the bin's
// `#!/usr/bin/env -S node ...` line (the bin, `npm i -g`, `npx`) and in package.json's
// start script (a test keeps the two the same). V8's memory-saving heuristics: they hold
// each semi-space of the young generation at 1 MB (the flag implies
// --max-semi-space-size=1, over any size given beside it) and grow the old generation
// sparingly. Each full console frame leaves ~4 MB of garbage, which grew the young
// generation to its 32 MB maximum and, with what it promoted, the process past 150 MB
// (bench/tui-memory.ts). The price is start-up time: ~50 ms of scavenging more often
// (docs/benchmarks.md, "Where the time of a start goes").
export const NODE_FLAGS = ['--optimize-for-size'];
