// Every way a call can end badly, over a real socket, and the one error kind each gives.
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientOptions, createClient, parseRetryAfter } from '../../src/api/client.ts';
import { explainError } from '../../src/api/error-words.ts';
import type { ApiError, ApiErrorKind } from '../../src/api/errors.ts';
import { timed } from '../bench-figures.ts';
import { closedPort, type Fixture, failure, type Handler, startFixture } from './fixture.ts';

const TOKEN = 'header.payload-of-a-test-token.signature';
const PROVIDER = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

/** A fixture plus a client on it; `delays` records every back-off the client asked for. */
async function setup(handler: Handler, options: Partial<ClientOptions> = {}) {
  const fixture: Fixture = await startFixture(handler);
  const delays: number[] = [];
  const client = createClient({
    baseUrl: fixture.url,
    token: TOKEN,
    retries: 3,
    retryBaseDelayMs: 100,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...options,
  });
  open.push(fixture, client);
  return { fixture, client, delays };
}

const kindOf = (error: ApiError): ApiErrorKind => error.kind;

describe('HTTP statuses', () => {
  it('reads a plain-text 401 as unauthorized and does not retry it', async () => {
    const { fixture, client } = await setup(() => ({ status: 401, body: 'Not authorized.' }));
    const error = await failure(client.deviceAssociations());
    expect(kindOf(error)).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Not authorized.');
    expect(fixture.requests).toHaveLength(1);
  });

  it('retries a GET on 500 with growing back-off and returns the answer that follows', async () => {
    const retries: number[] = [];
    const { fixture, client, delays } = await setup(
      (_, index) => (index < 2 ? { status: 500, body: 'database on fire' } : { body: { lookback: 90 } }),
      { onRetry: ({ attempt }) => retries.push(attempt) },
    );
    await expect(client.networkStats()).resolves.toEqual({ lookback: 90 });
    expect(fixture.requests).toHaveLength(3);
    expect(delays).toEqual([100, 200]);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after the configured retries with the status and the plain-text body', async () => {
    const { fixture, client, delays } = await setup(() => ({ status: 500, body: 'Could not fetch stats.' }), {
      retries: 2,
    });
    const error = await failure(client.networkStats());
    expect(kindOf(error)).toBe('http');
    expect(error.status).toBe(500);
    expect(error.details.body).toBe('Could not fetch stats.');
    expect(error.message).toContain('Could not fetch stats.');
    expect(fixture.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it('never retries a POST on 500: it may have taken effect', async () => {
    const { fixture, client, delays } = await setup(() => ({ status: 500, body: 'oops' }));
    const error = await failure(client.addDevice({ code: 'a b c d e f' }));
    expect(kindOf(error)).toBe('http');
    expect(error.status).toBe(500);
    expect(fixture.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry a 404 and keeps its message readable', async () => {
    const { fixture, client } = await setup(() => ({ status: 404, body: '404 page not found' }));
    const error = await failure(client.providerLocations());
    expect(kindOf(error)).toBe('http');
    expect(error.message).toBe('provider locations: 404 page not found');
    // Go's text starts with the status: it is said once, in the console too.
    expect(explainError(error, 'command')).toBe('provider locations: 404 page not found');
    expect(explainError(error, 'console')).toBe('HTTP 404 page not found');
    expect(fixture.requests).toHaveLength(1);
  });

  it.each([429, 503])('honours Retry-After on %i', async (status) => {
    const { fixture, client, delays } = await setup((_, index) =>
      index === 0
        ? { status, headers: { 'retry-after': '7' }, body: 'slow down' }
        : { body: { wallet_id: null } },
    );
    await expect(client.getPayoutWallet()).resolves.toEqual({});
    expect(fixture.requests).toHaveLength(2);
    expect(delays).toEqual([7000]);
  });

  it('caps a huge Retry-After at the maximum back-off', async () => {
    const { client, delays } = await setup(
      (_, index) => (index === 0 ? { status: 503, headers: { 'retry-after': '86400' } } : { body: {} }),
      { retryMaxDelayMs: 2000 },
    );
    await client.providerStats();
    expect(delays).toEqual([2000]);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('transport', () => {
  it('times out when the server never answers', async () => {
    const { fixture, client } = await setup(() => ({ hang: true }), { headersTimeoutMs: 150, retries: 0 });
    const error = await timed('client: a server that never answers, 150 ms for its headers', 5_000, () =>
      failure(client.providerLocations()),
    );
    expect(kindOf(error)).toBe('timeout');
    expect(error.message).toContain('did not answer in time');
    expect(fixture.requests).toHaveLength(1);
  });

  it('retries a GET after a timeout', async () => {
    const { fixture, client } = await setup(
      (_, index) => (index === 0 ? { hang: true } : { body: { providers: [] } }),
      {
        headersTimeoutMs: 150,
      },
    );
    await expect(client.providerStats()).resolves.toEqual({ providers: [] });
    expect(fixture.requests).toHaveLength(2);
  });

  it('ends with aborted when the caller cancels a call in flight', async () => {
    const { fixture, client } = await setup(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = client.findProviders({ count: 1 }, { signal: controller.signal });
    await fixture.received(1);
    controller.abort();
    const error = await failure(pending);
    expect(kindOf(error)).toBe('aborted');
    expect(fixture.requests).toHaveLength(1);
  });

  it('stops retrying when the caller cancels during the back-off', async () => {
    const controller = new AbortController();
    const { fixture, client } = await setup(() => ({ status: 503 }), {
      // The real default sleep: it must wake up on abort.
      sleep: undefined,
      retryBaseDelayMs: 60_000,
      onRetry: () => setTimeout(() => controller.abort(), 10),
    });
    // Asleep for the back-off's minute, it would outlast the test's timeout.
    const error = await timed('client: a cancel during a 60 s back-off', 5_000, () =>
      failure(client.networkStats({ signal: controller.signal })),
    );
    expect(kindOf(error)).toBe('aborted');
    expect(fixture.requests).toHaveLength(1);
  });

  it('reports a refused connection as a network error after its retries', async () => {
    const port = await closedPort();
    const delays: number[] = [];
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      retries: 2,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    open.push(client);
    const error = await failure(client.networkStats());
    expect(kindOf(error)).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
    expect(delays).toHaveLength(2);
  });
});

describe('response bodies', () => {
  it('rejects a body that is not JSON as a shape error', async () => {
    const { client } = await setup(() => ({
      headers: { 'content-type': 'application/json' },
      body: '{"lookback": 9',
    }));
    const error = await failure(client.networkStats());
    expect(kindOf(error)).toBe('shape');
    expect(error.message).toContain('not valid JSON');
  });

  it('accepts and keeps unknown fields, at the top and inside items', async () => {
    const { client } = await setup(() => ({
      body: { providers: [{ client_id: PROVIDER, tier: 1, brand_new: { x: 1 } }], next_page: 'abc' },
    }));
    const result = (await client.findProviders({ count: 1 })) as Record<string, unknown> & {
      providers?: Record<string, unknown>[];
    };
    expect(result.next_page).toBe('abc');
    expect(result.providers?.[0]).toEqual({ client_id: PROVIDER, tier: 1, brand_new: { x: 1 } });
  });

  it('rejects a field of the wrong type and names its path', async () => {
    const { client } = await setup(() => ({
      body: { providers: [{ client_id: PROVIDER, tier: 'fast' }] },
    }));
    const error = await failure(client.findProviders({ count: 1 }));
    expect(kindOf(error)).toBe('shape');
    expect(error.details.path).toBe('providers[0].tier');
    expect(error.message).toContain('providers[0].tier');
  });

  it('names nested paths in maps too', async () => {
    const { client } = await setup(() => ({ body: { providers_data: { '2025-12-31': 'many' } } }));
    const error = await failure(client.networkStats());
    expect(error.details.path).toBe('providers_data.2025-12-31');
  });

  it('reads null fields as absent', async () => {
    const { client } = await setup(() => ({
      body: {
        pending_adoption_devices: null,
        incoming_shared_devices: [{ network_name: null, pending: true }],
      },
    }));
    const result = await client.deviceAssociations();
    expect(result.pending_adoption_devices).toBeUndefined();
    expect(result.incoming_shared_devices?.[0].network_name).toBeUndefined();
    expect(result.incoming_shared_devices?.[0].pending).toBe(true);
  });

  it.each([
    ['addDevice', 'Invalid code.'],
    ['createShareCode', 'Invalid client.'],
  ] as const)('turns {error:{message}} from %s into a business error', async (name, message) => {
    const { fixture, client } = await setup(() => ({ body: { error: { message } } }));
    const error = await failure(client.call(name, {}));
    expect(kindOf(error)).toBe('business');
    expect(error.message).toBe(message);
    expect(error.details.operation).toBe(name);
    expect(fixture.requests).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('refuses a protected operation without a token, before any request', async () => {
    const { fixture, client } = await setup(() => ({ body: {} }), { token: undefined });
    for (const call of [
      client.getPayoutWallet(),
      client.setPayoutWallet({}),
      client.addDevice({ code: 'x' }),
    ]) {
      const error = await failure(call);
      expect(kindOf(error)).toBe('no-token');
      expect(error.message).toContain('NETDECK_TOKEN');
    }
    expect(fixture.requests).toHaveLength(0);
  });

  it('treats a blank token as no token', async () => {
    const { fixture, client } = await setup(() => ({ body: {} }), { token: '   ' });
    expect(client.hasToken).toBe(false);
    expect(kindOf(await failure(client.providerStats()))).toBe('no-token');
    expect(fixture.requests).toHaveLength(0);
  });
});

describe('refusals the service gives as a 500', () => {
  it('reach the caller as their reason, a business error, never retried; any other 500 stays a failure', async () => {
    const refusals = [
      'Wallet must be an active wallet owned by the network.',
      'Bittensor wallets cannot be the payout wallet.',
      'invalid blockchain, use SOL, MATIC, or TAO',
      'invalid wallet address',
      'User does not exist.',
    ];
    let next = 0;
    const { client, delays } = await setup(() => ({ status: 500, body: `${refusals[next++]}\n` }));
    for (const reason of refusals) {
      const error = await failure(client.getPayoutWallet());
      expect({ kind: error.kind, message: error.message, status: error.status }).toEqual({
        kind: 'business',
        message: reason,
        status: 500,
      });
    }
    expect(delays).toEqual([]);

    const { client: other } = await setup(() => ({
      status: 500,
      body: 'Error. Please email support@ur.io for help.\n',
    }));
    const error = await failure(other.getPayoutWallet());
    expect(error.kind).toBe('http');
    expect(error.message).toBe('payout wallet: 500 Error. Please email support@ur.io for help.');
  });
});
