// The built binary (node dist/netdeck.cjs) as a child process: version, demo mode, usage
// errors, a broken pipe, and `netdeck sim` serving a world that lasts across commands.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BINARY, spawnNetdeck } from '../e2e/harness.ts';
import { binaryHarness } from './binary-harness.ts';

const binary = binaryHarness();
const { cleanEnv, netdeck, startSim } = binary;
beforeAll(() => binary.setUp(), 120_000);
afterAll(() => binary.tearDown());
afterEach(() => binary.killChildren());

describe('dist/netdeck.cjs', () => {
  it('--version prints the version built in', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(await netdeck(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('locations --json runs on a demo simulator when no API is configured', async () => {
    const result = await netdeck(['locations', '--json']);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    // Today's service: the countries with providers, no groups, and the totals.
    expect(body.locations.length).toBeGreaterThan(50);
    expect(body.groups).toEqual([]);
    expect(body.country_count).toBe(body.locations.length);
    expect(result.stderr).toMatch(/^netdeck: no API configured; using a fresh demo simulator \(seed 1\)/);
  });

  it('the world flags shape the demo world of a command too', async () => {
    const result = await netdeck(['--seed', '7', '--own-providers', '3', 'stats', 'providers', '--json']);
    expect(result.code).toBe(0);
    // The 3 own providers, and the old client of one that came back with a new id.
    expect(JSON.parse(result.stdout).providers).toHaveLength(4);
    expect(result.stderr).toMatch(/using a fresh demo simulator \(seed 7\)/);
  });

  it('a bad flag: usage on stderr, exit 2', async () => {
    const result = await netdeck(['providers', '--frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^error: unknown option '--frobnicate'\nUsage: netdeck providers \[options\]/,
    );
  });

  it('stops quietly when the reader of its output goes away (| head)', async () => {
    const child = spawn(
      process.execPath,
      [BINARY, 'providers', '--best', '--all', '--count', '5', '--json'],
      {
        env: cleanEnv(),
      },
    );
    binary.track(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/Error|at .*\.js/);
  });

  it('with no command on a terminal: the console on a demo world from the world flags; q exits 0', async () => {
    const session = await spawnNetdeck({
      args: ['--seed', '3', '--providers', '800', '--locations', '80'],
      env: { XDG_CONFIG_HOME: binary.dir() },
    });
    const screen = await session.waitFor(/SIMULATOR seed 3/, 15_000);
    expect(screen).toMatch(/1 Discover/);
    await session.keys('q');
    expect(await session.exited(5_000)).toBe(0);
  });

  it('netdeck sim: prints where it listens and a token; its world lasts across commands; exits 0 on SIGTERM', async () => {
    const sim = await startSim([
      '--port',
      '0',
      '--seed',
      '3',
      '--providers',
      '500',
      '--locations',
      '60',
      '--own-providers',
      '4',
      '--admin',
    ]);
    const { url, token, out } = sim;
    const env = { NETDECK_API_URL: url, NETDECK_TOKEN: token };

    // One item per line, in this order (design.md): scripts parse them; where the proxies
    // listen comes after them (issue 34).
    expect(out.split('\n').map((line) => line.split(/[: ]/)[0])).toEqual([
      'listening',
      'token',
      'admin',
      'demo',
      'export',
      'proxies',
      '',
    ]);
    expect(out).toContain(`export NETDECK_API_URL=${url} NETDECK_TOKEN=${token}\n`);
    const secret = out.match(/^admin secret: (\S+)$/m)![1]!;
    const codes = await fetch(`${url}/__sim/codes`, { headers: { 'x-sim-admin': secret } }).then(
      (r) => r.json() as Promise<{ adopt_codes: { code: string }[] }>,
    );
    const code = codes.adopt_codes[0]!.code;
    const added = await netdeck(['devices', 'add', code], env);
    expect(added.code).toBe(0);
    expect(added.stderr).toBe('');
    // A second command sees the first one's change: the same world.
    const listed = await netdeck(['devices', '--json'], env);
    expect(JSON.parse(listed.stdout).pending_adoption_devices.map((d: { code: string }) => d.code)).toContain(
      code,
    );
    const again = await netdeck(['devices', 'add', code], env);
    expect(again.code).toBe(4);

    expect(await sim.stop()).toBe(0);
  });

  it('netdeck sim --key-file: a restarted simulator accepts the old token; --token-file holds it (0600)', async () => {
    const keyFile = join(binary.dir(), 'sim.key');
    const tokenFile = join(binary.dir(), 'sim.jwt');
    const world = [
      '--port',
      '0',
      '--seed',
      '3',
      '--providers',
      '300',
      '--locations',
      '40',
      '--own-providers',
      '2',
    ];
    const first = await startSim([...world, '--key-file', keyFile, '--token-file', tokenFile]);
    expect(readFileSync(tokenFile, 'utf8')).toBe(`${first.token}\n`);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    await first.stop();

    const statsWith = (url: string, token: string) =>
      fetch(`${url}/stats/providers`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    const second = await startSim([...world, '--key-file', keyFile]);
    expect(await statsWith(second.url, first.token)).toBe(200);
    await second.stop();
    // Without the key file, the same seed signs with a key of its own: the old token is refused.
    const third = await startSim(world);
    expect(await statsWith(third.url, first.token)).toBe(401);
    await third.stop();
  });
});
