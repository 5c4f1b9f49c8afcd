// A real simulator (engine + HTTP) on port 0 with a ManualClock, and API clients for it.

import { createSimulator, type Simulator, type SimulatorOptions } from '../../../simulator/index.ts';
import { type ApiClient, createClient } from '../../../src/api/client.ts';
import { ManualClock } from '../../../src/clock.ts';

/** A small world: quick to generate, big enough for every behaviour. */
export const TEST_WORLD = { providers: 1_500, locations: 150, ownProviders: 8 } as const;

export interface SimHarness {
  sim: Simulator;
  clock: ManualClock;
  /** Client of the demo network. */
  client: ApiClient;
  /** A client with another token (closed with the harness). */
  clientFor(token: string): ApiClient;
  /** Moves simulated time forward through the admin route (ticks run). */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSim(options: SimulatorOptions = {}): Promise<SimHarness> {
  const clock = new ManualClock();
  const sim = await createSimulator({ seed: 42, clock, admin: true, ...TEST_WORLD, ...options });
  const clients: ApiClient[] = [];
  const clientFor = (token: string) => {
    const client = createClient({ baseUrl: sim.url, token, retries: 0 });
    clients.push(client);
    return client;
  };
  return {
    sim,
    clock,
    client: clientFor(sim.token),
    clientFor,
    advance: async (seconds) => {
      await sim.admin.advance(seconds);
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await sim.close();
    },
  };
}

/** Raw GET/POST with fetch, for comparing exact response texts. */
export async function raw(
  sim: Simulator,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  // The admin routes want their secret (see test/simulator/http/admin.test.ts for without).
  if (path.startsWith('/__sim/') && sim.adminSecret) headers['x-sim-admin'] = sim.adminSecret;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}
