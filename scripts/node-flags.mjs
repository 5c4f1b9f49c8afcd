// The V8 flags netdeck runs with, whichever way it is started: in the bundle's
// `#!/usr/bin/env -S node ...` line (the bin, `npm i -g`, `npx`) and in package.json's
// start script (a test keeps the two the same). A young generation of at most 4 MB per
// semi-space, and V8's memory-saving heuristics: each full console frame leaves ~4 MB of
// garbage, which grew the young generation to its 32 MB maximum and, with what it
// promoted, the process past 150 MB (bench/tui-memory.ts).
export const NODE_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size'];
