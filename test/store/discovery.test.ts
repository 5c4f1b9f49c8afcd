import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { FIND_LOCATIONS_GONE } from '../../src/api/location-search.ts';
import { ManualClock, settle } from '../../src/clock.ts';
import type {
  FindLocationsRequest,
  FindProviderLocationsRequest,
  LocationResult,
} from '../../src/contract/schemas.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import {
  createDiscoveryStore,
  DISTANCE_NOT_APPLICABLE,
  type DiscoveryStore,
  SEARCH_DEBOUNCE_MS,
  searchRows,
} from '../../src/store/discovery.ts';
import { browseRows } from '../../src/store/discovery-rows.ts';
import { type SimHarness, startSim } from '../simulator/integration/harness.ts';

let harness: SimHarness | undefined;
let store: DiscoveryStore | undefined;
afterEach(async () => {
  store?.getState().dispose();
  await harness?.close();
  harness = store = undefined;
});

/**
 * A discovery store on a real simulator (the seed era unless asked), with every search
 * recorded: `searches` the find-locations bodies, `calls` which operation was asked.
 */
async function onSimulator(era: 'seed' | 'current' = 'seed') {
  harness = await startSim({ era });
  const { client, clock } = harness;
  const searches: FindLocationsRequest[] = [];
  const calls: string[] = [];
  const recording = {
    ...client,
    providerLocations: client.providerLocations,
    findLocations: (body?: FindLocationsRequest, options?: { signal?: AbortSignal }) => {
      searches.push(body ?? {});
      calls.push('findLocations');
      return client.findLocations(body, options);
    },
    findProviderLocations: (body?: FindProviderLocationsRequest, options?: { signal?: AbortSignal }) => {
      calls.push(`findProviderLocations ${body?.query}`);
      return client.findProviderLocations(body, options);
    },
  } as ApiClient;
  store = createDiscoveryStore({ client: recording, clock, connection: createConnectionStore() });
  await store.getState().start();
  return { store, clock, searches, calls };
}

async function searchFor(query: string, clock: ManualClock) {
  store!.getState().setQuery(query);
  await clock.advance(SEARCH_DEBOUNCE_MS);
  await settle(10);
}

const KINDS = ['group', 'country', 'region', 'city'];

describe('discovery store', () => {
  it('lists provider-locations groups first, then countries, regions, cities, by count or by name', async () => {
    const { store } = await onSimulator();
    const { rows } = store.getState();
    expect(rows.length).toBeGreaterThan(10);
    const kindIndex = rows.map((r) => KINDS.indexOf(r.kind));
    expect(kindIndex).toEqual([...kindIndex].sort((a, b) => a - b));
    const countries = rows.filter((r) => r.kind === 'country');
    const counts = countries.map((r) => r.providerCount ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    store.getState().toggleSort();
    const names = store
      .getState()
      .rows.filter((r) => r.kind === 'country')
      .map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('debounces typing on the store clock: one search for a burst of keys', async () => {
    const { store, clock, searches } = await onSimulator();
    for (const q of ['g', 'ge', 'ger']) {
      store.getState().setQuery(q);
      await clock.advance(SEARCH_DEBOUNCE_MS / 2);
    }
    expect(searches).toEqual([]);
    expect(store.getState().search.loading).toBe(true);
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(10);
    expect(searches).toEqual([{ query: 'ger' }]);
    const { rows } = store.getState();
    expect(rows[0]).toMatchObject({ kind: 'country', name: 'Germany', matchDistance: 0 });
    // The service's best-match-first order is kept: places, then the groups.
    const kinds = rows.map((r) => (r.kind === 'group' ? 1 : 0));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(rows.some((r) => r.kind === 'group')).toBe(true);
  });

  it('sends the distance fraction when set, and only-active keeps places that have providers', async () => {
    const { store, clock, searches } = await onSimulator();
    // Looser from the service's default of 0.2 (nothing sent), then stricter.
    store.getState().stepDistance(1);
    expect(store.getState().distanceFraction).toBe(0.3);
    store.getState().stepDistance(-1);
    expect(store.getState().distanceFraction).toBeUndefined();
    store.getState().stepDistance(-1);
    store.getState().stepDistance(-1);
    store.getState().stepDistance(-1);
    expect(store.getState().distanceFraction).toBe(0);
    store.getState().setQuery('berlin');
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(10);
    expect(searches.at(-1)).toEqual({
      query: 'berlin',
      max_distance_fraction: 0,
      enable_max_distance_fraction: true,
    });
    store.getState().stepDistance(1);
    expect(store.getState().distanceFraction).toBe(0.1);
    store.getState().stepDistance(1);
    expect(store.getState().distanceFraction).toBeUndefined();

    // A query that matches many places (one character is refused: it cannot narrow them).
    store.getState().setQuery('san');
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(10);
    const all = store.getState().rows;
    store.getState().toggleOnlyActive();
    const active = store.getState().rows;
    const available = new Set(createKeys(store.getState().data));
    expect(active.length).toBeLessThanOrEqual(all.length);
    expect(active.length).toBeGreaterThan(0);
    for (const row of active) expect(available.has(row.key), row.key).toBe(true);
  });

  it('a UUID query shows the device, and marks choose what is sent', async () => {
    const { store, clock } = await onSimulator();
    const id = '0b4c1f2e-1111-4222-8333-444455556666';
    store.getState().setQuery(id);
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(10);
    expect(store.getState().rows[0]).toMatchObject({ kind: 'device', id, spec: { client_id: id } });
    expect(store.getState().chosen()).toEqual([{ label: id, kind: 'device', spec: { client_id: id } }]);

    store.getState().setQuery('');
    store.getState().toggleMark();
    store.getState().move(1);
    store.getState().toggleMark();
    store.getState().toggleBest();
    const chosen = store.getState().chosen();
    expect(chosen).toHaveLength(3);
    expect(chosen[0].spec.location_group_id).toBeDefined();
    expect(chosen[2].spec).toEqual({ best_available: true });
    store.getState().move(-1);
    store.getState().toggleMark();
    expect(store.getState().chosen()).toHaveLength(2);
  });

  it('aborts a search that a newer one supersedes', async () => {
    const clock = new ManualClock();
    const signals: AbortSignal[] = [];
    const answers: ((r: LocationResult) => void)[] = [];
    const client = {
      providerLocations: async () => ({}),
      findLocations: (_body: unknown, options: { signal: AbortSignal }) => {
        signals.push(options.signal);
        return new Promise<LocationResult>((resolve, reject) => {
          answers.push(resolve);
          options.signal.addEventListener('abort', () => reject(options.signal.reason));
        });
      },
    } as unknown as ApiClient;
    store = createDiscoveryStore({ client, clock, connection: createConnectionStore() });
    // (The debounce timer waits for its request, so a never-answering client is driven directly.)
    store.getState().setQuery('par');
    void store.getState().searchNow();
    store.getState().setQuery('paris');
    void store.getState().searchNow();
    expect(signals).toHaveLength(2);
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    answers[1]({ locations: [{ location_id: 'a', location_type: 'city', name: 'Paris' }] } as LocationResult);
    await settle();
    expect(store.getState().rows.map((r) => r.name)).toEqual(['Paris']);
  });
});

function createKeys(result: LocationResult | undefined): string[] {
  const keys = (result?.groups ?? []).map((g) => `group:${g.location_group_id}`);
  for (const l of result?.locations ?? []) keys.push(`${l.location_type}:${l.location_id}`);
  return keys;
}

describe('discovery store today (find-locations gone, countries only)', () => {
  it('says once that find-locations is gone, and asks find-provider-locations from then on', async () => {
    const { store, clock, calls } = await onSimulator('current');
    await searchFor('germany', clock);
    expect(store.getState()).toMatchObject({ findLocationsGone: true, notice: FIND_LOCATIONS_GONE });
    expect(store.getState().search.via).toBe('find-provider-locations');
    expect(store.getState().rows[0]).toMatchObject({ kind: 'country', name: 'Germany', matchDistance: 0 });
    await searchFor('france', clock);
    expect(store.getState().notice).toBeUndefined();
    expect(calls).toEqual(['findLocations', 'findProviderLocations germany', 'findProviderLocations france']);
    // The distance does not apply any more: the keys say why instead.
    expect(store.getState().stepDistance(1)).toBe(DISTANCE_NOT_APPLICABLE);
    expect(store.getState().distanceFraction).toBeUndefined();
  });

  it('opens a country in place with its regions and cities, and closes it', async () => {
    const { store } = await onSimulator('current');
    const before = store.getState().rows;
    expect(before.every((row) => row.kind === 'country')).toBe(true);
    await store.getState().expand();
    const { rows } = store.getState();
    const country = before[0];
    expect(rows[0]).toMatchObject({ id: country.id, expanded: true });
    const children = rows.slice(1).filter((row) => row.child);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) {
      expect(child.countryId).toBe(country.id);
      expect(['region', 'city']).toContain(child.kind);
    }
    // Regions first, then cities.
    const kinds = children.map((row) => row.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'region' ? -1 : 1)));
    store.getState().move(2);
    store.getState().collapse();
    expect(store.getState().rows).toEqual(before);
    expect(store.getState().cursor).toBe(0);
  });

  it('a country the server calls constructor or toString is one like any other, open or not', () => {
    const country = (id: string) => ({
      location_id: id,
      location_type: 'country',
      name: id,
      provider_count: 1,
    });
    const result = { locations: ['constructor', 'toString', 'hasOwnProperty', 'c1'].map(country) };
    const child = { ...browseRows({ locations: [country('x')] }, 'name')[0], key: 'c1>x', child: true };
    const rows = browseRows(result, 'name', { c1: { loading: false, children: [child] } });
    expect(rows.map((row) => [row.id, row.expanded ?? false])).toEqual([
      ['c1', true],
      ['x', false],
      ['constructor', false],
      ['hasOwnProperty', false],
      ['toString', false],
    ]);
  });

  it('asks find-provider-locations for one query that find-locations answers with nothing', async () => {
    harness = await startSim({ era: 'current' });
    const { client, clock } = harness;
    const calls: string[] = [];
    const empty = {
      ...client,
      providerLocations: client.providerLocations,
      findLocations: async () => {
        calls.push('findLocations');
        return {} as LocationResult;
      },
      findProviderLocations: (body?: FindProviderLocationsRequest) => {
        calls.push('findProviderLocations');
        return client.findProviderLocations(body);
      },
    } as ApiClient;
    store = createDiscoveryStore({ client: empty, clock, connection: createConnectionStore() });
    await store.getState().start();
    await searchFor('germany', clock);
    await searchFor('france', clock);
    expect(calls).toEqual([
      'findLocations',
      'findProviderLocations',
      'findLocations',
      'findProviderLocations',
    ]);
    expect(store.getState().findLocationsGone).toBe(false);
    expect(store.getState().notice).toMatch(/find-locations found nothing/);
    expect(store.getState().rows.some((row) => row.name === 'France')).toBe(true);
  });
});

describe('searchRows', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const result = {
    locations: [
      { location_id: id(1), location_type: 'region' as const, name: 'Cordieberg County', match_distance: 2 },
      { location_id: id(2), location_type: 'country' as const, name: 'Bulgaria', country_code: 'bg' },
    ],
    groups: [
      { location_group_id: id(3), name: 'Nordic', promoted: true },
      { location_group_id: id(4), name: 'Eastern Europe' },
    ],
  } as unknown as LocationResult;

  it('puts an exact match the service sent without a distance (omitempty) first, at 0', () => {
    const rows = searchRows(result, undefined, 'Nórdic ');
    expect(rows.map((r) => [r.name, r.matchDistance])).toEqual([
      ['Nordic', 0],
      ['Cordieberg County', 2],
      ['Bulgaria', undefined],
      ['Eastern Europe', undefined],
    ]);
  });
});
