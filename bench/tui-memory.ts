// Resident memory of the whole netdeck process (the in-process demo simulator included)
// on a demo world of 10 000 locations and 1 000 own providers, after it has shown
// every pane: the peak (VmHWM) from /proc, median of 3 runs (one run's peak moves by
// several MB with the timing of V8's collections). Baseline, same run: the bundled Ink
// hello world. Budget: < 150 MB.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, report } from './lib/report.ts';
import { bigDiscover, bundleLikeNetdeck, median, ROOT, spawnInPty } from './lib/tui-pty.ts';

const BUDGET_MB = 150;
const RUNS = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident MB of one run: every pane once, a search, a batch of providers. */
async function netdeckPeak(): Promise<number> {
  const netdeck = bigDiscover('--own-providers', '1000');
  await netdeck.until((s) => /[1-9][\d,]* places with providers/.test(s.text), 60_000);
  for (const key of ['2', '3', '4', '5', '6', '1']) {
    netdeck.write(key);
    await pause(700);
  }
  netdeck.write('/');
  for (const ch of 'san') {
    netdeck.write(ch);
    await pause(50);
  }
  await pause(500);
  netdeck.write('\r');
  netdeck.write('p');
  await pause(700);
  netdeck.write('n');
  await pause(700);
  const { peakMb } = netdeck.memory();
  netdeck.write('q');
  await netdeck.exited;
  return peakMb;
}

await ensureBuilt();
const hello = await bundleLikeNetdeck(
  join(ROOT, 'bench/lib/ink-hello.tsx'),
  join(tmpdir(), 'netdeck-ink-hello.mjs'),
);
const base = spawnInPty([hello]);
await base.until((s) => s.text.includes('Hello, world'));
await pause(500);
const baseline = base.memory();
base.kill();
await base.exited;

const peaks: number[] = [];
for (let i = 0; i < RUNS; i++) peaks.push(await netdeckPeak());
const peak = median(peaks);

report({
  name: `netdeck resident memory, demo world of 10 000 locations and 1 000 own providers, every pane shown (peak, median of ${RUNS})`,
  value: `${fmt(peak)} MB (runs ${peaks.map((mb) => fmt(mb)).join(', ')})`,
  budget: `< ${BUDGET_MB} MB`,
  baseline: `Ink hello world ${fmt(baseline.peakMb)} MB`,
  pass: peak < BUDGET_MB,
});
