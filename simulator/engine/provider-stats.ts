// /stats/providers: per-provider figures of the last 24 hours. Kept for the providers of
// networks that asked (the demo network's from the start), updated at each tick only,
// so the answer changes at a tick and not between ticks.
import { providersOf, type Track, type World } from '../world/index.ts';
import { hash2, Rng } from '../world/prng.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const FIELDS = 5;
export const [TRANSFER, PAYOUT, SEARCH, CONTRACTS, CLIENTS] = [0, 1, 2, 3, 4];
/** USDC paid per GiB relayed */
const PAYOUT_PER_GIB = 0.05;
/** Hours a track keeps until a *-last-n route asks for longer. */
export const SHORT_HOURS = 24;

/** GiB a provider relays per connected minute: a small share of its estimated speed. */
function perMinuteGiB(world: World, i: number, rng: Rng): number {
  const speed = world.providers.speed[i] || 2e6;
  return (speed * 60 * (0.01 + rng.float() * 0.05)) / 2 ** 30;
}

/** Index of `field` of epoch hour `hour` in the track's ring. */
export const slot = (track: Track, hour: number, field: number) => (hour % track.hours) * FIELDS + field;

function accrue(world: World, track: Track, i: number, rng: Rng, minutes: number): void {
  const base = slot(track, track.hour, 0);
  const gib = perMinuteGiB(world, i, rng) * minutes;
  track.buckets[base + TRANSFER] += gib;
  track.buckets[base + PAYOUT] += gib * PAYOUT_PER_GIB;
  track.buckets[base + SEARCH] += rng.int(3 * minutes + 1);
  const contracts = rng.float() < 0.15 * minutes ? 1 + rng.int(Math.max(1, Math.round(minutes / 10))) : 0;
  track.buckets[base + CONTRACTS] += contracts;
  track.buckets[base + CLIENTS] += contracts > 0 && rng.float() < 0.6 ? 1 : 0;
}

/** Moves the hour ring to `hour`, clearing the buckets of hours that fall out of its span. */
export function advanceHour(track: Track, hour: number): void {
  for (let h = Math.max(track.hour + 1, hour - track.hours + 1); h <= hour; h++)
    track.buckets.fill(0, slot(track, h, 0), slot(track, h, 0) + FIELDS);
  if (hour > track.hour) track.hour = hour;
}

/**
 * Makes up the `days` before `end` for provider i from `rng`: a few connection changes a
 * day that end in `endState` (placed before the track's events), and traffic in the hours
 * it was connected. Sets the track's state at the start of that time.
 */
export function synthesise(
  world: World,
  track: Track,
  i: number,
  rng: Rng,
  end: number,
  days: number,
  endState: boolean,
): void {
  const span = days * DAY;
  const k = rng.int(5 * days);
  const times = Array.from({ length: k }, () => end - 1 - rng.int(span - 1)).sort((a, b) => a - b);
  const older = times.map((time, j) => ({ time, connected: (k - 1 - j) % 2 === 0 ? endState : !endState }));
  track.events = [...older, ...track.events];
  track.startConnected = k % 2 === 0 ? endState : !endState;
  const last = Math.floor(end / HOUR);
  const newest = track.hour;
  for (let h = last - days * 24 + 1; h <= last; h++) {
    const middle = Math.min(end, h * HOUR + HOUR / 2);
    if (!connectedAt(track, middle)) continue;
    const full = h === last ? (end - h * HOUR) / 60_000 : 60;
    track.hour = h;
    accrue(world, track, i, rng, full);
  }
  track.hour = newest;
}

/**
 * Starts tracking provider i at `now`: a synthesised last 24 h (derived from the seed
 * and the provider, so lazily created tracks are deterministic), or an empty one for a
 * device that just joined.
 */
export function startTrack(world: World, i: number, now: number, fresh = false): Track {
  const existing = world.tracks.get(i);
  if (existing) return existing;
  const connectedNow = world.providers.connected[i] === 1;
  const track: Track = {
    events: [],
    startConnected: connectedNow,
    hours: SHORT_HOURS,
    buckets: new Float64Array(SHORT_HOURS * FIELDS),
    hour: Math.floor(now / HOUR),
    synthetic: !fresh,
  };
  if (fresh) {
    track.startConnected = false;
    if (connectedNow) track.events.push({ time: now, connected: true });
  } else {
    synthesise(world, track, i, new Rng(hash2(world.seed, i), 7), now, 1, connectedNow);
  }
  world.tracks.set(i, track);
  return track;
}

/** The provider's state at `time` (within the track's span). */
export function connectedAt(track: Track, time: number): boolean {
  let state = track.startConnected;
  for (const event of track.events) {
    if (event.time > time) break;
    state = event.connected;
  }
  return state;
}

/**
 * One appearance in a find-providers2 answer: a search interest of the hour, for a
 * tracked provider (shown from the next tick on, as the service rolls them up later).
 */
export function recordSearchInterest(world: World, i: number, now: number): void {
  const track = world.tracks.get(i);
  if (!track) return;
  advanceHour(track, Math.floor(now / HOUR));
  track.buckets[slot(track, track.hour, SEARCH)] += 1;
}

/** Connection changes a track keeps at most: a provider flapped by hand drops its oldest. */
const MAX_TRACK_EVENTS = 2048;

/** Records a connection change of a tracked provider. */
export function recordEvent(world: World, i: number, connected: boolean, now: number): void {
  const track = world.tracks.get(i);
  if (!track) return;
  track.events.push({ time: now, connected });
  if (track.events.length > MAX_TRACK_EVENTS) track.startConnected = track.events.shift()!.connected;
}

/** One tick for every tracked provider: the window slides, connected ones accrue. */
export function tickTracks(world: World, now: number): void {
  const rng = world.tickRng;
  const hour = Math.floor(now / HOUR);
  for (const [i, track] of world.tracks) {
    advanceHour(track, hour);
    const start = now - track.hours * HOUR;
    while (track.events.length > 0 && track.events[0].time <= start) {
      track.startConnected = track.events.shift()!.connected;
    }
    if (world.providers.connected[i] === 1) accrue(world, track, i, rng, 1);
  }
}

/** The spans [start, end) the provider was connected within [from, to] (from inside the track's span). */
export function connectedSpans(track: Track, from: number, to: number): [number, number][] {
  const spans: [number, number][] = [];
  let state = track.startConnected;
  let since = from;
  for (const event of track.events) {
    if (event.time > to) break;
    const time = Math.max(event.time, from);
    if (state && time > since) spans.push([since, time]);
    since = time;
    state = event.connected;
  }
  if (state && to > since) spans.push([since, to]);
  return spans;
}

/** Milliseconds connected within [from, to]. */
export const connectedMs = (track: Track, from: number, to: number) =>
  connectedSpans(track, from, to).reduce((total, [start, end]) => total + end - start, 0);

/** Sum of a field over the hours (from, to] of the ring (epoch hours; older ones are gone). */
export function sumHours(track: Track, field: number, from: number, to: number): number {
  let total = 0;
  for (let h = Math.max(from + 1, track.hour - track.hours + 1); h <= Math.min(to, track.hour); h++)
    total += track.buckets[slot(track, h, field)];
  return total;
}

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface ProviderStatsItem {
  client_id: string;
  connected: boolean;
  connected_events_last_24h: { event_time: string; connected: boolean }[];
  uptime_last_24h: number;
  transfer_data_last_24h: number;
  payout_last_24h: number;
  search_interest_last_24h: number;
  contracts_last_24h: number;
  clients_last_24h: number;
  /** seed era only (today it is in GET /network/clients) */
  provide_mode?: number;
}

const cache = new WeakMap<World, Map<number, { version: number; value: ProvidersStatsResult }>>();
export interface ProvidersStatsResult {
  created_time: string;
  providers: ProviderStatsItem[];
}

/** The caller network's providers as of the last tick; `withProvideMode`: each one's provide mode too (seed era). */
export function providerStats(world: World, network: number, withProvideMode: boolean): ProvidersStatsResult {
  let perNetwork = cache.get(world);
  if (!perNetwork) {
    perNetwork = new Map();
    cache.set(world, perNetwork);
  }
  const hit = perNetwork.get(network);
  if (hit && hit.version === world.version) return hit.value;
  const at = world.lastTick;
  const p = world.providers;
  const value: ProvidersStatsResult = {
    created_time: new Date(at).toISOString(),
    providers: providersOf(world, network).map((i) => {
      const track = startTrack(world, i, at);
      const sum = (field: number) => sumHours(track, field, track.hour - SHORT_HOURS, track.hour);
      return {
        client_id: p.ids.id(i),
        connected: p.connected[i] === 1,
        // Up to now: a change POST /__sim/providers made since the last tick is listed at
        // once, like `connected`, instead of a disconnected provider without its event.
        connected_events_last_24h: track.events
          .filter((event) => event.time > at - DAY)
          .map((event) => ({ event_time: new Date(event.time).toISOString(), connected: event.connected })),
        uptime_last_24h: round(Math.min(24, connectedMs(track, at - DAY, at) / HOUR), 2),
        transfer_data_last_24h: round(sum(TRANSFER), 3),
        payout_last_24h: round(sum(PAYOUT), 6),
        search_interest_last_24h: Math.round(sum(SEARCH)),
        contracts_last_24h: Math.round(sum(CONTRACTS)),
        clients_last_24h: Math.round(sum(CLIENTS)),
        ...(withProvideMode ? { provide_mode: p.mode[i] } : {}),
      };
    }),
  };
  perNetwork.set(network, { version: world.version, value });
  return value;
}
