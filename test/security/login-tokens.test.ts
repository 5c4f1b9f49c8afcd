// `netdeck login` keeps only a token it can use: one a service answers with (an auth code,
// a password) or the official provider's file holds, with a line break, a space, a
// control or bidi character, or tens of kilobytes to megabytes of it, is refused with a
// clear error and nothing is saved; every later command would have failed on it. The
// console's own login (L) refuses it the same way.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createLoginStore } from '../../src/store/login.ts';
import { type Fixture, startFixture } from '../api/fixture.ts';
import { run, tempDir } from '../cli/harness.ts';
import { answering } from '../ui/fakes.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJuZXR3b3JrX25hbWUiOiJ4In0.c2lnbmF0dXJl';
const UNUSABLE: [string, string, RegExp][] = [
  ['a line break', `${JWT.slice(0, 20)}\n${JWT.slice(20)}`, /holds a line break/],
  ['a space', `${JWT.slice(0, 20)} ${JWT.slice(20)}`, /holds a space/],
  ['a control character', `${JWT.slice(0, 20)}\u0007${JWT.slice(20)}`, /holds a control character/],
  ['a bidi character', `${JWT.slice(0, 20)}\u202e${JWT.slice(20)}`, /holds a bidi control character/],
  ['70 KB', `${JWT}${'a'.repeat(70_000)}`, /is 70,0\d\d characters long/],
  ['20 MB', `${JWT}${'a'.repeat(20_000_000)}`, /is 20,000,0\d\d characters long/],
];

let home: ReturnType<typeof tempDir>;
let fixture: Fixture | undefined;
let env: Record<string, string>;
beforeEach(() => {
  home = tempDir();
  env = { XDG_CONFIG_HOME: home.path, HOME: home.path };
});
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  home.cleanup();
});

const loginFile = () => join(home.path, 'netdeck', 'logins', 'default.json');

/** A service that answers every login with `token`. */
async function serviceGiving(token: string) {
  fixture = await startFixture((request) =>
    request.path === '/auth/code-login'
      ? { body: { by_jwt: token } }
      : request.path === '/auth/login-with-password'
        ? { body: { network: { by_jwt: token } } }
        : { body: { wallet_id: null } },
  );
  return fixture;
}

describe.each(UNUSABLE)('a token with %s', (_what, token, problem) => {
  it('answered for an auth code or a password: refused, nothing saved (exit 1)', async () => {
    const { url } = await serviceGiving(token);
    for (const [flags, stdin] of [
      [['--code', 'a-good-code'], undefined],
      [['--email', 'me@example.com'], 'a password\n'],
    ] as const) {
      const result = await run(['login', '--api-url', url, ...flags], { env, stdin });
      expect(result.code, result.stderr).toBe(ExitCode.failure);
      expect(result.stderr).toMatch(/^netdeck: the service answered with a token netdeck cannot use: it /);
      expect(result.stderr).toMatch(problem);
      expect(result.stderr).toContain('nothing was saved');
      expect(result.stderr.length).toBeLessThan(400);
      expect(existsSync(loginFile())).toBe(false);
    }
  });

  it('in the official provider’s file: refused before anything is sent, nothing saved (exit 2)', async () => {
    const { url, requests } = await serviceGiving(JWT);
    const path = join(home.path, 'jwt');
    writeFileSync(path, `${token}\n`, { mode: 0o600 });
    const result = await run(['login', '--api-url', url, '--from-provider', path], { env });
    // Beyond 64 KiB the file is not read at all (as before: a file that cannot be used, exit 1).
    const tooBig = token.length > 65_536;
    expect(result.code, result.stderr).toBe(tooBig ? ExitCode.failure : ExitCode.usage);
    expect(result.stderr).toMatch(tooBig ? /too big to hold a token/ : problem);
    expect(requests).toEqual([]);
    expect(existsSync(loginFile())).toBe(false);
  });

  it('answered to the console’s login (L): refused in the dialog, neither used nor kept', async () => {
    const kept: string[] = [];
    const client = answering('authCodeLogin', { by_jwt: token });
    const used: (string | undefined)[] = [];
    client.setToken = (next) => used.push(next);
    const store = createLoginStore(
      {
        client,
        clock: new ManualClock(),
        connection: createConnectionStore(),
        saveLogin: (next) => void kept.push(next),
      },
      () => kept.push('logged in'),
    );
    store.getState().setInput('a-good-code');
    await store.getState().submit();
    expect(store.getState().dialog.phase).toBe('failed');
    expect(store.getState().dialog.message).toMatch(problem);
    expect([kept, used]).toEqual([[], []]);
  });
});

describe('a token the configuration gives', () => {
  it('is refused the same way (one check): beyond 8 KiB, or with a bidi character', async () => {
    for (const [token, problem] of [
      [`${JWT}${'a'.repeat(70_000)}`, /is 70,0\d\d characters long/],
      [`${JWT.slice(0, 20)}\u202e${JWT.slice(20)}`, /holds a bidi control character/],
    ] as const) {
      const result = await run(['whoami'], {
        env: { ...env, NETDECK_API_URL: 'http://127.0.0.1:9', NETDECK_TOKEN: token },
      });
      expect(result.code).toBe(ExitCode.usage);
      expect(result.stderr).toMatch(problem);
    }
  });
});
