// Idle providers (issue 35, item 1) against the simulator's dark providers: one of the demo
// network's goes dark some hours into the world (connected, never offered, carrying
// nothing); once it has been so for the idle hours, `watch --idle-hours` reports it once as
// provider_idle, `--check` counts it (only then: a cron check without idle hours keeps its
// exit code), the exporter serves its idle gauge (over several profiles each profile's,
// labelled by it, beside its peer list's presence), and lit again it is reported active.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darkNow } from '../../simulator/engine/dark.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { family, startExporter, value } from './exporter-harness.ts';
import { configHome, eventually, jsonLines, run, type SimFixture, startSimFixture } from './harness.ts';
import { writeConfig } from './profiles-harness.ts';

const MINUTE = 60_000;
let fx: SimFixture;
/** The providers dark when the tests begin: the schedule's first spell, three hours in. */
let dark: string[];
const requests: string[] = [];
beforeAll(async () => {
  fx = await startSimFixture({ log: (line) => requests.push(line) });
  const world = fx.sim.engine.world;
  let start = world.createdAt;
  while (darkNow(world, start).length === 0) start += MINUTE;
  await fx.clock.advanceTo(start + 3 * 60 * MINUTE);
  dark = darkNow(world, fx.clock.now()).map((i) => world.providers.ids.id(i));
});
afterAll(async () => {
  await fx.close();
});

const check = (args: string[], env = fx.env) =>
  run(['watch', '--check', '--disconnected-minutes', '100000', ...args], { env, deps: { clock: fx.clock } });

describe('idle providers', () => {
  it('are found among the demo network’s dark providers; --check counts them only with idle hours given', async () => {
    expect(dark.length).toBeGreaterThan(0);
    const without = await check([]);
    expect(without.code, without.stderr).toBe(ExitCode.ok);
    expect(jsonLines(without.stdout)).toEqual([]);

    const idle = await check(['--idle-hours', '2']);
    expect(idle.code, idle.stderr).toBe(ExitCode.problem);
    const events = jsonLines(idle.stdout);
    expect(events.map((e) => e.client_id).sort()).toEqual([...dark].sort());
    expect(events[0]).toMatchObject({ type: 'provider_idle', severity: 'warning', hours: 2 });
    expect(events[0].message).toMatch(
      /has been connected for 2 hours and carried nothing: no search, no contract, no transfer/,
    );

    // The config's idle_hours does the same.
    const home = configHome();
    try {
      writeFileSync(join(home.folder, 'config.json'), JSON.stringify({ idle_hours: 2 }));
      const fromConfig = await check([], { ...fx.env, XDG_CONFIG_HOME: home.env.XDG_CONFIG_HOME! });
      expect(fromConfig.code).toBe(ExitCode.problem);
      expect(jsonLines(fromConfig.stdout).map((e) => e.type)).toEqual(dark.map(() => 'provider_idle'));
    } finally {
      home.dir.cleanup();
    }
  });

  it('have an idle gauge each in the exporter, and a count', async () => {
    const exporter = await startExporter(['--idle-hours', '2'], fx.env, { clock: fx.clock });
    try {
      const metrics = await exporter.scrape();
      for (const clientId of dark)
        expect(value(metrics, 'netdeck_provider_idle', { client_id: clientId })).toBe(1);
      const idle = family(metrics, 'netdeck_provider_idle')!.metrics.filter((m) => Number(m.value) === 1);
      expect(idle).toHaveLength(dark.length);
      expect(value(metrics, 'netdeck_providers_idle')).toBe(dark.length);
    } finally {
      await exporter.stop();
    }
  });

  it('under --profiles, have each profile’s gauges, labelled by profile and network as its peer list’s presence is', async () => {
    const world = fx.sim.engine.world;
    const lab = world.networks.names[1];
    const home = configHome();
    const peerLooks = () => requests.filter((line) => line.startsWith('GET /network/peers ')).length;
    // A connected provider of the demo network that is not dark: it goes between two looks.
    const gone = fx.sim.engine
      .handle('providerStats', undefined, { networkId: fx.sim.engine.demoNetwork.id, networkName: 'demo' })
      .providers!.find((p) => p.connected && !dark.includes(p.client_id!))!.client_id!;
    try {
      // Each profile's own idle_hours: no flag.
      writeConfig(home.env.XDG_CONFIG_HOME!, {
        profiles: {
          home: { api_url: fx.sim.url, token: fx.sim.token, idle_hours: 2 },
          lab: { api_url: fx.sim.url, token: fx.sim.admin.token(lab).token, idle_hours: 2 },
        },
      });
      const env = { XDG_CONFIG_HOME: home.env.XDG_CONFIG_HOME! };
      const exporter = await startExporter(['--profiles', 'all', '--refresh', '60'], env, {
        clock: fx.clock,
      });
      try {
        const first = await exporter.scrape();
        for (const clientId of dark)
          expect(
            value(first, 'netdeck_provider_idle', { profile: 'home', network: 'demo', client_id: clientId }),
          ).toBe(1);
        expect(value(first, 'netdeck_providers_idle', { profile: 'home', network: 'demo' })).toBe(
          dark.length,
        );
        // The dark providers are all the demo network's: the other network has none idle.
        expect(value(first, 'netdeck_providers_idle', { profile: 'lab', network: lab })).toBe(0);

        // Each profile's peer list is asked on its own turn, and a scrape serves the newest.
        const looks = peerLooks();
        fx.sim.admin.setProviderConnected({ client_id: gone, connected: false });
        await fx.clock.advance(40_000);
        await eventually(() => peerLooks() >= looks + 2, 'a look at each profile’s peer list');
        const later = await exporter.scrape();
        const present = family(later, 'netdeck_provider_present')!.metrics;
        expect(present.every((m) => m.labels?.profile && m.labels.network)).toBe(true);
        for (const clientId of dark)
          expect(value(later, 'netdeck_provider_present', { profile: 'home', client_id: clientId })).toBe(1);
        expect(value(later, 'netdeck_provider_present', { profile: 'home', client_id: gone })).toBe(0);
        // The statistics polled before it went still have it connected: only the peer list tells.
        expect(value(later, 'netdeck_provider_connected', { profile: 'home', client_id: gone })).toBe(1);
      } finally {
        await exporter.stop();
      }
    } finally {
      fx.sim.admin.setProviderConnected({ client_id: gone, connected: true });
      home.dir.cleanup();
    }
  });

  it('are reported once while idle, and once active again when lit', async () => {
    const controller = new AbortController();
    const output = { stdout: '', stderr: '' };
    const polls = () => requests.filter((line) => line.startsWith('POST /stats/providers-last-n ')).length;
    const at = polls();
    const done = run(['watch', '--refresh', '60', '--disconnected-minutes', '100000', '--idle-hours', '2'], {
      env: fx.env,
      output,
      deps: { clock: fx.clock, stop: controller.signal },
    });
    const ofType = (type: string) => jsonLines(output.stdout).filter((e) => e.type === type);
    await eventually(() => polls() === at + 1, 'the first poll');
    for (let poll = 2; poll <= 3; poll++) {
      await fx.clock.advance(60_000);
      await eventually(() => polls() === at + poll, `poll ${poll}`);
    }
    expect(
      ofType('provider_idle')
        .map((e) => e.client_id)
        .sort(),
    ).toEqual([...dark].sort());
    for (const clientId of dark) fx.sim.admin.setProviderDark({ client_id: clientId, hours: 0 });
    for (let poll = 4; poll <= 6 && ofType('provider_active').length < dark.length; poll++) {
      await fx.clock.advance(60_000);
      await eventually(() => polls() === at + poll, `poll ${poll}`);
    }
    await eventually(() => ofType('provider_active').length === dark.length, 'their return to work');
    expect(ofType('provider_active')[0].message).toMatch(
      /is active again: \d+ searches, \d+ contracts, [\d.]+ GiB over the last 2 hours/,
    );
    expect(ofType('provider_idle')).toHaveLength(dark.length);
    controller.abort();
    expect((await done).code).toBe(ExitCode.ok);
  });
});
