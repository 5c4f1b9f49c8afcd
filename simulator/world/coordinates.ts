// Coordinates of regions and cities (find-providers2 `location` today). The world has no
// map, so (choice) each country gets a point derived from its code, each region one a few
// degrees from it and each city one within a degree of its region: stable for a seed,
// never (0, 0), in WGS84 ranges.
import type { Geo } from './geo.ts';
import { hash2, hashString } from './prng.ts';

export interface Coordinates {
  lat: number;
  lon: number;
}

/** A number in [-1, 1) from a hash. */
const unit = (hash: number) => (hash >>> 0) / 2 ** 31 - 1;
const round = (value: number) => Math.round(value * 1e4) / 1e4;

function countryPoint(geo: Geo, country: number): Coordinates {
  const h = hashString(geo.countryCode[country]);
  return { lat: 55 * unit(h) + 5, lon: 170 * unit(hash2(h, 1)) };
}

export function regionCoordinates(geo: Geo, region: number): Coordinates {
  const base = countryPoint(geo, geo.regionCountry[region]);
  const h = hashString(geo.regionId[region]);
  return { lat: round(base.lat + 4 * unit(h)), lon: round(base.lon + 4 * unit(hash2(h, 1))) };
}

export function cityCoordinates(geo: Geo, city: number): Coordinates {
  const base = regionCoordinates(geo, geo.cityRegion[city]);
  const h = hashString(geo.cityId[city]);
  return { lat: round(base.lat + unit(h)), lon: round(base.lon + unit(hash2(h, 1))) };
}
