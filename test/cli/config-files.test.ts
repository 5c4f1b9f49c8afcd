// Config and token files that are not what they should be (a FIFO, /dev/zero, a folder,
// a huge file), tokens with line breaks or controls in them, a token left readable in
// the config file, and an API URL with a password in it: each a clear usage error (exit
// 2) at once, or a warning, never a hang, a flood of memory or a network failure retried.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFixture } from '../api/fixture.ts';
import { timed } from '../bench-figures.ts';
import { configHome, run, type tempDir } from './harness.ts';

let dir: ReturnType<typeof tempDir>;
let env: Record<string, string | undefined>;
beforeEach(() => ({ dir, env } = configHome()));
afterEach(() => dir.cleanup());

const configPath = () => join(dir.path, 'xdg', 'netdeck', 'config.json');
const API = ['--api-url', 'http://127.0.0.1:9'];

/** Runs a command that must end at once with a usage error naming `message` (a hang ends on the test's timeout). */
async function refused(argv: string[], message: RegExp, extraEnv: Record<string, string> = {}) {
  const result = await timed('a command refusing a special or huge file', 3_000, () =>
    run(argv, { env: { ...env, ...extraEnv } }),
  );
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(message);
  return result;
}

describe('special and huge files', () => {
  it('a FIFO as the config file', async () => {
    execFileSync('mkfifo', [configPath()]);
    await refused(['whoami'], /cannot use config file: .*config\.json is not a regular file \(a FIFO/);
    // netdeck config says so too, at once, and shows the rest (exit 1).
    const shown = await timed('netdeck config with a FIFO as the config file', 3_000, () =>
      run(['config'], { env }),
    );
    expect(shown.code).toBe(1);
    expect(shown.stderr).toMatch(/cannot use config file: .*is not a regular file \(a FIFO/);
    expect(shown.stdout).toMatch(/^mode\s+demo simulator/m);
  });

  it('a FIFO as the token file (flag and environment)', async () => {
    const fifo = join(dir.path, 'jwt');
    execFileSync('mkfifo', [fifo]);
    await refused(
      ['wallet', ...API, '--token-file', fifo],
      /cannot use token file \(from --token-file\): .*jwt is not a regular file/,
    );
    await refused(['wallet', ...API], /from NETDECK_TOKEN_FILE/, { NETDECK_TOKEN_FILE: fifo });
  });

  it('/dev/zero as the token file', async () => {
    await refused(['wallet', ...API, '--token-file', '/dev/zero'], /\/dev\/zero is not a regular file/);
  });

  it('a folder as the config or the token file', async () => {
    mkdirSync(configPath());
    await refused(['whoami'], /config\.json is a folder/);
    await refused(['wallet', ...API, '--token-file', dir.path], /is a folder/);
  });

  it('a huge token file or config file', async () => {
    const huge = join(dir.path, 'huge');
    writeFileSync(huge, '');
    truncateSync(huge, 8 * 1024 * 1024 * 1024);
    await refused(['wallet', ...API, '--token-file', huge], /huge is larger than 65536 bytes/);
    writeFileSync(configPath(), '');
    truncateSync(configPath(), 8 * 1024 * 1024 * 1024);
    await refused(['whoami'], /config\.json is larger than 1048576 bytes/);
  });
});

describe('tokens with line breaks or controls', () => {
  it('are a usage error before anything is sent, from a flag, the environment or a file', async () => {
    const fixture = await startFixture(() => ({ body: {} }));
    try {
      const api = ['--api-url', fixture.url];
      await refused(
        ['wallet', ...api, '--token', 'abc\r\nX-Evil: 1'],
        /token from --token holds a line break/,
      );
      await refused(['wallet', ...api], /token from NETDECK_TOKEN holds a control character/, {
        NETDECK_TOKEN: 'abc\u001b[2Jdef',
      });
      const file = join(dir.path, 'jwt');
      writeFileSync(file, 'first.line.token\nsecond\n');
      chmodSync(file, 0o600);
      await refused(
        ['wallet', ...api, '--token-file', file],
        /token file .*jwt \(from --token-file\) holds a line break/,
      );
      await refused(['wallet', ...api, '--token', 'a b'], /holds a space/);
      expect(fixture.requests).toEqual([]);
    } finally {
      await fixture.close();
    }
  });

  it('a trailing newline in a token file is fine', async () => {
    const file = join(dir.path, 'jwt');
    writeFileSync(file, 'header.claims.signature\n');
    chmodSync(file, 0o600);
    const result = await run(['config', ...API, '--token-file', file], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('a token inline in a config file others can read', () => {
  it('gets a warning, like a token file others can read', async () => {
    writeFileSync(
      configPath(),
      JSON.stringify({ api_url: 'http://127.0.0.1:9', token: 'header.claims.signature' }),
    );
    chmodSync(configPath(), 0o644);
    const open = await run(['config'], { env });
    expect(open.code).toBe(0);
    expect(open.stderr).toContain(
      `netdeck: warning: config file ${configPath()} holds a token and can be read by other users (mode 644); run: chmod 600 ${configPath()}`,
    );
    chmodSync(configPath(), 0o600);
    expect((await run(['config'], { env })).stderr).toBe('');
  });
});

describe('netdeck config and an API URL with credentials', () => {
  it('never prints the user and password of the URL', async () => {
    const url = 'https://alice:hunter2-secret@api.example.org/base';
    const table = await run(['config', '--api-url', url], { env });
    const json = await run(['config', '--json', '--api-url', url], { env });
    for (const result of [table, json]) {
      expect(result.code).toBe(0);
      expect(result.stdout + result.stderr).not.toContain('hunter2');
      expect(result.stdout + result.stderr).not.toContain('alice');
    }
    expect(table.stdout).toContain('https://***@api.example.org/base');
    expect(JSON.parse(json.stdout).api_url.value).toBe('https://***@api.example.org/base');
    // netdeck config lists the problem (exit 1), every other command refuses (exit 2): neither prints it.
    const bad = await run(['config', '--api-url', 'ftp://alice:hunter2@x'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('must start with http:// or https://');
    expect(bad.stdout + bad.stderr).not.toContain('hunter2');
    const other = await run(['whoami', '--api-url', 'ftp://alice:hunter2@x'], { env });
    expect(other.code).toBe(2);
    expect(other.stderr).not.toContain('hunter2');
  });
});
