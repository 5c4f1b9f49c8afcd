// The command line as a whole: help and version, the demo simulator when no API is
// configured, the interactive console's entry, and `netdeck sim`'s flags.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulator } from '../../simulator/index.ts';
import { DEFAULTS, defaultProviders } from '../../simulator/world/index.ts';
import type { TuiOptions } from '../../src/cli/console/tui.tsx';
import { ManualClock } from '../../src/clock.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../src/store/deps.ts';
import { run, type SimFixture, SMALL_WORLD, startSimFixture, tempDir } from './harness.ts';

const COMMANDS = [
  [],
  ['locations'],
  ['providers'],
  ['devices'],
  ['devices', 'add'],
  ['devices', 'share'],
  ['wallet'],
  ['wallet', 'set'],
  ['feedback'],
  ['stats'],
  ['stats', 'providers'],
  ['stats', 'network'],
  ['config'],
  ['sim'],
];

let config: ReturnType<typeof tempDir>;
let fx: SimFixture;
beforeAll(async () => {
  config = tempDir();
  fx = await startSimFixture();
});
afterAll(async () => {
  config.cleanup();
  await fx.close();
});
const demoEnv = () => ({ XDG_CONFIG_HOME: config.path, XDG_STATE_HOME: config.path });

describe('help and version', () => {
  it.each(COMMANDS.map((path) => [path.join(' ') || '(none)', path]))(
    'netdeck %s --help: usage and examples, exit 0',
    async (_name, path) => {
      const result = await run([...(path as string[]), '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: netdeck${path.length ? ` ${path.join(' ')}` : ''} `);
      expect(result.stdout).toMatch(/\nExamples:\n {2}# .+\n {2}\$ netdeck/);
      expect(result.stderr).toBe('');
    },
  );

  it("states the world's defaults as the simulator has them", async () => {
    const { stdout } = await run(['--help']);
    // Padded to the longest option or command name, whichever that is.
    expect(stdout).toMatch(
      new RegExp(`--providers <n> +providers in the world \\(default ${DEFAULTS.providers}\\)`),
    );
    expect(stdout).toMatch(
      new RegExp(`--locations <n> +most populous cities \\(default ${DEFAULTS.locations}\\b`),
    );
    expect(stdout).toMatch(
      new RegExp(`--own-providers <n> +providers of the demo network \\(default ${DEFAULTS.ownProviders}\\)`),
    );
    // What the world does with more (simulator/world's defaultProviders).
    expect(stdout.replace(/\s+/g, ' ')).toContain(
      `more than ${DEFAULTS.providers} without --providers are added to the world’s ${DEFAULTS.providers}`,
    );
    expect(defaultProviders(DEFAULTS.providers + 1)).toBe(2 * DEFAULTS.providers + 1);
  });

  it('a group of commands alone (netdeck stats) lists its commands on stdout, exit 0; a wrong one is still exit 2', async () => {
    const result = await run(['stats']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe((await run(['stats', '--help'])).stdout);
    for (const name of ['providers', 'provider', 'network'])
      expect(result.stdout).toMatch(new RegExp(`^ {2}${name} `, 'm'));
    const wrong = await run(['stats', 'provders']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("unknown command 'provders' (did you mean providers?)");
  });

  it('netdeck help COMMAND is the same help', async () => {
    const viaHelp = await run(['help', 'providers']);
    const viaFlag = await run(['providers', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it('--version prints the package version when run from source', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const result = await run([flag]);
      expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });
});

describe('demo mode (no API configured)', () => {
  it('runs commands against a fresh demo simulator and says so on stderr', async () => {
    const result = await run(['locations', '--json'], { env: demoEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).locations.length).toBeGreaterThan(0);
    expect(result.stderr).toMatch(
      /^netdeck: no API configured; using a fresh demo simulator \(seed 1\)\. Run `netdeck sim`/,
    );
  });

  it('starts a fresh world on every run: a claimed code can be claimed again next time', async () => {
    // The same seed, size and start time as the demo world the command gets.
    const twin = await createSimulator({ seed: 1, ...SMALL_WORLD, clock: new ManualClock() });
    const { code } = twin.admin.codes().adopt_codes[0]!;
    await twin.close();
    const first = await run(['devices', 'add', code], { env: demoEnv() });
    const second = await run(['devices', 'add', code], { env: demoEnv() });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.stdout).toBe(first.stdout);
  });
});

describe('the interactive console (no command)', () => {
  it('without a terminal: a one-line hint to use a command, exit 2', async () => {
    const runTui = vi.fn(async () => 0);
    const result = await run([], { env: demoEnv(), deps: { runTui } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^netdeck: the interactive console needs a terminal; .*netdeck --help/);
    expect(runTui).not.toHaveBeenCalled();
  });

  it('on a terminal with no API: a demo simulator built from the world flags', async () => {
    let seen: TuiOptions | undefined;
    let worldOptions: object | undefined;
    const result = await run(['--seed', '7', '--speed', '60', '--own-providers', '3'], {
      env: demoEnv(),
      tty: true,
      deps: {
        createSimulator: (options) => {
          worldOptions = options;
          return createSimulator({ ...options, ...SMALL_WORLD, clock: new ManualClock() });
        },
        runTui: async (options) => {
          seen = options;
          // The client works: the console would get data.
          expect((await options.client.providerLocations()).locations?.length).toBeGreaterThan(0);
          return 5;
        },
      },
    });
    expect(result.code).toBe(5);
    expect(worldOptions).toMatchObject({ seed: 7, speed: 60, ownProviders: 3 });
    expect(seen?.target).toEqual({ kind: 'demo', seed: 7 });
    expect(seen?.demo?.codes().adopt_codes.length).toBeGreaterThan(0);
    expect(seen?.token).toBeTypeOf('string');
  });

  it('opens on the Discover answer: its request goes out before the console is mounted', async () => {
    let places: number | undefined;
    const result = await run([], {
      env: demoEnv(),
      tty: true,
      deps: {
        createSimulator: (options) =>
          createSimulator({ ...options, ...SMALL_WORLD, clock: new ManualClock() }),
        runTui: async (options) => {
          places = options.stores?.stores.discovery.getState().data?.locations?.length;
          return 0;
        },
      },
    });
    expect(result.code).toBe(0);
    expect(places).toBeGreaterThan(0);
  });

  it('on a terminal with an API: that API, the service’s clock as its answers tell it, the configured token', async () => {
    let seen: TuiOptions | undefined;
    const result = await run([], {
      env: fx.env,
      tty: true,
      deps: {
        runTui: async (options) => {
          seen = options;
          return 0;
        },
      },
    });
    expect(result.code).toBe(0);
    expect(seen?.target).toEqual({ kind: 'api', url: fx.sim.url });
    // The client's: the first answers (the stores start before the console mounts) set it.
    expect(seen?.clock).toBe(seen?.client.serverClock);
    expect(seen?.clock.now()).toBeLessThan(fx.clock.now() + 1000);
    expect(seen?.clock.now()).toBeGreaterThanOrEqual(fx.clock.now() - 1000);
    expect(seen?.token).toBe(fx.sim.token);
    expect(seen?.demo).toBeUndefined();
    expect(seen?.refreshEveryMs).toBe(DEFAULT_REFRESH_SECONDS * 1000);
    // An API given by the environment alone runs on no profile: the header names none.
    expect(seen?.profile).toBeUndefined();
  });

  it('@ switches profile: the console starts again on the chosen one (a new client and stores); one that cannot work is refused', async () => {
    const dir = tempDir();
    try {
      mkdirSync(join(dir.path, 'netdeck'));
      writeFileSync(
        join(dir.path, 'netdeck', 'config.json'),
        JSON.stringify({
          default_profile: 'one',
          profiles: {
            one: { api_url: fx.sim.url, token: fx.sim.token },
            two: { api_url: fx.sim.url, token: fx.sim.token, refresh_seconds: 15 },
            broken: { api_url: 'ftp://nowhere' },
          },
        }),
      );
      const seen: TuiOptions[] = [];
      const refusals: (string | undefined)[] = [];
      const result = await run([], {
        env: { XDG_CONFIG_HOME: dir.path, XDG_STATE_HOME: dir.path },
        tty: true,
        deps: {
          runTui: async (options) => {
            seen.push(options);
            if (seen.length === 1) {
              refusals.push(options.profiles?.choose('broken'), options.profiles?.choose('two'));
              expect(options.stores?.stores.session.getState().quitting).toBe(true);
            }
            return 0;
          },
        },
      });
      expect(result.code).toBe(0);
      expect(seen).toHaveLength(2);
      expect(seen[0].profiles?.list()).toEqual([
        { name: 'one', apiUrl: fx.sim.url, current: true },
        { name: 'two', apiUrl: fx.sim.url, current: false },
        { name: 'broken', apiUrl: 'ftp://nowhere', current: false },
      ]);
      expect(refusals[0]).toMatch(/must start with http:\/\/ or https:\/\//);
      expect(refusals[1]).toBeUndefined();
      expect(seen[0].refreshEveryMs).toBe(DEFAULT_REFRESH_SECONDS * 1000);
      expect(seen[1].refreshEveryMs).toBe(15_000);
      expect(seen[1].client).not.toBe(seen[0].client);
      expect(seen[1].profiles?.list().find((p) => p.current)?.name).toBe('two');
      // The header names the profile in use.
      expect(seen.map((options) => options.stores?.stores.session.getState().profile)).toEqual([
        'one',
        'two',
      ]);
    } finally {
      dir.cleanup();
    }
  });

  it('--refresh SECONDS sets how often the live panes reload; out of bounds it is a usage error', async () => {
    let resource: { everyMs?: number } | undefined;
    const result = await run(['--refresh', '15'], {
      env: fx.env,
      tty: true,
      deps: {
        runTui: async (options) => {
          resource = options.stores?.stores.devices.getState();
          return 0;
        },
      },
    });
    expect(result.code).toBe(0);
    expect(resource?.everyMs).toBe(15_000);
    for (const bad of ['0', '2.5', 'soon']) {
      const refused = await run(['--refresh', bad], { env: fx.env, tty: true });
      expect(refused.code, bad).toBe(2);
      expect(refused.stderr).toMatch(/--refresh <seconds>' argument/);
    }
  });

  it('bad world flags are usage errors', async () => {
    const result = await run(['--speed', 'fast'], { env: demoEnv(), tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--speed <factor>' argument 'fast' is invalid/);
  });
});

describe('netdeck sim', () => {
  it('passes its flags to the simulator command', async () => {
    const runSimulatorCommand = vi.fn(async () => {});
    const result = await run(
      [
        'sim',
        '--port',
        '0',
        '--seed',
        '9',
        '--providers',
        '2000',
        '--locations',
        '300',
        '--own-providers',
        '12',
        '--speed',
        '30',
        '--admin',
        '--latency',
        '25',
        '--error-rate',
        '0.1',
        '--verbose',
        '--proxy-allow-local',
      ],
      { deps: { runSimulatorCommand } },
    );
    expect(result.code).toBe(0);
    expect(runSimulatorCommand).toHaveBeenCalledWith({
      host: '127.0.0.1',
      port: 0,
      seed: 9,
      providers: 2000,
      locations: 300,
      ownProviders: 12,
      speed: 30,
      admin: true,
      latencyMs: 25,
      errorRate: 0.1,
      verbose: true,
      proxyPorts: { http: undefined, socks: undefined },
      proxyAllowLocal: true,
    });
  });

  it('listens on 127.0.0.1:8080 by default; bad numbers are usage errors', async () => {
    const runSimulatorCommand = vi.fn(async () => {});
    await run(['sim'], { deps: { runSimulatorCommand } });
    expect(runSimulatorCommand).toHaveBeenCalledWith(
      expect.objectContaining({ host: '127.0.0.1', port: 8080, admin: false }),
    );
    for (const argv of [
      ['sim', '--error-rate', '2'],
      ['sim', '--port', '70000'],
      ['sim', '--seed', '1.5'],
    ]) {
      const result = await run(argv, { deps: { runSimulatorCommand } });
      expect(result.code, argv.join(' ')).toBe(2);
    }
    expect(runSimulatorCommand).toHaveBeenCalledTimes(1);
  });

  it('--caller-country: a country of the simulated worlds, any case; anything else is a usage error', async () => {
    const runSimulatorCommand = vi.fn(async () => {});
    await run(['sim', '--caller-country', 'DE'], { deps: { runSimulatorCommand } });
    expect(runSimulatorCommand).toHaveBeenCalledWith(expect.objectContaining({ callerCountry: 'de' }));
    const unknown = await run(['sim', '--caller-country', 'zz'], { deps: { runSimulatorCommand } });
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      'netdeck: --caller-country zz: not a country of the simulated worlds\n',
    ]);
    const malformed = await run(['sim', '--caller-country', 'germany'], { deps: { runSimulatorCommand } });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('expects a two-letter country code');
    expect(runSimulatorCommand).toHaveBeenCalledTimes(1);
  });

  it('a port in use is exit 1 with a clear message', async () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    const result = await run(['sim', '--port', '8080'], {
      deps: { runSimulatorCommand: async () => Promise.reject(inUse) },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'netdeck: port 8080 is in use; pick another with --port (0 picks a free one)\n',
    );
  });
});
