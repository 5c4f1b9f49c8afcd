import { describe, expect, it } from 'vitest';
import { normalise } from '../../../simulator/world/search.ts';
import { rig } from './helpers.ts';

// The seed era's find-locations (today's service answers 404: the route is not served).
describe('find-locations (seed era)', () => {
  const { engine } = rig({ era: 'seed' });
  const { geo } = engine.world;
  const find = (query: string, extra: object = {}) => engine.handle('findLocations', { query, ...extra });
  // A city with a long name, to misspell.
  const city = geo.cityName.findIndex(
    (name) => normalise(name).length >= 10 && /^[a-z]+$/i.test(name.slice(0, 6)),
  );
  const name = geo.cityName[city];
  const misspelt = (count: number) => {
    const chars = name.split('');
    for (let k = 0; k < count; k++) chars[1 + k * 3] = chars[1 + k * 3] === 'q' ? 'x' : 'q';
    return chars.join('');
  };
  const ids = (result: ReturnType<typeof find>) => result.locations!.map((l) => l.location_id);

  it('finds a country by a prefix at distance 0, with no match_distance key', () => {
    const result = find('ger');
    const germany = result.locations!.find((l) => l.location_type === 'country' && l.name === 'Germany')!;
    expect(germany).toMatchObject({ country_code: 'de', country: 'Germany' });
    expect(germany).not.toHaveProperty('match_distance');
  });

  it('finds a misspelt city at distance 1 with the default fraction, and not with fraction 0', () => {
    const result = find(misspelt(1));
    const hit = result.locations!.find((l) => l.location_id === geo.cityId[city]);
    expect(hit?.match_distance).toBe(1);
    expect(
      ids(find(misspelt(1), { enable_max_distance_fraction: true, max_distance_fraction: 0 })),
    ).not.toContain(geo.cityId[city]);
  });

  it('does not find a city misspelt beyond the allowed distance', () => {
    const query = misspelt(1).slice(0, 5); // 5 chars allow ceil(0.2 * 5) = 1 edit
    expect(ids(find(query))).toContain(geo.cityId[city]);
    expect(ids(find(misspelt(2).slice(0, 5)))).not.toContain(geo.cityId[city]);
    // A larger fraction lets it through again.
    expect(
      ids(find(misspelt(2).slice(0, 5), { enable_max_distance_fraction: true, max_distance_fraction: 0.4 })),
    ).toContain(geo.cityId[city]);
  });

  it('ignores accents, case and extra whitespace in the query', () => {
    expect(ids(find(`  ${name.toUpperCase().replace(/ /g, '   ')}  `))).toContain(geo.cityId[city]);
    expect(find('Ger').locations!.some((l) => l.name === 'Germany')).toBe(true);
  });

  it('returns the parents of a matched city and the groups of its country', () => {
    const result = find(name);
    const match = result.locations!.find((l) => l.location_id === geo.cityId[city])!;
    expect(match.location_type).toBe('city');
    expect(ids(result)).toContain(match.region_location_id);
    expect(ids(result)).toContain(match.country_location_id);
    const country = geo.countryId.indexOf(match.country_location_id!);
    const groupIds = result.groups!.map((g) => g.location_group_id);
    for (const g of geo.countryGroups[country]) expect(groupIds).toContain(geo.groups[g].id);
  });

  it('matches groups by name', () => {
    const result = find('nordic');
    expect(result.groups!.find((g) => g.name === 'Nordic')).toMatchObject({ promoted: true });
    expect(find('european union').groups!.some((g) => g.name === 'European Union (EU)')).toBe(true);
  });

  it('returns nothing for an empty query', () => {
    expect(find('')).toEqual({ groups: [], locations: [], devices: [] });
    expect(engine.handle('findLocations', {})).toEqual({ groups: [], locations: [], devices: [] });
  });

  it('answers a UUID query with a device of that id', () => {
    const id = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
    expect(find(id).devices).toEqual([{ client_id: id, device_name: id }]);
  });
});
