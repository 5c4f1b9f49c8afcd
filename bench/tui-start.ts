// netdeck start in a pseudo-terminal, next to a bundled Ink hello world to its first
// frame, measured in the same run (runs alternate):
// - the first frame (header, tab bar and a line saying what is loading, or the data):
//   <= 1.5x the hello world, on the default demo world and on 1 000 000 providers /
//   50 000 cities (median of 7 and of 3);
// - the first frame whose Discover pane shows data: default demo world <= 2x the hello
//   world; 1 000 000 providers / 50 000 cities < 1.5 s, with the world's progress on
//   screen meanwhile (seen in every run).
// Every start but a person's first after an install or a Node upgrade compiles netdeck
// with the compile cache its first left (src/cli/compile-cache.ts): the budgets are measured so,
// after one warming start. The first start, with no cache, is measured too and reported
// beside them, without a budget of its own.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, report } from './lib/report.ts';
import { BINARY, bundledHello, median, type Screen, spawnInPty, warmCompileCache } from './lib/tui-pty.ts';

const RUNS = 7;
const BIG_RUNS = 3;
const BIG = ['--providers', '1000000', '--locations', '50000'];

const firstFrame = (s: Screen) =>
  /^netdeck · /.test(s.lines[0]) &&
  /^1 Discover/.test(s.lines[1]) &&
  /loading|building|places with providers/.test(s.text);
const withData = (s: Screen) => /[1-9][\d ]* places with providers/.test(s.text);
const progress = (s: Screen) => /building the demo world \d+%/.test(s.text);

interface Start {
  first: number;
  data: number;
  /** The world's progress was on screen before the data. */
  sawProgress: boolean;
}

async function netdeckStart(args: string[], env: Record<string, string> = {}): Promise<Start> {
  const program = spawnInPty(args, { command: BINARY, env });
  try {
    let sawProgress = false;
    const first = await program.until(firstFrame, 60_000);
    const data = await program.until((s) => {
      if (progress(s)) sawProgress = true;
      return withData(s);
    }, 60_000);
    return { first: first - program.startedAt, data: data - program.startedAt, sawProgress };
  } finally {
    program.kill();
    await program.exited;
  }
}

async function helloStart(hello: string): Promise<number> {
  const program = spawnInPty([hello]);
  try {
    return (await program.until((s) => s.text.includes('Hello, world'))) - program.startedAt;
  } finally {
    program.kill();
    await program.exited;
  }
}

await ensureBuilt();
if (!existsSync(BINARY)) throw new Error('dist/netdeck.cjs is missing');
const hello = await bundledHello();
await warmCompileCache();

/** A start with no compile cache: a fresh, empty cache folder. */
async function firstStart(): Promise<Start> {
  const cacheHome = mkdtempSync(join(tmpdir(), 'netdeck-bench-cold-'));
  try {
    return await netdeckStart([], { XDG_CACHE_HOME: cacheHome });
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
}

const baseline: number[] = [];
const small: Start[] = [];
const big: Start[] = [];
const cold: Start[] = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(await helloStart(hello));
  small.push(await netdeckStart([]));
  if (i < BIG_RUNS) big.push(await netdeckStart(BIG));
  if (i < BIG_RUNS) cold.push(await firstStart());
}
const base = median(baseline);
const baselineText = `bundled Ink hello world to its first frame ${fmt(base)} ms`;
const runs = (values: number[]) => `(runs ${values.map((v) => fmt(v)).join(', ')})`;

const smallFirst = median(small.map((s) => s.first));
report({
  name: `netdeck demo start to its first frame, default world (median of ${RUNS})`,
  value: `${fmt(smallFirst)} ms`,
  budget: `<= 1.5x baseline (${fmt(base * 1.5)} ms)`,
  baseline: baselineText,
  pass: smallFirst <= base * 1.5,
});
const bigFirst = median(big.map((s) => s.first));
report({
  name: `netdeck demo start to its first frame, 1 000 000 providers / 50 000 cities (median of ${BIG_RUNS})`,
  value: `${fmt(bigFirst)} ms ${runs(big.map((s) => s.first))}`,
  budget: `<= 1.5x baseline (${fmt(base * 1.5)} ms)`,
  baseline: baselineText,
  pass: bigFirst <= base * 1.5,
});
const smallData = median(small.map((s) => s.data));
report({
  name: `netdeck demo start to the first frame with Discover data, default world (median of ${RUNS})`,
  value: `${fmt(smallData)} ms`,
  budget: `<= 2x baseline (${fmt(base * 2)} ms)`,
  baseline: baselineText,
  pass: smallData <= base * 2,
});
const bigData = median(big.map((s) => s.data));
const progressSeen = big.filter((s) => s.sawProgress).length;
report({
  name: `netdeck demo start to the first frame with Discover data, 1 000 000 providers / 50 000 cities (median of ${BIG_RUNS}; the world's progress shown in ${progressSeen} of ${BIG_RUNS} runs)`,
  value: `${fmt(bigData)} ms ${runs(big.map((s) => s.data))}`,
  budget: '< 1 500 ms, progress shown in every run',
  baseline: baselineText,
  pass: bigData < 1500 && progressSeen === BIG_RUNS,
});
const coldData = median(cold.map((s) => s.data));
report({
  name: `netdeck's first start after an install, no compile cache yet, default world: first frame ${fmt(median(cold.map((s) => s.first)))} ms, with Discover data (median of ${BIG_RUNS})`,
  value: `${fmt(coldData)} ms ${runs(cold.map((s) => s.data))}`,
  budget: 'none of its own (the budgets above are every later start)',
  baseline: baselineText,
  pass: true,
});
