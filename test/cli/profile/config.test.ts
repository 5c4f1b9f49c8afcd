// The configuration resolver: flags > environment > config file > demo, profiles, token
// files, and the configurations that cannot work.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../../../src/cli/profile/config.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../../src/store/deps.ts';
import { configHome, type tempDir } from '../harness.ts';

let dir: ReturnType<typeof tempDir>;
let env: Record<string, string | undefined>;

// Nothing from the machine: no NETDECK_*, a home and config folder of our own.
beforeEach(() => ({ dir, env } = configHome()));
afterEach(() => dir.cleanup());

function writeConfig(config: object): string {
  const folder = join(dir.path, 'xdg', 'netdeck');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

function writeToken(name: string, token: string, mode = 0o600): string {
  const path = join(dir.path, name);
  writeFileSync(path, `${token}\n`);
  chmodSync(path, mode);
  return path;
}

describe('precedence', () => {
  it('with nothing configured, uses the demo simulator', () => {
    const config = resolveConfig({}, env);
    expect(config.mode).toBe('demo');
    expect(config.apiUrl).toBeUndefined();
    expect(config.token).toBeUndefined();
    expect(config.configFile).toEqual({
      path: join(dir.path, 'xdg', 'netdeck', 'config.json'),
      found: false,
    });
  });

  it('takes the API URL from the file, then the environment, then a flag', () => {
    writeConfig({ api_url: 'http://file.example' });
    expect(resolveConfig({}, env).apiUrl).toMatchObject({ value: 'http://file.example', source: 'file' });
    env.NETDECK_API_URL = 'http://env.example/';
    expect(resolveConfig({}, env).apiUrl).toEqual({
      value: 'http://env.example',
      source: 'env',
      origin: 'NETDECK_API_URL',
    });
    expect(resolveConfig({ apiUrl: 'https://flag.example' }, env).apiUrl).toEqual({
      value: 'https://flag.example',
      source: 'flag',
      origin: '--api-url',
    });
  });

  it('takes the token from the file, then the environment, then a flag; each value on its own', () => {
    const fileToken = writeToken('file.jwt', 'token-from-the-file');
    writeConfig({ api_url: 'http://file.example', token_file: fileToken });
    env.NETDECK_TOKEN = 'token-from-the-environment';
    let config = resolveConfig({}, env);
    expect(config.token).toMatchObject({
      value: 'token-from-the-environment',
      source: 'env',
      origin: 'NETDECK_TOKEN',
    });
    // The URL still comes from the file: precedence is per value.
    expect(config.apiUrl?.source).toBe('file');
    config = resolveConfig({ token: 'token-from-a-flag' }, env);
    expect(config.token).toMatchObject({ value: 'token-from-a-flag', source: 'flag' });
    delete env.NETDECK_TOKEN;
    config = resolveConfig({}, env);
    expect(config.token).toMatchObject({ value: 'token-from-the-file', source: 'file', file: fileToken });
  });

  it('a --token-file flag beats NETDECK_TOKEN, and NETDECK_TOKEN_FILE beats the file', () => {
    const flagFile = writeToken('flag.jwt', 'token-in-flag-file');
    const envFile = writeToken('env.jwt', 'token-in-env-file');
    writeConfig({ api_url: 'http://file.example', token: 'token-in-config' });
    env.NETDECK_TOKEN_FILE = envFile;
    expect(resolveConfig({}, env).token).toMatchObject({
      value: 'token-in-env-file',
      origin: 'NETDECK_TOKEN_FILE',
    });
    env.NETDECK_TOKEN = 'token-in-env';
    expect(resolveConfig({ tokenFile: flagFile }, env).token).toMatchObject({
      value: 'token-in-flag-file',
      origin: '--token-file',
      file: flagFile,
    });
  });
});

describe('profiles', () => {
  const file = {
    default_profile: 'prod',
    api_url: 'http://top-level.example',
    profiles: {
      prod: { api_url: 'https://prod.example', token: 'prod-token-value' },
      staging: { api_url: 'https://staging.example' },
    },
  };

  it('uses default_profile, and --profile or NETDECK_PROFILE picks another', () => {
    const path = writeConfig(file);
    let config = resolveConfig({}, env);
    expect(config.profile).toMatchObject({ value: 'prod', source: 'file' });
    expect(config.apiUrl).toEqual({
      value: 'https://prod.example',
      source: 'file',
      origin: `${path} (profile prod)`,
    });
    expect(config.token?.value).toBe('prod-token-value');

    env.NETDECK_PROFILE = 'staging';
    config = resolveConfig({}, env);
    expect(config.apiUrl?.value).toBe('https://staging.example');
    expect(config.token).toBeUndefined();

    config = resolveConfig({ profile: 'prod' }, env);
    expect(config.profile).toMatchObject({ value: 'prod', source: 'flag' });
    expect(config.apiUrl?.value).toBe('https://prod.example');
  });

  it('an unknown profile is a configuration error naming the known ones', () => {
    writeConfig(file);
    expect(() => resolveConfig({ profile: 'qa' }, env)).toThrow(/no profile "qa".*prod, staging/);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])(
    'a profile named %s is no profile unless the file names one so',
    (name) => {
      writeConfig(file);
      expect(() => resolveConfig({ profile: name }, env)).toThrow(`no profile "${name}"`);
      env.NETDECK_PROFILE = name;
      expect(() => resolveConfig({}, env)).toThrow(`no profile "${name}"`);
      // One the file does name is used, whatever its name (a `__proto__` key is dropped as
      // the file is read: never a profile).
      if (name === '__proto__') return;
      writeConfig({ profiles: { [name]: { api_url: 'https://own.example' } } });
      expect(resolveConfig({ profile: name }, env).apiUrl?.value).toBe('https://own.example');
    },
  );

  it('a token_file of a profile is read relative to the config folder, and ~ is the home folder', () => {
    writeConfig({
      profiles: { p: { api_url: 'http://x.example', token_file: 'p.jwt' } },
      default_profile: 'p',
    });
    writeFileSync(join(dir.path, 'xdg', 'netdeck', 'p.jwt'), 'relative-token-value', { mode: 0o600 });
    expect(resolveConfig({}, env).token?.value).toBe('relative-token-value');

    mkdirSync(join(dir.path, 'home'), { recursive: true });
    writeFileSync(join(dir.path, 'home', 'jwt'), 'home-token-value', { mode: 0o600 });
    expect(resolveConfig({ apiUrl: 'http://x.example', tokenFile: '~/jwt' }, env).token?.value).toBe(
      'home-token-value',
    );
  });
});

describe('the refresh period', () => {
  it("is --refresh, else the profile's refresh_seconds, else the file's top level, else the default", () => {
    expect(resolveConfig({}, env).refresh).toEqual({
      value: DEFAULT_REFRESH_SECONDS,
      source: 'default',
      origin: 'default',
    });
    const path = writeConfig({
      refresh_seconds: 45,
      default_profile: 'slow',
      profiles: { slow: { refresh_seconds: 300 }, plain: {} },
    });
    expect(resolveConfig({}, env).refresh).toEqual({
      value: 300,
      source: 'file',
      origin: `${path} (profile slow)`,
    });
    expect(resolveConfig({ profile: 'plain' }, env).refresh.value).toBe(45);
    expect(resolveConfig({ refresh: 15 }, env).refresh).toEqual({
      value: 15,
      source: 'flag',
      origin: '--refresh',
    });
  });

  it('a refresh_seconds that is not a whole number of seconds from 1 to a day is a configuration error', () => {
    for (const bad of [0, 1.5, 86_401, '60']) {
      writeConfig({ refresh_seconds: bad });
      expect(() => resolveConfig({}, env), String(bad)).toThrow(/refresh_seconds/);
    }
  });
});

describe('the mouse', () => {
  it("is --no-mouse, else NETDECK_MOUSE, else the profile's mouse, else on", () => {
    expect(resolveConfig({}, env).mouse).toEqual({ value: true, source: 'default', origin: 'default' });
    // commander gives true when --no-mouse is not there: that says nothing.
    expect(resolveConfig({ mouse: true }, env).mouse.source).toBe('default');
    const path = writeConfig({ mouse: false });
    expect(resolveConfig({}, env).mouse).toEqual({ value: false, source: 'file', origin: path });
    expect(resolveConfig({}, { ...env, NETDECK_MOUSE: '1' }).mouse).toEqual({
      value: true,
      source: 'env',
      origin: 'NETDECK_MOUSE',
    });
    expect(resolveConfig({ mouse: false }, { ...env, NETDECK_MOUSE: '1' }).mouse).toEqual({
      value: false,
      source: 'flag',
      origin: '--no-mouse',
    });
    expect(resolveConfig({}, { ...env, NETDECK_MOUSE: 'off' }).mouse.value).toBe(false);
  });

  it('a NETDECK_MOUSE that is not on or off, or a mouse that is not true or false, is a configuration error', () => {
    expect(() => resolveConfig({}, { ...env, NETDECK_MOUSE: 'maybe' })).toThrow(/NETDECK_MOUSE/);
    writeConfig({ mouse: 'no' });
    expect(() => resolveConfig({}, env)).toThrow(/mouse/);
  });
});

describe('configurations that cannot work', () => {
  it('a token without an API URL is an error, wherever the token came from', () => {
    expect(() => resolveConfig({ token: 'some-token-value' }, env)).toThrow(ConfigError);
    expect(() => resolveConfig({}, { ...env, NETDECK_TOKEN: 'some-token-value' })).toThrow(
      /token is configured \(NETDECK_TOKEN\) but no API URL/,
    );
    writeConfig({ token: 'in-the-file' });
    expect(() => resolveConfig({}, env)).toThrow(/but no API URL/);
  });

  it('rejects a URL that is not http(s), a config file that is not JSON, and a missing or empty token file', () => {
    expect(() => resolveConfig({ apiUrl: 'ftp://x' }, env)).toThrow(/must start with http/);
    expect(() => resolveConfig({ apiUrl: 'not a url' }, env)).toThrow(/not a URL/);
    expect(() =>
      resolveConfig({ apiUrl: 'http://x.example', tokenFile: join(dir.path, 'none') }, env),
    ).toThrow(/cannot read token file .*ENOENT/);
    const empty = writeToken('empty.jwt', '  ');
    expect(() => resolveConfig({ apiUrl: 'http://x.example', tokenFile: empty }, env)).toThrow(/is empty/);
    const path = writeConfig({});
    writeFileSync(path, '{"api_url": ');
    expect(() => resolveConfig({}, env)).toThrow(/not valid JSON/);
    writeFileSync(path, '{"api_url": 5}');
    expect(() => resolveConfig({}, env)).toThrow(/api_url/);
  });
});

describe('token file permissions', () => {
  it.skipIf(process.platform === 'win32')(
    'warns when others can read the token file, not when only its owner can',
    () => {
      const open = writeToken('open.jwt', 'open-token-value', 0o644);
      const closed = writeToken('closed.jwt', 'closed-token-value', 0o600);
      const warned = resolveConfig({ apiUrl: 'http://x.example', tokenFile: open }, env);
      expect(warned.warnings).toEqual([
        expect.stringMatching(/can be read by other users \(mode 644\); run: chmod 600/),
      ]);
      expect(resolveConfig({ apiUrl: 'http://x.example', tokenFile: closed }, env).warnings).toEqual([]);
    },
  );
});
