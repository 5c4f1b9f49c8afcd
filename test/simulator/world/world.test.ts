import { describe, expect, it } from 'vitest';
import { COUNTRIES, GROUPS } from '../../../simulator/world/countries.ts';
import { cityInterval } from '../../../simulator/world/geo.ts';
import { ProviderIds } from '../../../simulator/world/ids.ts';
import { createWorld, DEFAULTS, deviceName } from '../../../simulator/world/index.ts';
import { UUID_PATTERN } from '../../../src/contract/schemas.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('world generation', () => {
  it('gives the same world for the same seed and a different one for another seed (the same real places)', () => {
    const a = createWorld({ seed: 7, now: NOW, providers: 2000, locations: 300 });
    const b = createWorld({ seed: 7, now: NOW, providers: 2000, locations: 300 });
    const c = createWorld({ seed: 8, now: NOW, providers: 2000, locations: 300 });
    expect(b.geo.cityName).toEqual(a.geo.cityName);
    expect(b.geo.cityId).toEqual(a.geo.cityId);
    expect(b.providers.ids.id(5)).toBe(a.providers.ids.id(5));
    expect(Array.from(b.providers.connected.subarray(0, 2000))).toEqual(
      Array.from(a.providers.connected.subarray(0, 2000)),
    );
    expect(c.geo.cityName).toEqual(a.geo.cityName);
    expect(c.geo.cityId).not.toEqual(a.geo.cityId);
    expect(Array.from(c.providers.city.subarray(0, 2000))).not.toEqual(
      Array.from(a.providers.city.subarray(0, 2000)),
    );
    expect(c.providers.ids.id(5)).not.toBe(a.providers.ids.id(5));
    expect(c.networks.ids[0]).not.toBe(a.networks.ids[0]);
  });

  it('uses real countries with lowercase ISO codes and a coherent country > region > city hierarchy', () => {
    const world = createWorld({ seed: 1, now: NOW, locations: 500 });
    const { geo } = world;
    expect(geo.cityName.length).toBe(500);
    expect(geo.countryName).toContain('Germany');
    expect(geo.countryCode[geo.countryName.indexOf('Germany')]).toBe('de');
    expect(geo.countryCode[geo.countryName.indexOf('United States')]).toBe('us');
    for (const code of geo.countryCode) expect(code).toMatch(/^[a-z]{2}$/);
    expect(new Set(geo.countryCode).size).toBe(geo.countryCode.length);
    for (let c = 0; c < geo.countryName.length; c++) {
      const [from, to] = cityInterval(geo, 'country', c);
      expect(to).toBeGreaterThan(from);
      for (let city = from; city < to; city++) expect(geo.regionCountry[geo.cityRegion[city]]).toBe(c);
    }
    for (const id of [...geo.countryId, ...geo.regionId, ...geo.cityId, ...geo.groups.map((g) => g.id)])
      expect(id).toMatch(UUID_PATTERN);
    expect(geo.byId.size).toBe(
      geo.countryId.length + geo.regionId.length + geo.cityId.length + geo.groups.length,
    );
  });

  it('takes the most populous real cities, with their coordinates, and spreads providers by population', () => {
    const small = createWorld({ seed: 3, now: NOW, providers: 20_000, locations: 400 });
    const large = createWorld({ seed: 3, now: NOW, providers: 20_000, locations: 4000 });
    const { geo } = large;
    // A smaller world's cities are among a larger one's (the N most populous).
    const larger = new Set(geo.cityName.map((name, i) => `${name}|${geo.regionName[geo.cityRegion[i]]}`));
    for (const [i, name] of small.geo.cityName.entries())
      expect(larger.has(`${name}|${small.geo.regionName[small.geo.cityRegion[i]]}`), name).toBe(true);
    const city = (name: string) => geo.cityName.indexOf(name);
    const tokyo = city('Tokyo');
    expect(geo.countryName[geo.regionCountry[geo.cityRegion[tokyo]]]).toBe('Japan');
    expect(geo.cityLat[tokyo]).toBeCloseTo(35.69, 0);
    expect(geo.cityLon[tokyo]).toBeCloseTo(139.69, 0);
    // Berlin (3.4 million) has more providers than Germany's smallest cities of the world put together.
    const providersIn = new Int32Array(geo.cityName.length);
    for (let i = 0; i < large.providers.count; i++) providersIn[large.providers.city[i]]++;
    const [from, to] = cityInterval(geo, 'country', geo.countryName.indexOf('Germany'));
    const german = Array.from({ length: to - from }, (_, k) => from + k).sort(
      (a, b) => geo.cityWeight[a] - geo.cityWeight[b],
    );
    const smallest = german.slice(0, 5).reduce((sum, c) => sum + providersIn[c], 0);
    expect(providersIn[city('Berlin')]).toBeGreaterThan(smallest);
  });

  it('has the promoted groups with real member countries, and regional groups', () => {
    const { geo } = createWorld({ seed: 1, now: NOW });
    const named = (name: string) => geo.groups.find((g) => g.name === name)!;
    const codes = (name: string) =>
      named(name)
        .countries.map((c) => geo.countryCode[c])
        .sort();
    expect(named('European Union (EU)').promoted).toBe(true);
    expect(codes('European Union (EU)')).toHaveLength(27);
    expect(codes('Nordic')).toEqual(['dk', 'fi', 'is', 'no', 'se']);
    expect(named('Strong Privacy Laws and Internet Freedom').promoted).toBe(true);
    expect(named('Western Europe').promoted).toBe(false);
    expect(codes('South America')).toContain('br');
    expect(GROUPS.every((g) => g.members.every((code) => COUNTRIES.some((row) => row.code === code)))).toBe(
      true,
    );
  });

  it('spreads the demo network providers and other networks over the world', () => {
    const world = createWorld({ seed: 3, now: NOW, providers: 5000, ownProviders: 24 });
    const { providers, networks } = world;
    let own = 0;
    for (let i = 0; i < providers.count; i++) if (providers.network[i] === 0) own++;
    expect(own).toBe(24);
    expect(networks.names[0]).toBe('demo');
    expect(new Set(networks.names).size).toBe(networks.count);
    expect(providers.eligibleTotal).toBeGreaterThan(2500);
    expect(providers.eligibleTotal).toBeLessThan(providers.count);
    expect(deviceName(world, 10)).toMatch(/\S/);
  });

  it('grows a world of the default size to hold more own providers than it has, beside its other networks’ providers', () => {
    const own = (world: ReturnType<typeof createWorld>) => {
      let count = 0;
      for (let i = 0; i < world.providers.baseCount; i++) if (world.providers.network[i] === 0) count++;
      return count;
    };
    const grown = createWorld({ seed: 3, now: NOW, locations: 50, ownProviders: 6000 });
    expect(own(grown)).toBe(6000);
    expect(grown.providers.baseCount).toBe(6000 + DEFAULTS.providers);
    // Within the default world, as before: its 5 000 providers, so many of them the demo's.
    const within = createWorld({ seed: 3, now: NOW, locations: 50, ownProviders: 4000 });
    expect([own(within), within.providers.baseCount]).toEqual([4000, DEFAULTS.providers]);
  });
});

describe('provider ids', () => {
  it('are UUIDs that map back to their index and reject foreign ids', () => {
    const ids = new ProviderIds(99);
    const seen = new Set<string>();
    for (const i of [0, 1, 2, 999, 123_456, 999_999]) {
      const id = ids.id(i);
      expect(id).toMatch(UUID_PATTERN);
      expect(ids.index(id, 1_000_000)).toBe(i);
      seen.add(id);
    }
    expect(seen.size).toBe(6);
    expect(ids.index(ids.id(5000), 100)).toBe(-1);
    expect(ids.index('00000000-0000-4000-8000-000000000000', 1_000_000)).toBe(-1);
    expect(new ProviderIds(100).index(ids.id(7), 1_000_000)).toBe(-1);
  });
});
