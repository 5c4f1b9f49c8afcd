// /stats/providers: per-provider figures of the last 24 hours, from the providers' tracks
// (tracks.ts). As the service answers: one instant for the whole answer, the request's
// (`created_time`): the connections and their events up to it, the uptime of those open
// then; the traffic figures are the hours the last tick rolled up.
import type { World } from '../world/index.ts';
import { statsProvidersOf } from './fleet.ts';
import { clientCount } from './served-clients.ts';
import {
  CONTRACTS,
  DAY,
  HOUR,
  PAYOUT,
  round,
  SEARCH,
  SHORT_HOURS,
  servedMask,
  spanMs,
  startTrack,
  sumHours,
  TRANSFER,
  uptimeSpans,
} from './tracks.ts';

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

const cache = new WeakMap<World, Map<number, { version: number; at: number; value: ProvidersStatsResult }>>();
export interface ProvidersStatsResult {
  created_time: string;
  providers: ProviderStatsItem[];
}

/**
 * The caller network's providers at `now` (the request's time); `withProvideMode`: each
 * one's provide mode too (seed era).
 */
export function providerStats(
  world: World,
  network: number,
  withProvideMode: boolean,
  now: number,
): ProvidersStatsResult {
  let perNetwork = cache.get(world);
  if (!perNetwork) {
    perNetwork = new Map();
    cache.set(world, perNetwork);
  }
  const hit = perNetwork.get(network);
  // Never before the last tick: the traffic figures are the hours it rolled up.
  const at = Math.max(now, world.lastTick);
  if (hit && hit.version === world.version && hit.at === at) return hit.value;
  const p = world.providers;
  const value: ProvidersStatsResult = {
    created_time: new Date(at).toISOString(),
    providers: statsProvidersOf(world, network).map((i) => {
      const track = startTrack(world, i, world.lastTick);
      const from = track.hour - SHORT_HOURS;
      const sum = (field: number) => sumHours(track, field, from, track.hour);
      return {
        client_id: p.ids.id(i),
        connected: p.connected[i] === 1,
        // Up to the answer's time, as `connected` is: a provider POST /__sim/providers took
        // down since the last tick comes with its disconnect, its uptime 0 and its day drawn.
        connected_events_last_24h: track.events
          .filter((event) => event.time > at - DAY && event.time <= at)
          .map((event) => ({ event_time: new Date(event.time).toISOString(), connected: event.connected })),
        // Hours of the connections open at the answer's time (closed ones count 0; several add up).
        uptime_last_24h: round(spanMs(uptimeSpans(track, at - DAY, at)) / HOUR, 2),
        transfer_data_last_24h: round(sum(TRANSFER), 3),
        payout_last_24h: round(sum(PAYOUT), 6),
        search_interest_last_24h: Math.round(sum(SEARCH)),
        contracts_last_24h: Math.round(sum(CONTRACTS)),
        // The same hours' contracts: their distinct clients.
        clients_last_24h: clientCount(servedMask(track, from, track.hour)),
        ...(withProvideMode ? { provide_mode: p.mode[i] } : {}),
      };
    }),
  };
  perNetwork.set(network, { version: world.version, at, value });
  return value;
}
