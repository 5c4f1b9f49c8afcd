// Injected faults: latency, failures at a rate with status and Retry-After, corrupted
// 200 bodies; only on the 11 operations.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { MAX_LATENCY_MS } from '../../../src/contract/admin.ts';
import { type Harness, json, send, startFake } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startFake();
});
afterEach(async () => {
  await h.sim.close();
});

const setFaults = (faults: object) => send(h.sim.url, 'POST', '/__sim/faults', { body: json(faults) });

describe('faults', () => {
  it('adds latency before answering an operation, not the admin routes or /openapi.json', async () => {
    expect((await setFaults({ latency_ms: 150 })).status).toBe(200);
    // A lower bound only: a busy machine makes a request slower, never faster than its timer.
    const started = performance.now();
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);

    // Ten minutes: these answer at all (held, they would time the test out).
    await setFaults({ latency_ms: MAX_LATENCY_MS });
    expect((await send(h.sim.url, 'GET', '/openapi.json')).status).toBe(200);
    expect((await send(h.sim.url, 'GET', '/__sim/codes')).status).toBe(200);
  });

  it('fails every operation at error_rate 1 with the status, a plain-text body and Retry-After', async () => {
    await setFaults({ error_rate: 1, status: 503, retry_after_s: 7 });
    const res = await send(h.sim.url, 'GET', '/stats/last-90');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['retry-after']).toBe('7');
    expect(res.text).toMatch(/simulated failure/);
    // Default status 500, no Retry-After unless asked.
    await setFaults({ error_rate: 1 });
    const plain = await send(h.sim.url, 'POST', '/network/find-provider-locations', { body: '{}' });
    expect(plain.status).toBe(500);
    expect(plain.headers['retry-after']).toBeUndefined();
    // Admin routes and the document are never failed.
    expect((await send(h.sim.url, 'GET', '/openapi.json')).status).toBe(200);
    expect((await send(h.sim.url, 'GET', '/__sim/codes')).status).toBe(200);
  });

  it('fails about error_rate of the requests, in the same pattern for the same seed', async () => {
    const pattern = async (harness: Harness) => {
      await send(harness.sim.url, 'POST', '/__sim/faults', { body: json({ error_rate: 0.3 }) });
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++)
        statuses.push((await send(harness.sim.url, 'GET', '/stats/last-90')).status);
      return statuses;
    };
    const first = await pattern(h);
    const failures = first.filter((status) => status === 500).length;
    expect(failures).toBeGreaterThan(15);
    expect(failures).toBeLessThan(45);
    const twin = await startFake();
    try {
      expect(await pattern(twin)).toEqual(first);
    } finally {
      await twin.sim.close();
    }
  });

  it('turns a fault off with 0 or by leaving it out', async () => {
    // Ten minutes of latency left on would hold the answer past the test's timeout.
    await setFaults({ error_rate: 1, latency_ms: MAX_LATENCY_MS });
    await setFaults({ error_rate: 0 });
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).status).toBe(200);
  });

  it('replaces 200 bodies by invalid JSON ("malformed"), which the client reports as a shape error', async () => {
    await setFaults({ body: 'malformed' });
    const res = await send(h.sim.url, 'GET', '/stats/last-90');
    expect(res.status).toBe(200);
    expect(() => JSON.parse(res.text)).toThrow();
    const client = createClient({ baseUrl: h.sim.url, token: h.sim.token, retries: 0 });
    try {
      const error = await client.networkStats().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('shape');
      expect((error as ApiError).message).toMatch(/not valid JSON/);
    } finally {
      await client.close();
    }
  });

  it('replaces 200 bodies by JSON of the wrong shape ("wrong-shape")', async () => {
    await setFaults({ body: 'wrong-shape' });
    const res = await send(h.sim.url, 'POST', '/network/find-providers2', { body: '{}' });
    expect(res.status).toBe(200);
    expect(typeof (res.json() as { providers: unknown }).providers).toBe('string');
    const client = createClient({ baseUrl: h.sim.url, token: h.sim.token, retries: 0 });
    try {
      const providers = await client.findProviders({}).catch((e: unknown) => e);
      expect((providers as ApiError).kind).toBe('shape');
      expect((providers as ApiError).message).toMatch(/at providers/);
      // An empty answer ({}) becomes an array, which is not an object either.
      const setWallet = await client
        .setPayoutWallet({ wallet_id: h.engine.walletOf(h.engine.demoNetwork.id) })
        .catch((e: unknown) => e);
      expect((setWallet as ApiError).kind).toBe('shape');
    } finally {
      await client.close();
    }
  });

  it('starts with the faults given as options (--latency, --error-rate)', async () => {
    await h.sim.close();
    h = await startFake({ errorRate: 1 });
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).status).toBe(500);
    await h.sim.close();
    h = await startFake({ latencyMs: 120 });
    const started = performance.now();
    await send(h.sim.url, 'GET', '/stats/last-90');
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });
});
