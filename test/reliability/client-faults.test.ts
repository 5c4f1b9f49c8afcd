// The client against the simulator's faults: slow, flaky, throttled, restarted, and
// answering garbage. Short timeouts and back-off keep each case fast.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../simulator/index.ts';
import { type ClientOptions, createClient } from '../../src/api/client.ts';
import { ApiError, describeError } from '../../src/api/errors.ts';
import { expectNoLeak } from '../security/secrets.ts';
import { send } from './raw.ts';

const WORLD = {
  seed: 5,
  providers: 300,
  locations: 120,
  ownProviders: 6,
  admin: true,
} satisfies SimulatorOptions;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

async function simulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await createSimulator({ ...WORLD, ...options });
  open.push(sim);
  return sim;
}

function clientOf(url: string, token: string, options: Partial<ClientOptions> = {}) {
  const client = createClient({
    baseUrl: url,
    token,
    headersTimeoutMs: 300,
    bodyTimeoutMs: 300,
    retries: 0,
    retryBaseDelayMs: 10,
    retryMaxDelayMs: 50,
    ...options,
  });
  open.unshift(client);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('client against simulator faults', () => {
  it('times out when the simulator is slower than the client allows, and works once it is fast again', async () => {
    const sim = await simulator();
    // Through the admin route, as `netdeck sim --admin` users would.
    const set = await send(sim.url, 'POST', '/__sim/faults', {
      headers: { 'content-type': 'application/json', 'x-sim-admin': sim.adminSecret! },
      body: JSON.stringify({ latency_ms: 2500 }),
    });
    expect(set.status).toBe(200);
    const client = clientOf(sim.url, sim.token);
    const error = await failure(client.providerStats());
    expect(error.kind).toBe('timeout');
    sim.admin.setFaults({});
    await expect(client.providerStats()).resolves.toHaveProperty('providers');
  });

  it('recovers by retrying when the simulator fails at a rate', async () => {
    const sim = await simulator();
    sim.admin.setFaults({ error_rate: 0.5, status: 500 });
    let retries = 0;
    const client = clientOf(sim.url, sim.token, { retries: 8, onRetry: () => retries++ });
    for (let i = 0; i < 12; i++) {
      const stats = await client.networkStats();
      expect(stats.lookback).toBe(90);
    }
    expect(retries).toBeGreaterThan(0);
    // A POST is not retried: with every request failing it fails at once, with the status.
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    const error = await failure(client.findProviderLocations({ query: 'a' }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
  });

  it('honours Retry-After on 503 and gets the answer after waiting', async () => {
    const sim = await simulator();
    sim.admin.setFaults({ error_rate: 1, status: 503, retry_after_s: 2 });
    const delays: number[] = [];
    const client = clientOf(sim.url, sim.token, {
      retries: 2,
      retryMaxDelayMs: 10_000,
      sleep: async (ms) => {
        delays.push(ms);
        // The service comes back while the client waits.
        sim.admin.setFaults({});
      },
    });
    await expect(client.deviceAssociations()).resolves.toBeTypeOf('object');
    expect(delays).toEqual([2000]);
  });

  it('survives the simulator stopping mid-session: a restart on the same port, seed and key accepts the old token', async () => {
    // The signing key a --key-file keeps across restarts.
    const signingKey = new Uint8Array(32).fill(7);
    const first = await createSimulator({ ...WORLD, signingKey });
    const port = Number(new URL(first.url).port);
    const token = first.token;
    const client = clientOf(first.url, token);
    const before = await client.providerStats();
    expect(before.providers?.length).toBeGreaterThan(0);

    await first.close();
    const down = await failure(client.providerStats());
    expect(down.kind).toBe('network');

    // Back on the same port while the client is retrying: the call in flight recovers.
    let second: Simulator | undefined;
    const retrying = clientOf(first.url, token, {
      retries: 3,
      sleep: async () => {
        second ??= await simulator({ port, signingKey });
      },
    });
    const after = await retrying.providerStats();
    expect(second?.url).toBe(first.url);
    expect(after.providers?.map((p) => p.client_id).sort()).toEqual(
      before.providers?.map((p) => p.client_id).sort(),
    );
    // The first client, untouched since the failure, works again too.
    await expect(client.deviceAssociations()).resolves.toBeTypeOf('object');
  });

  it('reports a malformed body and a wrong shape as shape errors, naming the field', async () => {
    const sim = await simulator();
    const client = clientOf(sim.url, sim.token, { retries: 3 });
    sim.admin.setFaults({ body: 'malformed' });
    const malformed = await failure(client.networkStats());
    expect(malformed.kind).toBe('shape');
    expect(malformed.message).toContain('not valid JSON');

    sim.admin.setFaults({ body: 'wrong-shape' });
    const wrong = await failure(client.networkStats());
    expect(wrong.kind).toBe('shape');
    expect(wrong.details.path).toMatch(/^[a-z_0-9]+/);
    expect(wrong.message).toContain(`at ${wrong.details.path}`);

    sim.admin.setFaults({});
    await expect(client.networkStats()).resolves.toHaveProperty('lookback', 90);
  });

  it('never shows the token in what it says about any of these faults', async () => {
    const log: string[] = [];
    const sim = await simulator({ log: (line) => log.push(line) });
    const client = clientOf(sim.url, sim.token);
    const messages: Record<string, string> = {};
    for (const [name, faults] of Object.entries({
      slow: { latency_ms: 2500 },
      failing: { error_rate: 1, status: 500 },
      throttled: { error_rate: 1, status: 503, retry_after_s: 1 },
      malformed: { body: 'malformed' as const },
      wrongShape: { body: 'wrong-shape' as const },
    })) {
      sim.admin.setFaults(faults);
      messages[name] = describeError(await failure(client.deviceAssociations()));
    }
    expectNoLeak({ ...messages, 'simulator log': log.join('\n') }, sim.token);
    expect(log.length).toBeGreaterThan(0);
  });
});
