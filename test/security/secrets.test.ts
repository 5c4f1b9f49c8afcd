// A token netdeck is given never appears in an error message a user sees, whatever the
// error and even when a hostile or careless server echoes the token back.
import { SignJWT } from 'jose';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { ApiError, type ApiErrorKind, describeError } from '../../src/api/errors.ts';
import { closedPort, type Fixture, startFixture } from '../api/fixture.ts';
import { expectNoLeak, findLeaks } from './secrets.ts';

let token: string;
let fixture: Fixture;

/** What the fixture answers per path; bodies echo the Authorization header back. */
function reply(path: string, authorization: string) {
  switch (path) {
    case '/device/associations':
      return { status: 401, body: `Not authorized: ${authorization}` };
    case '/stats/providers':
      return { status: 500, body: `crashed while handling ${authorization}` };
    case '/account/payout-wallet':
      return { body: `{"wallet_id": "${authorization}` };
    case '/feedback/send-feedback':
      return { body: { feedback_id: 7, echo: authorization } };
    case '/device/add':
      return { body: { error: { message: `Invalid code for ${authorization}` } } };
    default:
      return { hang: true };
  }
}

beforeAll(async () => {
  token = await new SignJWT({ network_id: 'a2b3c4d5-0000-4000-8000-000000000001', network_name: 'demo' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('30d')
    .sign(new TextEncoder().encode('a key only this test knows, long enough'));
  fixture = await startFixture((request) => reply(request.path, String(request.headers.authorization)));
});
afterAll(() => fixture.close());

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('findLeaks', () => {
  it('finds the whole token, a piece of it, and nothing in its mask', () => {
    const [, payload, signature] = token.split('.');
    expect(findLeaks(`Bearer ${token}`, token)).toContain('the whole token');
    expect(findLeaks(`sig=${signature.slice(3, 25)}`, token)).toHaveLength(1);
    expect(findLeaks(`claims ${payload.slice(10, 30)}`, token)).toHaveLength(1);
    expect(findLeaks('eyJh…(187 chars)…x9Q and an unrelated text', token)).toEqual([]);
  });
});

describe('error messages never show the token', () => {
  it('for every kind of error, also when the server echoes the token', async () => {
    const options = { baseUrl: fixture.url, token, retries: 0, headersTimeoutMs: 150 };
    const client = createClient(options);
    const refused = createClient({ ...options, baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('http://mock.test')
      .intercept({ path: '/stats/last-90', method: 'GET' })
      .replyWithError(Object.assign(new Error(`reset by ${token}`), { code: undefined }));
    const mocked = createClient({ ...options, baseUrl: 'http://mock.test', dispatcher: agent });
    const controller = new AbortController();
    const aborted = errorOf(client.findProviders({}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);

    const errors: Record<ApiErrorKind, ApiError> = {
      unauthorized: await errorOf(client.deviceAssociations()),
      'no-token': await errorOf(createClient({ baseUrl: fixture.url }).getPayoutWallet()),
      http: await errorOf(client.providerStats()),
      network: await errorOf(mocked.networkStats()),
      timeout: await errorOf(client.providerLocations()),
      aborted: await aborted,
      shape: await errorOf(client.getPayoutWallet()),
      business: await errorOf(client.addDevice({ code: 'x' })),
      oversized: await errorOf(createClient({ ...options, maxResponseBytes: 10 }).sendFeedback({})),
    };
    const wrongType = await errorOf(client.sendFeedback({}));
    const refusedError = await errorOf(refused.networkStats());
    await Promise.all([client.close(), refused.close(), agent.close()]);

    for (const [kind, error] of Object.entries(errors)) expect(error.kind, kind).toBe(kind);
    const outputs: Record<string, string> = {};
    for (const [kind, error] of [
      ...Object.entries(errors),
      ['shape (wrong type)', wrongType],
      ['refused', refusedError],
    ] as const) {
      outputs[`describeError(${kind})`] = describeError(error);
      outputs[`${kind}.message`] = error.message;
      outputs[`${kind}.body`] = error.details.body ?? '';
      outputs[`String(${kind})`] = String(error);
    }
    expectNoLeak(outputs, token);
    // Redaction keeps the message useful: the server's words are still there.
    expect(describeError(errors.unauthorized)).toContain('Not authorized');
    expect(describeError(errors.business)).toContain('Invalid code for Bearer ');
  });
});
