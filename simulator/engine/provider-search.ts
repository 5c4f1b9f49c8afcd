// POST /network/find-provider-locations: a search among the places that have providers.
// Today (server: model/network_client_location_model.go FindProviderLocations): a fixed
// edit distance of 2 against word-start aliases, the 30 best matches (every exact one
// kept), their parents and the top places inside a matched country or region, no groups.
// Seed era: the fraction-based search of find-locations narrowed to places with
// providers, groups included.
import { LAX_UUID_PATTERN } from '../../src/contract/schemas.ts';
import type { World } from '../world/index.ts';
import { normalise } from '../world/search.ts';
import { callerPool, poolCount } from './blocked-locations.ts';
import {
  countryOf,
  currentLocationObject,
  exactRank,
  KIND_CITY,
  KIND_COUNTRY,
  KIND_REGION,
} from './location-objects.ts';
import {
  type CurrentLocationResult,
  currentProviderLocations,
  currentResult,
  type FindLocationsBody,
  findLocations,
  type LocationResult,
  searchIndex,
} from './locations.ts';

/** The service's fixed distance today; places added as parents or top children get one more. */
export const SEARCH_DISTANCE = 2;
/** Matches kept (server: search.OptMostLikley(30)); exact matches are all kept. */
export const MOST_LIKELY = 30;
/** Top children a matched place brings (server: UpdateClientLocations). */
export const TOP_REGIONS_PER_COUNTRY = 10;
export const TOP_CITIES_PER_COUNTRY = 10;
export const TOP_CITIES_PER_REGION = 20;

export interface FindProviderLocationsBody extends FindLocationsBody {
  rank_mode?: string;
}

/** The id a query parses as (server.ParseId: 36 chars, dashes unchecked, or 32 hex), lowercase. */
function parseQueryId(query: string): string | undefined {
  let hex: string;
  if (query.length === 36 && LAX_UUID_PATTERN.test(query))
    hex =
      query.slice(0, 8) + query.slice(9, 13) + query.slice(14, 18) + query.slice(19, 23) + query.slice(24);
  else if (/^[0-9a-fA-F]{32}$/.test(query)) hex = query;
  else return undefined;
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Whether a rank mode names a pool (`""` is quality); any other string finds none. */
export const isKnownRankMode = (mode: string | undefined) => !mode || mode === 'quality' || mode === 'speed';

/** Seed era: find-locations' search, keeping the places and groups that have providers. */
export function seedFindProviderLocations(world: World, body: FindLocationsBody): LocationResult {
  const found = findLocations(world, body);
  return {
    groups: found.groups.filter((group) => (group.provider_count ?? 0) > 0),
    locations: found.locations.filter((location) => location.provider_count > 0),
    devices: found.devices,
  };
}

/** The top `n` places of a city or region interval by providers (those with any). */
function top(counts: Int32Array, from: number, to: number, n: number): number[] {
  const picked: number[] = [];
  for (let i = from; i < to; i++) if (counts[i] > 0) picked.push(i);
  return picked.sort((a, b) => counts[b] - counts[a] || a - b).slice(0, n);
}

/**
 * The matches kept: every exact one, else the 30 closest. (choice) Among equal distances
 * the places named as the query come first (exactRank), then those with more providers
 * (the service orders them by an id). Found
 * distance by distance, as a wider search only adds matches that rank after these.
 */
function mostLikely(world: World, query: string): [ref: number, distance: number][] {
  const index = searchIndex(world, 'word-starts');
  const counts = [
    world.providers.eligibleCity,
    world.providers.eligibleRegion,
    world.providers.eligibleCountry,
  ];
  let found = new Map<number, number>();
  for (let distance = 0; distance <= SEARCH_DISTANCE && found.size < MOST_LIKELY; distance++)
    found = index.search(query, distance);
  const ranked = [...found].map(([ref, distance]) => ({
    ref,
    distance,
    exact: exactRank(world, ref & 3, ref >> 2, query, distance),
    count: counts[ref & 3][ref >> 2],
  }));
  ranked.sort((a, b) => a.distance - b.distance || a.exact - b.exact || b.count - a.count || a.ref - b.ref);
  const exact = ranked.filter((match) => match.distance === 0).length;
  return ranked.slice(0, Math.max(MOST_LIKELY, exact)).map((match) => [match.ref, match.distance]);
}

/** Today: places with providers within edit distance 2 of a word start, their parents and top children. */
export function currentFindProviderLocations(
  world: World,
  body: FindProviderLocationsBody,
): CurrentLocationResult {
  const query = (body.query ?? '').trim();
  const id = parseQueryId(query);
  // An id is taken as a device, unchecked.
  if (id) return currentResult([], [{ client_id: id, device_name: id }]);
  if (!isKnownRankMode(body.rank_mode)) return currentResult([]);
  if (query === '') return currentProviderLocations(world);

  const { geo } = world;
  const kept = mostLikely(world, normalise(query));

  // ref -> match distance; places without providers in the caller's pool are not loaded at all.
  const pool = callerPool(world);
  const listed = new Map<number, number>();
  for (const [ref, distance] of kept) if (poolCount(world, ref & 3, ref >> 2) > 0) listed.set(ref, distance);
  const add = (kind: number, index: number) => {
    const ref = index * 4 + kind;
    if (!listed.has(ref) && poolCount(world, kind, index) > 0) listed.set(ref, SEARCH_DISTANCE + 1);
  };
  for (const ref of [...listed.keys()]) {
    const kind = ref & 3;
    const index = ref >> 2;
    if (kind === KIND_CITY) add(KIND_REGION, geo.cityRegion[index]);
    if (kind !== KIND_COUNTRY) add(KIND_COUNTRY, countryOf(world, kind, index));
    if (kind === KIND_REGION) {
      for (const city of top(
        pool.city,
        geo.regionCityStart[index],
        geo.regionCityStart[index + 1],
        TOP_CITIES_PER_REGION,
      ))
        add(KIND_CITY, city);
    } else if (kind === KIND_COUNTRY) {
      const firstRegion = geo.countryRegionStart[index];
      const endRegion = geo.countryRegionStart[index + 1];
      for (const region of top(pool.region, firstRegion, endRegion, TOP_REGIONS_PER_COUNTRY))
        add(KIND_REGION, region);
      const from = geo.regionCityStart[firstRegion];
      const to = geo.regionCityStart[endRegion];
      for (const city of top(pool.city, from, to, TOP_CITIES_PER_COUNTRY)) add(KIND_CITY, city);
    }
  }
  const isListed = (kind: number, index: number) => listed.has(index * 4 + kind);
  return currentResult(
    [...listed].map(([ref, distance]) => currentLocationObject(world, ref & 3, ref >> 2, distance, isListed)),
  );
}
