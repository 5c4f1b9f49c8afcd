// /stats/providers: per-provider figures of the last 24 hours. Kept for the providers of
// networks that asked (the demo network's from the start), updated at each tick only,
// so the answer changes at a tick and not between ticks.
import { providersOf, type Track, type World } from '../world/index.ts';
import { hash2, Rng } from '../world/prng.ts';

export const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIELDS = 5;
const [TRANSFER, PAYOUT, SEARCH, CONTRACTS, CLIENTS] = [0, 1, 2, 3, 4];
/** USDC paid per GiB relayed */
const PAYOUT_PER_GIB = 0.05;

/** GiB a provider relays per connected minute: a small share of its estimated speed. */
function perMinuteGiB(world: World, i: number, rng: Rng): number {
  const speed = world.providers.speed[i] || 2e6;
  return (speed * 60 * (0.01 + rng.float() * 0.05)) / 2 ** 30;
}

function accrue(world: World, track: Track, i: number, rng: Rng, minutes: number): void {
  const base = (track.hour % 24) * FIELDS;
  const gib = perMinuteGiB(world, i, rng) * minutes;
  track.buckets[base + TRANSFER] += gib;
  track.buckets[base + PAYOUT] += gib * PAYOUT_PER_GIB;
  track.buckets[base + SEARCH] += rng.int(3 * minutes + 1);
  const contracts = rng.float() < 0.15 * minutes ? 1 + rng.int(Math.max(1, Math.round(minutes / 10))) : 0;
  track.buckets[base + CONTRACTS] += contracts;
  track.buckets[base + CLIENTS] += contracts > 0 && rng.float() < 0.6 ? 1 : 0;
}

/** Moves the hour ring to `hour`, clearing the buckets of hours that fall out of 24 h. */
function advanceHour(track: Track, hour: number): void {
  for (let h = Math.max(track.hour + 1, hour - 23); h <= hour; h++)
    track.buckets.fill(0, (h % 24) * FIELDS, ((h % 24) + 1) * FIELDS);
  if (hour > track.hour) track.hour = hour;
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
  const rng = new Rng(hash2(world.seed, i), 7);
  const hour = Math.floor(now / HOUR);
  const track: Track = {
    events: [],
    startConnected: connectedNow,
    buckets: new Float64Array(24 * FIELDS),
    hour,
  };
  if (fresh) {
    track.startConnected = false;
    if (connectedNow) track.events.push({ time: now, connected: true });
  } else {
    const k = rng.int(5);
    const times = Array.from({ length: k }, () => now - 1 - rng.int(DAY - 1)).sort((a, b) => a - b);
    times.forEach((time, j) => {
      track.events.push({ time, connected: (k - 1 - j) % 2 === 0 ? connectedNow : !connectedNow });
    });
    track.startConnected = k % 2 === 0 ? connectedNow : !connectedNow;
    for (let h = hour - 23; h <= hour; h++) {
      const middle = Math.min(now, h * HOUR + HOUR / 2);
      if (!connectedAt(track, middle)) continue;
      const full = h === hour ? (now - h * HOUR) / 60_000 : 60;
      const saved = track.hour;
      track.hour = h;
      accrue(world, track, i, rng, full);
      track.hour = saved;
    }
  }
  world.tracks.set(i, track);
  return track;
}

function connectedAt(track: Track, time: number): boolean {
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
  track.buckets[(track.hour % 24) * FIELDS + SEARCH] += 1;
}

/** Records a connection change of a tracked provider. */
export function recordEvent(world: World, i: number, connected: boolean, now: number): void {
  world.tracks.get(i)?.events.push({ time: now, connected });
}

/** One tick for every tracked provider: the window slides, connected ones accrue. */
export function tickTracks(world: World, now: number): void {
  const rng = world.tickRng;
  const hour = Math.floor(now / HOUR);
  for (const [i, track] of world.tracks) {
    advanceHour(track, hour);
    while (track.events.length > 0 && track.events[0].time <= now - DAY) {
      track.startConnected = track.events.shift()!.connected;
    }
    if (world.providers.connected[i] === 1) accrue(world, track, i, rng, 1);
  }
}

/** Hours connected within (now - 24 h, now]. */
function uptimeHours(track: Track, now: number): number {
  let state = track.startConnected;
  let since = now - DAY;
  let up = 0;
  for (const event of track.events) {
    const time = Math.max(event.time, now - DAY);
    if (state) up += time - since;
    since = time;
    state = event.connected;
  }
  if (state) up += now - since;
  return Math.min(24, up / HOUR);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

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

/** The caller network's providers as of the last tick. */
export function providerStats(world: World, network: number): ProvidersStatsResult {
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
      const sum = (field: number) => {
        let total = 0;
        for (let h = 0; h < 24; h++) total += track.buckets[h * FIELDS + field];
        return total;
      };
      return {
        client_id: p.ids.id(i),
        connected: p.connected[i] === 1,
        connected_events_last_24h: track.events
          .filter((event) => event.time > at - DAY && event.time <= at)
          .map((event) => ({ event_time: new Date(event.time).toISOString(), connected: event.connected })),
        uptime_last_24h: round(uptimeHours(track, at), 2),
        transfer_data_last_24h: round(sum(TRANSFER), 3),
        payout_last_24h: round(sum(PAYOUT), 6),
        search_interest_last_24h: Math.round(sum(SEARCH)),
        contracts_last_24h: Math.round(sum(CONTRACTS)),
        clients_last_24h: Math.round(sum(CLIENTS)),
        ...(world.era === 'seed' ? { provide_mode: p.mode[i] } : {}),
      };
    }),
  };
  perNetwork.set(network, { version: world.version, value });
  return value;
}
