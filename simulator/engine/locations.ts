// find-locations (the seed era's fuzzy prefix search) and provider-locations (where
// providers are: every place and group in the seed era, countries only today).
import { UUID_PATTERN } from '../../src/contract/schemas.ts';
import type { World } from '../world/index.ts';
import {
  MIN_ALIAS_LENGTH,
  normalise,
  type SearchIndex,
  searchIndexSteps,
  searchStringSteps,
  wordStartSteps,
} from '../world/search.ts';
import { Pending, type SliceOptions, type Steps, within } from '../world/steps.ts';
import { callerPool } from './blocked-locations.ts';
import {
  type CurrentLocationObject,
  currentLocationObject,
  eligibleCount,
  exactRank,
  type GroupObject,
  groupCount,
  groupObject,
  KIND_CITY,
  KIND_COUNTRY,
  KIND_GROUP,
  KIND_REGION,
  type LocationObject,
  locationCounts,
  locationObject,
  placeName,
} from './location-objects.ts';

/** Most matched locations one answer lists, closest first (parents and groups come on top). */
export const MAX_MATCHES = 100;
export const DEFAULT_DISTANCE_FRACTION = 0.2;

export interface LocationResult {
  groups: GroupObject[];
  locations: LocationObject[];
  devices: { client_id: string; device_name: string }[];
}

/**
 * The two search indexes: `prefixes` of every search string, groups too (the seed era's
 * find-locations), or `word-starts`, aliases of at least 3 characters from each word
 * start, no groups (today's find-provider-locations).
 */
export type IndexKind = 'prefixes' | 'word-starts';
const indexes = new WeakMap<World, Partial<Record<IndexKind, Pending<SearchIndex>>>>();

function* indexSteps(world: World, kind: IndexKind): Steps<SearchIndex> {
  if (kind === 'prefixes') {
    const entries = yield* within(searchStringSteps(world.geo, true), 0, 0.2);
    return yield* within(searchIndexSteps(entries), 0.2, 1);
  }
  const strings = yield* within(searchStringSteps(world.geo, false), 0, 0.2);
  const entries = yield* within(wordStartSteps(strings), 0.2, 0.35);
  return yield* within(searchIndexSteps(entries, MIN_ALIAS_LENGTH), 0.35, 1);
}

function pendingIndex(world: World, kind: IndexKind): Pending<SearchIndex> {
  let built = indexes.get(world);
  if (!built) {
    built = {};
    indexes.set(world, built);
  }
  built[kind] ??= new Pending(indexSteps(world, kind));
  return built[kind];
}

/**
 * The world's search index of a kind, built on first use (or finished then, when
 * prepareSearch has begun it): a default world needs it only when searched.
 */
export function searchIndex(world: World, kind: IndexKind): SearchIndex {
  return pendingIndex(world, kind).now();
}

/**
 * Builds the index the era searches with in time slices, ahead of the first search
 * (50 000 cities take ~0.5 s: a first keystroke would wait that long).
 */
export async function prepareSearch(world: World, kind: IndexKind, slices?: SliceOptions): Promise<void> {
  await pendingIndex(world, kind).inSlices(slices);
}

export interface FindLocationsBody {
  query?: string;
  max_distance_fraction?: number;
  enable_max_distance_fraction?: boolean;
}

/** Allowed distance: ceil(f * length), f = max_distance_fraction when enabled, else 0.2. */
export function allowedDistance(length: number, body: FindLocationsBody): number {
  const f =
    body.enable_max_distance_fraction && typeof body.max_distance_fraction === 'number'
      ? body.max_distance_fraction
      : DEFAULT_DISTANCE_FRACTION;
  // The epsilon keeps 0.2 * 15 = 3.0000000000000004 at 3.
  return Math.max(0, Math.ceil(f * length - 1e-9));
}

const KIND_RANK = [2, 1, 0]; // countries, then regions, then cities

export function findLocations(world: World, body: FindLocationsBody): LocationResult {
  const raw = typeof body.query === 'string' ? body.query : '';
  const query = normalise(raw);
  const result: LocationResult = { groups: [], locations: [], devices: [] };
  if (query === '') return result;
  if (UUID_PATTERN.test(query)) {
    // A client id: the real server answers with that device; no name can be that close.
    result.devices.push({ client_id: query, device_name: query });
    return result;
  }

  const found = searchIndex(world, 'prefixes').search(query, allowedDistance(query.length, body));
  const { geo } = world;
  const matched: {
    kind: number;
    index: number;
    distance: number;
    exact: number;
    count: number;
    name: string;
  }[] = [];
  const groupDistance = new Map<number, number>();
  for (const [ref, distance] of found) {
    const kind = ref & 3;
    const index = ref >> 2;
    if (kind === KIND_GROUP) {
      groupDistance.set(index, distance);
      continue;
    }
    const count = eligibleCount(world, kind, index);
    const name = placeName(world, kind, index);
    matched.push({
      kind,
      index,
      distance,
      exact: exactRank(world, kind, index, query, distance),
      count,
      name,
    });
  }
  matched.sort(
    (a, b) =>
      a.distance - b.distance ||
      a.exact - b.exact ||
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      b.count - a.count ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index),
  );

  const listed = new Set<number>();
  const countries = new Set<number>();
  const add = (kind: number, index: number, distance: number) => {
    const ref = index * 4 + kind;
    if (listed.has(ref)) return;
    listed.add(ref);
    result.locations.push(locationObject(world, kind, index, distance));
  };
  const top = matched.slice(0, MAX_MATCHES);
  for (const m of top) add(m.kind, m.index, m.distance);
  // Parents of the matches (a city's region and country, a region's country).
  for (const m of top) {
    if (m.kind === KIND_CITY) {
      const r = geo.cityRegion[m.index];
      add(KIND_REGION, r, 0);
      add(KIND_COUNTRY, geo.regionCountry[r], 0);
      countries.add(geo.regionCountry[r]);
    } else if (m.kind === KIND_REGION) {
      add(KIND_COUNTRY, geo.regionCountry[m.index], 0);
      countries.add(geo.regionCountry[m.index]);
    } else {
      countries.add(m.index);
    }
  }
  // Matched groups, then every group containing a returned location.
  const groups = [...groupDistance.keys()].sort(
    (a, b) => groupDistance.get(a)! - groupDistance.get(b)! || a - b,
  );
  const inGroups = new Set(groups);
  for (const c of countries) for (const g of geo.countryGroups[c]) inGroups.add(g);
  for (const g of inGroups) result.groups.push(groupObject(world, g, groupDistance.get(g) ?? 0));
  return result;
}

export interface CurrentLocationResult {
  groups: GroupObject[];
  locations: CurrentLocationObject[];
  devices: { client_id: string; device_name: string }[];
  country_count: number;
  region_count: number;
  city_count: number;
  stable_count: number;
  strong_privacy_count: number;
}

/** A current-era answer: the arrays, then the counts over its locations. */
export function currentResult(
  locations: CurrentLocationObject[],
  devices: CurrentLocationResult['devices'] = [],
): CurrentLocationResult {
  return { groups: [], locations, devices, ...locationCounts(locations) };
}

/** An era's list of the places with providers (the era profiles pick one). */
export type ProviderLocationList = (world: World) => LocationResult | CurrentLocationResult;

const providerLocationCache = new WeakMap<World, { version: number; result: unknown }>();

/** GET /network/provider-locations as the era's `list` makes it (one answer per world version). */
export function providerLocations(
  world: World,
  list: ProviderLocationList,
): LocationResult | CurrentLocationResult {
  const cached = providerLocationCache.get(world);
  if (cached && cached.version === world.version) return cached.result as LocationResult;
  const result = list(world);
  providerLocationCache.set(world, { version: world.version, result });
  return result;
}

/**
 * Today: the countries with a connected public provider in the caller's pool, most
 * providers first; no
 * regions or cities; `groups: []`, as the default groups are no longer promoted
 * (server: model/network_client_location_model.go GetProviderLocations, AddDefaultLocations).
 */
export function currentProviderLocations(world: World): CurrentLocationResult {
  // Listed where the caller's pool has providers; ordered by the global counts.
  const left = callerPool(world).country;
  const counts = world.providers.eligibleCountry;
  const live: number[] = [];
  for (let c = 0; c < counts.length; c++) if (left[c] > 0) live.push(c);
  live.sort((a, b) => counts[b] - counts[a] || a - b);
  const listed = new Set(live);
  return currentResult(
    live.map((c) =>
      currentLocationObject(
        world,
        KIND_COUNTRY,
        c,
        0,
        (kind, index) => kind === KIND_COUNTRY && listed.has(index),
      ),
    ),
  );
}

/**
 * Seed era: every city, region and country with at least one connected public provider,
 * and every group containing one, with provider counts (no `specs`, as the real server).
 */
export function seedProviderLocations(world: World): LocationResult {
  const { geo, providers } = world;
  const result: LocationResult = { groups: [], locations: [], devices: [] };
  const byCount = (counts: Int32Array, n: number, kind: number) => {
    const live: number[] = [];
    for (let i = 0; i < n; i++) if (counts[i] > 0) live.push(i);
    live.sort((a, b) => counts[b] - counts[a] || a - b);
    for (const i of live) result.locations.push(locationObject(world, kind, i));
  };
  byCount(providers.eligibleCountry, geo.countryName.length, KIND_COUNTRY);
  byCount(providers.eligibleRegion, geo.regionName.length, KIND_REGION);
  byCount(providers.eligibleCity, geo.cityName.length, KIND_CITY);
  geo.groups.forEach((_, g) => {
    if (groupCount(world, g) > 0) result.groups.push(groupObject(world, g));
  });
  return result;
}
