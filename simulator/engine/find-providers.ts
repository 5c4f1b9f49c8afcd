// find-providers2: random sampling of connected public providers, better tiers first,
// without repeats across calls thanks to the caller's exclusions. Works on city
// intervals (a country or region is a contiguous run of cities) and on the providers'
// (tier, city) numbering, so it never builds the candidate list of a big location.
import { COUNTRIES, HOME_COUNTRY_CODE } from '../world/countries.ts';
import { cityInterval } from '../world/geo.ts';
import type { World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';
import { PUBLIC, TIERS } from '../world/providers.ts';
import { SimError } from './errors.ts';

export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 1000;

export interface FindProvidersBody {
  specs?: {
    location_id?: string;
    location_group_id?: string;
    client_id?: string;
    best_available?: boolean;
  }[];
  count?: number;
  exclude_client_ids?: string[];
  exclude_destinations?: string[][];
}

export interface ProviderItem {
  client_id: string;
  estimated_bytes_per_second: number;
  has_estimated_bytes_per_second: boolean;
  tier: number;
  location: {
    country: string;
    country_code: string;
    region: string;
    city: string;
    country_location_id: string;
    region_location_id: string;
    city_location_id: string;
  };
}

const EXCLUDED = 1;
const DEMOTED = 2;
const CHOSEN = 4;

const scratch = new WeakMap<World, Uint8Array>();

function marksFor(world: World): Uint8Array {
  let marks = scratch.get(world);
  if (!marks || marks.length < world.providers.count) {
    marks = new Uint8Array(world.providers.city.length);
    scratch.set(world, marks);
  }
  return marks;
}

/** City intervals [from, to) the specs name, sorted and merged. */
function specIntervals(world: World, body: FindProvidersBody): number[] {
  const { geo } = world;
  const raw: [number, number][] = [];
  const addCountry = (c: number) => raw.push(cityInterval(geo, 'country', c));
  for (const spec of body.specs ?? []) {
    for (const id of [spec.location_id, spec.location_group_id]) {
      if (!id) continue;
      const hit = geo.byId.get(id);
      if (!hit) continue;
      if (hit.kind === 'group') for (const c of geo.groups[hit.index].countries) addCountry(c);
      else raw.push(cityInterval(geo, hit.kind, hit.index));
    }
    if (spec.best_available) addCountry(COUNTRIES.findIndex((row) => row.code === HOME_COUNTRY_CODE));
  }
  raw.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [from, to] of raw) {
    const last = merged.length - 1;
    if (last > 0 && from <= merged[last]) merged[last] = Math.max(merged[last], to);
    else merged.push(from, to);
  }
  return merged;
}

function inIntervals(intervals: number[], city: number): boolean {
  for (let k = 0; k < intervals.length; k += 2)
    if (city >= intervals[k] && city < intervals[k + 1]) return true;
  return false;
}

export function findProviders(
  world: World,
  rng: Rng,
  body: FindProvidersBody,
): { providers: ProviderItem[] } {
  const paths = body.exclude_destinations ?? [];
  paths.forEach((path, k) => {
    if (!Array.isArray(path) || path.length === 0)
      throw new SimError(400, `exclude_destinations[${k}]: a destination path needs at least one id`);
  });
  const requested = typeof body.count === 'number' && body.count > 0 ? Math.floor(body.count) : DEFAULT_COUNT;
  const count = Math.min(requested, MAX_COUNT);
  const p = world.providers;
  const marks = marksFor(world);
  const touched: number[] = [];
  const mark = (i: number, bit: number) => {
    if (marks[i] === 0) touched.push(i);
    marks[i] |= bit;
  };
  try {
    for (const id of body.exclude_client_ids ?? []) {
      const i = p.ids.index(id, p.count);
      if (i >= 0) mark(i, EXCLUDED);
    }
    const demoted: number[] = [];
    for (const path of paths) {
      const last = p.ids.index(path[path.length - 1], p.count);
      if (last >= 0) mark(last, EXCLUDED);
      // Earlier hops of a path are only ranked lower.
      for (let k = 0; k < path.length - 1; k++) {
        const i = p.ids.index(path[k], p.count);
        if (i >= 0 && marks[i] === 0) {
          mark(i, DEMOTED);
          demoted.push(i);
        }
      }
    }
    const intervals = specIntervals(world, body);
    const direct: number[] = [];
    for (const spec of body.specs ?? []) {
      if (!spec.client_id) continue;
      const i = p.ids.index(spec.client_id, p.count);
      if (i >= 0 && p.connected[i] === 1) direct.push(i);
    }
    const isCandidate = (i: number) =>
      (p.connected[i] === 1 && p.mode[i] === PUBLIC && inIntervals(intervals, p.city[i])) ||
      direct.includes(i);

    const out: number[] = [];
    for (let t = 0; t < TIERS && out.length < count; t++) {
      const need = count - out.length;
      const pool: number[] = [];
      for (const i of direct) {
        if (p.tier[i] === t && marks[i] === 0) {
          mark(i, CHOSEN);
          pool.push(i);
        }
      }
      for (const i of p.extras) {
        if (p.tier[i] === t && marks[i] === 0 && isCandidate(i)) {
          mark(i, CHOSEN);
          pool.push(i);
        }
      }
      sampleTier(world, rng, t, intervals, need, pool, marks, mark);
      rng.shuffle(pool);
      for (let k = 0; k < pool.length && out.length < count; k++) out.push(pool[k]);
    }
    if (out.length < count && demoted.length > 0) {
      const late = rng.shuffle(demoted.filter(isCandidate)).sort((a, b) => p.tier[a] - p.tier[b]);
      for (let k = 0; k < late.length && out.length < count; k++) out.push(late[k]);
    }
    return { providers: out.map((i) => providerItem(world, i)) };
  } finally {
    for (const i of touched) marks[i] = 0;
  }
}

/**
 * Adds to `pool` at least `need` unmarked eligible base providers of tier t in the
 * intervals (all of them when there are fewer): rejection sampling on big ranges, a
 * scan on small ones or when sampling keeps missing.
 */
function sampleTier(
  world: World,
  rng: Rng,
  t: number,
  intervals: number[],
  need: number,
  pool: number[],
  marks: Uint8Array,
  mark: (i: number, bit: number) => void,
): void {
  const p = world.providers;
  const starts: number[] = [];
  const ends: number[] = [];
  let total = 0;
  for (let k = 0; k < intervals.length; k += 2) {
    const from = p.rangeStart(t, intervals[k]);
    const to = p.rangeStart(t, intervals[k + 1]);
    if (to > from) {
      starts.push(from);
      ends.push(to);
      total += to - from;
    }
  }
  if (total === 0 || pool.length >= need) return;
  const { connected, mode } = p;
  if (total > Math.max(2048, need * 16)) {
    const cumulative = new Float64Array(starts.length);
    let sum = 0;
    for (let k = 0; k < starts.length; k++) cumulative[k] = sum += ends[k] - starts[k];
    for (let attempts = need * 12 + 64; attempts > 0 && pool.length < need; attempts--) {
      const u = rng.int(total);
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > u) hi = mid;
        else lo = mid + 1;
      }
      const i = ends[lo] - (cumulative[lo] - u);
      if (marks[i] === 0 && connected[i] === 1 && mode[i] === PUBLIC) {
        mark(i, CHOSEN);
        pool.push(i);
      }
    }
    if (pool.length >= need) return;
  }
  // Scan: every remaining candidate, then a random subset of them.
  const rest: number[] = [];
  for (let k = 0; k < starts.length; k++) {
    for (let i = starts[k]; i < ends[k]; i++) {
      if (marks[i] === 0 && connected[i] === 1 && mode[i] === PUBLIC) rest.push(i);
    }
  }
  const missing = need - pool.length;
  for (let k = 0; k < rest.length && k < missing; k++) {
    const j = k + rng.int(rest.length - k);
    const chosen = rest[j];
    rest[j] = rest[k];
    mark(chosen, CHOSEN);
    pool.push(chosen);
  }
}

export function providerItem(world: World, i: number): ProviderItem {
  const { geo, providers: p } = world;
  const city = p.city[i];
  const region = geo.cityRegion[city];
  const country = geo.regionCountry[region];
  const speed = Math.round(p.speed[i]);
  return {
    client_id: p.ids.id(i),
    estimated_bytes_per_second: speed,
    has_estimated_bytes_per_second: speed > 0,
    tier: p.tier[i],
    location: {
      country: geo.countryName[country],
      country_code: geo.countryCode[country],
      region: geo.regionName[region],
      city: geo.cityName[city],
      country_location_id: geo.countryId[country],
      region_location_id: geo.regionId[region],
      city_location_id: geo.cityId[city],
    },
  };
}
