// What the simulator keeps of a provider whose network asked for its statistics (the
// demo network's from the start): its connections over the last 31 days, and its
// figures in hourly buckets (the last 24 hours, or 31 days once a *-last-n route asked).
// Kept up to date at each tick only, so answers change at a tick and not between ticks.
import type { Track, World } from '../world/index.ts';
import { hash2, Rng } from '../world/prng.ts';
import { pickClients, poolSize } from './served-clients.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const FIELDS = 5;
export const [TRANSFER, PAYOUT, SEARCH, CONTRACTS, CLIENTS] = [0, 1, 2, 3, 4];
/** USD paid per GiB relayed (the payouts of payouts.ts pay the same) */
const PAYOUT_PER_GIB = 0.05;
/** Hours of buckets a track keeps until a *-last-n route asks for longer. */
export const SHORT_HOURS = 24;
/** 31 days: a 30-day window reaches into a 31st UTC day. Connection events are always kept as long. */
export const LONG_HOURS = 31 * 24;
const EVENT_SPAN = LONG_HOURS * HOUR;
/** Connection changes a track keeps at most: a provider flapped by hand drops its oldest. */
const MAX_TRACK_EVENTS = 2048;
const OVERLAP_KEY = 0x6f76_6c70;
/** A connected provider opens a second connection about once a day (a reconnect before its old one is closed)... */
const OVERLAP_OPEN = 1 / 1440;
/** ...and the older one closes some 20 minutes later. */
const OVERLAP_CLOSE = 1 / 20;

/** GiB a provider relays per connected minute: a small share of its estimated speed. */
function perMinuteGiB(world: World, i: number, rng: Rng): number {
  const speed = world.providers.speed[i] || 2e6;
  return (speed * 60 * (0.01 + rng.float() * 0.05)) / 2 ** 30;
}

/** Index of `field` of epoch hour `hour` in the track's ring. */
export const slot = (track: Track, hour: number, field: number) => (hour % track.hours) * FIELDS + field;

/**
 * Traffic of `minutes` connected minutes in the track's newest hour: transfer, payout,
 * searches, contracts and the clients they were with. One draw picks the clients of the
 * contracts drawn (as many draws as ever: the world's stream stays as it was). Returns the GiB.
 */
function accrue(world: World, track: Track, i: number, rng: Rng, minutes: number): number {
  const base = slot(track, track.hour, 0);
  const gib = perMinuteGiB(world, i, rng) * minutes;
  track.buckets[base + TRANSFER] += gib;
  track.buckets[base + PAYOUT] += gib * PAYOUT_PER_GIB;
  track.buckets[base + SEARCH] += rng.int(3 * minutes + 1);
  const drawn = rng.float() < 0.15 * minutes ? 1 + rng.int(Math.max(1, Math.round(minutes / 10))) : 0;
  // Bytes are settled on contracts: an hour with transfer has one at least.
  const forced = gib > 0 && drawn === 0 && track.buckets[base + CONTRACTS] === 0 ? 1 : 0;
  const contracts = drawn + forced;
  if (contracts === 0) return gib;
  track.buckets[base + CONTRACTS] += contracts;
  const first = drawn > 0 ? rng.float() : hash2(hash2(world.seed ^ i, track.hour), 0) / 2 ** 32;
  track.buckets[base + CLIENTS] |= pickClients(first, contracts, poolSize(world, i), hash2(i, track.hour));
  return gib;
}

/** Moves the hour ring to `hour`, clearing the buckets of hours that fall out of its span. */
export function advanceHour(track: Track, hour: number): void {
  for (let h = Math.max(track.hour + 1, hour - track.hours + 1); h <= hour; h++)
    track.buckets.fill(0, slot(track, h, 0), slot(track, h, 0) + FIELDS);
  if (hour > track.hour) track.hour = hour;
}

/** Connect times of the connections open at `time` (the events up to it replayed), oldest first. */
export function openAt(track: Track, time = Number.POSITIVE_INFINITY): number[] {
  const open = [...track.open];
  for (const event of track.events) {
    if (event.time > time) break;
    if (event.connected) open.push(event.time);
    else open.shift();
  }
  return open;
}

/** The spans [start, end) within [from, to] when the provider was connected (any connection open). */
export function connectedSpans(track: Track, from: number, to: number): [number, number][] {
  const spans: [number, number][] = [];
  let open = track.open.length;
  let since = from;
  for (const event of track.events) {
    if (event.time > to) break;
    const time = Math.max(event.time, from);
    const next = Math.max(0, open + (event.connected ? 1 : -1));
    if (open > 0 && next === 0 && time > since) spans.push([since, time]);
    if (open === 0 && next > 0) since = time;
    open = next;
  }
  if (open > 0 && to > since) spans.push([since, to]);
  return spans;
}

/**
 * The spans the service counts as uptime in [from, now]: the connections still open now,
 * each from max(its connect time, from); one that closed counts nothing, and several open
 * ones each count (server: model/provider_model.go activeRange, uptimeHours).
 */
export function uptimeSpans(track: Track, from: number, now: number): [number, number][] {
  return openAt(track, now)
    .map((connect): [number, number] => [Math.max(connect, from), now])
    .filter(([start, end]) => end > start);
}

export const spanMs = (spans: [number, number][]) =>
  spans.reduce((total, [start, end]) => total + end - start, 0);

/**
 * Makes up the connection changes of the `days` before `end` for provider i from `rng`: a
 * few a day, ending in `endState` (placed before the track's events); a connection open
 * before them began a day or two earlier.
 */
function synthesiseEvents(track: Track, i: number, rng: Rng, end: number, days: number, endState: boolean) {
  const span = days * DAY;
  const k = rng.int(5 * days);
  const times = Array.from({ length: k }, () => end - 1 - rng.int(span - 1)).sort((a, b) => a - b);
  track.events = [
    ...times.map((time, j) => ({ time, connected: (k - 1 - j) % 2 === 0 ? endState : !endState })),
    ...track.events,
  ];
  const startConnected = k % 2 === 0 ? endState : !endState;
  track.open = startConnected ? [end - span - (1 + (hash2(i, days) % 48)) * HOUR] : [];
}

/** Makes up the traffic of the hours after `fromHour` up to `end`, in the hours the provider was connected. */
function synthesiseTraffic(
  world: World,
  track: Track,
  i: number,
  rng: Rng,
  fromHour: number,
  end: number,
): void {
  const last = Math.floor(end / HOUR);
  const newest = track.hour;
  const spans = connectedSpans(track, (fromHour + 1) * HOUR, end);
  let s = 0;
  for (let h = fromHour + 1; h <= last; h++) {
    const minutes = h === last ? (end - h * HOUR) / 60_000 : 60;
    const middle = Math.min(end, h * HOUR + HOUR / 2);
    while (s < spans.length && spans[s][1] < middle) s++;
    if (minutes <= 0 || s >= spans.length || spans[s][0] > middle) continue;
    track.hour = h;
    accrue(world, track, i, rng, minutes);
  }
  track.hour = newest;
}

/**
 * Starts tracking provider i at `now`: 31 days of connections and 24 hours of traffic
 * made up from the seed and the provider (so lazily created tracks are deterministic),
 * or nothing before `now` for a device that just joined. Some providers hold a second
 * connection now, opened after the first (connections overlap).
 */
export function startTrack(world: World, i: number, now: number, fresh = false): Track {
  const existing = world.tracks.get(i);
  if (existing) return existing;
  const connectedNow = world.providers.connected[i] === 1;
  const track: Track = {
    events: [],
    open: [],
    hours: SHORT_HOURS,
    buckets: new Float64Array(SHORT_HOURS * FIELDS),
    hour: Math.floor(now / HOUR),
    synthetic: !fresh,
  };
  if (fresh) {
    if (connectedNow) track.events.push({ time: now, connected: true });
  } else {
    const rng = new Rng(hash2(world.seed, i), 7);
    synthesiseEvents(track, i, rng, now, LONG_HOURS / 24, connectedNow);
    const h = hash2(world.seed ^ OVERLAP_KEY, i);
    if (connectedNow && h % 5 === 0) {
      const after = Math.max(track.events.at(-1)?.time ?? 0, now - 12 * HOUR);
      track.events.push({
        time: after + Math.floor(((h >>> 8) % 1000) * ((now - after) / 1000)),
        connected: true,
      });
    }
    synthesiseTraffic(world, track, i, rng, track.hour - SHORT_HOURS, now);
  }
  world.tracks.set(i, track);
  return track;
}

/**
 * Grows provider i's buckets to `hours`, keeping those it has; the hours before them are
 * made up from its connections (nothing for a device that joined since).
 */
export function growTrack(world: World, track: Track, i: number, hours: number, now: number): void {
  advanceHour(track, Math.floor(now / HOUR));
  const short = track.buckets;
  const shortHours = track.hours;
  track.hours = hours;
  track.buckets = new Float64Array(hours * FIELDS);
  for (let h = track.hour - shortHours + 1; h <= track.hour; h++) {
    const from = (h % shortHours) * FIELDS;
    track.buckets.set(short.subarray(from, from + FIELDS), slot(track, h, 0));
  }
  if (track.synthetic) {
    const end = (track.hour - shortHours + 1) * HOUR;
    synthesiseTraffic(world, track, i, new Rng(hash2(world.seed, i), 8), track.hour - hours, end);
  }
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

function pushEvent(track: Track, time: number, connected: boolean): void {
  track.events.push({ time, connected });
  if (track.events.length > MAX_TRACK_EVENTS) forget(track, 1);
}

/** Moves the `count` oldest events into the state before the span. */
function forget(track: Track, count: number): void {
  for (const event of track.events.splice(0, count)) {
    if (event.connected) track.open.push(event.time);
    else track.open.shift();
  }
}

/** A tracked provider connected (one connection more) or disconnected (every open one closed). */
export function recordConnection(world: World, i: number, connected: boolean, now: number): void {
  const track = world.tracks.get(i);
  if (!track) return;
  if (connected) pushEvent(track, now, true);
  else for (let open = openAt(track, now).length; open > 0; open--) pushEvent(track, now, false);
}

/**
 * One tick for every tracked provider: the window slides; connected ones accrue (the GiB
 * each carried goes to `carried`), and now and then reconnect before their old connection
 * closes (two open for a while). The overlaps are drawn from a hash of the tick, not the
 * tick's random stream. A `dark` provider (engine/dark.ts) accrues nothing: its draws go
 * to a bucket thrown away, so the stream stays the others' as it was.
 */
export function tickTracks(
  world: World,
  now: number,
  carried?: (i: number, gib: number) => void,
  dark?: (i: number) => boolean,
): void {
  const rng = world.tickRng;
  const hour = Math.floor(now / HOUR);
  for (const [i, track] of world.tracks) {
    advanceHour(track, hour);
    let old = 0;
    while (old < track.events.length && track.events[old].time <= now - EVENT_SPAN) old++;
    forget(track, old);
    if (world.providers.connected[i] !== 1) continue;
    if (dark?.(i)) accrue(world, { ...track, hours: 1, buckets: new Float64Array(FIELDS) }, i, rng, 1);
    else carried?.(i, accrue(world, track, i, rng, 1));
    const draw = hash2(hash2(world.seed ^ OVERLAP_KEY, i), world.ticks) / 2 ** 32;
    const open = openAt(track, now).length;
    if (open === 1 && draw < OVERLAP_OPEN) pushEvent(track, now, true);
    else if (open > 1 && draw < OVERLAP_CLOSE) pushEvent(track, now, false);
  }
}

/** Sum of a field over the hours (from, to] of the ring (epoch hours; older ones are gone). */
export function sumHours(track: Track, field: number, from: number, to: number): number {
  let total = 0;
  for (let h = Math.max(from + 1, track.hour - track.hours + 1); h <= Math.min(to, track.hour); h++)
    total += track.buckets[slot(track, h, field)];
  return total;
}

/** The clients served in the hours (from, to]: their masks or-ed. */
export function servedMask(track: Track, from: number, to: number): number {
  let mask = 0;
  for (let h = Math.max(from + 1, track.hour - track.hours + 1); h <= Math.min(to, track.hour); h++)
    mask |= track.buckets[slot(track, h, CLIENTS)];
  return mask;
}

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
