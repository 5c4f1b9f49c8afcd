// find-locations (fuzzy prefix search) and provider-locations (where providers are).
import { UUID_PATTERN } from '../../src/contract/schemas.ts';
import type { World } from '../world/index.ts';
import { normalise, SearchIndex } from '../world/search.ts';
import {
  type GroupObject,
  groupCount,
  groupObject,
  KIND_CITY,
  KIND_COUNTRY,
  KIND_GROUP,
  KIND_REGION,
  type LocationObject,
  locationObject,
} from './location-objects.ts';

/** Most matched locations one answer lists, closest first (parents and groups come on top). */
export const MAX_MATCHES = 100;
export const DEFAULT_DISTANCE_FRACTION = 0.2;

export interface LocationResult {
  groups: GroupObject[];
  locations: LocationObject[];
  devices: { client_id: string; device_name: string }[];
}

const indexes = new WeakMap<World, SearchIndex>();

/** The world's search index, built on first use (a default world needs it only when searched). */
export function searchIndex(world: World): SearchIndex {
  let index = indexes.get(world);
  if (!index) {
    index = new SearchIndex(world.geo);
    indexes.set(world, index);
  }
  return index;
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

  const found = searchIndex(world).search(query, allowedDistance(query.length, body));
  const { geo, providers } = world;
  const matched: { kind: number; index: number; distance: number; count: number; name: string }[] = [];
  const groupDistance = new Map<number, number>();
  for (const [ref, distance] of found) {
    const kind = ref & 3;
    const index = ref >> 2;
    if (kind === KIND_GROUP) {
      groupDistance.set(index, distance);
      continue;
    }
    const count =
      kind === KIND_CITY
        ? providers.eligibleCity[index]
        : kind === KIND_REGION
          ? providers.eligibleRegion[index]
          : providers.eligibleCountry[index];
    const name =
      kind === KIND_CITY
        ? geo.cityName[index]
        : kind === KIND_REGION
          ? geo.regionName[index]
          : geo.countryName[index];
    matched.push({ kind, index, distance, count, name });
  }
  matched.sort(
    (a, b) =>
      a.distance - b.distance ||
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

const providerLocationCache = new WeakMap<World, { version: number; result: LocationResult }>();

/**
 * Every city, region and country with at least one connected public provider, and every
 * group containing one, with provider counts (no `specs`, as the real server).
 */
export function providerLocations(world: World): LocationResult {
  const cached = providerLocationCache.get(world);
  if (cached && cached.version === world.version) return cached.result;
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
  providerLocationCache.set(world, { version: world.version, result });
  return result;
}
