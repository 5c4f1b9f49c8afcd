// Resident memory of the whole netdeck process (the in-process demo simulator included)
// on a demo world of 10 000 locations and 1 000 own providers, after it has shown
// every pane: the peak (VmHWM) and the current RSS from /proc. Baseline, same run: the
// bundled Ink hello world. Budget: < 150 MB.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, report } from './lib/report.ts';
import { bundleLikeNetdeck, ROOT, spawnInPty } from './lib/tui-pty.ts';

const BUDGET_MB = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

const netdeck = spawnInPty([
  join(ROOT, 'dist/netdeck.js'),
  '--locations',
  '10000',
  '--own-providers',
  '1000',
]);
await netdeck.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 60_000);
// Every pane once (their data loads), a search, a batch of providers, back to Discover.
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
const used = netdeck.memory();
netdeck.write('q');
await netdeck.exited;

report({
  name: 'netdeck resident memory, demo world of 10 000 locations and 1 000 own providers, every pane shown (peak)',
  value: `${fmt(used.peakMb)} MB (now ${fmt(used.rssMb)} MB)`,
  budget: `< ${BUDGET_MB} MB`,
  baseline: `Ink hello world ${fmt(baseline.peakMb)} MB`,
  pass: used.peakMb < BUDGET_MB,
});
