// Coordinates of regions and cities (find-providers2 `location` today, the providers map):
// a city's are its own (GeoNames, to 1e-4 degrees), a region's the population-weighted
// centre of its cities in the world (geo.ts).
import type { Geo } from './geo.ts';

export interface Coordinates {
  lat: number;
  lon: number;
}

export function regionCoordinates(geo: Geo, region: number): Coordinates {
  return { lat: geo.regionLat[region], lon: geo.regionLon[region] };
}

export function cityCoordinates(geo: Geo, city: number): Coordinates {
  return { lat: geo.cityLat[city], lon: geo.cityLon[city] };
}
