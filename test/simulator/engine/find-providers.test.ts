import { describe, expect, it } from 'vitest';
import { SimError } from '../../../simulator/engine/index.ts';
import { rig } from './helpers.ts';

describe('find-providers2', () => {
  const { engine } = rig({ providers: 4000, locations: 300 });
  const listed = engine.handle('providerLocations', undefined);
  const find = (body: object) => engine.handle('findProviders', body).providers!;

  /** Iterates with every returned id excluded until [] and returns all ids seen. */
  function iterate(spec: object, count = 25): string[] {
    const seen: string[] = [];
    for (let round = 0; round < 1000; round++) {
      const page = find({ specs: [spec], count, exclude_client_ids: seen });
      if (page.length === 0) return seen;
      // Better tiers first within a page.
      const tiers = page.map((p) => p.tier!);
      expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
      seen.push(...page.map((p) => p.client_id!));
    }
    throw new Error('iteration did not end');
  }

  const biggest = (type: string) =>
    listed
      .locations!.filter((l) => l.location_type === type)
      .sort((a, b) => b.provider_count! - a.provider_count!)[0];

  it.each(['city', 'region', 'country'])(
    'yields each provider of a %s exactly once, as many as provider-locations counts',
    (type) => {
      const location = biggest(type);
      const seen = iterate({ location_id: location.location_id });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(location.provider_count);
    },
  );

  it('yields each provider of a group exactly once, as many as provider-locations counts', () => {
    const group = listed.groups!.find((g) => g.name === 'European Union (EU)')!;
    const seen = iterate({ location_group_id: group.location_group_id }, 200);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(group.provider_count);
  });

  it('returns providers with their location, tier and speed', () => {
    const country = biggest('country');
    const [provider] = find({ specs: [{ location_id: country.location_id }], count: 1 });
    expect(provider.location).toMatchObject({ country: country.name, country_code: country.country_code });
    expect(provider.location?.city_location_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof provider.estimated_bytes_per_second).toBe('number');
    expect(provider.has_estimated_bytes_per_second).toBe(provider.estimated_bytes_per_second! > 0);
  });

  it('returns 10 by default or for a count <= 0, and at most 1000', () => {
    const spec = { specs: [{ best_available: true }] };
    expect(find(spec)).toHaveLength(10);
    expect(find({ ...spec, count: 0 })).toHaveLength(10);
    expect(find({ ...spec, count: -5 })).toHaveLength(10);
    const all = find({ specs: [{ location_group_id: listed.groups![0].location_group_id }], count: 5000 });
    expect(all.length).toBe(Math.min(1000, listed.groups![0].provider_count!));
  });

  it('puts better tiers first', () => {
    const page = find({ specs: [{ best_available: true }], count: 300 });
    const tiers = page.map((p) => p.tier!);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(new Set(tiers).size).toBeGreaterThan(1);
  });

  it('removes the destination of an excluded path and ranks its intermediaries last', () => {
    const city = biggest('city');
    const all = find({ specs: [{ location_id: city.location_id }], count: 1000 });
    expect(all.length).toBe(city.provider_count);
    const [hop, destination] = [all[0].client_id!, all[1].client_id!];
    const page = find({
      specs: [{ location_id: city.location_id }],
      count: 1000,
      exclude_destinations: [[hop, destination]],
    });
    const ids = page.map((p) => p.client_id);
    expect(ids).not.toContain(destination);
    expect(ids[ids.length - 1]).toBe(hop);
    expect(ids.length).toBe(all.length - 1);
  });

  it('rejects an empty destination path with a 400', () => {
    expect(() => find({ specs: [{ best_available: true }], exclude_destinations: [[]] })).toThrow(SimError);
    try {
      find({ exclude_destinations: [[]] });
    } catch (error) {
      expect((error as SimError).status).toBe(400);
    }
  });

  it('adds a client named by a spec directly, unless excluded', () => {
    const city = biggest('city');
    const [one] = find({ specs: [{ location_id: city.location_id }], count: 1 });
    expect(find({ specs: [{ client_id: one.client_id }] }).map((p) => p.client_id)).toEqual([one.client_id]);
    expect(find({ specs: [{ client_id: one.client_id }], exclude_client_ids: [one.client_id!] })).toEqual([]);
  });

  it('returns nothing for unknown locations or no specs', () => {
    expect(find({ specs: [{ location_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }] })).toEqual([]);
    expect(find({})).toEqual([]);
  });
});

describe('find-providers2 on a bigger world (sampled, not scanned)', () => {
  it('still yields each provider of a big country exactly once', () => {
    const { engine } = rig({ providers: 80_000, locations: 2000 });
    const listed = engine.handle('providerLocations', undefined);
    const us = listed.locations!.find((l) => l.location_type === 'country' && l.country_code === 'us')!;
    expect(us.provider_count).toBeGreaterThan(8000);
    const seen = new Set<string>();
    let lastTier = 0;
    for (;;) {
      const page = engine.handle('findProviders', {
        specs: [{ location_id: us.location_id }],
        count: 100,
        exclude_client_ids: [...seen],
      }).providers!;
      if (page.length === 0) break;
      for (const p of page) {
        expect(seen.has(p.client_id!)).toBe(false);
        seen.add(p.client_id!);
        // Pages come tier by tier: never back to a better tier.
        expect(p.tier!).toBeGreaterThanOrEqual(lastTier);
        lastTier = p.tier!;
      }
    }
    expect(seen.size).toBe(us.provider_count);
  });
});
