// find-providers2 of the seed era: counts that add up over iteration, 10 by default,
// spec client ids part of the pool, items of two fields. Today's: find-providers.current.test.ts.
import { describe, expect, it } from 'vitest';
import { rig } from './helpers.ts';

describe('find-providers2 (seed era)', () => {
  const { engine } = rig({ era: 'seed', providers: 4000, locations: 300 });
  const listed = engine.handle('providerLocations', undefined);
  const find = (body: object) => engine.handle('findProviders', body).providers!;

  /** Iterates with every returned id excluded until [] and returns all ids seen. */
  function iterate(spec: object, count = 25): string[] {
    const seen: string[] = [];
    for (let round = 0; round < 1000; round++) {
      const page = find({ specs: [spec], count, exclude_client_ids: seen });
      if (page.length === 0) return seen;
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

  it('describes a provider by its id and a speed of 0, nothing more', () => {
    const country = biggest('country');
    const [provider] = find({ specs: [{ location_id: country.location_id }], count: 1 });
    expect(Object.keys(provider)).toEqual(['client_id', 'estimated_bytes_per_second']);
    expect(provider.estimated_bytes_per_second).toBe(0);
  });

  it('returns 10 by default or for a count <= 0, and at most 1000', () => {
    const spec = { specs: [{ best_available: true }] };
    expect(find(spec)).toHaveLength(10);
    expect(find({ ...spec, count: 0 })).toHaveLength(10);
    expect(find({ ...spec, count: -5 })).toHaveLength(10);
    const all = find({ specs: [{ location_group_id: listed.groups![0].location_group_id }], count: 5000 });
    expect(all.length).toBe(Math.min(1000, listed.groups![0].provider_count!));
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

  it('fails on an empty destination path (a 500 over HTTP)', () => {
    expect(() => find({ specs: [{ best_available: true }], exclude_destinations: [[]] })).toThrow(/empty/);
  });

  it('adds a client named by a spec to the pool (counted), unless excluded', () => {
    const city = biggest('city');
    const [one] = find({ specs: [{ location_id: city.location_id }], count: 1 });
    expect(find({ specs: [{ client_id: one.client_id }] }).map((p) => p.client_id)).toEqual([one.client_id]);
    const withCity = find({
      specs: [{ client_id: one.client_id }, { location_id: city.location_id }],
      count: 3,
    });
    expect(withCity).toHaveLength(3);
    expect(find({ specs: [{ client_id: one.client_id }], exclude_client_ids: [one.client_id!] })).toEqual([]);
  });

  it('returns nothing for unknown locations or no specs', () => {
    expect(find({ specs: [{ location_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }] })).toEqual([]);
    expect(find({})).toEqual([]);
  });
});

describe('find-providers2 on a bigger world (sampled, not scanned)', () => {
  it('still yields each provider of a big country exactly once', () => {
    const { engine } = rig({ era: 'current', providers: 80_000, locations: 2000 });
    const listed = engine.handle('providerLocations', undefined);
    const us = listed.locations!.find((l) => l.location_type === 'country' && l.country_code === 'us')!;
    expect(us.provider_count).toBeGreaterThan(8000);
    // Today's pool leaves out tier 3 (below the minimum-performance gate) unless forced.
    const forced = { force_count: true, force_minimum: true };
    const seen = new Set<string>();
    let lastTier = 0;
    for (;;) {
      const page = engine.handle('findProviders', {
        specs: [{ location_id: us.location_id }],
        count: 100,
        exclude_client_ids: [...seen],
        ...forced,
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
