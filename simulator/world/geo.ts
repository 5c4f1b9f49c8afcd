// The location hierarchy: countries -> regions -> cities, numbered so that a region's
// cities and a country's regions are contiguous. A country or region is then an
// interval of city numbers, which is what provider sampling works on.
import { COUNTRIES, GROUPS } from './countries.ts';
import type { Names } from './names.ts';
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
  cityName: string[];
  cityId: string[];
  cityRegion: Int32Array;
  /** relative share of providers */
  cityWeight: Float64Array;
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

/** Splits `total` into parts proportional to `weights`, each at least `min`. */
function apportion(total: number, weights: ArrayLike<number>, min: number): Int32Array {
  const n = weights.length;
  const parts = new Int32Array(n).fill(min);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i];
  const rest = Math.max(0, total - min * n);
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < n; i++) {
    cumulative += weights[i];
    const upTo = Math.floor((cumulative / sum) * rest);
    parts[i] += upTo - given;
    given = upTo;
  }
  return parts;
}

/** The geography, a country per step. */
export function* geoSteps(rng: Rng, names: Names, cities: number): Steps<Geo> {
  const nCountries = COUNTRIES.length;
  const totalCities = Math.max(cities, nCountries);
  const countryWeight = Float64Array.from(COUNTRIES, (row) => row.weight);
  // More cities where there are more providers, but flatter than the provider weights.
  const citiesPerCountry = apportion(
    totalCities,
    countryWeight.map((w) => Math.sqrt(w)),
    1,
  );
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
    cityName: new Array(totalCities),
    cityId: new Array(totalCities),
    cityRegion: new Int32Array(totalCities),
    cityWeight: new Float64Array(totalCities),
    groups: [],
    countryGroups: COUNTRIES.map(() => []),
    byId: new Map(),
  };
  const regionCountry: number[] = [];
  const regionCityStart: number[] = [];
  let city = 0;
  for (let c = 0; c < nCountries; c++) {
    geo.countryRegionStart[c] = regionCountry.length;
    const nCities = citiesPerCountry[c];
    const isUs = COUNTRIES[c].code === 'us';
    const nRegions = Math.max(1, Math.min(isUs ? 50 : 40, Math.round(Math.sqrt(nCities) * 1.2), nCities));
    const regionNames = new Set<string>();
    const cityShares = apportion(
      nCities,
      Array.from({ length: nRegions }, () => 0.5 + rng.float()),
      1,
    );
    for (let r = 0; r < nRegions; r++) {
      let name = isUs ? names.states[r % names.states.length] : names.region(rng);
      while (regionNames.has(name)) name = names.region(rng);
      regionNames.add(name);
      const region = regionCountry.length;
      regionCountry.push(c);
      regionCityStart.push(city);
      geo.regionName.push(name);
      geo.regionId.push(rng.uuid());
      const cityNames = new Set<string>();
      for (let k = 0; k < cityShares[r]; k++, city++) {
        let cityName = names.city(rng);
        for (let tries = 0; cityNames.has(cityName) && tries < 8; tries++) cityName = names.city(rng);
        if (cityNames.has(cityName)) cityName = `${cityName} ${k + 1}`;
        cityNames.add(cityName);
        geo.cityName[city] = cityName;
        geo.cityId[city] = rng.uuid();
        geo.cityRegion[city] = region;
        // A few big cities per country take most providers (Zipf-like).
        geo.cityWeight[city] = countryWeight[c] / nCities / (1 + rng.float() * 3);
      }
    }
    yield (0.8 * city) / totalCities;
  }
  geo.countryRegionStart[nCountries] = regionCountry.length;
  regionCityStart.push(city);
  geo.regionCountry = Int32Array.from(regionCountry);
  geo.regionCityStart = Int32Array.from(regionCityStart);

  const countryByCode = new Map(geo.countryCode.map((code, i) => [code, i]));
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
