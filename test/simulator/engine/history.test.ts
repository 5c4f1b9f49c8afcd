// The *-last-n statistics routes (reference behaviour): window rules, the 403, day and
// hour keys, gap-filling, client details, the network overview, the 30 s cache, and the
// 31 days of history a network's providers keep once a window longer than a day is asked.
import { describe, expect, it } from 'vitest';
import { SimError } from '../../../simulator/engine/index.ts';
import {
  LONG_HOURS,
  NOT_YOURS,
  resolveWindow,
  STATS_CACHE_MS,
} from '../../../simulator/engine/provider-history.ts';
import { SHORT_HOURS } from '../../../simulator/engine/tracks.ts';
import { MAX_LAST_N_HOURS, ZERO_UUID } from '../../../src/contract/schemas.ts';
import { MINUTE, rig } from './helpers.ts';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every UTC day from the one `from` falls in to the one `to` falls in. */
function daysBetween(from: number, to: number): string[] {
  const days: string[] = [];
  for (let t = Math.floor(from / DAY) * DAY; t <= to; t += DAY) days.push(day(t));
  return days;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

describe('the window', () => {
  it('is last_n hours, else lookback days, else 24 h, clamped to [1 h, 8784 h]', () => {
    expect(resolveWindow()).toBe(DAY);
    expect(resolveWindow(0)).toBe(DAY);
    expect(resolveWindow(-5)).toBe(DAY);
    expect(resolveWindow(168)).toBe(168 * HOUR);
    expect(resolveWindow(0.25)).toBe(HOUR);
    expect(resolveWindow(1e9)).toBe(MAX_LAST_N_HOURS * HOUR);
    expect(resolveWindow(undefined, 7)).toBe(7 * DAY);
    expect(resolveWindow(48, 7)).toBe(48 * HOUR);
    expect(resolveWindow(-1, -1)).toBe(DAY);
  });
});

describe('POST /stats/providers-last-n', () => {
  it('over 24 h (last_n absent, 0 or negative) gives the figures of /stats/providers', () => {
    const { engine, demo } = rig();
    const stats = engine.handle('providerStats', undefined, demo);
    for (const body of [{}, { last_n: 0 }, { last_n: -3 }]) {
      const lastN = engine.handle('providersLastN', body, demo);
      expect(lastN.providers).toHaveLength(stats.providers!.length);
      for (const provider of stats.providers!)
        expect(lastN.providers!.find((p) => p.client_id === provider.client_id)).toEqual(provider);
    }
  });

  it('over 7 days keeps the field names and covers the whole window', () => {
    const { engine, demo, clock } = rig();
    const day1 = engine.handle('providersLastN', { last_n: 24 }, demo);
    const week = engine.handle('providersLastN', { last_n: 168 }, demo);
    expect(week.created_time).toBe(new Date(clock.now()).toISOString());
    let longer = 0;
    for (const p of week.providers!) {
      const short = day1.providers!.find((q) => q.client_id === p.client_id)!;
      expect(p.uptime_last_24h).toBeLessThanOrEqual(168);
      expect(p.uptime_last_24h).toBeGreaterThanOrEqual(short.uptime_last_24h!);
      expect(p.transfer_data_last_24h).toBeGreaterThanOrEqual(short.transfer_data_last_24h!);
      if (p.uptime_last_24h! > 24) longer++;
      const events = p.connected_events_last_24h!;
      for (const event of events)
        expect(Date.parse(event.event_time!)).toBeGreaterThanOrEqual(clock.now() - 168 * HOUR);
      if (events.length) expect(events[events.length - 1].connected).toBe(p.connected);
    }
    expect(longer).toBeGreaterThan(0);
  });

  it('lists another network its own providers, and [] for a network without any', () => {
    const { engine } = rig();
    const other = engine.world.networks.ref(3);
    const answer = engine.handle(
      'providersLastN',
      { last_n: 48 },
      { networkId: other.id, networkName: other.name },
    );
    const p = engine.world.providers;
    for (const item of answer.providers!) expect(p.network[p.ids.index(item.client_id!, p.count)]).toBe(3);
    const empty = engine.ensureNetwork('brand-new');
    expect(
      engine.handle('providersLastN', {}, { networkId: empty.id, networkName: empty.name }).providers,
    ).toEqual([]);
  });
});

describe('POST /stats/provider-last-n', () => {
  it('refuses with 403 a provider of another network, an unknown id and a missing one', () => {
    const { engine, demo } = rig();
    const p = engine.world.providers;
    const foreign = p.ids.id(p.network.indexOf(5));
    for (const body of [
      { client_id: foreign },
      { client_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' },
      { client_id: ZERO_UUID },
      {},
    ]) {
      let error: unknown;
      try {
        engine.handle('providerLastN', body, demo);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(body)).toBeInstanceOf(SimError);
      expect((error as SimError).status).toBe(403);
      expect((error as SimError).message).toBe(NOT_YOURS);
    }
  });

  it('gives hourly uptime in minutes (hours with uptime only) and UTC days gap-filled from the window start to now', async () => {
    const { engine, demo, clock, advance } = rig();
    await advance(10.5 * HOUR);
    const own = engine.handle('providerStats', undefined, demo).providers!;
    for (const { client_id } of own.slice(0, 6)) {
      const answer = engine.handle('providerLastN', { client_id, last_n: 72 }, demo);
      expect(answer.lookback).toBe(3);
      const days = daysBetween(clock.now() - 72 * HOUR, clock.now());
      expect(days).toHaveLength(4);
      for (const field of ['transfer_data', 'payout', 'search_interest', 'contracts', 'clients'] as const)
        expect(Object.keys(answer[field]!), field).toEqual(days);
      for (const [hour, minutes] of Object.entries(answer.uptime!)) {
        expect(hour).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}$/);
        expect(minutes).toBeGreaterThan(0);
        expect(minutes).toBeLessThanOrEqual(60);
        expect(days).toContain(hour.slice(0, 10));
      }
      for (const n of [...Object.values(answer.search_interest!), ...Object.values(answer.contracts!)])
        expect(Number.isInteger(n)).toBe(true);
      // The minutes of the window add up to the hours /stats/providers-last-n gives.
      const hours = engine
        .handle('providersLastN', { last_n: 72 }, demo)
        .providers!.find((p) => p.client_id === client_id)!.uptime_last_24h!;
      expect(sum(answer.uptime!) / 60).toBeCloseTo(hours, 1);
      // The served clients share each day's transfer.
      for (const [d, gib] of Object.entries(answer.transfer_data!)) {
        const shared = answer.client_details!.reduce((total, c) => total + (c.transfer_data?.[d] ?? 0), 0);
        expect(shared).toBeCloseTo(gib, 4);
      }
      for (const detail of answer.client_details!)
        for (const gib of Object.values(detail.transfer_data!)) expect(gib).toBeGreaterThan(0);
    }
  });

  it('reads lookback days when last_n is absent, and last_n wins over it', () => {
    const { engine, demo } = rig();
    const client_id = engine.handle('providerStats', undefined, demo).providers![0].client_id!;
    expect(engine.handle('providerLastN', { client_id, lookback: 7 }, demo).lookback).toBe(7);
    expect(engine.handle('providerLastN', { client_id, lookback: 7, last_n: 30 }, demo).lookback).toBe(2);
    expect(engine.handle('providerLastN', { client_id }, demo).lookback).toBe(1);
    const year = engine.handle('providerLastN', { client_id, last_n: 1e6 }, demo);
    expect(year.lookback).toBe(366);
    // Days older than the 31 kept read 0.
    const days = Object.keys(year.transfer_data!);
    expect(days).toHaveLength(367);
    expect(sum(Object.fromEntries(days.slice(0, 300).map((d) => [d, year.transfer_data![d]])))).toBe(0);
  });

  it('lists a connection change made between ticks in /stats/providers at once, as its connected flag', async () => {
    const { engine, demo, clock, advance } = rig();
    await advance(9.5 * MINUTE); // half a minute after a tick
    const stats = () => engine.handle('providerStats', undefined, demo).providers!;
    const { client_id } = stats().find((p) => p.connected)!;
    engine.setProviderConnected(client_id!, false);
    const listed = stats().find((p) => p.client_id === client_id)!;
    expect([listed.connected, listed.connected_events_last_24h?.at(-1)]).toEqual([
      false,
      { event_time: new Date(clock.now()).toISOString(), connected: false },
    ]);
  });

  it('records a connection change made now, in the events and the hour it falls in', async () => {
    const { engine, demo, clock, advance } = rig();
    await advance(10 * MINUTE);
    const { client_id } = engine
      .handle('providerStats', undefined, demo)
      .providers!.find((p) => p.connected)!;
    expect(engine.setProviderConnected(client_id!, false)).toBe(true);
    expect(engine.setProviderConnected(client_id!, false)).toBe(false);
    // One tick later (an own provider comes back within half an hour on average).
    const since = MINUTE;
    await advance(since);
    const answer = engine.handle('providerLastN', { client_id, last_n: 1 }, demo);
    // A connection closed since counts nothing, as the service counts uptime.
    expect(answer.uptime).toEqual({});
    const listed = engine
      .handle('providersLastN', { last_n: 1 }, demo)
      .providers!.find((p) => p.client_id === client_id)!;
    expect(listed.connected).toBe(false);
    expect(listed.connected_events_last_24h).toContainEqual({
      event_time: new Date(clock.now() - since).toISOString(),
      connected: false,
    });
    expect(engine.setProviderConnected('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', true)).toBeUndefined();
    expect(engine.invariants()).toEqual([]);
  });

  it('refuses to connect a stale or a removed client, as the ticks never do; disconnecting stays free', () => {
    const { engine, demo } = rig({ era: 'current' });
    const world = engine.world;
    expect(world.fleet.staleCount).toBeGreaterThan(0);
    const stale = world.providers.ids.id(world.fleet.staleFrom);
    expect(engine.setProviderConnected(stale, true)).toMatch(/stale client: its device came back/);
    expect(world.providers.connected[world.fleet.staleFrom]).toBe(0);
    const own = engine.handle('networkClients', undefined, demo).clients!.find((c) => c.connections?.length)!;
    expect(engine.handle('removeClient', { client_id: own.client_id }, demo)).toEqual({});
    expect(engine.setProviderConnected(own.client_id!, true)).toMatch(/removed from its network/);
    expect(engine.invariants()).toEqual([]);
  });
});

describe('POST /stats/providers-overview-last-n', () => {
  it("sums the network's providers by day and averages their uptime, gap-filled", async () => {
    const { engine, demo, clock, advance } = rig();
    await advance(6 * HOUR);
    const overview = engine.handle('providersOverviewLastN', { last_n: 168 }, demo);
    expect(overview.lookback).toBe(7);
    const days = daysBetween(clock.now() - 168 * HOUR, clock.now());
    expect(Object.keys(overview.uptime!)).toEqual(days);
    expect(Object.keys(overview.transfer_data!)).toEqual(days);
    for (const hours of Object.values(overview.uptime!)) expect(hours).toBeLessThanOrEqual(24);
    const own = engine.handle('providerStats', undefined, demo).providers!;
    const perProvider = own.map((p) =>
      engine.handle('providerLastN', { client_id: p.client_id, last_n: 168 }, demo),
    );
    for (const d of days) {
      expect(overview.transfer_data![d]).toBeCloseTo(
        perProvider.reduce((total, one) => total + one.transfer_data![d], 0),
        3,
      );
      expect(overview.contracts![d]).toBe(perProvider.reduce((total, one) => total + one.contracts![d], 0));
      const minutes = perProvider.reduce(
        (total, one) =>
          total + sum(Object.fromEntries(Object.entries(one.uptime!).filter(([hour]) => hour.startsWith(d)))),
        0,
      );
      expect(overview.uptime![d]).toBeCloseTo(minutes / 60 / own.length, 1);
    }
  });

  it('gives zeros for a network without providers', () => {
    const { engine } = rig();
    const empty = engine.ensureNetwork('nobody-here');
    const overview = engine.handle(
      'providersOverviewLastN',
      { lookback: 2 },
      { networkId: empty.id, networkName: empty.name },
    );
    expect(Object.keys(overview.payout!)).toHaveLength(3);
    for (const field of [
      'uptime',
      'transfer_data',
      'payout',
      'search_interest',
      'contracts',
      'clients',
    ] as const)
      expect(
        Object.values(overview[field]!).every((v) => v === 0),
        field,
      ).toBe(true);
  });
});

describe('the cache and the history kept', () => {
  it('answers the same body of the same network from a 30 s cache', async () => {
    const { engine, demo, advance } = rig();
    const first = engine.handle('providersOverviewLastN', { last_n: 48 }, demo);
    await advance(STATS_CACHE_MS - 1);
    // A tick went by: the figures moved, the cached answer did not.
    expect(engine.handle('providersOverviewLastN', { last_n: 48 }, demo)).toBe(first);
    // Another body is another entry; a zero field is the same body as an absent one.
    expect(engine.handle('providersOverviewLastN', { last_n: 24 }, demo)).not.toBe(first);
    expect(engine.handle('providersOverviewLastN', { last_n: 48, lookback: 0 }, demo)).toBe(first);
    await advance(1);
    const next = engine.handle('providersOverviewLastN', { last_n: 48 }, demo);
    expect(next).not.toBe(first);
    expect(Date.parse(next.created_time!) - Date.parse(first.created_time!)).toBe(STATS_CACHE_MS);
  });

  it('keeps 31 days of hourly figures per provider in fixed-size typed arrays, and days of ticks show in them', async () => {
    const { engine, demo, clock, advance } = rig({ ownProviders: 4 });
    engine.handle('providersOverviewLastN', { last_n: 720 }, demo);
    await advance(2 * DAY);
    const month = engine.handle('providersOverviewLastN', { last_n: 720 }, demo);
    expect(Object.keys(month.transfer_data!)).toHaveLength(31);
    expect(month.transfer_data![day(clock.now() - DAY)]).toBeGreaterThan(0);
    for (const i of engine.world.networkProviders.get(0)!) {
      const track = engine.world.tracks.get(i)!;
      expect(track.hours).toBe(LONG_HOURS);
      expect(track.buckets).toBeInstanceOf(Float64Array);
      expect(track.buckets.length).toBe(LONG_HOURS * 5);
      for (const event of track.events) expect(event.time).toBeGreaterThan(clock.now() - LONG_HOURS * HOUR);
    }
    expect(engine.invariants()).toEqual([]);
  });

  it("keeps 24 hours for a window they cover (the console's idle hours), answered as from 31 days", async () => {
    const short = rig({ ownProviders: 4 });
    const long = rig({ ownProviders: 4 });
    await short.advance(3 * HOUR);
    await long.advance(3 * HOUR);
    long.engine.handle('providersLastN', { last_n: 720 }, long.demo);
    for (const last_n of [6, 24]) {
      const answer = short.engine.handle('providersLastN', { last_n }, short.demo);
      expect(answer).toEqual(long.engine.handle('providersLastN', { last_n }, long.demo));
    }
    for (const i of short.engine.world.networkProviders.get(0)!)
      expect(short.engine.world.tracks.get(i)!.hours).toBe(SHORT_HOURS);
    short.engine.handle('providersLastN', { last_n: 25 }, short.demo);
    for (const i of short.engine.world.networkProviders.get(0)!)
      expect(short.engine.world.tracks.get(i)!.hours).toBe(LONG_HOURS);
  });

  it('gives the same answers for the same seed, requests and clock', async () => {
    const answers = async () => {
      const { engine, demo, advance } = rig();
      await advance(3 * HOUR);
      const id = engine.handle('providerStats', undefined, demo).providers![2].client_id;
      return JSON.stringify([
        engine.handle('providersLastN', { last_n: 100 }, demo),
        engine.handle('providerLastN', { client_id: id, last_n: 700 }, demo),
        engine.handle('providersOverviewLastN', { lookback: 30 }, demo),
      ]);
    };
    expect(await answers()).toBe(await answers());
  });
});
