// Commands over several profiles (--profiles), against three profiles of one simulator: the
// demo network (`home`), another network whose token the admin route minted (`lab`), and a
// token signed with another key, which the simulator refuses (`retired`). Each profile's
// part is what the command prints for it alone; the refused one is said to have failed and
// the others go on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { startFakeService } from './fake-services.ts';
import {
  eventually,
  jsonLines,
  linesOf,
  type Run,
  run,
  type SimFixture,
  startSimFixture,
} from './harness.ts';
import { writeConfig, writeThreeProfiles } from './profiles-harness.ts';

let fx: SimFixture;
let env: Record<string, string>;
let requests: string[];
let lab: string;

beforeAll(async () => {
  requests = [];
  fx = await startSimFixture({ log: (line) => requests.push(line) });
  ({ lab } = await writeThreeProfiles(fx));
  env = { XDG_CONFIG_HOME: fx.config.path };
});
afterAll(() => fx.close());

const netdeck = (args: string[]) => run(args, { env, deps: { clock: fx.clock } });
/** The same command for one profile alone. */
const alone = (args: string[], profile: string) => netdeck([...args, '--profile', profile]);
const REFUSED = /^netdeck: profile retired: provider stats: not authorized/m;

describe('stats providers --profiles all', () => {
  it('--csv: one table, profile first, each profile’s records as it prints them alone; the refused one said on stderr', async () => {
    const all = await netdeck(['stats', 'providers', '--profiles', 'all', '--csv']);
    expect(all.code).toBe(ExitCode.unauthorized);
    expect(all.stderr).toMatch(REFUSED);
    const [header, ...records] = linesOf(all.stdout);
    const home = linesOf((await alone(['stats', 'providers', '--csv'], 'home')).stdout);
    const labs = linesOf((await alone(['stats', 'providers', '--csv'], 'lab')).stdout);
    expect(header).toBe(`profile,${home[0]}`);
    expect(records).toEqual([
      ...home.slice(1).map((r) => `home,${r}`),
      ...labs.slice(1).map((r) => `lab,${r}`),
    ]);
    expect(labs.length).toBeGreaterThan(home.length);
  });

  it('--json: one object per profile, its result what --json prints for it alone, the refused one with its error', async () => {
    const all = await netdeck(['stats', 'providers', '--profiles', 'all', '--json']);
    expect(all.code).toBe(ExitCode.unauthorized);
    const objects = jsonLines(all.stdout);
    expect(objects.map((o) => [o.profile, o.ok])).toEqual([
      ['home', true],
      ['lab', true],
      ['retired', false],
    ]);
    expect(objects[0].result).toEqual(
      JSON.parse((await alone(['stats', 'providers', '--json'], 'home')).stdout),
    );
    expect(objects[1].result).toEqual(
      JSON.parse((await alone(['stats', 'providers', '--json'], 'lab')).stdout),
    );
    expect(objects[2]).toEqual({
      profile: 'retired',
      ok: false,
      error: expect.stringMatching(/not authorized/),
    });
    expect(all.stdout).not.toContain(fx.sim.token);
  });

  it('a section per profile named with its network, then the total of those that answered', async () => {
    const all = await netdeck(['stats', 'providers', '--profiles', 'all']);
    const counts = await Promise.all(
      ['home', 'lab'].map(
        async (p) => JSON.parse((await alone(['stats', 'providers', '--json'], p)).stdout).providers.length,
      ),
    );
    const lines = linesOf(all.stdout);
    expect(lines).toContain('profile home (network demo)');
    expect(lines).toContain(`profile lab (network ${lab})`);
    expect(lines).toContain('profile retired (network retired)');
    expect(lines).toContainEqual(expect.stringMatching(/^failed: provider stats: not authorized/));
    expect(lines).toContain('total of 3 profiles');
    const total = (name: string) => lines.find((line) => line.startsWith(`${name} `))!.split(/\s{2,}/);
    expect(total('home')[1]).toBe(String(counts[0]));
    expect(total('lab')[1]).toBe(String(counts[1]));
    expect(total('retired (failed)').slice(1)).toEqual(['-', '-', '-', '-', '-', '-', '-']);
    expect(total('all')[1]).toBe(String(counts[0] + counts[1]));
    expect(lines.at(-1)).toBe('2 of 3 profiles answered');
  });
});

describe('earnings, payments and clients --profiles', () => {
  it('give each profile’s answer as it alone gets it', async () => {
    for (const args of [['earnings'], ['payments'], ['clients']]) {
      const both = await netdeck([...args, '--profiles', 'home,lab', '--json']);
      expect(both.code, args[0]).toBe(ExitCode.ok);
      const [home, labs] = jsonLines(both.stdout);
      expect(home).toMatchObject({ profile: 'home', ok: true });
      expect(labs.result, args[0]).toEqual(JSON.parse((await alone([...args, '--json'], 'lab')).stdout));
    }
  });
});

describe('--profiles given wrong', () => {
  it('an unknown name, or a flag that picks one API or token beside it, is a usage error before anything is sent', async () => {
    const before = requests.length;
    const unknown = await netdeck(['clients', '--profiles', 'home,labs']);
    expect(unknown.code).toBe(ExitCode.usage);
    expect(unknown.stderr).toMatch(
      /^error: no profile "labs" \(did you mean "lab"\?\); the profiles there are: home, lab, retired\n/,
    );
    const clash = await netdeck(['payments', '--profiles', 'all', '--api-url', fx.sim.url]);
    expect(clash.code).toBe(ExitCode.usage);
    expect(clash.stderr).toMatch(/--profiles takes each profile's own API and token: leave out --api-url/);
    expect(requests.length).toBe(before);
  });

  it('a profile that cannot be used fails alone; the top level that names a service is the profile default', async () => {
    const home = join(fx.config.path, 'other');
    writeConfig(home, {
      api_url: fx.sim.url,
      token_file: join(home, 'home.jwt'),
      profiles: { gone: { api_url: fx.sim.url, token_file: join(home, 'no-such.jwt') } },
    });
    writeFileSync(join(home, 'home.jwt'), fx.sim.token, { mode: 0o600 });
    const result: Run = await run(['earnings', '--profiles', 'all', '--json'], {
      env: { XDG_CONFIG_HOME: home, NETDECK_TOKEN: 'ignored.with.profiles' },
      deps: { clock: fx.clock },
    });
    expect(result.code).toBe(ExitCode.usage);
    const [top, gone] = jsonLines(result.stdout);
    expect(top).toMatchObject({ profile: 'default', ok: true });
    expect(gone).toEqual({
      profile: 'gone',
      ok: false,
      error: expect.stringMatching(/cannot read token file/),
    });
    expect(result.stderr).toMatch(/NETDECK_TOKEN is left out: --profiles uses each profile's own/);
  });
});

describe('watch --profiles all', () => {
  it('polls each profile; each event names its profile; the refused one reports its failure and the others go on', async () => {
    const controller = new AbortController();
    const output = { stdout: '', stderr: '' };
    const polls = () => requests.filter((line) => line.startsWith('GET /account/payout-wallet ')).length;
    const before = polls();
    const done = run(['watch', '--profiles', 'all', '--refresh', '60', '--disconnected-minutes', '0'], {
      env,
      output,
      deps: { clock: fx.clock, stop: controller.signal },
    });
    await eventually(() => polls() === before + 3, 'a poll of each profile');
    const clientId = fx.sim.engine
      .handle('providerStats', undefined, { networkId: fx.sim.engine.demoNetwork.id, networkName: 'demo' })
      .providers!.find((p) => p.connected)!.client_id!;
    fx.sim.admin.setProviderConnected({ client_id: clientId, connected: false });
    await fx.clock.advance(60_000);
    await eventually(
      () => jsonLines(output.stdout).some((e) => e.client_id === clientId),
      'the disconnection in the demo network',
    );
    fx.sim.admin.setProviderConnected({ client_id: clientId, connected: true });
    controller.abort();
    expect((await done).code).toBe(ExitCode.ok);
    const events = jsonLines(output.stdout);
    expect(new Set(events.map((e) => e.profile))).toEqual(new Set(['home', 'lab', 'retired']));
    expect(events.find((e) => e.client_id === clientId)).toMatchObject({
      profile: 'home',
      type: 'provider_disconnected',
    });
    const refused = events.filter((e) => e.profile === 'retired');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.type === 'request_failed' && e.severity === 'critical')).toBe(true);
    expect(events.filter((e) => e.profile === 'lab').every((e) => e.type !== 'request_failed')).toBe(true);
    expect(output.stderr).toMatch(/^netdeck: profile lab: watching http:\/\/127\.0\.0\.1:\d+ every 60 s/m);
  });

  it('--check looks at each profile once: the refused token decides the exit code', async () => {
    const check = await netdeck(['watch', '--profiles', 'all', '--check']);
    expect(check.code).toBe(ExitCode.unauthorized);
    const profiles = new Set(jsonLines(check.stdout).map((e) => e.profile));
    expect(profiles).toEqual(new Set(['home', 'lab', 'retired']));
    expect(check.stderr).toMatch(/^netdeck: profile home: \d+ problems? found$/m);
  });

  it('--notify pushes each profile’s events, every title naming the profile and the webhook’s event carrying it', async () => {
    const phone = await startFakeService();
    const state = mkdtempSync(join(tmpdir(), 'netdeck-state-'));
    try {
      const check = await run(
        [
          'watch',
          '--profiles',
          'all',
          '--check',
          '--notify',
          `ntfy://127.0.0.1:${phone.port}/netdeck-ops?scheme=http`,
          '--notify',
          `generic+http://127.0.0.1:${phone.port}/hook`,
        ],
        { env: { ...env, XDG_STATE_HOME: state }, deps: { clock: fx.clock } },
      );
      expect(check.code).toBe(ExitCode.unauthorized);
      const events = jsonLines(check.stdout);
      const ntfy = phone.received.filter((r) => r.url === '/').map((r) => r.json!);
      const hook = phone.received.filter((r) => r.url === '/hook').map((r) => r.json!);
      // A phone shows the title first: it names the profile, and the network its token names.
      // What a profile's first look finds goes as one push (a line each) when it is several.
      for (const [profile, network] of [
        ['home', 'demo'],
        ['lab', lab],
        ['retired', 'retired'],
      ]) {
        const mine = events.filter((e) => e.profile === profile);
        expect(mine.length, profile).toBeGreaterThan(0);
        const named = ntfy.filter((push) =>
          (push.title as string).startsWith(`netdeck profile ${profile} (${network}): `),
        );
        expect(named, profile).toHaveLength(1);
        expect((named[0].message as string).split('\n').sort(), profile).toEqual(
          mine.map((e) => e.message as string).sort(),
        );
      }
      expect(ntfy).toHaveLength(3);
      // The JSON webhook gets each event as watch prints it, its profile first (several in
      // the notice of what the first look found).
      expect(hook).toHaveLength(3);
      const hooked = hook.flatMap((e) => (e.type === 'watch_started' ? (e.events as unknown[]) : [e]));
      expect(new Set(hooked.map((e) => JSON.stringify(e)))).toEqual(
        new Set(events.map((e) => JSON.stringify(e))),
      );
    } finally {
      await phone.close();
      rmSync(state, { recursive: true, force: true });
    }
  });
});
