// The engine playing today's service (spec/reference-behaviour.md, "current"): locations,
// the search of find-provider-locations, find-providers2 and the statistics.
import { describe, expect, it } from 'vitest';
import { STABLE_MIN_PROVIDERS, STRONG_PRIVACY_GROUP } from '../../../simulator/engine/location-objects.ts';
import { normalise } from '../../../simulator/world/search.ts';
import { MINUTE, rig } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('provider-locations today', () => {
  const { engine } = rig({ era: 'current' });
  const { geo, providers } = engine.world;
  const listed = engine.handle('providerLocations', undefined);

  it('lists countries only, most providers first, with no groups and no devices', () => {
    expect(listed.groups).toEqual([]);
    expect(listed.devices).toEqual([]);
    expect(listed).not.toHaveProperty('specs');
    const types = new Set(listed.locations!.map((l) => l.location_type));
    expect([...types]).toEqual(['country']);
    const live = providers.eligibleCountry.filter((n) => n > 0).length;
    expect(listed.locations).toHaveLength(live);
    const counts = listed.locations!.map((l) => l.provider_count!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('sends stable, strong_privacy, names and the totals over the list', () => {
    for (const country of listed.locations!) {
      const c = geo.countryId.indexOf(country.location_id!);
      expect(country).toMatchObject({
        name: geo.countryName[c],
        country: geo.countryName[c],
        country_location_id: country.location_id,
        country_code: geo.countryCode[c],
        provider_count: providers.eligibleCountry[c],
        stable: providers.eligibleCountry[c] >= STABLE_MIN_PROVIDERS,
      });
      expect(country).not.toHaveProperty('city');
      expect(country).not.toHaveProperty('region');
      expect(country).not.toHaveProperty('region_location_id');
      const privacy = geo.groups.find((g) => g.name === STRONG_PRIVACY_GROUP)!;
      expect(country.strong_privacy).toBe(privacy.countries.includes(c));
    }
    expect(listed).toMatchObject({
      country_count: listed.locations!.length,
      region_count: 0,
      city_count: 0,
      stable_count: listed.locations!.filter((l) => l.stable).length,
      strong_privacy_count: listed.locations!.filter((l) => l.strong_privacy).length,
    });
    expect(listed.stable_count).toBeGreaterThan(0);
    expect(listed.strong_privacy_count).toBeGreaterThan(0);
  });
});

describe('find-provider-locations today', () => {
  const { engine } = rig({ era: 'current' });
  const { geo, providers } = engine.world;
  const find = (body: object) => engine.handle('findProviderLocations', body);
  const germany = geo.countryCode.indexOf('de');

  it('answers an empty query with the countries of provider-locations, no groups', () => {
    const result = find({ query: '  ' });
    expect(result).toEqual(engine.handle('providerLocations', undefined));
    expect(result.groups).toEqual([]);
  });

  it('takes a query that parses as an id for a device, unchecked', () => {
    const id = 'ABCDEF01-2345-6789-ABCD-EF0123456789';
    expect(find({ query: ` ${id} ` })).toEqual({
      groups: [],
      locations: [],
      devices: [{ client_id: id.toLowerCase(), device_name: id.toLowerCase() }],
      country_count: 0,
      region_count: 0,
      city_count: 0,
      stable_count: 0,
      strong_privacy_count: 0,
    });
  });

  it('finds a country by a word prefix, with its top regions and cities at distance 3', () => {
    const result = find({ query: 'Germ' });
    const country = result.locations!.find((l) => l.location_id === geo.countryId[germany])!;
    expect(country).toBeDefined();
    expect(country).not.toHaveProperty('match_distance');
    const regions = result.locations!.filter(
      (l) => l.location_type === 'region' && l.country_location_id === geo.countryId[germany],
    );
    expect(regions.length).toBeGreaterThan(0);
    expect(regions.length).toBeLessThanOrEqual(providers.eligibleRegion.length);
    for (const location of result.locations!) {
      expect([undefined, 1, 2, 3]).toContain(location.match_distance);
      expect(location.provider_count).toBeGreaterThan(0);
    }
    expect(result.groups).toEqual([]);
    expect(result.country_count).toBe(result.locations!.filter((l) => l.location_type === 'country').length);
  });

  it('finds a city with two typos (distance 2) and not with three, parents at distance 3', () => {
    const city = geo.cityName.findIndex(
      (name, i) =>
        normalise(name).length >= 9 && /^[a-z]+$/.test(normalise(name)) && providers.eligibleCity[i] > 0,
    );
    const name = normalise(geo.cityName[city]);
    const typo = (n: number) => {
      const chars = name.split('');
      for (let k = 0; k < n; k++) chars[1 + k * 3] = chars[1 + k * 3] === 'q' ? 'x' : 'q';
      return chars.join('');
    };
    const two = find({ query: typo(2) });
    const hit = two.locations!.find((l) => l.location_id === geo.cityId[city]);
    expect(hit?.match_distance).toBe(2);
    const region = two.locations!.find((l) => l.location_id === geo.regionId[geo.cityRegion[city]]);
    expect(region?.match_distance).toBeGreaterThanOrEqual(2);
    expect(hit).toMatchObject({ city: geo.cityName[city], region: geo.regionName[geo.cityRegion[city]] });
    const three = find({ query: typo(3) });
    expect(three.locations!.some((l) => l.location_id === geo.cityId[city])).toBe(false);
    // The fraction fields are accepted and ignored.
    expect(find({ query: typo(2), max_distance_fraction: 0, enable_max_distance_fraction: true })).toEqual(
      two,
    );
  });

  it('ranks by quality or speed, and finds nothing for an unknown rank mode', () => {
    expect(find({ query: 'germany', rank_mode: 'speed' }).locations!.length).toBeGreaterThan(0);
    expect(find({ query: 'germany', rank_mode: '' })).toEqual(find({ query: 'germany' }));
    expect(find({ query: 'germany', rank_mode: 'cheapest' }).locations).toEqual([]);
    expect(find({ query: '', rank_mode: 'cheapest' }).locations).toEqual([]);
  });

  it('keeps the 30 best matches, and every exact one', () => {
    const typo = find({ query: 'sxn' });
    const matched = typo.locations!.filter((l) => (l.match_distance ?? 0) < 3);
    expect(matched.length).toBeLessThanOrEqual(30);
    // "germany" is a word of every German place: all of them with providers match exactly.
    const exact = find({ query: 'germany' }).locations!.filter((l) => l.match_distance === undefined);
    const germanCities = geo.cityName.filter(
      (_, i) => geo.regionCountry[geo.cityRegion[i]] === germany && providers.eligibleCity[i] > 0,
    );
    expect(exact.filter((l) => l.location_type === 'city')).toHaveLength(germanCities.length);
  });
});

describe('find-providers2 today', () => {
  const { engine, demo, advance } = rig({ era: 'current', providers: 6000, locations: 300 });
  const listed = engine.handle('providerLocations', undefined);
  const find = (body: object) => engine.handle('findProviders', body).providers!;
  const biggest = listed.locations![0];
  const spec = { location_id: biggest.location_id };

  it('raises a count under 20 to 20, unless force_count', () => {
    expect(find({ specs: [spec], count: 5 })).toHaveLength(20);
    expect(find({ specs: [spec] })).toHaveLength(20);
    expect(find({ specs: [spec], count: 30 })).toHaveLength(30);
    expect(find({ specs: [spec], count: 5, force_count: true })).toHaveLength(5);
    expect(find({ specs: [spec], count: 0, force_count: true })).toEqual([]);
  });

  it('fails on a negative forced count, a null spec, and an empty path when it is read', () => {
    expect(() => find({ specs: [spec], count: -1, force_count: true })).toThrow(/negative/);
    expect(() => find({ specs: [null] })).toThrow(/null spec/);
    expect(() => find({ specs: [spec], exclude_destinations: [[]] })).toThrow(/empty/);
    // Without a place or client id to look for, the paths are never read.
    expect(find({ exclude_destinations: [[]] })).toEqual([]);
    expect(find({ specs: [] })).toEqual([]);
  });

  it('puts spec client ids first, unchecked, with zero figures, not counted', () => {
    const unknown = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
    const page = find({ specs: [{ client_id: unknown }, spec], count: 3, force_count: true });
    expect(page).toHaveLength(4);
    expect(page[0]).toEqual({
      client_id: unknown,
      estimated_bytes_per_second: 0,
      has_estimated_bytes_per_second: false,
      tier: 0,
      intermediary_ids: null,
    });
    expect(find({ specs: [{ client_id: unknown }], exclude_client_ids: [unknown] })).toEqual([]);
    expect(find({ specs: [{ client_id: unknown }], exclude_destinations: [['x', unknown]] })).toEqual([]);
  });

  it('describes each sampled provider: tier, speed, location with coordinates', () => {
    const page = find({ specs: [spec], count: 50, force_count: true });
    const tiers = page.map((p) => p.tier!);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    for (const provider of page) {
      expect(provider.client_id).toMatch(UUID);
      expect(provider.intermediary_ids).toBeNull();
      expect(Number.isInteger(provider.estimated_bytes_per_second)).toBe(true);
      expect(provider.has_estimated_bytes_per_second).toBe(provider.estimated_bytes_per_second! > 0);
      expect(provider.location).toMatchObject({
        country: biggest.name,
        country_code: biggest.country_code,
        country_location_id: biggest.location_id,
      });
      const { lat, lon } = provider.location!.city_coordinates!;
      expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
      expect(Math.abs(lon!)).toBeLessThanOrEqual(180);
      expect(provider.location!.region_coordinates).toBeDefined();
    }
  });

  it('sends no location for providers found through a group only', () => {
    const groupId = engine.world.geo.groups[0].id;
    const page = find({ specs: [{ location_group_id: groupId }], count: 5, force_count: true });
    expect(page).toHaveLength(5);
    for (const provider of page) expect(provider).not.toHaveProperty('location');
  });

  it('leaves tier 3 out unless force_minimum; speed mode ranks by speed; unknown modes find none', () => {
    const big = { specs: [spec], count: 1000, force_count: true };
    expect(find(big).some((p) => p.tier === 3)).toBe(false);
    expect(find({ ...big, force_minimum: true }).some((p) => p.tier === 3)).toBe(true);
    const fast = find({ ...big, rank_mode: 'speed' });
    const speeds = fast.map((p) => p.tier!);
    expect(speeds).toEqual([...speeds].sort((a, b) => a - b));
    expect(find({ ...big, rank_mode: 'cheapest' })).toEqual([]);
  });

  it('caps an answer at 1000 and says so in the log', () => {
    const lines: string[] = [];
    const { engine: logged } = rig({
      era: 'current',
      providers: 6000,
      locations: 300,
      log: (l) => lines.push(l),
    });
    const everywhere = logged
      .handle('providerLocations', undefined)
      .locations!.map((l) => ({ location_id: l.location_id }));
    expect(logged.handle('findProviders', { specs: everywhere, count: 5000 }).providers).toHaveLength(1000);
    expect(lines).toEqual([expect.stringContaining('count 5000 capped at 1000')]);
  });

  it('counts each provider returned as a search interest of its 24 h figures (after the next tick)', async () => {
    const own = engine.world.networkProviders.get(0)!.map((i) => engine.world.providers.ids.id(i));
    const interest = () =>
      new Map(
        engine
          .handle('providerStats', undefined, demo)
          .providers!.map((p) => [p.client_id, p.search_interest_last_24h!]),
      );
    await advance(MINUTE);
    const before = interest();
    for (let k = 0; k < 5; k++) find({ specs: [{ client_id: own[0] }] });
    expect(interest()).toEqual(before);
    await advance(MINUTE);
    expect(interest().get(own[0])! - before.get(own[0])!).toBeGreaterThanOrEqual(5);
  });
});

describe('statistics today', () => {
  const { engine, demo } = rig({ era: 'current' });

  it('/stats/providers sends no provide_mode', () => {
    const stats = engine.handle('providerStats', undefined, demo);
    expect(stats.providers!.length).toBeGreaterThan(0);
    for (const provider of stats.providers!) expect(provider).not.toHaveProperty('provide_mode');
  });

  it('/stats/last-90 sends bytes per day, MiB and Mibit/s, and no packet, extender or superspeed fields', () => {
    const stats = engine.handle('networkStats', undefined) as Record<string, unknown>;
    expect(Object.keys(stats).sort()).toEqual(
      [
        'lookback',
        'created_time',
        'all_transfer_data',
        'all_transfer_summary',
        'all_transfer_summary_rate',
        ...['providers', 'countries', 'regions', 'cities', 'networks', 'devices'].flatMap((s) => [
          `${s}_data`,
          `${s}_summary`,
        ]),
      ].sort(),
    );
    const transfer = Object.values(stats.all_transfer_data as Record<string, number>);
    const max = Math.max(...transfer.slice(-3));
    expect(stats.all_transfer_summary).toBe(Math.round(max / 2 ** 20));
    expect(stats.all_transfer_summary_rate).toBe(Math.round((8 * max) / 2 ** 20 / 86_400));
    // Bytes: a day of a few thousand providers is terabytes.
    expect(max).toBeGreaterThan(2 ** 40);
  });

  it('the seed era keeps every old field, its transfer rate in packets per second', () => {
    const seed = rig({ era: 'seed' }).engine.handle('networkStats', undefined) as Record<string, unknown>;
    for (const field of [
      'all_packets_data',
      'extenders_data',
      'providers_superspeed_data',
      'extender_transfer_summary',
    ])
      expect(seed).toHaveProperty(field);
    const packets = Object.values(seed.all_packets_data as Record<string, number>);
    expect(seed.all_transfer_summary_rate).toBe(Math.round(Math.max(...packets.slice(-3)) / 86_400));
    expect(seed.all_packets_summary_rate).toBe(0);
  });
});
