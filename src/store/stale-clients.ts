// Which of the network's clients are stale (issue 26): no open connection, and last seen
// longer ago than a period the user gives. Last seen is the latest of the client's last
// connection event (POST /stats/providers-last-n over the period), its `auth_time` (the
// provider program authenticates at every start) and its `create_time`. The commands and
// the console's stale view (O) both ask this.
import { isProxyClient } from '../api/proxy-secrets.ts';
import type { NetworkClient, NetworkClients, ProvidersStats } from '../contract/schemas.ts';
import { MAX_PERIOD_MS } from '../format/numbers.ts';
import { isConnected } from './clients.ts';

/** Why a typed period is not one. */
export const PERIOD_PROBLEM = 'a period is a whole number and a unit: 30m, 12h, 7d or 2w (at most 366d)';

/** The period unless one is given: a week. */
export const DEFAULT_STALE_MS = 7 * 86_400_000;
const HOUR = 3_600_000;

export interface StaleClient {
  client: NetworkClient;
  /** epoch ms; undefined when the service sent no time at all */
  lastSeen?: number;
}

/** Events are asked for at least this far back, so that a last sighting shown is the event's. */
const MIN_LOOKBACK_MS = 30 * 86_400_000;

/** The `last_n` hours to ask providers-last-n for: the period (every event within it), 30 days at least. */
export const lastNFor = (periodMs: number) =>
  Math.min(MAX_PERIOD_MS / HOUR, Math.ceil(Math.max(periodMs, MIN_LOOKBACK_MS) / HOUR));

/** The latest connection event of each provider, by client id (epoch ms). */
export function lastEventsOf(stats: ProvidersStats | undefined): Map<string, number> {
  const latest = new Map<string, number>();
  for (const provider of stats?.providers ?? []) {
    if (!provider.client_id) continue;
    for (const event of provider.connected_events_last_24h ?? []) {
      const time = event.event_time ? Date.parse(event.event_time) : Number.NaN;
      if (Number.isFinite(time) && time > (latest.get(provider.client_id) ?? Number.NEGATIVE_INFINITY))
        latest.set(provider.client_id, time);
    }
  }
  return latest;
}

/** When the client was last seen: its last event, its auth time, its creation, whichever is latest. */
export function lastSeenOf(client: NetworkClient, events: ReadonlyMap<string, number>): number | undefined {
  const times = [client.auth_time, client.create_time]
    .map((time) => (time ? Date.parse(time) : Number.NaN))
    .concat(client.client_id ? (events.get(client.client_id) ?? Number.NaN) : Number.NaN)
    .filter(Number.isFinite);
  return times.length ? Math.max(...times) : undefined;
}

/**
 * The stale clients as of `now`, the longest gone first. A client without any time is
 * stale (nothing says it was ever seen); a connected one never is, nor a hosted proxy's
 * (it connects only while its proxy carries traffic: idle is not gone).
 */
export function staleClients(
  clients: NetworkClients | undefined,
  events: ReadonlyMap<string, number>,
  now: number,
  periodMs: number,
): StaleClient[] {
  return (clients?.clients ?? [])
    .filter((client) => client.client_id && !isConnected(client) && !isProxyClient(client))
    .map((client) => ({ client, lastSeen: lastSeenOf(client, events) }))
    .filter(({ lastSeen }) => lastSeen === undefined || now - lastSeen > periodMs)
    .sort((a, b) => (a.lastSeen ?? 0) - (b.lastSeen ?? 0));
}

/** The service's time of an answer (its `created_time`), else `fallback`. */
export function answeredAt(stats: ProvidersStats | undefined, fallback: number): number {
  const time = stats?.created_time ? Date.parse(stats.created_time) : Number.NaN;
  return Number.isFinite(time) ? time : fallback;
}

/** How many hosted proxies' clients a stale list leaves out (they are never stale). */
export const proxiesLeftOut = (clients: NetworkClients | undefined): number =>
  (clients?.clients ?? []).filter(isProxyClient).length;

/** `left out 2 proxy clients (a proxy is never stale)`, or undefined for none. */
export function leftOutText(count: number): string | undefined {
  if (!count) return undefined;
  return `left out ${count} proxy client${count === 1 ? '' : 's'} (a hosted proxy is never stale: netdeck proxy remove removes one)`;
}
