// Idle CPU of the console: netdeck on the default demo world at speed 1, left alone on
// Discover for 60 s after its first data (and 5 s to settle), CPU time of the process
// (user + system, from /proc) over that minute as a share of one core. Baseline, the
// same minute: the plain Ink hello world, idle beside it. Budget: < 1% of a core.
import { ensureBuilt } from '../test/e2e/harness.ts';
import { cpuSeconds } from './lib/process-cpu.ts';
import { fmt, report } from './lib/report.ts';
import { BINARY, plainInkHello, spawnInPty } from './lib/tui-pty.ts';

const IDLE_MS = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await ensureBuilt();
const hello = await plainInkHello();
const netdeck = spawnInPty([], { command: BINARY });
const base = spawnInPty([hello]);
await netdeck.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 60_000);
await base.until((s) => s.text.includes('Hello, world'));
await pause(5_000);
const from = { netdeck: cpuSeconds(netdeck.pid), base: cpuSeconds(base.pid), at: performance.now() };
await pause(IDLE_MS);
const seconds = (performance.now() - from.at) / 1000;
const share = (cpuSeconds(netdeck.pid) - from.netdeck) / seconds;
const baseShare = (cpuSeconds(base.pid) - from.base) / seconds;
netdeck.write('q');
base.write('q');
await Promise.all([netdeck.exited, base.exited]);
report({
  name: `netdeck idle CPU, default demo world at speed 1, Discover shown, over ${fmt(seconds)} s`,
  value: `${fmt(share * 100, 2)}% of a core`,
  budget: '< 1% of a core',
  baseline: `Ink hello world idle ${fmt(baseShare * 100, 2)}%`,
  pass: share < 0.01,
});
