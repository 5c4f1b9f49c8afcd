// What a service hands over for netdeck to print or keep (a client token from `adopt` and
// `clients add`, an API key from `api-keys create` and the console's dialog) gets the one
// check every token gets (checkFromService in src/api/auth.ts): one line of printable
// ASCII, at most 8 192 characters. An escape sequence, a line break or 3 MB from the
// service is refused with exit 1: nothing on stdout, nothing in a token file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFromService } from '../../src/api/auth.ts';
import { ManualClock } from '../../src/clock.ts';
import { createApiKeysStore } from '../../src/store/api-keys.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { type Fixture, type Handler, startFixture } from '../api/fixture.ts';
import { run } from '../cli/harness.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { scratchDir } from '../scratch-dir.ts';
import { answering } from '../ui/fakes.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJjbGllbnRfaWQiOiJ4In0.c2lnbmF0dXJl';
const HOSTILE = {
  'an escape sequence': `${JWT}\u001b]52;c;c2VjcmV0\u0007`,
  'a line break': `${JWT}\nexport EVIL=1`,
  '3 MB': `urn_${'a'.repeat(3 * 2 ** 20)}`,
};
const WHY = {
  'an escape sequence': 'holds a control character',
  'a line break': 'holds a line break',
  '3 MB': 'is 3,145,732 characters long',
};
const CODE = 'abandon ability able about above absent';

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** A service answering each path from `answers` (`{}` for the others). */
async function service(answers: Record<string, unknown>) {
  const handler: Handler = (request) => ({ body: answers[request.path.split('?')[0]] ?? {} });
  fixture = await startFixture(handler);
  return { NETDECK_API_URL: fixture.url, NETDECK_TOKEN: JWT, XDG_CONFIG_HOME: scratchDir() };
}

const refused = (result: { code: number; stdout: string; stderr: string }, what: string, why: string) => {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(`the service answered with ${what} netdeck cannot use: it ${why}`);
  expect(result.stderr).toContain('nothing was printed or kept');
  expect(result.stderr).not.toMatch(RAW_CONTROL);
  expect(result.stderr.length).toBeLessThan(2000);
};

describe('the one check of what a service hands over', () => {
  it('takes a token, a key or a URL as it is, and names what is wrong with anything else', () => {
    expect(checkFromService(JWT, 'a client token')).toBe(JWT);
    expect(checkFromService('https://proxy.example:8080/p', 'a proxy URL')).toBe(
      'https://proxy.example:8080/p',
    );
    expect(() => checkFromService(undefined, 'an API key')).toThrow(
      'the service answered without an API key',
    );
    for (const [name, value] of Object.entries(HOSTILE))
      expect(() => checkFromService(value, 'a client token')).toThrow(WHY[name as keyof typeof WHY]);
  });

  it.each(Object.keys(HOSTILE))(
    'adopt refuses a client token with %s, writing no token file',
    async (name) => {
      const env = await service({
        '/device/create-adopt-code': { adopt_code: CODE, adopt_secret: 'secret', duration_minutes: 15 },
        '/device/adopt-status': { pending: true, associated_network_name: 'home' },
        '/device/confirm-adopt': { by_client_jwt: HOSTILE[name as keyof typeof HOSTILE] },
      });
      const file = join(scratchDir(), 'pi.jwt');
      for (const argv of [[], ['--json'], ['--csv'], ['--token-file', file]]) {
        const result = await run(['adopt', '--name', 'pi', ...argv], {
          env,
          deps: { clock: new ManualClock() },
        });
        refused(
          { ...result, stdout: argv[0] === '--json' ? '' : result.stdout },
          'a client token',
          WHY[name as keyof typeof WHY],
        );
        if (argv[0] === '--json') expect(result.stdout).not.toContain('by_client_jwt');
      }
      expect(existsSync(file)).toBe(false);
    },
  );

  it.each(Object.keys(HOSTILE))('clients add refuses a client token with %s', async (name) => {
    const env = await service({
      '/network/auth-client': { by_client_jwt: HOSTILE[name as keyof typeof HOSTILE] },
    });
    for (const argv of [[], ['--json'], ['--csv']])
      refused(
        await run(['clients', 'add', '--name', 'pi', ...argv], { env }),
        'a client token',
        WHY[name as keyof typeof WHY],
      );
  });

  it.each(Object.keys(HOSTILE))('api-keys create refuses a key with %s', async (name) => {
    const env = await service({
      '/account/api-key': { id: 'k1', name: 'ci', api_key: HOSTILE[name as keyof typeof HOSTILE] },
    });
    for (const argv of [[], ['--json'], ['--csv']])
      refused(
        await run(['api-keys', 'create', 'ci', ...argv], { env }),
        'an API key',
        WHY[name as keyof typeof WHY],
      );
  });

  it("the console's API key dialog shows no such key (nor lets y copy it)", async () => {
    const store = createApiKeysStore({
      client: answering('createApiKey', { id: 'k1', name: 'ci', api_key: HOSTILE['an escape sequence'] }),
      clock: new ManualClock(),
      connection: createConnectionStore(),
    });
    store.getState().setName('ci');
    await store.getState().create();
    expect(store.getState().form).toMatchObject({ phase: 'failed' });
    expect(store.getState().form.message).toContain('holds a control character');
    expect(store.getState().form).not.toHaveProperty('key');
  });
});
