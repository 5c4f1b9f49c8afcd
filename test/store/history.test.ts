// The history stores (the *-last-n routes for the console's charts): against the
// simulator over a socket, what a chart of 24 hours, 7 or 30 days would draw; and the
// conversion of answers that are odd or hostile.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { createClientsStore } from '../../src/store/clients.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import {
  createHistoryStores,
  type HistoryStores,
  networkHistory,
  nextWindow,
  providerHistory,
} from '../../src/store/history.ts';

const HOUR = 3_600_000;

let sim: Simulator;
let client: ApiClient;
let clock: ManualClock;
let calls: string[];
let history: HistoryStores;

beforeEach(async () => {
  // Half past ten: a window of whole days reaches into one more UTC day.
  clock = new ManualClock(Date.parse('2026-01-01T10:30:00Z'));
  sim = await createSimulator({ seed: 9, clock, providers: 800, locations: 80, ownProviders: 5 });
  calls = [];
  client = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
  const counted = new Proxy(client, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        calls.push(name);
        return value.apply(target, args);
      };
    },
  });
  const deps = { client: counted, clock, connection: createConnectionStore() };
  const clients = createClientsStore(deps);
  await clients.getState().refresh();
  calls = [];
  history = createHistoryStores(deps, { clients });
});
afterEach(async () => {
  history.stop();
  await client.close();
  await sim.close();
});

describe('history stores', () => {
  it('load nothing until asked, then the network by day for 24 h, 7 d and 30 d as the window cycles', async () => {
    expect(calls).toEqual([]);
    history.view.getState().cycleWindow();
    expect(calls).toEqual([]);
    history.view.getState().setWindow('24h');
    await history.overview.getState().refresh();
    let data = history.overview.getState().data!;
    expect(data.window).toBe('24h');
    expect(data.days).toEqual(['2025-12-31', '2026-01-01']);
    expect(data.uptime).toHaveLength(2);
    for (const hours of data.uptime) expect(hours).toBeLessThanOrEqual(24);
    expect(data.createdAt).toBe(clock.now());

    const loaded = async () => {
      while (history.overview.getState().loading) await new Promise((resolve) => setTimeout(resolve, 1));
      return history.overview.getState().data!;
    };
    history.view.getState().cycleWindow();
    data = await loaded();
    expect(data.window).toBe('7d');
    expect(data.days).toHaveLength(8);
    history.view.getState().cycleWindow();
    data = await loaded();
    expect(data.window).toBe('30d');
    expect(data.days).toHaveLength(31);
    expect(data.days[0]).toBe('2025-12-02');
    expect(data.transfer.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // Only the resource in use asked the service.
    expect(calls.every((name) => name === 'providersOverviewLastN')).toBe(true);
    expect(nextWindow('30d')).toBe('24h');
  });

  it("give a provider's uptime hour by hour over the window, its days, and the clients it served", async () => {
    await history.providers.getState().refresh();
    const listed = history.providers.getState().data!;
    expect(listed.window).toBe('24h');
    // Device names from /network/clients, as My providers shows them.
    expect(listed.providers!.every((p) => typeof p.device_name === 'string')).toBe(true);
    const { client_id, uptime_last_24h } = listed.providers![0];
    history.view.getState().showProvider(client_id);
    while (history.provider.getState().data === undefined)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const one = history.provider.getState().data!;
    expect(one.clientId).toBe(client_id);
    expect(one.hourly.minutes).toHaveLength(25);
    expect(one.hourly.firstHour).toBe(Math.floor(clock.now() / HOUR) - 24);
    expect(one.hourly.minutes.reduce((a, b) => a + b, 0) / 60).toBeCloseTo(uptime_last_24h!, 1);
    expect(one.uptime.reduce((a, b) => a + b, 0)).toBeCloseTo(uptime_last_24h!, 1);
    const served = one.servedClients.map((c) => c.transfer);
    expect(served).toEqual([...served].sort((a, b) => b - a));
    expect(served.reduce((a, b) => a + b, 0)).toBeCloseTo(
      one.transfer.reduce((a, b) => a + b, 0),
      3,
    );

    history.view.getState().setWindow('30d');
    while (history.provider.getState().data?.window !== '30d')
      await new Promise((resolve) => setTimeout(resolve, 1));
    expect(history.provider.getState().data!.hourly.minutes).toHaveLength(721);
    expect(history.providers.getState().data!.window).toBe('30d');
  });

  it('report a refusal (another network’s provider) beside the data, as every resource does', async () => {
    history.view.getState().showProvider('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b');
    while (!history.provider.getState().error) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(history.provider.getState().error?.message).toMatch(/403/);
  });
});

describe('history series from odd answers', () => {
  it('keep well-formed days only, in order, with 0 where a figure is missing or not a number', () => {
    const data = networkHistory(
      {
        created_time: 'not a time',
        uptime: { '2026-01-02': 3, '2026-01-01': 2, __proto__: 5, 'x\u001b[31m': 9 } as Record<
          string,
          number
        >,
        transfer_data: { '2026-01-01': 1.5, '2026-01-03': Number.NaN },
        payout: {},
      },
      '7d',
    );
    expect(data.days).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(data.uptime).toEqual([2, 3, 0]);
    expect(data.transfer).toEqual([1.5, 0, 0]);
    expect(data.payout).toEqual([0, 0, 0]);
    expect(data.createdAt).toBeUndefined();
  });

  it("place each hour's minutes in the window, within 0-60, and drop hours outside it", () => {
    const now = Date.parse('2026-01-01T10:30:00Z');
    const data = providerHistory(
      {
        created_time: new Date(now).toISOString(),
        uptime: {
          '2026-01-01-10': 30,
          '2026-01-01-09': 600,
          '2025-12-31-11': 12,
          '2025-12-31-10': 60,
          '2025-12-31-09': 7,
          '2026-01-01-1': 5,
        },
        client_details: [
          { transfer_data: { '2026-01-01': 1 } },
          { client_id: 'b', transfer_data: { bad: 9 } },
        ],
      },
      '24h',
      'c',
      now,
    );
    expect(data.hourly.minutes).toHaveLength(25);
    expect(data.hourly.minutes[24]).toBe(30);
    expect(data.hourly.minutes[23]).toBe(60);
    expect(data.hourly.minutes[1]).toBe(12);
    expect(data.hourly.minutes[0]).toBe(60);
    expect(data.hourly.minutes.reduce((a, b) => a + b, 0)).toBe(162);
    expect(data.servedClients).toEqual([{ clientId: 'b', transfer: 0 }]);
  });
});
