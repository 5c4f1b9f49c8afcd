// `netdeck watch` against the simulator on a manual clock: a provider disconnected with
// POST /__sim/providers is reported within one refresh interval (and its return), the
// N minutes wait, --exec gets each event on its stdin without a shell, --check's exit codes.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../simulator/index.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ManualClock, ScaledClock } from '../../src/clock.ts';
import { timed } from '../bench-figures.ts';
import {
  eventually,
  jsonLines,
  type Run,
  run,
  type SimFixture,
  SMALL_WORLD,
  startSimFixture,
} from './harness.ts';

let fx: SimFixture;
let requests: string[];
let dir: string;
beforeEach(async () => {
  requests = [];
  fx = await startSimFixture({ log: (line) => requests.push(line) });
  dir = mkdtempSync(join(tmpdir(), 'netdeck-watch-'));
});
afterEach(async () => {
  await fx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** POST to an admin route over HTTP, with the secret. */
async function admin(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${fx.sim.url}${path}`, {
    method: 'POST',
    headers: { 'x-sim-admin': fx.sim.adminSecret!, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** A provider of the demo network that is connected now. */
async function connectedProvider(): Promise<string> {
  const stats = fx.sim.engine.handle('providerStats', undefined, {
    networkId: fx.sim.engine.demoNetwork.id,
    networkName: fx.sim.engine.demoNetwork.name,
  });
  return stats.providers!.find((p) => p.connected)!.client_id!;
}

/** Starts `netdeck watch ARGS` on the fixture's clock; `stop()` ends it and gives its run. */
function startWatch(args: string[]) {
  const controller = new AbortController();
  const output = { stdout: '', stderr: '' };
  const done = run(['watch', ...args], {
    env: fx.env,
    output,
    deps: { clock: fx.clock, stop: controller.signal },
  });
  return {
    output,
    events: () => jsonLines(output.stdout),
    stop: async (): Promise<Run> => {
      controller.abort();
      return done;
    },
  };
}

const polls = () => requests.filter((line) => line.startsWith('GET /account/payout-wallet ')).length;

describe('netdeck watch', () => {
  it('reports a provider that POST /__sim/providers disconnects within one interval, and its return', async () => {
    const clientId = await connectedProvider();
    const watch = startWatch(['--refresh', '60', '--disconnected-minutes', '0']);
    await eventually(() => polls() === 1, 'the first poll');
    const before = watch.events().length;
    await admin('/__sim/providers', { client_id: clientId, connected: false });
    const disconnectedAt = fx.clock.now();
    await fx.clock.advance(60_000);
    await eventually(() => polls() === 2 && watch.events().length > before, 'the event');
    const reported = watch.events().filter((event) => event.client_id === clientId);
    expect(reported).toHaveLength(1);
    // Seen at the first look at the service's peer list between polls, 15 s on (issue 35, item 5).
    expect(reported[0]).toMatchObject({
      type: 'provider_disconnected',
      severity: 'critical',
      since: new Date(disconnectedAt).toISOString(),
      minutes: 0,
      time: new Date(disconnectedAt + 15_000).toISOString(),
    });
    expect(reported[0].device_name).toBe(
      fx.sim.engine.world.deviceNames.get(
        fx.sim.engine.world.providers.ids.index(clientId, fx.sim.engine.world.providers.count),
      ),
    );

    await admin('/__sim/providers', { client_id: clientId, connected: true });
    await fx.clock.advance(60_000);
    await eventually(() => polls() === 3, 'the third poll');
    await eventually(() => watch.events().some((e) => e.type === 'provider_reconnected'), 'the return');
    expect(
      watch
        .events()
        .filter((event) => event.client_id === clientId)
        .map((e) => e.type),
    ).toEqual(['provider_disconnected', 'provider_reconnected']);
    const { code, stderr } = await watch.stop();
    expect(code).toBe(ExitCode.ok);
    expect(stderr).toMatch(/watching http:\/\/127\.0\.0\.1:\d+ every 60 s; Ctrl-C stops/);
  });

  it("polls at the config's refresh_seconds when --refresh is not given", async () => {
    const folder = join(fx.env.XDG_CONFIG_HOME, 'netdeck');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'config.json'), JSON.stringify({ refresh_seconds: 90 }));
    const timers = fx.clock.pending;
    const watch = startWatch([]);
    await eventually(
      () => polls() === 1 && fx.clock.pending > timers,
      'the first poll and the wait for the next',
    );
    await fx.clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls()).toBe(1);
    await fx.clock.advance(30_000);
    await eventually(() => polls() === 2, 'the second poll, 90 s after the first');
    const { stderr } = await watch.stop();
    expect(stderr).toMatch(/every 90 s; Ctrl-C stops/);
  });

  it('waits N minutes (5 unless told) before it reports a disconnected provider', async () => {
    const clientId = await connectedProvider();
    const watch = startWatch(['--refresh', '60']);
    await eventually(() => polls() === 1, 'the first poll');
    await admin('/__sim/providers', { client_id: clientId, connected: false });
    for (let poll = 2; poll <= 5; poll++) {
      await fx.clock.advance(60_000);
      await eventually(() => polls() === poll, `poll ${poll}`);
    }
    expect(watch.events().filter((event) => event.client_id === clientId)).toEqual([]);
    await fx.clock.advance(60_000);
    await eventually(() => watch.events().some((event) => event.client_id === clientId), 'the event');
    expect(watch.events().find((event) => event.client_id === clientId)).toMatchObject({
      type: 'provider_disconnected',
      minutes: 5,
    });
    await watch.stop();
  });

  it('--exec runs the command per event with the event as JSON on its stdin, never through a shell', async () => {
    const clientId = await connectedProvider();
    const pwned = join(dir, 'pwned');
    const name = `$(touch ${pwned}); touch ${pwned}; \`touch ${pwned}\``;
    await admin('/__sim/names', { client_id: clientId, device_name: name });
    await admin('/__sim/providers', { client_id: clientId, connected: false });
    const file = join(dir, 'events.jsonl');
    const script = "require('fs').appendFileSync(process.argv[1], require('fs').readFileSync(0))";
    for (const form of [
      ['--exec', process.execPath, '--exec', '-e', '--exec', script, '--exec', file],
      ['--', process.execPath, '-e', script, file],
    ]) {
      rmSync(file, { force: true });
      const result = await run(['watch', '--check', '--disconnected-minutes', '0', ...form], { env: fx.env });
      expect(result.code, result.stderr).toBe(ExitCode.problem);
      const printed = jsonLines(result.stdout);
      const received = jsonLines(readFileSync(file, 'utf8'));
      expect(received).toEqual(printed);
      expect(received.find((event) => event.client_id === clientId)?.device_name).toBe(name);
    }
    expect(existsSync(pwned)).toBe(false);
  });

  it('stops within a few seconds while an --exec command that ignores SIGTERM runs', async () => {
    await admin('/__sim/providers', { client_id: await connectedProvider(), connected: false });
    const watch = startWatch([
      '--refresh',
      '60',
      '--disconnected-minutes',
      '0',
      '--',
      'sh',
      '-c',
      "trap '' TERM; echo ignoring SIGTERM; sleep 30",
    ]);
    // Stopped before its trap, the command would go at SIGTERM: wait for it to say it ignores it.
    await eventually(() => watch.output.stderr.includes('ignoring SIGTERM'), 'the command');
    // Waiting for its command, it would stop after the command's 30 s: past the test's timeout.
    const { code, stderr } = await timed(
      'watch: stopped while its --exec command ignores SIGTERM',
      6_000,
      () => watch.stop(),
    );
    expect(code).toBe(ExitCode.ok);
    expect(stderr).toMatch(
      /event 1 \S+\) was still running as netdeck stopped; stopped \(SIGKILL: SIGTERM did nothing in 3 s\)/,
    );
  });

  it('--exec reports a command that fails or cannot start, and goes on', async () => {
    await admin('/__sim/providers', { client_id: await connectedProvider(), connected: false });
    const failing = await run(
      ['watch', '--check', '--disconnected-minutes', '0', '--', process.execPath, '-e', 'process.exit(3)'],
      { env: fx.env },
    );
    expect(failing.code).toBe(ExitCode.problem);
    expect(failing.stderr).toMatch(
      /warning: the --exec command \(event 1 provider_disconnected\) exited with code 3/,
    );
    const missing = await run(
      ['watch', '--check', '--disconnected-minutes', '0', '--exec', join(dir, 'no-such-program')],
      { env: fx.env },
    );
    expect(missing.stderr).toMatch(/warning: cannot run the --exec command .*ENOENT/);
    expect(jsonLines(missing.stdout).length).toBeGreaterThan(0);
  });
});

describe('netdeck watch against a sped-up simulator', () => {
  it('reads its event times on its clock (--speed 60, six hours ahead): a provider down for a simulated minute is reported', async () => {
    const aheadMs = 6 * 3_600_000;
    const sim = await createSimulator({
      seed: 5,
      clock: new ScaledClock(60, Date.now() + aheadMs),
      ...SMALL_WORLD,
    });
    const controller = new AbortController();
    const output = { stdout: '', stderr: '' };
    try {
      const stats = sim.engine.handle('providerStats', undefined, {
        networkId: sim.engine.demoNetwork.id,
        networkName: sim.engine.demoNetwork.name,
      });
      const [early, late] = stats.providers!.filter((p) => p.connected).map((p) => p.client_id!);
      // One down for two simulated minutes before watch starts: its first poll reports it.
      sim.admin.setProviderConnected({ client_id: early, connected: false });
      await sim.admin.advance(120);
      // The system clock here: only the answers' Date headers say the simulator runs 60 times as fast.
      const done = run(['watch', '--refresh', '30', '--disconnected-minutes', '1'], {
        env: { NETDECK_API_URL: sim.url, NETDECK_TOKEN: sim.token, XDG_CONFIG_HOME: dir },
        output,
        deps: { stop: controller.signal },
      });
      sim.admin.setProviderConnected({ client_id: late, connected: false });
      const downAt = sim.clock.now();
      const reported = (id: string) =>
        jsonLines(output.stdout).find((e) => e.type === 'provider_disconnected' && e.client_id === id);
      // A simulated minute is a second here; a wall-clock minute would be a minute.
      await eventually(() => reported(late) !== undefined, 'the report', 15_000);
      const event = reported(late)!;
      expect(event.minutes).toBeGreaterThanOrEqual(1);
      // Well short of the six hours between the two clocks, whatever a busy machine adds
      // (a real second is a simulated minute here).
      expect(Date.parse(event.time as string) - downAt).toBeGreaterThanOrEqual(60_000);
      expect(Date.parse(event.time as string) - downAt).toBeLessThan(60 * 60_000);
      // The first poll's report is on the service's time too, not this machine's six hours behind.
      const first = reported(early)!;
      expect(first.minutes).toBeGreaterThanOrEqual(2);
      expect(Math.abs(Date.parse(first.time as string) - downAt)).toBeLessThan(60 * 60_000);
      controller.abort();
      expect((await done).code).toBe(ExitCode.ok);
    } finally {
      controller.abort();
      await sim.close();
    }
  });
});

describe('netdeck watch --check', () => {
  it('exits 0 when all is well and 5 when a provider is down past the limit or no payout wallet is set', async () => {
    // On the simulator's clock: its token expires 30 days after its 2026-01-01.
    const deps = { clock: fx.clock };
    const healthy = await run(['watch', '--check', '--disconnected-minutes', '100000'], {
      env: fx.env,
      deps,
    });
    expect(healthy.code, healthy.stderr).toBe(ExitCode.ok);
    expect(healthy.stdout).toBe('');
    expect(healthy.stderr).toMatch(/all is well/);

    const clientId = await connectedProvider();
    await admin('/__sim/providers', { client_id: clientId, connected: false });
    const down = await run(['watch', '--check', '--disconnected-minutes', '0'], { env: fx.env, deps });
    expect(down.code).toBe(ExitCode.problem);
    expect(jsonLines(down.stdout).find((event) => event.client_id === clientId)?.type).toBe(
      'provider_disconnected',
    );

    const { wallet_id } = await (
      await fetch(`${fx.sim.url}/account/payout-wallet`, {
        headers: { authorization: `Bearer ${fx.sim.token}` },
      })
    ).json();
    await fetch(`${fx.sim.url}/account/wallets/remove`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.sim.token}` },
      body: JSON.stringify({ wallet_id }),
    });
    const noWallet = await run(['watch', '--check', '--disconnected-minutes', '100000'], {
      env: fx.env,
      deps,
    });
    expect(noWallet.code).toBe(ExitCode.problem);
    expect(jsonLines(noWallet.stdout).map((event) => event.type)).toEqual(['payout_wallet_unset']);
    expect(noWallet.stderr).toMatch(/1 problem found/);
  });

  it('exits 1 when the service cannot be reached and 3 when it refuses the token, with the failures as events; a token judged on the service’s clock', async () => {
    // A machine whose clock is a month past the simulator's 2026-01-01: its token (30
    // days) is judged on the service's clock, where it has not expired.
    const ahead = await run(['watch', '--check', '--disconnected-minutes', '100000'], {
      env: fx.env,
      deps: { clock: new ManualClock(Date.parse('2026-02-01T00:00:00Z')) },
    });
    expect(jsonLines(ahead.stdout).map((event) => event.type)).not.toContain('token_expired');
    expect(ahead.code).toBe(ExitCode.ok);
    const unreachable = await run(['watch', '--check'], {
      env: { ...fx.env, NETDECK_API_URL: 'http://127.0.0.1:1' },
      deps: { clock: fx.clock },
    });
    expect(unreachable.code).toBe(ExitCode.failure);
    expect(jsonLines(unreachable.stdout).map((event) => [event.type, event.operation])).toEqual([
      ['request_failed', 'providerStats'],
      ['request_failed', 'networkClients'],
      ['request_failed', 'getPayoutWallet'],
      ['request_failed', 'accountPayments'],
    ]);
    const refused = await run(['watch', '--check'], { env: { ...fx.env, NETDECK_TOKEN: 'not.a.token' } });
    expect(refused.code).toBe(ExitCode.unauthorized);
    expect(jsonLines(refused.stdout)[0]).toMatchObject({ type: 'request_failed', severity: 'critical' });
  });

  it('refuses a command given both with --exec and after -- (usage, exit 2)', async () => {
    const both = await run(['watch', '--check', '--exec', 'a', '--', 'b'], { env: fx.env });
    expect(both.code).toBe(ExitCode.usage);
    expect(both.stderr).toMatch(/either with --exec \(repeated\) or after --, not both/);
  });
});
