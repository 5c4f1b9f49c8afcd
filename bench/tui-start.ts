// `netdeck` demo start (world generation included) to the first frame whose Discover
// pane shows data, in a pseudo-terminal, next to a bundled Ink hello world to its first
// frame in the same run. Budget: <= 1.5x the hello world. Runs alternate, median of 7.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, report } from './lib/report.ts';
import { bundleLikeNetdeck, median, ROOT, spawnInPty } from './lib/tui-pty.ts';

const RUNS = 7;
const BINARY = join(ROOT, 'dist', 'netdeck.js');

async function timeToScreen(args: string[], shows: RegExp): Promise<number> {
  const program = spawnInPty(args);
  try {
    const at = await program.until((screen) => shows.test(screen.text));
    return at - program.startedAt;
  } finally {
    program.kill();
    await program.exited;
  }
}

await ensureBuilt();
if (!existsSync(BINARY)) throw new Error('dist/netdeck.js is missing');
const hello = await bundleLikeNetdeck(
  join(ROOT, 'bench/lib/ink-hello.tsx'),
  join(tmpdir(), 'netdeck-ink-hello.mjs'),
);

const netdeck: number[] = [];
const baseline: number[] = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(await timeToScreen([hello], /Hello, world/));
  netdeck.push(await timeToScreen([BINARY], /[1-9][\d,]* places with providers/));
}
const ms = median(netdeck);
const base = median(baseline);
report({
  name: 'netdeck demo start to the first frame with Discover data (median of 7)',
  value: `${fmt(ms)} ms`,
  budget: `<= 1.5x baseline (${fmt(base * 1.5)} ms)`,
  baseline: `bundled Ink hello world to its first frame ${fmt(base)} ms`,
  pass: ms <= base * 1.5,
});
