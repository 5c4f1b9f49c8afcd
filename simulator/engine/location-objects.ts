// Location, group and provider-location objects in the shape of the contract.
import type { World } from '../world/index.ts';
import { KIND_CITY, KIND_COUNTRY, KIND_GROUP, KIND_REGION, normalise } from '../world/search.ts';
import { poolCount } from './blocked-locations.ts';

export interface LocationObject {
  location_id: string;
  location_type: 'city' | 'region' | 'country';
  name: string;
  city?: string;
  city_location_id?: string;
  region?: string;
  region_location_id?: string;
  country: string;
  country_location_id: string;
  country_code: string;
  provider_count: number;
  match_distance?: number;
}

export interface GroupObject {
  location_group_id: string;
  name: string;
  provider_count: number;
  /** omitempty: sent only when true */
  promoted?: true;
  match_distance?: number;
}

/** A location's region, as its own object and its cities' say it. */
const regionFields = (geo: World['geo'], r: number) => ({
  region: geo.regionName[r],
  region_location_id: geo.regionId[r],
});
/** A location's country, as its own object and every place in it say it. */
const countryFields = (geo: World['geo'], c: number) => ({
  country: geo.countryName[c],
  country_location_id: geo.countryId[c],
  country_code: geo.countryCode[c],
});

/** Where the world keeps a kind of location's ids, names and eligible providers. */
interface PlaceColumns {
  type: LocationObject['location_type'];
  ids: 'cityId' | 'regionId' | 'countryId';
  names: 'cityName' | 'regionName' | 'countryName';
  eligible: 'eligibleCity' | 'eligibleRegion' | 'eligibleCountry';
}

const PLACES: Partial<Record<number, PlaceColumns>> = {
  [KIND_CITY]: { type: 'city', ids: 'cityId', names: 'cityName', eligible: 'eligibleCity' },
  [KIND_REGION]: { type: 'region', ids: 'regionId', names: 'regionName', eligible: 'eligibleRegion' },
  [KIND_COUNTRY]: { type: 'country', ids: 'countryId', names: 'countryName', eligible: 'eligibleCountry' },
};

/** A location's fields between its name and its provider count: its own (a city's) and its parents'. */
function placeFields(geo: World['geo'], kind: number, index: number) {
  if (kind === KIND_CITY) {
    const r = geo.cityRegion[index];
    return {
      city: geo.cityName[index],
      city_location_id: geo.cityId[index],
      ...regionFields(geo, r),
      ...countryFields(geo, geo.regionCountry[r]),
    };
  }
  if (kind === KIND_REGION)
    return { ...regionFields(geo, index), ...countryFields(geo, geo.regionCountry[index]) };
  return countryFields(geo, index);
}

// The fields in the Go struct's order, as the service sends them.
export function locationObject(world: World, kind: number, index: number, distance = 0): LocationObject {
  const { geo, providers } = world;
  const place = PLACES[kind];
  if (!place) throw new Error(`not a location kind: ${kind}`);
  const object: LocationObject = {
    location_id: geo[place.ids][index],
    location_type: place.type,
    name: geo[place.names][index],
    ...placeFields(geo, kind, index),
    provider_count: providers[place.eligible][index],
  };
  // Go's omitempty: an exact match carries no match_distance.
  if (distance > 0) object.match_distance = distance;
  return object;
}

/** Eligible providers of a group: those in its member countries. */
export function groupCount(world: World, group: number): number {
  let count = 0;
  for (const c of world.geo.groups[group].countries) count += world.providers.eligibleCountry[c];
  return count;
}

export function groupObject(world: World, group: number, distance = 0): GroupObject {
  const row = world.geo.groups[group];
  const object: GroupObject = {
    location_group_id: row.id,
    name: row.name,
    provider_count: groupCount(world, group),
  };
  // Go's omitempty (server@bedf5fd7: LocationGroupResult): a false promoted is left out.
  if (row.promoted) object.promoted = true;
  if (distance > 0) object.match_distance = distance;
  return object;
}

export { KIND_CITY, KIND_COUNTRY, KIND_GROUP, KIND_REGION };

// ---- current era (server: model/network_client_location_model.go LocationResult) ----

/** A location as the service sends it today: `stable` and `strong_privacy` always there. */
export interface CurrentLocationObject {
  location_id: string;
  location_type: 'city' | 'region' | 'country';
  name: string;
  city?: string;
  region?: string;
  country?: string;
  city_location_id?: string;
  region_location_id?: string;
  country_location_id: string;
  country_code: string;
  provider_count?: number;
  match_distance?: number;
  stable: boolean;
  strong_privacy: boolean;
}

/**
 * (choice) A location's provider pool is "stable" (on the service: its reliability
 * weight is at least 4) when it has at least this many connected public providers.
 */
export const STABLE_MIN_PROVIDERS = 8;
export const STRONG_PRIVACY_GROUP = 'Strong Privacy Laws and Internet Freedom';

export function eligibleCount(world: World, kind: number, index: number): number {
  const { providers } = world;
  if (kind === KIND_CITY) return providers.eligibleCity[index];
  if (kind === KIND_REGION) return providers.eligibleRegion[index];
  return providers.eligibleCountry[index];
}

/** A location's own name. */
export function placeName(world: World, kind: number, index: number): string {
  const { geo } = world;
  if (kind === KIND_CITY) return geo.cityName[index];
  if (kind === KIND_REGION) return geo.regionName[index];
  return geo.countryName[index];
}

/** Exact matches by kind: a country, then a city, then a region of the query's name. */
const EXACT_RANK = [1, 2, 0];
const NOT_EXACT = 3;

/**
 * (choice; the service leaves the order unspecified) Where a match ranks among those of
 * its distance: first the places named exactly as the (normalised) query, so that `tokyo`
 * lists the city of Tokyo before its prefecture and `berlin` Berlin before the State of
 * Berlin, while `ger` still lists Germany first by its providers.
 */
export function exactRank(
  world: World,
  kind: number,
  index: number,
  query: string,
  distance: number,
): number {
  if (distance !== 0) return NOT_EXACT;
  const name = placeName(world, kind, index);
  // Normalising keeps a name's length within a character or two: most names are skipped.
  if (Math.abs(name.length - query.length) > 2 || normalise(name) !== query) return NOT_EXACT;
  return EXACT_RANK[kind];
}

/** The country of a location. */
export function countryOf(world: World, kind: number, index: number): number {
  const { geo } = world;
  if (kind === KIND_COUNTRY) return index;
  return geo.regionCountry[kind === KIND_CITY ? geo.cityRegion[index] : index];
}

/** Whether the location or a parent is in the strong-privacy group (whose members are countries). */
export function isStrongPrivacy(world: World, kind: number, index: number): boolean {
  const { geo } = world;
  const country = countryOf(world, kind, index);
  return geo.countryGroups[country].some((g) => geo.groups[g].name === STRONG_PRIVACY_GROUP);
}

/**
 * The current-era object of a location (listed where the caller's pool has providers:
 * engine/blocked-locations.ts). The names of its parents (and its own) are sent
 * only when that location is part of the same answer (`listed`), as the service looks
 * them up among the locations it answers with (server: ... clientLocationName).
 */
export function currentLocationObject(
  world: World,
  kind: number,
  index: number,
  distance: number,
  listed: (kind: number, index: number) => boolean,
): CurrentLocationObject {
  const { geo } = world;
  const region = kind === KIND_CITY ? geo.cityRegion[index] : kind === KIND_REGION ? index : -1;
  const country = countryOf(world, kind, index);
  const count = eligibleCount(world, kind, index);
  const id = [geo.cityId, geo.regionId, geo.countryId][kind][index];
  const object = {
    location_id: id,
    location_type: LOCATION_TYPES[kind],
    name: [geo.cityName, geo.regionName, geo.countryName][kind][index],
  } as CurrentLocationObject;
  // Go's omitempty drops empty names and nil ids; the key order is the struct's.
  if (kind === KIND_CITY && listed(KIND_CITY, index)) object.city = geo.cityName[index];
  if (region >= 0 && listed(KIND_REGION, region)) object.region = geo.regionName[region];
  if (listed(KIND_COUNTRY, country)) object.country = geo.countryName[country];
  if (kind === KIND_CITY) object.city_location_id = id;
  if (region >= 0) object.region_location_id = geo.regionId[region];
  object.country_location_id = geo.countryId[country];
  object.country_code = geo.countryCode[country];
  if (count > 0) object.provider_count = count;
  if (distance > 0) object.match_distance = distance;
  // `provider_count` is the global count; whether the pool is stable is the caller's pool's.
  object.stable = poolCount(world, kind, index) >= STABLE_MIN_PROVIDERS;
  object.strong_privacy = isStrongPrivacy(world, kind, index);
  return object;
}

const LOCATION_TYPES = ['city', 'region', 'country'] as const;

/** The counts the service adds to a current-era location answer (FindLocationsResult.SetStats). */
export function locationCounts(locations: CurrentLocationObject[]) {
  const counts = {
    country_count: 0,
    region_count: 0,
    city_count: 0,
    stable_count: 0,
    strong_privacy_count: 0,
  };
  for (const location of locations) {
    if (location.location_type === 'country') counts.country_count++;
    else if (location.location_type === 'region') counts.region_count++;
    else counts.city_count++;
    if (location.stable) counts.stable_count++;
    if (location.strong_privacy) counts.strong_privacy_count++;
  }
  return counts;
}
