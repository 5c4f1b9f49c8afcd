// Coordinates of regions and cities (find-providers2 `location` today). The generated
// regions and cities have no map, so (choice) a region lies within a degree and a half of
// its country's rough centre and a city within half a degree of its region: stable for a
// seed, near the right country, never (0, 0), in WGS84 ranges.
import type { Geo } from './geo.ts';
import { hash2, hashString } from './prng.ts';

/** Rough centres (latitude, longitude) of the world's countries. */
const CENTRES: Record<string, [number, number]> = {
  us: [39, -98],
  ca: [56, -106],
  mx: [23, -102],
  gt: [15.5, -90.3],
  cr: [9.9, -84],
  pa: [8.5, -80],
  hn: [15, -86.5],
  sv: [13.8, -88.9],
  ni: [12.9, -85.2],
  br: [-10, -52],
  ar: [-34, -64],
  cl: [-30, -71],
  co: [4, -73],
  pe: [-9, -75],
  ve: [7, -66],
  ec: [-1.5, -78],
  uy: [-33, -56],
  py: [-23, -58],
  bo: [-17, -65],
  cu: [21.5, -79],
  do: [19, -70.5],
  jm: [18.1, -77.3],
  pr: [18.2, -66.5],
  tt: [10.5, -61.3],
  gb: [54, -2],
  ie: [53, -8],
  is: [65, -18],
  no: [62, 10],
  se: [62, 15],
  fi: [64, 26],
  dk: [56, 10],
  ee: [59, 25.5],
  lv: [57, 25],
  lt: [55.3, 24],
  de: [51, 10],
  fr: [46.5, 2.5],
  nl: [52.2, 5.5],
  be: [50.6, 4.6],
  lu: [49.8, 6.1],
  ch: [46.8, 8.2],
  at: [47.5, 14.5],
  li: [47.1, 9.5],
  mc: [43.7, 7.4],
  es: [40, -4],
  pt: [39.5, -8],
  it: [42.8, 12.5],
  gr: [39, 22],
  mt: [35.9, 14.4],
  si: [46.1, 14.8],
  hr: [45.1, 15.2],
  rs: [44, 21],
  ba: [44, 17.8],
  al: [41.1, 20],
  mk: [41.6, 21.7],
  me: [42.7, 19.3],
  cy: [35, 33],
  pl: [52, 19],
  cz: [49.8, 15.5],
  sk: [48.7, 19.7],
  hu: [47.2, 19.5],
  ro: [46, 25],
  bg: [42.7, 25.3],
  ua: [49, 32],
  md: [47, 28.5],
  by: [53.7, 28],
  ru: [60, 90],
  tr: [39, 35],
  il: [31.5, 35],
  ae: [24, 54],
  sa: [24, 45],
  ge: [42, 43.5],
  am: [40.2, 45],
  az: [40.3, 47.7],
  jo: [31, 36],
  qa: [25.3, 51.2],
  kz: [48, 67],
  uz: [41.4, 64.6],
  in: [22, 79],
  pk: [30, 70],
  bd: [24, 90],
  lk: [7.9, 80.8],
  np: [28.4, 84.1],
  jp: [36, 138],
  kr: [36.5, 127.8],
  tw: [23.7, 121],
  hk: [22.3, 114.2],
  mn: [46.9, 103.8],
  sg: [1.35, 103.8],
  id: [-2.5, 118],
  th: [15, 101],
  vn: [16, 107.8],
  my: [4, 102],
  ph: [12.9, 122],
  kh: [12.6, 105],
  au: [-25, 134],
  nz: [-41, 174],
  fj: [-17.8, 178],
  za: [-29, 24],
  ng: [9, 8],
  ke: [0.5, 38],
  eg: [26.8, 30.8],
  ma: [31.8, -7],
  gh: [7.9, -1],
  tn: [34, 9.5],
  et: [9, 40],
  tz: [-6.4, 35],
  ug: [1.4, 32.3],
  sn: [14.5, -14.5],
  dz: [28, 3],
};

export interface Coordinates {
  lat: number;
  lon: number;
}

/** A number in [-1, 1) from a hash. */
const unit = (hash: number) => (hash >>> 0) / 2 ** 31 - 1;
const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** A point `spread` degrees around `base` at most, from a hash of `key`. */
function near(base: Coordinates, key: string, spread: number): Coordinates {
  const h = hashString(key);
  const lat = Math.max(-89, Math.min(89, base.lat + spread * unit(h)));
  const lon = ((base.lon + spread * unit(hash2(h, 1)) + 540) % 360) - 180;
  return { lat: round(lat), lon: round(lon) };
}

export function regionCoordinates(geo: Geo, region: number): Coordinates {
  const [lat, lon] = CENTRES[geo.countryCode[geo.regionCountry[region]]] ?? [20, 0];
  return near({ lat, lon }, geo.regionId[region], 1.5);
}

export function cityCoordinates(geo: Geo, city: number): Coordinates {
  return near(regionCoordinates(geo, geo.cityRegion[city]), geo.cityId[city], 0.5);
}
