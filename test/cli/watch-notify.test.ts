// `netdeck watch --notify` against the simulator and a local ntfy-shaped server on loopback,
// on the shared manual clock (issue 35, item 2): one push per episode (not one per poll), a
// muted provider not pushed, a flapping provider pushed once as flapping, quiet hours that
// push nothing and then one digest of what began and ended in them, the daily digest they
// held back after it. Providers go down with POST /__sim/providers; watch sees it at its
// next look at the service's peer list (every 15 s between polls), and a return at its next
// poll of the statistics (the peer list only hastens a disconnection).
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ManualClock } from '../../src/clock.ts';
import { type FakeService, ok, startFakeService } from './fake-services.ts';
import { eventually, jsonLines, run, type SimFixture, smallDemo, startSimFixture } from './harness.ts';

let fx: SimFixture;
let ntfy: FakeService;
let state: string;
let env: Record<string, string>;
const requests: string[] = [];
beforeAll(async () => {
  fx = await startSimFixture({ log: (line) => requests.push(line) });
  ntfy = await startFakeService();
  state = mkdtempSync(join(tmpdir(), 'netdeck-state-'));
  env = { ...fx.env, XDG_STATE_HOME: state };
});
afterAll(async () => {
  await fx.close();
  await ntfy.close();
  rmSync(state, { recursive: true, force: true });
});

const url = () => `ntfy://127.0.0.1:${ntfy.port}/netdeck-ops?scheme=http`;
const peerLooks = () => requests.filter((line) => line.startsWith('GET /network/peers ')).length;
const polls = () => requests.filter((line) => line.startsWith('GET /account/payout-wallet ')).length;

/** The pushes that name a provider, as ntfy got them (title and priority). */
const pushesOf = (clientId: string) =>
  ntfy.received.map((r) => r.json!).filter((json) => (json.message as string).includes(clientId));

/** Connected providers of the demo network that nothing else of this file touches. */
let spare: string[] = [];
function provider(): string {
  if (!spare.length)
    spare = fx.sim.engine
      .handle('providerStats', undefined, { networkId: fx.sim.engine.demoNetwork.id, networkName: 'demo' })
      .providers!.filter((p) => p.connected)
      .map((p) => p.client_id!);
  return spare.shift()!;
}

const setConnected = (clientId: string, connected: boolean) =>
  fx.sim.admin.setProviderConnected({ client_id: clientId, connected });

/** `netdeck watch ARGS --notify URL` on the fixture's clock, until `stop()`. */
async function startWatch(args: string[]) {
  const controller = new AbortController();
  const output = { stdout: '', stderr: '' };
  const at = polls();
  const done = run(['watch', '--refresh', '60', '--disconnected-minutes', '0', '--notify', url(), ...args], {
    env,
    output,
    deps: { clock: fx.clock, stop: controller.signal },
  });
  await eventually(() => polls() === at + 1, 'the first poll');
  return {
    output,
    events: () => jsonLines(output.stdout),
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

/** Moves the clock 15 s, to watch's next look at the peer list (or its next poll), and waits for it. */
async function look(): Promise<void> {
  const seen = peerLooks() + polls();
  await fx.clock.advance(15_000);
  await eventually(() => peerLooks() + polls() > seen, 'a look at the service');
  // What that look pushes goes out on a socket of its own: a moment for it to arrive.
  await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Looks until `done` holds, to the next poll at most (a minute and a look). */
async function lookUntil(done: () => boolean, what: string): Promise<void> {
  for (let k = 0; k < 5 && !done(); k++) await look();
  await eventually(done, what);
}

describe('watch --notify', () => {
  it('pushes an episode once when it starts and once when it ends, and nothing of a muted provider', async () => {
    const [pushed, muted] = [provider(), provider()];
    const mute = await run(['mute', muted, '--for', '2h'], { env, deps: { clock: fx.clock } });
    expect(mute.code, mute.stderr).toBe(ExitCode.ok);
    const watch = await startWatch([]);
    setConnected(pushed, false);
    setConnected(muted, false);
    await look();
    await eventually(() => pushesOf(pushed).length === 1, 'the push of the disconnection');
    // https://docs.ntfy.sh/publish/#message-priority: 5 for a critical event.
    expect(pushesOf(pushed)[0]).toMatchObject({ title: 'netdeck demo: provider disconnected', priority: 5 });
    // The muted one is printed, not pushed.
    expect(watch.events().some((e) => e.client_id === muted && e.type === 'provider_disconnected')).toBe(
      true,
    );
    expect(pushesOf(muted)).toEqual([]);
    // Still down at the next looks and the next poll: no second push.
    for (let k = 0; k < 4; k++) await look();
    expect(polls()).toBeGreaterThanOrEqual(2);
    expect(pushesOf(pushed)).toHaveLength(1);
    setConnected(pushed, true);
    setConnected(muted, true);
    await lookUntil(() => pushesOf(pushed).length === 2, 'the push of its return');
    expect(pushesOf(pushed)[1]).toMatchObject({ title: 'netdeck demo: provider reconnected', priority: 3 });
    expect(pushesOf(muted)).toEqual([]);
    expect((await watch.stop()).code).toBe(ExitCode.ok);
  });

  it('pushes a provider that goes down more than --flap-count times in an hour once as flapping, then none of its changes', async () => {
    const flapping = provider();
    const watch = await startWatch(['--flap-count', '2']);
    const changes = () => watch.events().filter((e) => e.client_id === flapping).length;
    for (let k = 1; k <= 4; k++) {
      setConnected(flapping, false);
      await look();
      await eventually(() => changes() === 2 * k - 1, `its disconnection ${k}`);
      setConnected(flapping, true);
      await lookUntil(() => changes() === 2 * k, `its return ${k}`);
    }
    expect(pushesOf(flapping).map((json) => json.title)).toEqual([
      'netdeck demo: provider disconnected',
      'netdeck demo: provider reconnected',
      'netdeck demo: provider disconnected',
      'netdeck demo: provider reconnected',
      'netdeck demo: provider flapping',
    ]);
    expect(pushesOf(flapping)[4].message).toMatch(/is flapping: down more than 2 times in the last hour/);
    await watch.stop();
  });

  it('pushes nothing in quiet hours, then one digest of what began and ended in them, and the daily digest they held back', async () => {
    const [back, stillDown] = [provider(), provider()];
    const minute = Math.floor(fx.clock.now() / 60_000) % 1440;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const quiet = `${hhmm(minute + 2)}-${hhmm(minute + 6)}`;
    const watch = await startWatch(['--quiet-hours', quiet, '--tz', 'UTC', '--digest', hhmm(minute + 4)]);
    while (Math.floor(fx.clock.now() / 60_000) % 1440 < minute + 2) await look();
    const quietFrom = ntfy.received.length;
    setConnected(back, false);
    setConnected(stillDown, false);
    await look();
    setConnected(back, true);
    await lookUntil(() => watch.events().filter((e) => e.client_id === back).length === 2, 'its return');
    expect(
      watch
        .events()
        .filter((e) => e.client_id === back)
        .map((e) => e.type),
    ).toEqual(['provider_disconnected', 'provider_reconnected']);
    // Past the digest's time, still in quiet hours: nothing pushed.
    while (Math.floor(fx.clock.now() / 60_000) % 1440 < minute + 5) await look();
    expect(ntfy.received.length).toBe(quietFrom);
    // Quiet hours end; the minute that follows sends what they held.
    while (ntfy.received.length < quietFrom + 2) await look();
    const [digest, daily] = ntfy.received.slice(quietFrom).map((r) => r.json!);
    expect(digest.title).toBe(`netdeck demo: 3 while quiet (${quiet})`);
    const lines = (digest.message as string).split('\n');
    expect(lines.filter((line) => line.includes(back))).toEqual([
      expect.stringMatching(/^\d\d:\d\d provider .* has been disconnected for/),
      expect.stringMatching(/^\d\d:\d\d provider .* is connected again/),
    ]);
    expect(lines.filter((line) => line.includes(stillDown))).toEqual([
      expect.stringMatching(/^\d\d:\d\d provider .* has been disconnected for/),
      expect.stringMatching(/^still so: provider .* has been disconnected for/),
    ]);
    // https://docs.ntfy.sh/publish/#message-priority: the digest takes its worst event's, 5.
    expect(digest.priority).toBe(5);
    expect(daily.title).toBe('netdeck demo: the day, 2026-01-01');
    expect(daily.message).toMatch(
      /^providers: \d+ up, \d+ down\nearned in the last 24 hours: [\d.]+ USD\npaid in the last 24 hours: /,
    );
    expect(ntfy.received.length).toBe(quietFrom + 2);
    setConnected(stillDown, true);
    await watch.stop();
  });
});

describe('a push against a service whose clock runs ahead (netdeck sim --speed 60)', () => {
  it('waits for the answer on this machine’s clock: an answer after the service’s 10 s but within the real ones is one request', async () => {
    // The demo world on a clock of its own, the service's; netdeck's, this machine's, on another.
    const service = new ManualClock();
    const machine = new ManualClock();
    const slow = await startFakeService();
    let held: ServerResponse | undefined;
    slow.answer((res, request, n) => {
      if (n === 0) held = res;
      else ok(res, request, n);
    });
    const controller = new AbortController();
    const output = { stdout: '', stderr: '' };
    try {
      const done = run(
        ['watch', '--disconnected-minutes', '0', '--notify', `ntfy://127.0.0.1:${slow.port}/ops?scheme=http`],
        {
          env: { XDG_CONFIG_HOME: fx.config.path, XDG_STATE_HOME: state },
          output,
          deps: { createSimulator: smallDemo({ clock: service }), clock: machine, stop: controller.signal },
        },
      );
      await eventually(() => held !== undefined, 'the first push');
      // 15 s of the service's time (a quarter of a real second at --speed 60): past a send's
      // 10 s time-out and its first wait had they run on its clock; none of this machine's.
      for (let second = 0; second < 15; second++) {
        await service.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(slow.received).toHaveLength(1);
      ok(held!, slow.received[0], 0);
      // Each event printed is pushed, once.
      await eventually(() => slow.received.length === jsonLines(output.stdout).length, 'every push');
      const messages = slow.received.map((r) => r.json?.message);
      expect(new Set(messages).size).toBe(messages.length);
      expect(output.stderr).not.toContain('could not send');
      controller.abort();
      expect((await done).code).toBe(ExitCode.ok);
    } finally {
      controller.abort();
      await slow.close();
    }
  });
});
