// The location hierarchy: countries -> regions -> cities, numbered so that a region's
// cities and a country's regions are contiguous. A country or region is then an
// interval of city numbers, which is what provider sampling works on. The countries are
// countries.ts's; their regions and cities real ones (places.ts).
import { COUNTRIES, GROUPS } from './countries.ts';
import { type Places, places } from './places.ts';
import type { Rng } from './prng.ts';
import type { Steps } from './steps.ts';

export type LocationKind = 'city' | 'region' | 'country';

export interface Group {
  id: string;
  name: string;
  promoted: boolean;
  /** member country numbers */
  countries: number[];
}

export interface Geo {
  countryName: string[];
  countryCode: string[];
  countryId: string[];
  /** regions of country c are [countryRegionStart[c], countryRegionStart[c + 1]) */
  countryRegionStart: Int32Array;
  countryWeight: Float64Array;
  regionName: string[];
  regionId: string[];
  regionCountry: Int32Array;
  /** cities of region r are [regionCityStart[r], regionCityStart[r + 1]) */
  regionCityStart: Int32Array;
  /** a region's point: the centre of its cities, weighted by their population */
  regionLat: Float64Array;
  regionLon: Float64Array;
  cityName: string[];
  cityId: string[];
  cityRegion: Int32Array;
  /** relative share of providers */
  cityWeight: Float64Array;
  cityLat: Float64Array;
  cityLon: Float64Array;
  groups: Group[];
  /** group numbers containing each country */
  countryGroups: number[][];
  /** location id -> kind and number */
  byId: Map<string, { kind: LocationKind | 'group'; index: number }>;
}

/** The interval of city numbers [from, to) a location covers. */
export function cityInterval(geo: Geo, kind: LocationKind, index: number): [number, number] {
  if (kind === 'city') return [index, index + 1];
  if (kind === 'region') return [geo.regionCityStart[index], geo.regionCityStart[index + 1]];
  const firstRegion = geo.countryRegionStart[index];
  const endRegion = geo.countryRegionStart[index + 1];
  return [geo.regionCityStart[firstRegion], geo.regionCityStart[endRegion]];
}

const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

/**
 * The population-weighted centre of some cities, longitudes taken around the first one's
 * (a region across the antimeridian, Fiji's, stays where it is).
 */
function centroid(table: Places, rows: number[]): { lat: number; lon: number } {
  const lon0 = table.lon[rows[0]];
  let weight = 0;
  let lat = 0;
  let lon = 0;
  for (const row of rows) {
    const w = table.population[row];
    weight += w;
    lat += w * table.lat[row];
    lon += w * (((table.lon[row] - lon0 + 540) % 360) - 180);
  }
  return { lat: round(lat / weight), lon: round(((lon0 + lon / weight + 540) % 360) - 180) };
}

/** The geography, a country per step: the world's real cities (places.ts), grouped by country and region. */
export function* geoSteps(rng: Rng, cities: number): Steps<Geo> {
  const nCountries = COUNTRIES.length;
  // Every world has every country: the first rows are each country's most populous city.
  const table = places(Math.max(cities, nCountries));
  const totalCities = table.count;
  const countryWeight = Float64Array.from(COUNTRIES, (row) => row.weight);
  const geo: Geo = {
    countryName: COUNTRIES.map((row) => row.name),
    countryCode: COUNTRIES.map((row) => row.code),
    countryId: COUNTRIES.map(() => rng.uuid()),
    countryRegionStart: new Int32Array(nCountries + 1),
    countryWeight,
    regionName: [],
    regionId: [],
    regionCountry: new Int32Array(0),
    regionCityStart: new Int32Array(0),
    regionLat: new Float64Array(0),
    regionLon: new Float64Array(0),
    cityName: new Array(totalCities),
    cityId: new Array(totalCities),
    cityRegion: new Int32Array(totalCities),
    cityWeight: new Float64Array(totalCities),
    cityLat: new Float64Array(totalCities),
    cityLon: new Float64Array(totalCities),
    groups: [],
    countryGroups: COUNTRIES.map(() => []),
    byId: new Map(),
  };

  // The rows of each region of the data, and the regions of each country, in the order
  // their most populous city comes (the rows are most populous first).
  const countryByCode = new Map(geo.countryCode.map((code, i) => [code, i]));
  const rowsOfRegion = new Map<number, number[]>();
  const regionsOfCountry: number[][] = COUNTRIES.map(() => []);
  for (let row = 0; row < totalCities; row++) {
    const region = table.region[row];
    let rows = rowsOfRegion.get(region);
    if (!rows) {
      rows = [];
      rowsOfRegion.set(region, rows);
      regionsOfCountry[countryByCode.get(table.regionCountry[region])!].push(region);
    }
    rows.push(row);
  }

  const regionCountry: number[] = [];
  const regionCityStart: number[] = [];
  const regionLat: number[] = [];
  const regionLon: number[] = [];
  let city = 0;
  for (let c = 0; c < nCountries; c++) {
    geo.countryRegionStart[c] = regionCountry.length;
    let countryPopulation = 0;
    for (const region of regionsOfCountry[c])
      for (const row of rowsOfRegion.get(region)!) countryPopulation += table.population[row];
    for (const dataRegion of regionsOfCountry[c]) {
      const region = regionCountry.length;
      regionCountry.push(c);
      regionCityStart.push(city);
      geo.regionName.push(table.regionName[dataRegion]);
      geo.regionId.push(rng.uuid());
      const rows = rowsOfRegion.get(dataRegion)!;
      const centre = centroid(table, rows);
      regionLat.push(centre.lat);
      regionLon.push(centre.lon);
      for (const row of rows) {
        geo.cityName[city] = table.name[row];
        geo.cityId[city] = rng.uuid();
        geo.cityRegion[city] = region;
        geo.cityLat[city] = table.lat[row];
        geo.cityLon[city] = table.lon[row];
        // Providers go where people are, a little more here and less there for each seed.
        geo.cityWeight[city] =
          ((countryWeight[c] * table.population[row]) / countryPopulation) * (0.75 + rng.float() * 0.5);
        city++;
      }
    }
    yield (0.8 * city) / totalCities;
  }
  geo.countryRegionStart[nCountries] = regionCountry.length;
  regionCityStart.push(city);
  geo.regionCountry = Int32Array.from(regionCountry);
  geo.regionCityStart = Int32Array.from(regionCityStart);
  geo.regionLat = Float64Array.from(regionLat);
  geo.regionLon = Float64Array.from(regionLon);

  for (const row of GROUPS) {
    const index = geo.groups.length;
    const countries = row.members.map((code) => countryByCode.get(code)!).filter((c) => c !== undefined);
    geo.groups.push({ id: rng.uuid(), name: row.name, promoted: row.promoted, countries });
    for (const c of countries) geo.countryGroups[c].push(index);
  }

  for (const [index, id] of geo.countryId.entries()) geo.byId.set(id, { kind: 'country', index });
  for (const [index, id] of geo.regionId.entries()) geo.byId.set(id, { kind: 'region', index });
  for (let index = 0; index < totalCities; index++) {
    geo.byId.set(geo.cityId[index], { kind: 'city', index });
    if ((index & 0xfff) === 0xfff) yield 0.8 + (0.2 * index) / totalCities;
  }
  for (const [index, group] of geo.groups.entries()) geo.byId.set(group.id, { kind: 'group', index });
  return geo;
}
