// /stats/last-90: daily series over the 90 days before today and today (UTC: 91 keys, as
// the service packs them through today, server: model/audit_model.go dayRange,
// computeStatsProvider), recomputed at each tick
// only (the service recomputes hourly: a note, the product asks for a live view). The
// past is synthesised at creation around the world's current size.
//
// Units as the service computes them (server: model/audit_model.go computeStatsTransfer,
// summary): transfer per day in bytes, its summary in MiB and its rate in Mibit/s (a
// day's average); every summary is the maximum of the last 3 days. What an era sends is
// its profile's (NetworkStatsShape): the seed era also sent packet, extender and
// superspeed series, and its transfer rate was packets/s.
import {
  NETWORK_SERIES_FIELDS,
  type NetworkSeriesField,
  type NetworkSummaryField,
} from '../../src/contract/schemas.ts';
import type { World } from '../world/index.ts';
import { Rng } from '../world/prng.ts';
import { DAY } from './tracks.ts';

export const LOOKBACK = 90;
/** Days a count series holds: today - LOOKBACK through today. */
const DAYS = LOOKBACK + 1;
/**
 * Series of a day's traffic (server: computeStatsTransfer): their days run up to
 * yesterday, and today only once something was counted today.
 */
const TRAFFIC_SERIES = new Set<string>(['all_transfer_data', 'all_packets_data', 'extender_transfer_data']);
/** GiB a connected provider relays per day on average */
const GIB_PER_PROVIDER_DAY = 20;
const BYTES_PER_PACKET = 1200;
const GIB = 2 ** 30;
const MIB = 2 ** 20;

export type NetworkStatsResult = Record<string, unknown> & { lookback: number; created_time: number };

/** What an era's /stats/last-90 sends: its fields, and the unit of `all_transfer_summary_rate`. */
export interface NetworkStatsShape {
  /** sent beside `lookback` and `created_time`, in the order of the era's Go struct */
  readonly fields: readonly (NetworkSummaryField | NetworkSeriesField)[];
  /** `bits`: Mibit/s of the busiest day; `packets`: its packets per second */
  readonly transferRate: 'bits' | 'packets';
}

const dayKey = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** Today's gauges (providers online etc.) from the world as it is now. */
function gauges(world: World): Partial<Record<NetworkSeriesField, number>> {
  const p = world.providers;
  const superspeed = Math.round(p.connectedTotal * 0.12);
  const extenders = Math.max(1, Math.round(p.connectedTotal * 0.01));
  return {
    providers_data: p.connectedTotal,
    providers_superspeed_data: superspeed,
    countries_data: p.liveCountries,
    regions_data: p.liveRegions,
    cities_data: p.liveCities,
    extenders_data: extenders,
    extenders_superspeed_data: Math.round(extenders * 0.3),
    networks_data: world.networks.count,
    devices_data: Math.round(p.count * 1.1),
  };
}

/** Traffic of the whole network over `minutes` minutes. */
function accrueTraffic(world: World, rng: Rng, day: number, minutes: number): void {
  const s = world.history.series;
  const bytes =
    ((world.providers.connectedTotal * GIB_PER_PROVIDER_DAY * GIB) / 1440) *
    minutes *
    (0.8 + rng.float() * 0.4);
  s.all_transfer_data[day] += Math.round(bytes);
  s.all_packets_data[day] += Math.round(bytes / BYTES_PER_PACKET);
  s.extender_transfer_data[day] += Math.round(bytes * 0.02);
}

/** Another stream for the oldest day, so the world's own (the ticks') is drawn as it was with 90 days. */
const OLDEST_DAY_STREAM = 6;
/** The count series' own ups and downs (all but providers_data), apart from the ticks' stream. */
const SERIES_STREAM = 2801;

/**
 * How a count series went over the last 90 days (choice: the service's history is its
 * own), so that each draws its own curve: `growth` a day (its level `age` days ago is
 * 1 - growth x age of today's), `noise` either way from day to day, `weekend` how much
 * lower Saturdays and Sundays run (devices at home are switched off, networks are not).
 * providers_data keeps the world's stream (the ticks' draws, and traffic follows it).
 */
const CURVES: Partial<Record<NetworkSeriesField, { growth: number; noise: number; weekend: number }>> = {
  providers_superspeed_data: { growth: 0.005, noise: 0.1, weekend: 0.06 },
  countries_data: { growth: 0.0006, noise: 0.015, weekend: 0 },
  regions_data: { growth: 0.0016, noise: 0.03, weekend: 0.02 },
  cities_data: { growth: 0.0028, noise: 0.05, weekend: 0.04 },
  extenders_data: { growth: 0.006, noise: 0.15, weekend: 0 },
  extenders_superspeed_data: { growth: 0.008, noise: 0.2, weekend: 0 },
  networks_data: { growth: 0.0042, noise: 0.003, weekend: 0 },
  devices_data: { growth: 0.0022, noise: 0.01, weekend: 0.03 },
};
/** Saturday or Sunday (UTC), from a day number since the epoch (a Thursday). */
const isWeekend = (day: number) => {
  const weekday = (day + 4) % 7; // as getUTCDay counts: Sunday 0 ... Saturday 6
  return weekday === 0 || weekday === 6;
};

export function initHistory(world: World, now: number): void {
  const today = Math.floor(now / DAY);
  const series: Record<string, number[]> = {};
  for (const field of NETWORK_SERIES_FIELDS) series[field] = new Array(DAYS).fill(0);
  world.history = { days: Array.from({ length: DAYS }, (_, k) => today - DAYS + 1 + k), series };
  const current = gauges(world);
  const own = new Rng(world.seed, SERIES_STREAM);
  const day = (k: number, rng: Rng) => {
    const age = DAYS - 1 - k;
    // The network grew a little over the last 90 days.
    const scale = (1 - age * 0.003) * (0.96 + rng.float() * 0.08);
    const weekend = isWeekend(world.history.days[k]) ? 1 : 0;
    for (const [field, value] of Object.entries(current) as [NetworkSeriesField, number][]) {
      const curve = CURVES[field];
      const ownScale = curve
        ? (1 - age * curve.growth) * (1 + curve.noise * (2 * own.float() - 1)) * (1 - curve.weekend * weekend)
        : scale;
      const limit =
        field === 'countries_data' || field === 'regions_data' || field === 'cities_data' ? value : Infinity;
      series[field][k] = Math.min(limit, Math.round(value * (age === 0 ? 1 : ownScale)));
    }
    const minutes = age === 0 ? (now - today * DAY) / 60_000 : 1440;
    const saved = world.providers.connectedTotal;
    world.providers.connectedTotal = series.providers_data[k];
    accrueTraffic(world, rng, k, minutes);
    world.providers.connectedTotal = saved;
  };
  for (let k = 1; k < DAYS; k++) day(k, world.tickRng);
  day(0, new Rng(world.seed, OLDEST_DAY_STREAM));
  rebuild(world, now);
}

/** One tick: roll the day over if needed, grow today's figures, recompute the answer. */
export function tickHistory(world: World, now: number): void {
  const { history } = world;
  const today = Math.floor(now / DAY);
  while (history.days[history.days.length - 1] < today) {
    history.days.push(history.days[history.days.length - 1] + 1);
    history.days.shift();
    for (const field of NETWORK_SERIES_FIELDS) {
      history.series[field].push(0);
      history.series[field].shift();
    }
  }
  const last = DAYS - 1;
  for (const [field, value] of Object.entries(gauges(world))) {
    history.series[field][last] = Math.max(history.series[field][last], value);
  }
  accrueTraffic(world, world.tickRng, last, 1);
  rebuild(world, now);
}

/** The last recomputation (each tick): an answer is shaped from it once, then reused until the next. */
const recomputed = new WeakMap<World, { at: number }>();
const answers = new WeakMap<World, { basis: { at: number }; result: NetworkStatsResult }>();

function rebuild(world: World, now: number): void {
  recomputed.set(world, { at: now });
}

export function networkStats(world: World, shape: NetworkStatsShape): NetworkStatsResult {
  const basis = recomputed.get(world)!;
  const cached = answers.get(world);
  if (cached?.basis === basis) return cached.result;
  const result = shaped(world, basis.at, shape);
  answers.set(world, { basis, result });
  return result;
}

/** round(max / 2^20): MiB of the busiest of the last 3 days. */
const mib = (bytes: number) => Math.round(bytes / MIB);
/** round(8 max / 2^20 / 86 400): that day's average in Mibit/s. */
const mibitPerSecond = (bytes: number) => Math.round((8 * bytes) / MIB / 86_400);

function shaped(world: World, now: number, shape: NetworkStatsShape): NetworkStatsResult {
  const { days, series } = world.history;
  const keys = days.map(dayKey);
  /** The days a series sends: a traffic series lacks today while today has nothing. */
  const sentDays = (field: string) =>
    TRAFFIC_SERIES.has(field) && series[field][DAYS - 1] === 0 ? DAYS - 1 : DAYS;
  // The maximum of the last 3 days sent (server: model/audit_model.go summary).
  const summary = (field: string) => {
    const count = sentDays(field);
    return Math.max(...series[field].slice(count - 3, count));
  };
  const transfer = summary('all_transfer_data');
  const summaries: Record<string, number> = {
    all_transfer_summary: mib(transfer),
    all_transfer_summary_rate:
      shape.transferRate === 'packets'
        ? Math.round(summary('all_packets_data') / 86_400)
        : mibitPerSecond(transfer),
    all_packets_summary: summary('all_packets_data'),
    all_packets_summary_rate: 0,
    providers_summary: summary('providers_data'),
    providers_summary_superspeed: summary('providers_superspeed_data'),
    countries_summary: summary('countries_data'),
    regions_summary: summary('regions_data'),
    cities_summary: summary('cities_data'),
    extender_transfer_summary: mib(summary('extender_transfer_data')),
    extender_transfer_summary_rate: mibitPerSecond(summary('extender_transfer_data')),
    extenders_summary: summary('extenders_data'),
    extenders_summary_superspeed: summary('extenders_superspeed_data'),
    networks_summary: summary('networks_data'),
    devices_summary: summary('devices_data'),
  };
  // In the order of the era's Go struct (its profile's list).
  const result: NetworkStatsResult = { lookback: LOOKBACK, created_time: now };
  for (const field of shape.fields) {
    if (field in summaries) {
      result[field] = summaries[field];
      continue;
    }
    const map: Record<string, number> = {};
    for (let k = 0; k < sentDays(field); k++) map[keys[k]] = series[field][k];
    result[field] = map;
  }
  return result;
}
