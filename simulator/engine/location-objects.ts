// Location, group and provider-location objects in the shape of the contract.
import type { World } from '../world/index.ts';
import { KIND_CITY, KIND_COUNTRY, KIND_GROUP, KIND_REGION } from '../world/search.ts';

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
  promoted: boolean;
  match_distance?: number;
}

export function locationObject(world: World, kind: number, index: number, distance = 0): LocationObject {
  const { geo, providers } = world;
  let object: LocationObject;
  if (kind === KIND_CITY) {
    const r = geo.cityRegion[index];
    const c = geo.regionCountry[r];
    object = {
      location_id: geo.cityId[index],
      location_type: 'city',
      name: geo.cityName[index],
      city: geo.cityName[index],
      city_location_id: geo.cityId[index],
      region: geo.regionName[r],
      region_location_id: geo.regionId[r],
      country: geo.countryName[c],
      country_location_id: geo.countryId[c],
      country_code: geo.countryCode[c],
      provider_count: providers.eligibleCity[index],
    };
  } else if (kind === KIND_REGION) {
    const c = geo.regionCountry[index];
    object = {
      location_id: geo.regionId[index],
      location_type: 'region',
      name: geo.regionName[index],
      region: geo.regionName[index],
      region_location_id: geo.regionId[index],
      country: geo.countryName[c],
      country_location_id: geo.countryId[c],
      country_code: geo.countryCode[c],
      provider_count: providers.eligibleRegion[index],
    };
  } else if (kind === KIND_COUNTRY) {
    object = {
      location_id: geo.countryId[index],
      location_type: 'country',
      name: geo.countryName[index],
      country: geo.countryName[index],
      country_location_id: geo.countryId[index],
      country_code: geo.countryCode[index],
      provider_count: providers.eligibleCountry[index],
    };
  } else {
    throw new Error(`not a location kind: ${kind}`);
  }
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
    promoted: row.promoted,
  };
  if (distance > 0) object.match_distance = distance;
  return object;
}

export { KIND_CITY, KIND_COUNTRY, KIND_GROUP, KIND_REGION };
