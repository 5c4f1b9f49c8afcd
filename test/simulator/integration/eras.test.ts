// The API client against the simulator in each era of the service, over sockets: the
// search that works on both, provider-locations, find-providers2's counts and spec
// clients, the units of last-90, and a search too long to answer that stalls nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocationSearch } from '../../../src/api/location-search.ts';
import { HTTP_TEXT } from '../../../src/contract/messages.ts';
import { timed } from '../../bench-figures.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

const UNKNOWN_ID = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

describe.each(['current', 'seed'] as const)('the %s era', (era) => {
  let h: SimHarness;
  beforeAll(async () => {
    h = await startSim({ era });
  });
  afterAll(() => h.close());

  const countryOf = async () =>
    (await h.client.providerLocations()).locations!.find((l) => l.location_type === 'country')!;

  it('lists where providers are: countries only today, every kind and groups in the seed era', async () => {
    const listed = await h.client.providerLocations();
    const types = new Set(listed.locations!.map((l) => l.location_type));
    if (era === 'current') {
      expect([...types]).toEqual(['country']);
      expect(listed.groups).toEqual([]);
      expect(listed.country_count).toBe(listed.locations!.length);
    } else {
      expect([...types].sort()).toEqual(['city', 'country', 'region']);
      expect(listed.groups!.length).toBeGreaterThan(0);
    }
  });

  it('finds Germany by search, whichever operation the era has', async () => {
    const notices: string[] = [];
    const search = createLocationSearch(h.client, (notice) => notices.push(notice));
    const first = await search.search('germ');
    const second = await search.search('germany');
    for (const answer of [first, second])
      expect(
        answer.result.locations!.some((l) => l.name === 'Germany' && l.location_type === 'country'),
      ).toBe(true);
    expect(first.via).toBe(era === 'current' ? 'find-provider-locations' : 'find-locations');
    expect(notices).toHaveLength(era === 'current' ? 1 : 0);
    expect(search.findLocationsGone).toBe(era === 'current');
  });

  it('samples the count asked with force_count, and the era’s default without', async () => {
    const spec = { location_id: (await countryOf()).location_id };
    const count = async (body: object) =>
      (await h.client.findProviders({ specs: [spec], ...body })).providers!.length;
    expect(await count({ count: 5, force_count: true })).toBe(5);
    expect(await count({ count: 5 })).toBe(era === 'current' ? 20 : 5);
    expect(await count({})).toBe(era === 'current' ? 20 : 10);
  });

  it('puts spec client ids first today, uncounted; counts them in the seed era', async () => {
    const spec = { location_id: (await countryOf()).location_id };
    const { providers = [] } = await h.client.findProviders({
      specs: [{ client_id: UNKNOWN_ID }, spec],
      count: 3,
      force_count: true,
    });
    if (era === 'current') {
      expect(providers).toHaveLength(4);
      expect(providers[0]).toMatchObject({
        client_id: UNKNOWN_ID,
        tier: 0,
        has_estimated_bytes_per_second: false,
      });
      expect(providers.slice(1).every((p) => p.location !== undefined)).toBe(true);
    } else {
      // Unknown and offline: not in the seed era's pool.
      expect(providers).toHaveLength(3);
      expect(providers.map((p) => p.client_id)).not.toContain(UNKNOWN_ID);
    }
  });

  it('sends last-90 transfer in bytes a day, the summary in MiB of the busiest of the last 3 days', async () => {
    await h.advance(60);
    const stats = await h.client.networkStats();
    const days = Object.keys(stats.all_transfer_data!).sort();
    const max = Math.max(...days.slice(-3).map((day) => stats.all_transfer_data![day]));
    expect(max).toBeGreaterThan(2 ** 40);
    expect(stats.all_transfer_summary).toBe(Math.round(max / 2 ** 20));
    if (era === 'current') {
      expect(stats.all_transfer_summary_rate).toBe(Math.round((8 * max) / 2 ** 20 / 86_400));
      expect(stats.all_packets_data).toBeUndefined();
    } else {
      const packets = Object.values(stats.all_packets_data!).slice(-3);
      expect(stats.all_transfer_summary_rate).toBe(Math.round(Math.max(...packets) / 86_400));
    }
  });

  it('answers a 55 000-character search at once, with nothing, and keeps serving meanwhile', async () => {
    const query = `${'berlin'.repeat(9_000)}x`.slice(0, 55_000);
    const operation = era === 'current' ? 'findProviderLocations' : 'findLocations';
    const [found, stats] = await timed(
      `simulator (${era}): a 55 000-character search and stats beside it`,
      2_000,
      () =>
        Promise.all([
          h.client[operation]({ query, max_distance_fraction: 1, enable_max_distance_fraction: true }),
          h.client.networkStats(),
        ]),
    );
    expect(found.locations ?? []).toEqual([]);
    expect(stats.lookback).toBe(90);
  });

  it('refuses a token past its 30 days, whatever the era', async () => {
    const token = h.sim.token;
    expect((await raw(h.sim, 'GET', '/stats/providers', undefined, token)).status).toBe(200);
    h.sim.engine.stop(); // a month of 60 s ticks is not what this test is about
    await h.clock.advance(31 * 24 * 3600 * 1000);
    expect(await raw(h.sim, 'GET', '/stats/providers', undefined, token)).toEqual({
      status: 401,
      text: `${HTTP_TEXT.notAuthorized}\n`,
    });
  });
});

describe("today's find-providers2 and find-provider-locations: their errors, exactly", () => {
  let h: SimHarness;
  beforeAll(async () => {
    h = await startSim({ era: 'current' });
  });
  afterAll(() => h.close());
  const INTERNAL = { status: 500, text: `${HTTP_TEXT.internal}\n` };
  const find = (body: unknown) => raw(h.sim, 'POST', '/network/find-providers2', body);

  it('answers 500 where the service panics: a null spec, an empty path once read, a negative forced count', async () => {
    const { locations } = await h.client.providerLocations();
    const place = { location_id: locations![0].location_id };
    expect(await find({ specs: [null] })).toEqual(INTERNAL);
    expect(await find({ specs: [place], exclude_destinations: [[]] })).toEqual(INTERNAL);
    expect(await find({ specs: [{ client_id: UNKNOWN_ID }], exclude_destinations: [null] })).toEqual(
      INTERNAL,
    );
    expect(await find({ specs: [place], count: -1, force_count: true })).toEqual(INTERNAL);
    expect(await raw(h.sim, 'POST', '/network/find-provider-locations', null)).toEqual(INTERNAL);
  });

  it('answers the harmless ones with 200: no specs, paths never read, an unknown rank mode', async () => {
    expect(await find({ exclude_destinations: [[]] })).toEqual({ status: 200, text: '{"providers":[]}' });
    expect(await find({ specs: null })).toEqual({ status: 200, text: '{"providers":[]}' });
    expect(await find({ specs: [{ best_available: true }], rank_mode: 'cheapest' })).toEqual({
      status: 200,
      text: '{"providers":[]}',
    });
    const unranked = await raw(h.sim, 'POST', '/network/find-provider-locations', {
      query: 'ger',
      rank_mode: 'x',
    });
    expect(JSON.parse(unranked.text)).toMatchObject({
      locations: [],
      groups: [],
      devices: [],
      country_count: 0,
    });
  });

  it('answers a malformed id with 400 and the parser’s text', async () => {
    expect(await find({ specs: [{ location_id: 'germany' }] })).toEqual({
      status: 400,
      text: 'invalid length for UUID: 9\n',
    });
  });
});
