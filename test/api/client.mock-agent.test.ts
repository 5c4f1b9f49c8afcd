// Faults a real server cannot easily make on demand, through undici's MockAgent passed
// as the client's dispatcher: a socket torn down before any answer.
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';

const ORIGIN = 'http://api.test';
const TOKEN = 'header.payload-of-a-test-token.signature';

let agent: MockAgent;
beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

function client(delays: number[] = []) {
  return createClient({
    baseUrl: ORIGIN,
    token: TOKEN,
    dispatcher: agent,
    retryBaseDelayMs: 250,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
}

describe('client on a MockAgent', () => {
  it('retries a GET whose connection was reset and returns the next answer', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/stats/providers', method: 'GET' }).replyWithError(reset());
    pool.intercept({ path: '/stats/providers', method: 'GET' }).replyWithError(reset());
    pool
      .intercept({
        path: '/stats/providers',
        method: 'GET',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      .reply(200, { created_time: '2026-01-01T00:00:00Z', providers: [] });
    const delays: number[] = [];
    await expect(client(delays).providerStats()).resolves.toEqual({
      created_time: '2026-01-01T00:00:00Z',
      providers: [],
    });
    expect(delays).toEqual([250, 500]);
    agent.assertNoPendingInterceptors();
  });

  it('reports a reset POST as a network error and does not send it again', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/device/add', method: 'POST' }).replyWithError(reset());
    pool.intercept({ path: '/device/add', method: 'POST' }).reply(200, { code_type: 'adopt' });
    const delays: number[] = [];
    const error = await client(delays)
      .addDevice({ code: 'abandon ability able about above absent' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect((error as ApiError).message).toContain('ECONNRESET');
    expect(delays).toEqual([]);
    // The second answer was never asked for.
    expect(agent.pendingInterceptors()).toHaveLength(1);
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    const pool = agent.get(ORIGIN);
    const at = new Date(Date.now() + 30_000).toUTCString();
    pool
      .intercept({ path: '/stats/last-90', method: 'GET' })
      .reply(503, 'busy', { headers: { 'retry-after': at } });
    pool.intercept({ path: '/stats/last-90', method: 'GET' }).reply(200, { lookback: 90 });
    const delays: number[] = [];
    await expect(client(delays).networkStats()).resolves.toEqual({ lookback: 90 });
    expect(delays).toHaveLength(1);
    // Whole seconds in the date, less what time a busy machine spent since: at most 30 s,
    // and far more than the back-off's 250 ms.
    expect(delays[0]).toBeGreaterThan(15_000);
    expect(delays[0]).toBeLessThanOrEqual(30_000);
  });
});
