// `netdeck config get|set|profiles`: the config file key by key, every key and value the
// schema's; a bad key or value is a usage error naming it, and nothing is written.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { saveLogin } from '../../src/cli/profile/login-store.ts';
import { linesOf, run, tempDir } from './harness.ts';

let dir: ReturnType<typeof tempDir>;
let env: Record<string, string>;
beforeEach(() => {
  dir = tempDir();
  env = { XDG_CONFIG_HOME: dir.path };
});
afterEach(() => dir.cleanup());

const file = () => join(dir.path, 'netdeck', 'config.json');
const fileJson = () => JSON.parse(readFileSync(file(), 'utf8'));
const netdeck = (...argv: string[]) => run(argv, { env });

describe('netdeck config set', () => {
  it('writes typed values (a number, a boolean, text) at the top level, a private file', async () => {
    expect((await netdeck('config', 'set', 'refresh_seconds', '30')).code).toBe(ExitCode.ok);
    expect((await netdeck('config', 'set', 'mouse', 'false')).code).toBe(ExitCode.ok);
    const set = await netdeck('config', 'set', 'api_url', 'http://127.0.0.1:8080');
    expect(set.stderr).toContain(`api_url = http://127.0.0.1:8080 in ${file()}`);
    expect(fileJson()).toEqual({ refresh_seconds: 30, mouse: false, api_url: 'http://127.0.0.1:8080' });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    // And netdeck uses them.
    const config = JSON.parse((await netdeck('config', '--json')).stdout);
    expect(config.refresh_seconds).toMatchObject({ value: 30, source: 'file' });
    expect(config.mouse).toMatchObject({ value: false, source: 'file' });
  });

  it("--profile writes into that profile's section, made when there is none; default_profile names one there is", async () => {
    mkdirSync(join(dir.path, 'netdeck'));
    writeFileSync(
      file(),
      JSON.stringify({ refresh_seconds: 10, profiles: { prod: { api_url: 'https://a.example' } } }),
    );
    expect((await netdeck('config', 'set', 'api_url', 'http://127.0.0.1:1', '--profile', 'local')).code).toBe(
      0,
    );
    expect((await netdeck('config', 'set', 'refresh_seconds', '5', '--profile', 'prod')).code).toBe(0);
    expect((await netdeck('config', 'set', 'default_profile', 'local')).code).toBe(0);
    expect(fileJson()).toEqual({
      refresh_seconds: 10,
      default_profile: 'local',
      profiles: {
        prod: { api_url: 'https://a.example', refresh_seconds: 5 },
        local: { api_url: 'http://127.0.0.1:1' },
      },
    });
    const missing = await netdeck('config', 'set', 'default_profile', 'prd');
    expect(missing.code).toBe(ExitCode.usage);
    expect(missing.stderr).toContain(
      'default_profile: no profile "prd" (did you mean "prod"?); profiles: prod, local',
    );
  });

  it('a bad key or value is a usage error naming the problem; nothing is written', async () => {
    mkdirSync(join(dir.path, 'netdeck'));
    const before = `${JSON.stringify({ refresh_seconds: 10 })}\n`;
    writeFileSync(file(), before);
    const cases: [string[], RegExp][] = [
      [
        ['refresh_secs', '5'],
        /unknown config key "refresh_secs" \(did you mean "refresh_seconds"\?\); keys: api_url, /,
      ],
      [['refresh_seconds', '0'], /refresh_seconds: takes a whole number of seconds, 1 to 86400 \(got 0\)/],
      [
        ['refresh_seconds', 'often'],
        /^error: refresh_seconds: takes a whole number of seconds, 1 to 86400 \(got "often"\)/m,
      ],
      [['mouse', 'nah'], /mouse: takes true or false \(got "nah"\)/],
      [['profiles', '{}'], /unknown config key "profiles"/],
    ];
    for (const [args, message] of cases) {
      const result = await netdeck('config', 'set', ...args);
      expect(result.code, args.join(' ')).toBe(ExitCode.usage);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr, args.join(' ')).toContain('Usage: netdeck config set');
      expect(readFileSync(file(), 'utf8')).toBe(before);
    }
    // A file that is not JSON is not rewritten.
    writeFileSync(file(), '{"refresh_seconds": ');
    const broken = await netdeck('config', 'set', 'mouse', 'true');
    expect(broken.code).toBe(ExitCode.usage);
    expect(broken.stderr).toMatch(/is not valid JSON .*fix it first/);
    expect(readFileSync(file(), 'utf8')).toBe('{"refresh_seconds": ');
  });
});

describe('netdeck config get', () => {
  it("prints the file's value (the profile's own, else the top level's); exit 1 when it sets none", async () => {
    mkdirSync(join(dir.path, 'netdeck'));
    writeFileSync(
      file(),
      JSON.stringify({
        refresh_seconds: 10,
        profiles: { prod: { api_url: 'https://a.example', mouse: false } },
      }),
    );
    expect((await netdeck('config', 'get', 'refresh_seconds')).stdout).toBe('10\n');
    expect((await netdeck('config', 'get', 'api_url', '--profile', 'prod')).stdout).toBe(
      'https://a.example\n',
    );
    expect((await netdeck('config', 'get', 'mouse', '--profile', 'prod')).stdout).toBe('false\n');
    expect((await netdeck('config', 'get', 'refresh_seconds', '--profile', 'prod')).stdout).toBe('10\n');
    const json = JSON.parse(
      (await netdeck('config', 'get', 'api_url', '--profile', 'prod', '--json')).stdout,
    );
    expect(json).toEqual({
      key: 'api_url',
      value: 'https://a.example',
      profile: 'prod',
      config_file: file(),
    });
    const unset = await netdeck('config', 'get', 'mouse');
    expect(unset.code).toBe(ExitCode.failure);
    expect(unset.stdout).toBe('');
    expect(unset.stderr).toContain(`mouse is not set in ${file()}`);
    const unknown = await netdeck('config', 'get', 'apiurl');
    expect(unknown.code).toBe(ExitCode.usage);
    expect(unknown.stderr).toContain('unknown config key "apiurl" (did you mean "api_url"?)');
    expect(unknown.stderr).toContain('Usage: netdeck config get');
  });

  it('a token is shown masked', async () => {
    mkdirSync(join(dir.path, 'netdeck'));
    writeFileSync(
      file(),
      JSON.stringify({ api_url: 'https://a.example', token: 'abcdefghijklmnopqrstuvwxyz0123456789' }),
    );
    const got = await netdeck('config', 'get', 'token');
    expect(got.code).toBe(0);
    expect(got.stdout).not.toContain('abcdefghijklmnopqrstuvwxyz');
  });
});

describe('netdeck config profiles', () => {
  it("lists the config file's profiles and the kept logins' (the current one marked); --json and --csv", async () => {
    mkdirSync(join(dir.path, 'netdeck'));
    writeFileSync(
      file(),
      JSON.stringify({
        default_profile: 'prod',
        profiles: { prod: { api_url: 'https://a.example' }, lab: {} },
      }),
    );
    saveLogin(join(dir.path, 'netdeck', 'logins', 'staging.json'), {
      apiUrl: 'https://staging.example',
      token: 'x.y.z',
    });
    saveLogin(join(dir.path, 'netdeck', 'logins', 'prod.json'), {
      apiUrl: 'https://a.example',
      token: 'x.y.z',
    });
    const table = await netdeck('config', 'profiles');
    expect(table.code).toBe(0);
    expect(linesOf(table.stdout)).toEqual([
      expect.stringMatching(/^ +PROFILE +API URL +FROM$/),
      expect.stringMatching(/^\* +prod +https:\/\/a\.example +config file, login$/),
      expect.stringMatching(/^ +lab +- +config file$/),
      expect.stringMatching(/^ +staging +https:\/\/staging\.example +login$/),
    ]);
    const json = JSON.parse((await netdeck('config', 'profiles', '--json', '--profile', 'staging')).stdout);
    expect(
      json.profiles.filter((p: { in_use: boolean }) => p.in_use).map((p: { name: string }) => p.name),
    ).toEqual(['staging']);
    const csv = await netdeck('config', 'profiles', '--csv');
    expect(csv.stdout.split('\n')[0]).toBe('profile,in_use,api_url,from');
    expect(csv.stdout).toContain('prod,true,https://a.example,"config file, login"');
  });

  it('with nothing configured: the current one, default, defined nowhere yet, and how to make one', async () => {
    const result = await netdeck('config', 'profiles');
    expect(result.code).toBe(0);
    expect(linesOf(result.stdout)[1]).toMatch(/^\* +default +- +nowhere yet$/);
    expect(result.stderr).toContain('netdeck config set api_url URL --profile NAME');
    expect(existsSync(file())).toBe(false);
  });
});
