// A server that echoes the credentials netdeck sent (a password, an auth code) in what it
// answers: an error body of any status (JSON-escaped too), a refusal in a 200. Whatever
// netdeck shows of it, in a command or the console, holds them masked.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { explainError, serviceMessage } from '../../src/api/error-words.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createLoginStore } from '../../src/store/login.ts';
import { type Fixture, type Reply, startFixture } from '../api/fixture.ts';
import { run, tempDir } from '../cli/harness.ts';

const PASSWORD = 'correct "horse" \\ battery';
const CODE = 'auth-code-7f3c9a1e';

/** Ways a server can send back what it was sent. */
const ECHOES: [string, (sent: string) => Reply][] = [
  ['a 400 body', (sent) => ({ status: 400, body: `bad request: ${sent}` })],
  ['a 401 body', (sent) => ({ status: 401, body: `not you: ${sent}` })],
  ['a 500 body, JSON-escaped', (sent) => ({ status: 500, body: JSON.stringify({ error: sent }) })],
  ['a refusal in a 200', (sent) => ({ body: { error: { message: `wrong: ${sent}` } } })],
  ['a 503 body cut long', (sent) => ({ status: 503, body: `${sent} `.repeat(200) })],
];

let fixture: Fixture | undefined;
let home: ReturnType<typeof tempDir> | undefined;
afterEach(async () => {
  await fixture?.close();
  home?.cleanup();
  fixture = home = undefined;
});

/** The secret's pieces a reader could use: itself, and each of its words of 5 or more. */
const expectMasked = (text: string, secret: string) => {
  expect(text).not.toContain(secret);
  expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
  for (const word of secret.split(/\W+/).filter((w) => w.length >= 5)) expect(text).not.toContain(word);
};

/** A service that echoes the body's `field` (the first request's) the way `echo` says. */
async function echoing(field: 'password' | 'auth_code', echo: (sent: string) => Reply) {
  fixture = await startFixture((request) => echo(JSON.parse(request.body || '{}')[field] ?? ''));
  return fixture.url;
}

describe.each(ECHOES)('credentials echoed in %s', (_where, echo) => {
  it('netdeck login --email: the password never shows', async () => {
    const url = await echoing('password', echo);
    home = tempDir();
    const result = await run(['login', '--api-url', url, '--email', 'me@example.com'], {
      env: { XDG_CONFIG_HOME: home.path, HOME: home.path },
      stdin: `${PASSWORD}\n`,
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('***');
    expectMasked(result.stdout + result.stderr, PASSWORD);
  });

  it('netdeck login --code: the auth code never shows', async () => {
    const url = await echoing('auth_code', echo);
    home = tempDir();
    const result = await run(['login', '--api-url', url, '--code', CODE], {
      env: { XDG_CONFIG_HOME: home.path, HOME: home.path },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('***');
    expectMasked(result.stdout + result.stderr, CODE);
  });

  it('the console (L): the auth code never shows in the dialog nor in an error line', async () => {
    const url = await echoing('auth_code', echo);
    const client = createClient({ baseUrl: url, retries: 0 });
    let caught: unknown;
    await client.authCodeLogin({ auth_code: CODE }).catch((error: unknown) => {
      caught = error;
    });
    expect(caught).toBeDefined();
    for (const text of [explainError(caught, 'console'), serviceMessage(caught)]) expectMasked(text, CODE);
    const store = createLoginStore(
      { client, clock: new ManualClock(), connection: createConnectionStore() },
      () => {},
    );
    store.getState().setInput(CODE);
    await store.getState().submit();
    expect(store.getState().dialog.phase).toBe('failed');
    expectMasked(store.getState().dialog.message ?? '', CODE);
    await client.close();
  });
});
