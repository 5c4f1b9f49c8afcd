// GET /network/reliability (reference-operators.md section 2): the network's reliability
// window, in 15-minute buckets, from its providers' connections as their tracks keep them
// (tracks.ts). The simulator's rule (a choice the reference names): in each bucket a
// provider that provides (a provide mode above none) adds the share of the bucket it was
// connected, each provider on an address of its own; a client counts in a bucket where it
// was valid a moment, and in the total where it was connected at all. Like the service,
// the window is recomputed every 30 minutes (so its newest bucket lags), keeps 15 days,
// drops its newest bucket from the arrays and is cached 10 s per caller.
import { providersOf, type World } from '../world/index.ts';
import { hashString } from '../world/prng.ts';
import type { Caller } from './caller.ts';
import { connectedSpans, DAY, startTrack } from './tracks.ts';
import { TtlCache } from './ttl-cache.ts';

export const BUCKET_MS = 900_000;
/** Rows are kept 15 days (server: model/network_client_reliability_model.go NetworkWindowExpiration). */
const WINDOW_BUCKETS = (15 * DAY) / BUCKET_MS;
/** The window is recomputed every 30 minutes over the trailing hour. */
const RECOMPUTE_MS = 30 * 60_000;
/** The country scores look back 7 days. */
const SCORE_MS = 7 * DAY;
const CACHE_MS = 10_000;
/** The multipliers a country may have (a small fixed table: the service computes them from every network's weight). */
const MULTIPLIERS = [1, 1, 1, 1.25, 1.5, 2, 3];

interface Buckets {
  /** The first bucket number; index k is bucket first + k. */
  first: number;
  weights: Float64Array;
  /** Clients valid at least a moment of the bucket. */
  clients: Int32Array;
  /** Clients connected at least a moment of it (valid or not). */
  totals: Int32Array;
}

/** The network's buckets first..last (inclusive), and the countries of its providers valid since `scoreFrom`. */
function bucketsOf(world: World, network: number, first: number, last: number, scoreFrom = Infinity) {
  const count = Math.max(0, last - first + 1);
  const buckets: Buckets = {
    first,
    weights: new Float64Array(count),
    clients: new Int32Array(count),
    totals: new Int32Array(count),
  };
  const countries = new Set<number>();
  const p = world.providers;
  for (const i of providersOf(world, network)) {
    const track = startTrack(world, i, world.lastTick);
    const provides = p.mode[i] > 0;
    let counted = -1;
    for (const [start, end] of connectedSpans(track, first * BUCKET_MS, (last + 1) * BUCKET_MS)) {
      if (provides && end > scoreFrom)
        countries.add(world.geo.regionCountry[world.geo.cityRegion[p.city[i]]]);
      for (let b = Math.floor(start / BUCKET_MS); b * BUCKET_MS < end && b <= last; b++) {
        const k = b - first;
        const ms = Math.min(end, (b + 1) * BUCKET_MS) - Math.max(start, b * BUCKET_MS);
        if (ms <= 0) continue;
        if (provides) buckets.weights[k] += ms / BUCKET_MS;
        // A client counts once per bucket, however many spans it had there.
        if (b === counted) continue;
        counted = b;
        buckets.totals[k]++;
        if (provides) buckets.clients[k]++;
      }
    }
  }
  return { buckets, countries };
}

/** The network's mean weight over [from, to): what a payout plan weighs it by. */
export function meanWeight(world: World, network: number, from: number, to: number): number {
  const first = Math.ceil(from / BUCKET_MS);
  const last = Math.floor(to / BUCKET_MS) - 1;
  if (last < first) return 0;
  const { weights } = bucketsOf(world, network, first, last).buckets;
  return weights.reduce((sum, w) => sum + w, 0) / weights.length;
}

export interface CountryMultiplierJson {
  country_location_id: string;
  country: string;
  country_code: string;
  reliability_multiplier: number;
}

/** A country's multiplier: fixed per country code. */
export function countryMultiplier(code: string): number {
  return MULTIPLIERS[hashString(code, 0x2602) % MULTIPLIERS.length];
}

function multipliersOf(world: World, countries: Set<number>): CountryMultiplierJson[] | null {
  if (!countries.size) return null;
  const geo = world.geo;
  // The service's order is a Go map's (random): by country name here, so answers repeat.
  return [...countries]
    .sort((a, b) => (geo.countryName[a] < geo.countryName[b] ? -1 : 1))
    .map((c) => ({
      country_location_id: geo.countryId[c],
      country: geo.countryName[c],
      country_code: geo.countryCode[c],
      reliability_multiplier: countryMultiplier(geo.countryCode[c]),
    }));
}

/** The window as the service builds it from its rows (server: model/network_client_reliability_model.go getNetworkReliabilityWindow). */
export function reliabilityWindow(world: World, network: number, now: number) {
  const recomputed = Math.floor(now / RECOMPUTE_MS) * RECOMPUTE_MS;
  const newest = Math.floor(recomputed / BUCKET_MS) - 1;
  const oldest = newest - WINDOW_BUCKETS + 1;
  const { buckets, countries } = bucketsOf(world, network, oldest, newest, recomputed - SCORE_MS);
  // The service adds the caller's own country (its IP's) to the countries with a score.
  const callerAt = world.geo.countryCode.indexOf(world.callerCountry);
  if (callerAt >= 0) countries.add(callerAt);
  // A bucket has a row when a client of the network had any block in it.
  let min = -1;
  let max = -1;
  let sum = 0;
  let maxClients = 0;
  let maxTotal = 0;
  buckets.totals.forEach((total, k) => {
    if (total === 0) return;
    if (min < 0) min = oldest + k;
    max = oldest + k + 1;
    sum += buckets.weights[k];
    maxClients = Math.max(maxClients, buckets.clients[k]);
    maxTotal = Math.max(maxTotal, total);
  });
  // The newest row may be incomplete: the arrays end before it (the mean still counts it).
  if (min < max) max -= 1;
  const n = max - min;
  const from = min - oldest;
  const slice = <T extends Float64Array | Int32Array>(values: T) =>
    Array.from(values.subarray(from, from + n));
  return {
    reliability_window: {
      mean_reliability_weight: n > 0 ? sum / n : 0,
      min_time_unix_milli: min * BUCKET_MS,
      min_bucket_number: min,
      max_time_unix_milli: max * BUCKET_MS,
      max_bucket_number: max,
      bucket_duration_seconds: BUCKET_MS / 1000,
      max_client_count: maxClients,
      max_total_client_count: maxTotal,
      reliability_weights: n > 0 ? slice(buckets.weights) : [],
      client_counts: n > 0 ? slice(buckets.clients) : [],
      total_client_counts: n > 0 ? slice(buckets.totals) : [],
      country_multipliers: multipliersOf(world, countries),
    },
  };
}

const caches = new WeakMap<World, TtlCache<unknown>>();

/** The route: the window, cached 10 s per caller (network, client and where it calls from). */
export function networkReliability(world: World, network: number, caller: Caller, now: number): unknown {
  let cache = caches.get(world);
  if (!cache) {
    cache = new TtlCache(CACHE_MS, 1000);
    caches.set(world, cache);
  }
  const key = `${network}:${caller.clientId ?? ''}:${world.callerCountry}`;
  return cache.get(key, now) ?? cache.set(key, reliabilityWindow(world, network, now), now);
}
