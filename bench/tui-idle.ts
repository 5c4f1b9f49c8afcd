// Idle cost of the console, pane by pane: netdeck on the default demo world at speed 1,
// one process per pane (all at once), each left alone on its pane for 60 s after the
// pane's first data (and 5 s to settle). For each: the CPU time of the process (user +
// system, from /proc) over that minute as a share of one core, and the bytes it wrote to
// the terminal between refreshes: outside the moments a refresh redraws (from a second
// before the header's "updated" time changes to 5 s after, which covers a changed
// figure's highlight ending). Baseline, the same minute: the plain Ink hello world, idle
// beside them. Budget: every pane under 1% of a core, 0 bytes between refreshes.
import { PANE_LIST, type PaneId } from '../src/ui/panes/list.ts';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { cpuSeconds } from './lib/process-cpu.ts';
import { fmt, report } from './lib/report.ts';
import { BINARY, type PtyProgram, plainInkHello, spawnInPty } from './lib/tui-pty.ts';

const IDLE_MS = 60_000;
const SETTLE_MS = 5_000;
/** A refresh's own redraw: from a second before the header's time changes (another store's answer may come first) to 5 s after. */
const REFRESH_BEFORE_MS = 1_000;
const REFRESH_AFTER_MS = 5_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each pane shows once its data is in. */
const SHOWN: Record<PaneId, RegExp> = {
  discover: /places with providers/,
  providers: /nothing chosen yet|Discover/,
  devices: /Shared by this network/,
  myProviders: /Σ total/,
  network: /computed/,
  account: /Wallets \(/,
  earnings: /Payouts \(/,
  proxies: /No hosted proxies yet|prox(?:y|ies) · /,
};

/** Bytes written in [from, to] outside the redraws of refreshes (each seen as a change of the header's "updated" time). */
function bytesBetweenRefreshes(program: PtyProgram, from: number, to: number): number {
  const refreshes: number[] = [];
  let updated: string | undefined;
  for (const chunk of program.chunks) {
    const now = /updated (\d\d:\d\d:\d\d)/.exec(chunk.top)?.[1];
    if (now !== updated && updated !== undefined) refreshes.push(chunk.at);
    updated = now ?? updated;
  }
  const inRefresh = (at: number) =>
    refreshes.some((r) => at >= r - REFRESH_BEFORE_MS && at <= r + REFRESH_AFTER_MS);
  return program.chunks
    .filter((chunk) => chunk.at >= from && chunk.at <= to && !inRefresh(chunk.at))
    .reduce((sum, chunk) => sum + chunk.bytes, 0);
}

await ensureBuilt();
const hello = await plainInkHello();
const base = spawnInPty([hello]);
const panes = PANE_LIST.map((pane) => ({ pane, program: spawnInPty([], { command: BINARY }) }));
await base.until((s) => s.text.includes('Hello, world'));
await Promise.all(
  panes.map(async ({ pane, program }) => {
    await program.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 180_000);
    program.write(pane.digit);
    await program.until((s) => SHOWN[pane.id].test(s.text), 60_000);
  }),
);
await pause(SETTLE_MS);
const from = {
  at: performance.now(),
  base: cpuSeconds(base.pid),
  panes: panes.map(({ program }) => cpuSeconds(program.pid)),
};
await pause(IDLE_MS);
const to = performance.now();
const seconds = (to - from.at) / 1000;
const shares = panes.map(({ program }, i) => (cpuSeconds(program.pid) - from.panes[i]) / seconds);
const baseShare = (cpuSeconds(base.pid) - from.base) / seconds;
// The last refresh's redraw may run past the minute: its bytes are counted once it is seen.
await pause(REFRESH_AFTER_MS);
for (const { program } of panes) program.write('q');
base.write('q');
await Promise.all([...panes.map(({ program }) => program.exited), base.exited]);
panes.forEach(({ pane, program }, i) => {
  const bytes = bytesBetweenRefreshes(program, from.at, to);
  report({
    name: `netdeck idle, default demo world at speed 1, ${pane.title} shown, over ${fmt(seconds)} s`,
    value: `${fmt(shares[i] * 100, 2)}% of a core, ${bytes} bytes between refreshes`,
    budget: '< 1% of a core, 0 bytes between refreshes',
    baseline: `Ink hello world idle ${fmt(baseShare * 100, 2)}%`,
    pass: shares[i] < 0.01 && bytes === 0,
  });
});
