// The API client against the simulator playing the seed era: find-locations,
// provider-locations and find-providers2 (operations 1, 2, 10), whose counts add up over
// iteration. Today's service: eras.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location, LocationGroup } from '../../../src/contract/schemas.ts';
import { type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeAll(async () => {
  h = await startSim({ era: 'seed' });
});
afterAll(async () => {
  await h.close();
});

/** Every provider of a spec, by iterating with exclusions until the answer is empty. */
async function iterate(spec: { location_id?: string; location_group_id?: string }, count: number) {
  const seen: string[] = [];
  for (let round = 0; round < 10_000; round++) {
    const { providers = [] } = await h.client.findProviders({
      specs: [spec],
      count,
      exclude_client_ids: seen,
    });
    if (providers.length === 0) return seen;
    for (const provider of providers) seen.push(provider.client_id!);
  }
  throw new Error('find-providers2 never ran dry');
}

describe('provider-locations and find-providers2', () => {
  it('lists locations and groups with provider counts, and no devices', async () => {
    const result = await h.client.providerLocations();
    expect(result.locations!.length).toBeGreaterThan(0);
    expect(result.groups!.length).toBeGreaterThan(0);
    expect(result.devices ?? []).toEqual([]);
    for (const location of result.locations!) expect(location.provider_count).toBeGreaterThan(0);
    const types = new Set(result.locations!.map((location) => location.location_type));
    expect([...types].sort()).toEqual(['city', 'country', 'region']);
  });

  it('iterating with exclusions until [] yields each provider of a location once, as many as provider-locations counts', async () => {
    const { locations = [] } = await h.client.providerLocations();
    const byType = (type: string) =>
      locations
        .filter((location) => location.location_type === type)
        .sort((a, b) => b.provider_count! - a.provider_count!)[0] as Location;
    for (const location of [byType('country'), byType('region'), byType('city')]) {
      const seen = await iterate({ location_id: location.location_id }, 7);
      expect(new Set(seen).size, location.name).toBe(seen.length);
      expect(seen.length, location.name).toBe(location.provider_count);
    }
  });

  it('does the same for a group, with the default count of 10 per answer', async () => {
    const { groups = [] } = await h.client.providerLocations();
    const group = [...groups].sort((a, b) => b.provider_count! - a.provider_count!)[0] as LocationGroup;
    const first = await h.client.findProviders({ specs: [{ location_group_id: group.location_group_id }] });
    expect(first.providers!.length).toBe(Math.min(10, group.provider_count!));
    const seen = await iterate({ location_group_id: group.location_group_id }, 0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(group.provider_count);
  });

  it('describes each provider by its id and a speed of 0 only', async () => {
    const { locations = [] } = await h.client.providerLocations();
    const country = locations.find((location) => location.location_type === 'country')!;
    const { providers = [] } = await h.client.findProviders({
      specs: [{ location_id: country.location_id }],
    });
    expect(providers).toHaveLength(10);
    for (const provider of providers) {
      expect(provider.client_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(provider).toEqual({ client_id: provider.client_id, estimated_bytes_per_second: 0 });
    }
  });

  it('excludes the destination of each exclude_destinations path', async () => {
    const { locations = [] } = await h.client.providerLocations();
    const city = locations.find(
      (location) => location.location_type === 'city' && location.provider_count! >= 2,
    )!;
    const all = await iterate({ location_id: city.location_id }, 100);
    const [destination, intermediary] = all;
    const { providers = [] } = await h.client.findProviders({
      specs: [{ location_id: city.location_id }],
      count: 1000,
      exclude_destinations: [[intermediary, destination]],
    });
    const ids = providers.map((provider) => provider.client_id);
    expect(ids).not.toContain(destination);
    expect(ids).toContain(intermediary);
    expect(ids.length).toBe(all.length - 1);
  });
});

describe('find-locations', () => {
  it('finds a location by a prefix of its name, with its parents', async () => {
    const { locations = [] } = await h.client.providerLocations();
    const city = locations.find((location) => location.location_type === 'city')!;
    const result = await h.client.findLocations({ query: city.name!.slice(0, 5) });
    const ids = (result.locations ?? []).map((location) => location.location_id);
    expect(ids).toContain(city.location_id);
    expect(ids).toContain(city.country_location_id);
    expect(ids).toContain(city.region_location_id);
  });

  it('finds a misspelt name within the allowed distance and not beyond it', async () => {
    const { locations = [] } = await h.client.providerLocations();
    const country = locations.find(
      (location) => location.location_type === 'country' && /^[a-z]{7,}$/i.test(location.name!),
    )!;
    const name = country.name!.toLowerCase();
    const misspell = (text: string, positions: number[]) =>
      [...text].map((char, i) => (positions.includes(i) ? (char === 'x' ? 'z' : 'x') : char)).join('');
    const found = async (query: string, fraction?: number) => {
      const result = await h.client.findLocations(
        fraction === undefined
          ? { query }
          : { query, enable_max_distance_fraction: true, max_distance_fraction: fraction },
      );
      return (result.locations ?? []).find((location) => location.location_id === country.location_id);
    };
    // One typo: within the default 0.2 of the length.
    const oneTypo = await found(misspell(name, [2]));
    expect(oneTypo?.match_distance).toBe(1);
    // Two typos: allowed with a fraction giving a distance of 2 or more, not with one giving 1.
    const twoTypos = misspell(name, [1, 4]);
    expect((await found(twoTypos, 2 / name.length))?.match_distance).toBe(2);
    // (float32 like the service's field: 1/len would round up past 1 and allow 2)
    expect(await found(twoTypos, 0.9 / name.length)).toBeUndefined();
    // An exact prefix has no match_distance.
    expect((await found(name.slice(0, 4)))?.match_distance).toBeUndefined();
  });

  it('answers an empty query with nothing, and a UUID query with that device', async () => {
    const empty = await h.client.findLocations({ query: '' });
    expect(empty.locations ?? []).toEqual([]);
    const id = '0a1b2c3d-0000-4000-8000-00000000abcd';
    const device = await h.client.findLocations({ query: id });
    expect(device.devices).toEqual([{ client_id: id, device_name: id }]);
  });
});
