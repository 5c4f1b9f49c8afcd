// `netdeck config`: the effective configuration, where each value came from, token masked.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maskToken } from '../../src/api/auth.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../src/store/deps.ts';
import { linesOf, run, tempDir } from './harness.ts';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.cleanup());

const jwt = () =>
  new SignJWT({ network_id: '7d0b5a8e-8f55-4c40-9e5e-1f0a6c2b9d11', network_name: 'acme' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Date.parse('2026-03-01T00:00:00Z') / 1000)
    .sign(new TextEncoder().encode('a test key of enough length'));

describe('netdeck config', () => {
  it('with nothing configured: the demo simulator, no values, the config file not found', async () => {
    const result = await run(['config'], { env: { XDG_CONFIG_HOME: dir.path } });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(/^SETTING\s+VALUE\s+FROM$/);
    expect(lines[1]).toMatch(
      /^mode\s+demo simulator \(seed 1, a fresh world per command\)\s+no API URL configured$/,
    );
    const configLine = lines.find((line) => line.startsWith('config file'))!;
    expect(configLine).toMatch(/\snot found$/);
    expect(configLine).toContain(join(dir.path, 'netdeck', 'config.json'));
    const json = JSON.parse((await run(['config', '--json'], { env: { XDG_CONFIG_HOME: dir.path } })).stdout);
    expect(json).toMatchObject({ mode: 'demo', api_url: null, token: null, demo: { seed: 1 } });
  });

  it('names the source of every value: flag, environment, config file profile', async () => {
    const token = await jwt();
    mkdirSync(join(dir.path, 'netdeck'));
    const path = join(dir.path, 'netdeck', 'config.json');
    writeFileSync(
      path,
      JSON.stringify({ default_profile: 'prod', profiles: { prod: { api_url: 'https://api.example' } } }),
    );
    const env = { XDG_CONFIG_HOME: dir.path, NETDECK_TOKEN: token };

    const json = JSON.parse((await run(['config', '--json'], { env })).stdout);
    expect(json).toEqual({
      mode: 'api',
      api_url: { value: 'https://api.example', source: 'file', origin: `${path} (profile prod)` },
      token: { value: maskToken(token), source: 'env', origin: 'NETDECK_TOKEN' },
      network: {
        name: 'acme',
        id: '7d0b5a8e-8f55-4c40-9e5e-1f0a6c2b9d11',
        expires_at: '2026-03-01T00:00:00.000Z',
      },
      profile: { value: 'prod', source: 'file', origin: `${path} (default_profile)` },
      refresh_seconds: { value: DEFAULT_REFRESH_SECONDS, source: 'default', origin: 'default' },
      mouse: { value: true, source: 'default', origin: 'default' },
      config_file: { path, found: true },
    });

    const table = await run(['config', '--api-url', 'http://127.0.0.1:8080'], { env });
    const lines = linesOf(table.stdout);
    expect(lines.find((l) => l.startsWith('api url'))).toMatch(/http:\/\/127\.0\.0\.1:8080\s+--api-url$/);
    expect(lines.find((l) => l.startsWith('token'))).toMatch(
      new RegExp(`${maskToken(token).replace(/[().…]/g, '.')}\\s+NETDECK_TOKEN$`),
    );
    expect(lines.find((l) => l.startsWith('network'))).toMatch(/acme\s+token claims$/);
    expect(lines.find((l) => l.startsWith('expires'))).toMatch(/2026-03-01 00:00 UTC/);
    expect(table.stdout).not.toContain(token);
  });

  it('a profile that does not exist: the problem on stderr, what can be resolved on stdout, exit 1', async () => {
    const result = await run(['config', '--profile', 'nope'], { env: { XDG_CONFIG_HOME: dir.path } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^netdeck: no profile "nope" \(from --profile\)/);
    expect(linesOf(result.stdout).find((l) => l.startsWith('profile'))).toMatch(/nope\s+--profile$/);
    // --check needs a configuration that works, as before.
    const check = await run(['config', '--check', '--profile', 'nope'], {
      env: { XDG_CONFIG_HOME: dir.path },
    });
    expect(check.code).toBe(2);
    expect(check.stdout).toBe('');
  });

  const writeConfig = (text: string) => {
    mkdirSync(join(dir.path, 'netdeck'), { recursive: true });
    const path = join(dir.path, 'netdeck', 'config.json');
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };

  it('unknown keys and bad values: every problem with the file and the key, the good keys used, exit 1', async () => {
    const path = writeConfig(
      JSON.stringify({
        default_profile: 'prod',
        apiurl: 'https://typo.example',
        profiles: {
          prod: { api_url: 'https://api.example', refresh_seconds: 0 },
          lab: { token_fil: 'x' },
        },
      }),
    );
    const env = { XDG_CONFIG_HOME: dir.path };
    const result = await run(['config'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `netdeck: config file ${path}: unknown key "apiurl" (did you mean "api_url"?)`,
    );
    expect(result.stderr).toContain(
      `config file ${path}: unknown key "token_fil" (did you mean "token_file"?) in profiles.lab`,
    );
    expect(result.stderr).toContain(`config file ${path}: profiles.prod.refresh_seconds:`);
    const lines = linesOf(result.stdout);
    expect(lines.find((l) => l.startsWith('api url'))).toMatch(
      new RegExp(`https://api\\.example\\s+${path.replace(/[.]/g, '\\.')} \\(profile prod\\)$`),
    );
    expect(lines.find((l) => l.startsWith('refresh'))).toMatch(/every 60 s \(the console\)\s+default$/);
    expect(lines.find((l) => l.startsWith('config file'))).toMatch(/found, with problems$/);

    const json = await run(['config', '--json'], { env });
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.mode).toBe('api');
    expect(parsed.api_url.value).toBe('https://api.example');
    expect(parsed.problems).toHaveLength(3);
  });

  it('a file that is not JSON, and a bad API URL from the environment: both said, the rest resolved', async () => {
    const path = writeConfig('{ "api_url": ');
    const result = await run(['config'], {
      env: { XDG_CONFIG_HOME: dir.path, NETDECK_API_URL: 'ftp://nope', NETDECK_PROFILE: '' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`config file ${path} is not valid JSON`);
    expect(result.stderr).toContain('API URL from NETDECK_API_URL must start with http:// or https://');
    const lines = linesOf(result.stdout);
    expect(lines[1]).toMatch(/^mode\s+demo simulator/);
    expect(lines.find((l) => l.startsWith('config file'))).toMatch(/found, with problems$/);
    // Every other command still refuses such a configuration (exit 2).
    const other = await run(['whoami'], { env: { XDG_CONFIG_HOME: dir.path } });
    expect(other.code).toBe(2);
  });
});
