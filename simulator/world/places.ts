// Real places for the simulated world (GeoNames, trimmed at build time by
// scripts/places.mjs): cities with their region, country, coordinates and population.
// Read only when a world is built, and only as many cities as it has: the rows come each
// country's most populous city first, then the rest most populous first, so a world of N
// cities is the first N rows. What is decoded is checked as it is: a damaged file is a
// reason (PlacesFileError), never a typed array of a fractional length or a region that
// is not there.
import { COUNTRIES } from './countries.ts';
import { placesData } from './places-data.ts';
import { type PlacesData, PlacesFileError } from './places-file.ts';

/** The cities the build keeps: the largest world's. */
export const MAX_CITIES = 50_000;
/** Base-64 digits a city takes in the columns: region 3, latitude 4, longitude 4, population 5. */
export const CITY_CHARS = 16;
/** Coordinates are kept to 1e-4 degrees (about 11 m). */
export const COORDINATE_SCALE = 1e4;

export interface Places {
  count: number;
  /** per city */
  name: string[];
  region: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
  population: Float64Array;
  /** per region of the data: its country's code (lowercase) and its name */
  regionCountry: string[];
  regionName: string[];
}

const VALUE = new Int8Array(128).fill(-1);
for (const [k, digit] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  VALUE[digit.charCodeAt(0)] = k;

/** The number written in `count` base-64 digits at `at`. */
function read(text: string, at: number, count: number): number {
  let value = 0;
  for (let k = at; k < at + count; k++) {
    const digit = VALUE[text.charCodeAt(k)] ?? -1;
    if (digit < 0) throw new PlacesFileError(`is damaged: character ${k} of its columns is no base-64 digit`);
    value = value * 64 + digit;
  }
  return value;
}

const KNOWN_COUNTRIES = new Set(COUNTRIES.map((row) => row.code));

/** The first `wanted` cities (at most MAX_CITIES, or what the data has). */
export function places(wanted: number, data: PlacesData = placesData()): Places {
  // `data` is not kept: the file is garbage once the world has its cities.
  if (data.columnsLength % CITY_CHARS !== 0)
    throw new PlacesFileError(`is damaged: its columns are not ${CITY_CHARS} characters a city`);
  const count = Math.min(wanted, data.columnsLength / CITY_CHARS);
  const columns = data.columns(count * CITY_CHARS);
  const region = new Int32Array(count);
  const lat = new Float64Array(count);
  const lon = new Float64Array(count);
  const population = new Float64Array(count);
  for (let i = 0, at = 0; i < count; i++, at += CITY_CHARS) {
    region[i] = read(columns, at, 3);
    lat[i] = (read(columns, at + 3, 4) - 90 * COORDINATE_SCALE) / COORDINATE_SCALE;
    lon[i] = (read(columns, at + 7, 4) - 180 * COORDINATE_SCALE) / COORDINATE_SCALE;
    population[i] = read(columns, at + 11, 5);
  }
  const regionCountry: string[] = [];
  const regionName: string[] = [];
  for (const line of data.regions.split('\n')) {
    const tab = line.indexOf('\t');
    if (!KNOWN_COUNTRIES.has(line.slice(0, tab)))
      throw new PlacesFileError(`is damaged: region ${regionCountry.length} is of no known country`);
    regionCountry.push(line.slice(0, tab));
    regionName.push(line.slice(tab + 1));
  }
  for (let i = 0; i < count; i++) {
    if (region[i] >= regionCountry.length)
      throw new PlacesFileError(`is damaged: city ${i} is in region ${region[i]} of ${regionCountry.length}`);
    if (Math.abs(lat[i]) > 90 || Math.abs(lon[i]) > 180)
      throw new PlacesFileError(`is damaged: city ${i} is at ${lat[i]}, ${lon[i]}`);
  }
  const name = data.names(count);
  if (name.length < count)
    throw new PlacesFileError(`is damaged: it names ${name.length} of ${count} cities`);
  return {
    count,
    name,
    region,
    lat,
    lon,
    population,
    regionCountry,
    regionName,
  };
}
