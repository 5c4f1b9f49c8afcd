// Keypress to changed screen in a pseudo-terminal: netdeck in demo mode on a Discover
// list of 10 000+ locations (`--locations 10000`, providers enough that nearly every
// city has one), `j` sent every 100 ms, each timed from the write to the moment the
// headless terminal shows the moved cursor. Baseline, same run: the plain Ink hello
// world, a key to its changed line. Budget: median < 50 ms.
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, quantile, report } from './lib/report.ts';
import { bigDiscover, type PtyProgram, plainInkHello, type Screen, spawnInPty } from './lib/tui-pty.ts';

const KEYS = 60;
const GAP_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** netdeck's screen below the header (whose clock ticks on its own). */
const belowHeader = (screen: Screen) => screen.lines.slice(1).join('\n');

async function timeKeys(
  program: PtyProgram,
  key: string,
  body: (screen: Screen) => string,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < KEYS; i++) {
    const before = body(program.screen());
    const t0 = performance.now();
    program.write(key);
    const at = await program.until((screen) => body(screen) !== before, 5_000);
    times.push(at - t0);
    await pause(GAP_MS);
  }
  return times.sort((a, b) => a - b);
}

await ensureBuilt();
const hello = await plainInkHello();

const base = spawnInPty([hello]);
await base.until((s) => s.text.includes('Hello, world'));
const baseline = await timeKeys(base, 'x', (screen) => screen.text);
base.kill();
await base.exited;

const netdeck = bigDiscover('--providers', '150000');
await netdeck.until((s) => /[1-9][\d,]* places with providers/.test(s.text), 60_000);
const statusLine = netdeck.screen().lines.find((line) => line.includes('places with providers')) ?? '';
// The status line reads "row 1 of 10,729 · 10,729 places with providers · …".
const rows = Number(statusLine.match(/([\d,]+) places with providers/)?.[1].replace(/,/g, '') ?? 0);
const times = await timeKeys(netdeck, 'j', belowHeader);
netdeck.write('q');
await netdeck.exited;

const median = quantile(times, 0.5);
report({
  name: `keypress to changed screen in a pty, Discover list of ${fmt(rows)} rows, keys ${GAP_MS} ms apart (median of ${KEYS}; p95 ${fmt(quantile(times, 0.95), 1)} ms)`,
  value: `${fmt(median, 1)} ms`,
  budget: '< 50 ms median',
  baseline: `Ink hello world ${fmt(quantile(baseline, 0.5), 1)} ms`,
  pass: median < 50 && rows >= 10_000,
});
