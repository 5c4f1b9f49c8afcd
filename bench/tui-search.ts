// Search as you type against a 50 000-city world (200 000 providers, today's service) in
// a pseudo-terminal: `/`, then queries typed a key at a time, 400 ms apart; each key timed
// from its write to the moment the results on screen are those of the new query (the
// list changed and the pane no longer says it is searching). Baseline, same run: the
// plain Ink hello world, a key to its changed line. Budget: median < 100 ms.
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, quantile, report } from './lib/report.ts';
import { BINARY, plainInkHello, type Screen, spawnInPty } from './lib/tui-pty.ts';

const QUERIES = ['san', 'berl', 'new yo', 'lake', 'porto', 'gre'];
const GAP_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The list and its status line: what a search changes. */
const results = (screen: Screen) => screen.lines.slice(3, -1).join('\n');
const settled = (screen: Screen) => !/searching…/.test(screen.text);

await ensureBuilt();
const hello = await plainInkHello();
const base = spawnInPty([hello]);
await base.until((s) => s.text.includes('Hello, world'));
const baseline: number[] = [];
for (let i = 0; i < 20; i++) {
  const before = base.screen().text;
  const t0 = performance.now();
  base.write('x');
  baseline.push((await base.until((s) => s.text !== before, 5_000)) - t0);
  await pause(100);
}
base.kill();
await base.exited;

const netdeck = spawnInPty(['--locations', '50000', '--providers', '200000'], { command: BINARY });
await netdeck.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 60_000);
// The console builds a big world's search index once its first data is on screen.
await pause(3_000);
netdeck.write('/');
await netdeck.until((s) => /typing:/.test(s.text), 5_000);
const times: number[] = [];
for (const query of QUERIES) {
  for (const ch of query) {
    const before = results(netdeck.screen());
    const t0 = performance.now();
    netdeck.write(ch);
    const at = await netdeck.until((s) => settled(s) && results(s) !== before, 10_000);
    times.push(at - t0);
    await pause(GAP_MS);
  }
  netdeck.write('\u0015'); // ctrl-u clears the query
  await pause(GAP_MS);
}
netdeck.write('\u0003');
await netdeck.exited;

times.sort((a, b) => a - b);
baseline.sort((a, b) => a - b);
const median = quantile(times, 0.5);
report({
  name: `search as you type, 50 000 cities, key to its results on screen in a pty (median of ${times.length} keys; p95 ${fmt(quantile(times, 0.95), 1)} ms)`,
  value: `${fmt(median, 1)} ms`,
  budget: '< 100 ms median',
  baseline: `Ink hello world, key to changed line ${fmt(quantile(baseline, 0.5), 1)} ms`,
  pass: median < 100,
});
