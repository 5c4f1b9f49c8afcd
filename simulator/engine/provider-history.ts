// The statistics over `last_n` hours (reference behaviour, "POST /stats/providers-last-n",
// "/stats/provider-last-n", "/stats/providers-overview-last-n"). A network's providers keep
// 31 days of hourly buckets from the first time one of these routes asks for more than
// their last 24 hours (what came before a day ago is made up from the seed then); a 24 h
// track costs 1 KB, a 31-day one 30 KB, so at most MAX_LONG_TRACKS providers keep 31 days.
import { MAX_LAST_N_HOURS } from '../../src/contract/schemas.ts';
import type { Track, World } from '../world/index.ts';
import { SimError } from './errors.ts';
import { statsProvidersOf } from './fleet.ts';
import { clientCount, servedClients } from './served-clients.ts';
import {
  advanceHour,
  CLIENTS,
  CONTRACTS,
  DAY,
  FIELDS,
  growTrack,
  HOUR,
  LONG_HOURS,
  PAYOUT,
  round,
  SEARCH,
  slot,
  spanMs,
  startTrack,
  TRANSFER,
  uptimeSpans,
} from './tracks.ts';
import { TtlCache } from './ttl-cache.ts';

export { LONG_HOURS };
/** Providers that keep 31 days at once (~150 MB); the others keep their last 24 hours. */
export const MAX_LONG_TRACKS = 5000;
/** The service caches these answers 30 s per network and body. */
export const STATS_CACHE_MS = 30_000;
const MAX_CACHED = 2000;
export const NOT_YOURS = 'Not authorized to view this provider.';

const longTracks = new WeakMap<World, number>();
const caches = new WeakMap<World, TtlCache<unknown>>();

/** The window in ms: `last_n` hours, else `lookback` days, else 24 h; within [1 h, 8784 h]. */
export function resolveWindow(lastN?: number, lookback?: number): number {
  const window =
    lastN !== undefined && lastN > 0
      ? lastN * HOUR
      : lookback !== undefined && lookback > 0
        ? lookback * DAY
        : DAY;
  return Math.min(MAX_LAST_N_HOURS * HOUR, Math.max(HOUR, window));
}

const dayKey = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const hourKey = (hour: number) => `${dayKey(Math.floor(hour / 24))}-${String(hour % 24).padStart(2, '0')}`;

/**
 * Provider i's track, its buckets grown to 31 days when they do not cover the `hours` a
 * window needs (past MAX_LONG_TRACKS it stays at 24 hours). A window its 24 hours cover
 * (the console's idle hours: a providers-last-n over the whole fleet) leaves it as it is:
 * in demo mode the simulator shares the console's process, and 31 days of 1 000 providers
 * are some 30 MB of it.
 */
export function extendTrack(world: World, i: number, now: number, hours: number): Track {
  const track = startTrack(world, i, now);
  const count = longTracks.get(world) ?? 0;
  if (track.hours >= Math.min(hours, LONG_HOURS) || count >= MAX_LONG_TRACKS) return track;
  growTrack(world, track, i, LONG_HOURS, now);
  longTracks.set(world, count + 1);
  return track;
}

/** One provider's figures over [start, now], by UTC day (index 0: the day of `start`). */
interface Figures {
  track: Track;
  /** days x FIELDS: sums, but the clients field holds the day's served clients (a mask) */
  days: Float64Array;
  /** the spans its uptime counts: the connections open now, within the window */
  uptime: [number, number][];
}

/** The hours of buckets a window needs: those it starts in and after, and its whole length for the uptime. */
const windowHours = (start: number, now: number) =>
  Math.max(Math.ceil((now - start) / HOUR), Math.floor(now / HOUR) - Math.floor(start / HOUR));

function figures(world: World, i: number, start: number, now: number): Figures {
  const track = extendTrack(world, i, now, windowHours(start, now));
  advanceHour(track, Math.floor(now / HOUR));
  const firstDay = Math.floor(start / DAY);
  const days = new Float64Array((Math.floor(now / DAY) - firstDay + 1) * FIELDS);
  // Hours after the one the window starts in (as the 24 h figures: the ring's last 24).
  for (let h = Math.max(Math.floor(start / HOUR) + 1, track.hour - track.hours + 1); h <= track.hour; h++) {
    const base = (Math.floor(h / 24) - firstDay) * FIELDS;
    for (let f = 0; f < FIELDS; f++) {
      const value = track.buckets[slot(track, h, f)];
      days[base + f] = f === CLIENTS ? days[base + f] | value : days[base + f] + value;
    }
  }
  return { track, days, uptime: uptimeSpans(track, Math.max(start, now - track.hours * HOUR), now) };
}

/** A field of every day: `days` strided. */
const fieldOf = (days: Float64Array, field: number) => {
  const values: number[] = [];
  for (let k = field; k < days.length; k += FIELDS) values.push(days[k]);
  return values;
};

const fieldTotal = (days: Float64Array, field: number) => fieldOf(days, field).reduce((a, b) => a + b, 0);
/** The distinct clients of every day together. */
const servedTotal = (days: Float64Array) => clientCount(fieldOf(days, CLIENTS).reduce((a, b) => a | b, 0));

/** Adds each span's milliseconds to the buckets of `unit` ms it covers (epoch-aligned). */
function spread(spans: [number, number][], unit: number, add: (bucket: number, ms: number) => void): void {
  for (const [from, to] of spans) {
    for (let t = from; t < to; ) {
      const bucket = Math.floor(t / unit);
      const end = Math.min(to, (bucket + 1) * unit);
      add(bucket, end - t);
      t = end;
    }
  }
}

/** The day keys of `days` (one per UTC day from the day of `start`). */
const dayKeysOf = (start: number, days: Float64Array) =>
  Array.from({ length: days.length / FIELDS }, (_, d) => dayKey(Math.floor(start / DAY) + d));

/** The daily maps of the answers; `days` holds counts of clients, not masks. */
function dayMaps(start: number, days: Float64Array) {
  const keys = dayKeysOf(start, days);
  const map = (field: number, digits?: number) => {
    const out: Record<string, number> = {};
    keys.forEach((key, d) => {
      const value = days[d * FIELDS + field];
      out[key] = digits === undefined ? Math.round(value) : round(value, digits);
    });
    return out;
  };
  return {
    transfer_data: map(TRANSFER, 6),
    payout: map(PAYOUT, 6),
    search_interest: map(SEARCH),
    contracts: map(CONTRACTS),
    clients: map(CLIENTS),
  };
}

function cached<T>(world: World, key: string, now: number, compute: () => T): T {
  let cache = caches.get(world);
  if (!cache) {
    cache = new TtlCache(STATS_CACHE_MS, MAX_CACHED);
    caches.set(world, cache);
  }
  const hit = cache.get(key, now);
  if (hit !== undefined) return hit as T;
  return cache.set(key, compute(), now) as T;
}

/** The body as the service hashes it for its cache: the decoded struct, zero fields omitted. */
const cacheKey = (route: string, network: number, fields: Record<string, unknown>) =>
  `${route} ${network} ${JSON.stringify(fields, (_key, value) => (value === 0 ? undefined : value))}`;

export interface LastNRequest {
  client_id?: string;
  last_n?: number;
  lookback?: number;
}

/** POST /stats/providers-last-n: every provider of the network over the window (`lookback` not read). */
export function providersLastN(world: World, network: number, body: LastNRequest, now: number) {
  return cached(world, cacheKey('providers', network, { last_n: body.last_n }), now, () => {
    const start = now - resolveWindow(body.last_n);
    const p = world.providers;
    return {
      created_time: new Date(now).toISOString(),
      providers: statsProvidersOf(world, network).map((i) => {
        const { track, days, uptime } = figures(world, i, start, now);
        return {
          client_id: p.ids.id(i),
          connected: p.connected[i] === 1,
          connected_events_last_24h: track.events
            .filter((event) => event.time >= start && event.time <= now)
            .map((event) => ({ event_time: new Date(event.time).toISOString(), connected: event.connected })),
          uptime_last_24h: round(spanMs(uptime) / HOUR, 2),
          transfer_data_last_24h: round(fieldTotal(days, TRANSFER), 3),
          payout_last_24h: round(fieldTotal(days, PAYOUT), 6),
          search_interest_last_24h: Math.round(fieldTotal(days, SEARCH)),
          contracts_last_24h: Math.round(fieldTotal(days, CONTRACTS)),
          clients_last_24h: servedTotal(days),
        };
      }),
    };
  });
}

/** `days` with each day's served clients counted (the masks become numbers). */
function counted(days: Float64Array): Float64Array {
  const out = days.slice();
  for (let k = CLIENTS; k < out.length; k += FIELDS) out[k] = clientCount(out[k]);
  return out;
}

/** POST /stats/provider-last-n: one provider of the caller network, any other id is a 403. */
export function providerLastN(world: World, network: number, body: LastNRequest, now: number) {
  const p = world.providers;
  const i = body.client_id === undefined ? -1 : p.ids.index(body.client_id, p.count);
  // Errors are not cached.
  if (i < 0 || p.network[i] !== network) throw new SimError(403, NOT_YOURS);
  const key = cacheKey('provider', network, {
    client_id: body.client_id,
    last_n: body.last_n,
    lookback: body.lookback,
  });
  return cached(world, key, now, () => {
    const window = resolveWindow(body.last_n, body.lookback);
    const start = now - window;
    const { days, uptime: spans } = figures(world, i, start, now);
    // Minutes of the connections open now, by hour (several connections add up).
    const minutes = new Map<number, number>();
    spread(spans, HOUR, (hour, ms) => minutes.set(hour, (minutes.get(hour) ?? 0) + ms / 60_000));
    const uptime: Record<string, number> = {};
    for (const [hour, total] of [...minutes].sort(([a], [b]) => a - b))
      if (round(total, 3) > 0) uptime[hourKey(hour)] = round(total, 3);
    const maps = dayMaps(start, counted(days));
    return {
      lookback: Math.ceil(window / DAY),
      created_time: new Date(now).toISOString(),
      uptime,
      ...maps,
      // The clients of the same days' contracts, with their shares of each day's transfer.
      client_details: servedClients(
        world,
        i,
        dayKeysOf(start, days),
        Object.values(maps.transfer_data),
        fieldOf(days, CLIENTS),
        (gib) => round(gib, 6),
      ),
    };
  });
}

/** POST /stats/providers-overview-last-n: the network's providers summed by day, uptime averaged. */
export function providersOverviewLastN(world: World, network: number, body: LastNRequest, now: number) {
  const key = cacheKey('overview', network, { last_n: body.last_n, lookback: body.lookback });
  return cached(world, key, now, () => {
    const window = resolveWindow(body.last_n, body.lookback);
    const start = now - window;
    const firstDay = Math.floor(start / DAY);
    const totals = new Float64Array((Math.floor(now / DAY) - firstDay + 1) * FIELDS);
    const upHours = new Float64Array(totals.length / FIELDS);
    const own = statsProvidersOf(world, network);
    for (const i of own) {
      const { days, uptime } = figures(world, i, start, now);
      // Distinct clients add up across providers: each serves clients of its own.
      const each = counted(days);
      for (let k = 0; k < each.length; k++) totals[k] += each[k];
      spread(uptime, DAY, (day, ms) => {
        upHours[day - firstDay] += ms / HOUR;
      });
    }
    const uptime: Record<string, number> = {};
    upHours.forEach((hours, d) => {
      uptime[dayKey(firstDay + d)] = own.length ? round(hours / own.length, 3) : 0;
    });
    return {
      lookback: Math.ceil(window / DAY),
      created_time: new Date(now).toISOString(),
      uptime,
      ...dayMaps(start, totals),
    };
  });
}

// ---- the older routes real clients still call (issue 26, group 7) ----

/** The window of the older routes: 90 days. */
const LEGACY_LOOKBACK_DAYS = 90;

/** GET /stats/providers-overview-last-90: providers-overview-last-n with a lookback of 90 days. */
export const providersOverviewLast90 = (world: World, network: number, now: number) =>
  providersOverviewLastN(world, network, { lookback: LEGACY_LOOKBACK_DAYS }, now);

/** POST /stats/provider-last-90: provider-last-n, 90 days when neither `last_n` nor `lookback` is above 0. */
export function providerLast90(world: World, network: number, body: LastNRequest, now: number) {
  const unset = !((body.last_n ?? 0) > 0) && !((body.lookback ?? 0) > 0);
  return providerLastN(world, network, unset ? { ...body, lookback: LEGACY_LOOKBACK_DAYS } : body, now);
}
