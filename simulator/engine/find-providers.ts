// find-providers2: random sampling of connected public providers, better tiers first,
// without repeats across calls thanks to the caller's exclusions. Works on city
// intervals (a country or region is a contiguous run of cities) and on the providers'
// (tier, city) numbering, so it never builds the candidate list of a big location.
//
// Today (server: model/network_client_location_model.go FindProviders2): spec client
// ids come first, unchecked and not counted; `max(count, 20)` are sampled unless
// `force_count`; rank modes, the minimum-performance gate and its `force_minimum`;
// items carry tier, speed and location. Seed era: count 10 by default, spec client ids
// part of the pool, items with only `client_id` and `estimated_bytes_per_second` (0).
// Today the pool is the caller's: providers of networks that blocked the caller's country
// are not in it (engine/blocked-locations.ts); a spec's client id is still answered.

import { type Coordinates, cityCoordinates, regionCoordinates } from '../world/coordinates.ts';
import { COUNTRIES, HOME_COUNTRY_CODE } from '../world/countries.ts';
import { cityInterval } from '../world/geo.ts';
import type { World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';
import { PUBLIC, TIERS } from '../world/providers.ts';
import { callerPool } from './blocked-locations.ts';
import { darkNow } from './dark.ts';
import { isKnownRankMode } from './provider-search.ts';
import { recordSearchInterest } from './tracks.ts';

/** Seed era: what a count of 0 (or none) means. */
export const DEFAULT_COUNT = 10;
/** Today: fewer than this are raised to it unless `force_count`. */
export const MIN_BLOCK = 20;
/** (choice) The most one answer holds; the service has no cap. */
export const MAX_COUNT = 1000;
/** Today: tier 3 is below the minimum-performance gate; only `force_minimum` samples it. */
const GATED_TIER = 3;

export interface FindProvidersBody {
  specs?: ({
    location_id?: string;
    location_group_id?: string;
    client_id?: string;
    best_available?: boolean;
  } | null)[];
  count?: number;
  exclude_client_ids?: string[];
  exclude_destinations?: string[][];
  rank_mode?: string;
  force_count?: boolean;
  force_minimum?: boolean;
}

export interface ProviderLocation {
  country: string;
  country_code: string;
  region: string;
  city: string;
  country_location_id: string;
  region_location_id: string;
  city_location_id: string;
  region_coordinates: Coordinates;
  city_coordinates: Coordinates;
}

/** Today's item (server: FindProvidersProvider); the seed era's had the first two fields only. */
export interface ProviderItem {
  client_id: string;
  estimated_bytes_per_second: number;
  has_estimated_bytes_per_second?: boolean;
  tier?: number;
  intermediary_ids?: null;
  location?: ProviderLocation;
}

export interface FindProvidersOptions {
  /** Says when an answer was capped (the simulator's request log). */
  log?: (line: string) => void;
  /** Simulated time, for the providers' search interest. */
  now?: number;
}

/** A failure the Go handler would have as a panic: the HTTP layer answers 500. */
export class HandlerPanic extends Error {}

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

type Spec = NonNullable<NonNullable<FindProvidersBody['specs']>[number]>;

/** Sorts and merges city intervals [from, to) given as pairs. */
function merge(raw: [number, number][]): number[] {
  raw.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [from, to] of raw) {
    const last = merged.length - 1;
    if (last > 0 && from <= merged[last]) merged[last] = Math.max(merged[last], to);
    else merged.push(from, to);
  }
  return merged;
}

/**
 * City intervals the specs name: all of them, and those named as a location (not only
 * through a group: today a group-keyed sample carries no `location`).
 */
function specIntervals(world: World, specs: Spec[]): { all: number[]; byLocation: number[] } {
  const { geo } = world;
  const all: [number, number][] = [];
  const byLocation: [number, number][] = [];
  const addCountry = (c: number, to: [number, number][]) => to.push(cityInterval(geo, 'country', c));
  for (const spec of specs) {
    for (const id of [spec.location_id, spec.location_group_id]) {
      if (!id) continue;
      const hit = geo.byId.get(id);
      if (!hit) continue;
      if (hit.kind === 'group') {
        for (const c of geo.groups[hit.index].countries) addCountry(c, all);
      } else {
        all.push(cityInterval(geo, hit.kind, hit.index));
        byLocation.push(cityInterval(geo, hit.kind, hit.index));
      }
    }
    if (spec.best_available) {
      const home = COUNTRIES.findIndex((row) => row.code === HOME_COUNTRY_CODE);
      addCountry(home, all);
      addCountry(home, byLocation);
    }
  }
  return { all: merge(all), byLocation: merge(byLocation) };
}

function inIntervals(intervals: number[], city: number): boolean {
  for (let k = 0; k < intervals.length; k += 2)
    if (city >= intervals[k] && city < intervals[k + 1]) return true;
  return false;
}

/** The last id of each destination path; a path without one fails as on the service (a 500). */
function finalDestinations(paths: string[][]): string[] {
  return paths.map((path) => {
    if (!Array.isArray(path) || path.length === 0)
      throw new HandlerPanic('find-providers2: an empty exclude_destinations path');
    return path[path.length - 1];
  });
}

interface SampleRequest {
  count: number;
  intervals: number[];
  /** seed era: spec client ids that are candidates too */
  direct: number[];
  excluded: string[];
  /** earlier hops of destination paths: sampled last */
  intermediaries: string[];
  /** tiers sampled: 0 .. maxTier */
  maxTier: number;
  /** providers not in the caller's pool: their networks blocked the caller's country */
  hidden: readonly number[];
  /** providers dark now (engine/dark.ts): never offered */
  dark: readonly number[];
}

/** Provider numbers, better tiers first, random within a tier. */
function sample(world: World, rng: Rng, request: SampleRequest): number[] {
  const { count, intervals, direct, maxTier } = request;
  const p = world.providers;
  const marks = marksFor(world);
  const touched: number[] = [];
  const mark = (i: number, bit: number) => {
    if (marks[i] === 0) touched.push(i);
    marks[i] |= bit;
  };
  try {
    for (const id of request.excluded) {
      const i = p.ids.index(id, p.count);
      if (i >= 0) mark(i, EXCLUDED);
    }
    for (const i of request.hidden) mark(i, EXCLUDED);
    for (const i of request.dark) mark(i, EXCLUDED);
    const demoted: number[] = [];
    // Earlier hops of a path are only ranked lower.
    for (const id of request.intermediaries) {
      const i = p.ids.index(id, p.count);
      if (i >= 0 && marks[i] === 0) {
        mark(i, DEMOTED);
        demoted.push(i);
      }
    }
    const isCandidate = (i: number) =>
      p.tier[i] <= maxTier &&
      ((p.connected[i] === 1 && p.mode[i] === PUBLIC && inIntervals(intervals, p.city[i])) ||
        direct.includes(i));

    const out: number[] = [];
    for (let t = 0; t <= maxTier && out.length < count; t++) {
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
    return out;
  } finally {
    for (const i of touched) marks[i] = 0;
  }
}

/** How an era samples providers and what an item holds (the era profiles pick one). */
export type ProviderSampler = (
  world: World,
  rng: Rng,
  body: FindProvidersBody,
  options: FindProvidersOptions,
) => { providers: ProviderItem[] };

export function findProviders(
  world: World,
  rng: Rng,
  body: FindProvidersBody,
  options: FindProvidersOptions,
  sampler: ProviderSampler,
): { providers: ProviderItem[] } {
  const result = sampler(world, rng, body, options);
  // Every provider returned is one "search interest" of its /stats/providers figures.
  if (options.now !== undefined) {
    for (const item of result.providers) {
      const i = world.providers.ids.index(item.client_id, world.providers.count);
      if (i >= 0) recordSearchInterest(world, i, options.now);
    }
  }
  return result;
}

/** The providers dark at the time of the request (none when it has no time). */
const darkAt = (world: World, options: FindProvidersOptions) =>
  options.now === undefined ? [] : darkNow(world, options.now);

function capped(requested: number, options: FindProvidersOptions): number {
  if (requested <= MAX_COUNT) return requested;
  options.log?.(
    `find-providers2: count ${requested} capped at ${MAX_COUNT} (the simulator's cap; the service has none)`,
  );
  return MAX_COUNT;
}

/** Seed era: count 10 by default, spec client ids part of the pool, items without tier or location. */
export const seedSampler: ProviderSampler = (world, rng, body, options) => {
  const specs = (body.specs ?? []).filter((spec): spec is Spec => spec !== null);
  const paths = body.exclude_destinations ?? [];
  const finals = finalDestinations(paths);
  const requested = typeof body.count === 'number' && body.count > 0 ? Math.floor(body.count) : DEFAULT_COUNT;
  const p = world.providers;
  const direct: number[] = [];
  for (const spec of specs) {
    if (!spec.client_id) continue;
    const i = p.ids.index(spec.client_id, p.count);
    if (i >= 0 && p.connected[i] === 1) direct.push(i);
  }
  const chosen = sample(world, rng, {
    count: capped(requested, options),
    intervals: specIntervals(world, specs).all,
    direct,
    excluded: [...(body.exclude_client_ids ?? []), ...finals],
    intermediaries: paths.flatMap((path) => path.slice(0, -1)),
    maxTier: TIERS - 1,
    // The early-2025 service had no blocked locations.
    hidden: [],
    dark: darkAt(world, options),
  });
  return {
    providers: chosen.map((i) => ({ client_id: p.ids.id(i), estimated_bytes_per_second: 0 })),
  };
};

/** Today: spec client ids first, at least 20 unless forced, rank modes and the performance gate. */
export const currentSampler: ProviderSampler = (world, rng, body, options) => {
  const providers: ProviderItem[] = [];
  const paths = body.exclude_destinations ?? [];
  let excluded: Set<string> | undefined;
  // Evaluated only when needed, as on the service (where an empty path then panics).
  const exclusions = () => {
    excluded ??= new Set([...(body.exclude_client_ids ?? []), ...finalDestinations(paths)]);
    return excluded;
  };
  const specs: Spec[] = [];
  let places = false;
  for (const spec of body.specs ?? []) {
    if (spec === null) throw new HandlerPanic('find-providers2: a null spec');
    specs.push(spec);
    if (spec.location_id || spec.location_group_id || spec.best_available) places = true;
    // Spec client ids first: not checked, not counted, zero figures.
    if (spec.client_id && !exclusions().has(spec.client_id)) {
      providers.push({
        client_id: spec.client_id,
        estimated_bytes_per_second: 0,
        has_estimated_bytes_per_second: false,
        tier: 0,
        intermediary_ids: null,
      });
    }
  }
  if (!places) return { providers };

  const count = typeof body.count === 'number' ? Math.trunc(body.count) : 0;
  const wanted = body.force_count ? count : Math.max(count, MIN_BLOCK);
  if (wanted < 0) throw new HandlerPanic(`find-providers2: a negative count ${wanted}`);
  const skip = exclusions();
  if (!isKnownRankMode(body.rank_mode)) return { providers };
  const speedMode = body.rank_mode === 'speed';
  const intervals = specIntervals(world, specs);
  const chosen = sample(world, rng, {
    count: capped(wanted, options),
    intervals: intervals.all,
    direct: [],
    excluded: [...skip],
    intermediaries: paths.flatMap((path) => path.slice(0, -1)),
    maxTier: body.force_minimum ? TIERS - 1 : GATED_TIER - 1,
    hidden: callerPool(world).hidden,
    dark: darkAt(world, options),
  });
  const items = chosen.map((i) =>
    currentItem(world, i, speedMode, inIntervals(intervals.byLocation, world.providers.city[i])),
  );
  // Stable: the random order stays within a tier.
  if (speedMode) items.sort((a, b) => (a.tier ?? 0) - (b.tier ?? 0));
  providers.push(...items);
  return { providers };
};

/** (choice) Tiers of the speed pool: by measured speed, in bytes per second. */
const SPEED_TIERS = [20e6, 8e6, 3e6];

function currentItem(world: World, i: number, speedMode: boolean, located: boolean): ProviderItem {
  const { geo, providers: p } = world;
  const speed = Math.round(p.speed[i]);
  const tier = speedMode ? SPEED_TIERS.filter((floor) => speed < floor).length : p.tier[i];
  const item: ProviderItem = {
    client_id: p.ids.id(i),
    estimated_bytes_per_second: speed,
    has_estimated_bytes_per_second: speed > 0,
    tier,
    intermediary_ids: null,
  };
  if (located) {
    const city = p.city[i];
    const region = geo.cityRegion[city];
    const country = geo.regionCountry[region];
    item.location = {
      country: geo.countryName[country],
      country_code: geo.countryCode[country],
      region: geo.regionName[region],
      city: geo.cityName[city],
      country_location_id: geo.countryId[country],
      region_location_id: geo.regionId[region],
      city_location_id: geo.cityId[city],
      region_coordinates: regionCoordinates(geo, region),
      city_coordinates: cityCoordinates(geo, city),
    };
  }
  return item;
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
