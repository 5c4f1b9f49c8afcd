// Served clients agree with the counts, over the whole demo world in both eras: the
// clients of a day (or of the 24 hours) come from the same contracts as the contracts
// counted (a client at least exactly when a contract, never more clients than contracts),
// and the clients listed with their traffic are those of the days' counts, sharing each
// day's transfer.
import { afterEach, describe, expect, it } from 'vitest';
import { ERAS } from '../../../src/contract/eras.ts';
import { type SimHarness, startSim } from './harness.ts';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The default demo world: 5000 providers, 24 of them the demo network's. */
const DEMO_WORLD = { providers: 5000, locations: 2000, ownProviders: 24, seed: 1 };
const WINDOW_HOURS = 720;

type Days = Record<string, number>;

async function checkNetwork(h: SimHarness, token: string, label: string): Promise<number> {
  const client = h.clientFor(token);
  const day = await client.providerStats();
  for (const p of day.providers ?? []) {
    const where = `${label} ${p.client_id} 24 h`;
    expect(p.clients_last_24h! >= 1, where).toBe(p.contracts_last_24h! >= 1);
    expect(p.clients_last_24h!, where).toBeLessThanOrEqual(p.contracts_last_24h!);
  }
  const window = await client.providersLastN({ last_n: WINDOW_HOURS });
  const overview = await client.providersOverviewLastN({ last_n: WINDOW_HOURS });
  const clientsByDay: Days = {};
  const contractsByDay: Days = {};
  for (const p of window.providers ?? []) {
    const where = `${label} ${p.client_id}`;
    expect(p.clients_last_24h! >= 1, where).toBe(p.contracts_last_24h! >= 1);
    expect(p.clients_last_24h!, where).toBeLessThanOrEqual(p.contracts_last_24h!);
    const one = await client.providerLastN({ client_id: p.client_id!, last_n: WINDOW_HOURS });
    const clients = one.clients as Days;
    const contracts = one.contracts as Days;
    const transfer = one.transfer_data as Days;
    const details = one.client_details ?? [];
    for (const [d, count] of Object.entries(clients)) {
      expect(count >= 1, `${where} ${d}`).toBe(contracts[d] >= 1);
      expect(count, `${where} ${d}`).toBeLessThanOrEqual(contracts[d]);
      // The clients listed that day are the day's clients, sharing its transfer.
      const served = details.filter((c) => (c.transfer_data?.[d] ?? 0) > 0);
      expect(served.length, `${where} ${d} served`).toBe(transfer[d] > 0 ? count : 0);
      const shared = served.reduce((sum, c) => sum + (c.transfer_data?.[d] ?? 0), 0);
      expect(Math.abs(shared - transfer[d]), `${where} ${d} shares`).toBeLessThan(1e-5 * (count + 1));
      clientsByDay[d] = (clientsByDay[d] ?? 0) + count;
      contractsByDay[d] = (contractsByDay[d] ?? 0) + contracts[d];
    }
    // Over the window: the distinct clients listed, between the busiest day's and the sum of the days'.
    const distinct = new Set(details.map((c) => c.client_id)).size;
    expect(distinct, where).toBe(p.clients_last_24h);
    expect(distinct).toBeGreaterThanOrEqual(Math.max(0, ...Object.values(clients)));
    expect(distinct).toBeLessThanOrEqual(Object.values(clients).reduce((a, b) => a + b, 0));
  }
  // The overview counts the same clients (each provider serves clients of its own).
  expect(overview.clients, label).toEqual(clientsByDay);
  expect(overview.contracts, label).toEqual(contractsByDay);
  return window.providers?.length ?? 0;
}

describe('served clients agree with the counts', () => {
  for (const era of ERAS) {
    it(`over every provider of the demo network and three others (${era} era), now and two hours on`, async () => {
      h = await startSim({ ...DEMO_WORLD, era });
      const others = [1, 2, 3].map((n) => h!.sim.admin.token(h!.sim.engine.world.networks.names[n]).token);
      for (const round of ['now', 'later']) {
        if (round === 'later') await h.advance(2 * 3600);
        expect(await checkNetwork(h, h.sim.token, `${era} demo ${round}`)).toBe(
          24 + h.sim.engine.world.fleet.staleCount,
        );
        for (const [k, token] of others.entries())
          await checkNetwork(h, token, `${era} network ${k + 1} ${round}`);
      }
    }, 60_000);
  }

  it('a provider whose days count several clients lists that many clients served on those days', async () => {
    h = await startSim({ ...DEMO_WORLD, era: 'current' });
    const { providers } = await h.client.providersLastN({ last_n: 168 });
    const busiest = providers!.reduce((a, b) => (b.clients_last_24h! > a.clients_last_24h! ? b : a));
    const week = await h.client.providerLastN({ client_id: busiest.client_id!, last_n: 168 });
    const counts = Object.values(week.clients as Days).filter((n) => n > 0);
    expect(counts.length).toBeGreaterThan(2);
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(week.client_details!.length).toBeGreaterThan(1);
    expect(week.client_details!.length).toBe(busiest.clients_last_24h);
  });
});
