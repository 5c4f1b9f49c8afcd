// Cheap presence (issue 35, item 5): GET /network/peers, the service's live list of the
// network's connected clients, asked between the slower statistics polls, so that a
// provider going down is noticed sooner. It only hastens a disconnection the statistics
// would show later: it speaks of the providers the last /stats/providers listed connected,
// and of nothing else. Such a provider is gone when the list marks its disconnection (kept
// 5 minutes), or when the list named it before and names it no more, and that after the
// last connection change the statistics list for it (a provider back since is connected).
// The list never says a provider is back: a silent death stays on it up to 5 minutes,
// while the statistics may know already. A list with no one on it, neither connected nor
// gone, says nothing (not that all are down): a network of more than 100 clients, or a
// deployment with the registry off, lists none however many are up.
import type { NetworkPeers, ProviderStats } from '../contract/schemas.ts';
import type { Observation } from './observe.ts';

export interface Presence {
  /** Reads a peer list taken at `at` (one that says nothing is set aside). */
  learn(peers: NetworkPeers, at: number): void;
  /**
   * A poll's observation with the disconnections a peer list tells of its providers (the
   * same object when it tells none); the last one is kept for `between`.
   */
  apply(observation: Observation): Observation;
  /** The last poll's providers again at `at`, as the newest peer list has them: between polls. */
  between(at: number): Observation | undefined;
  /** What the newest peer list says of a provider: listed (true), gone (false), or nothing (the exporter serves it). */
  presenceOf(clientId: string): boolean | undefined;
}

const timeOf = (text: string | undefined) => {
  const at = Date.parse(text ?? '');
  return Number.isFinite(at) ? at : undefined;
};

export function createPresence(): Presence {
  let listed = new Set<string>();
  let before = new Set<string>();
  let markers = new Map<string, number>();
  /** When the newest list that named anyone was taken. */
  let learnedAt: number | undefined;
  /** The last poll's providers and names, while its providers' request succeeded. */
  let last: Observation | undefined;

  const presenceOf = (clientId: string): boolean | undefined => {
    if (learnedAt === undefined) return undefined;
    if (listed.has(clientId)) return true;
    if (markers.has(clientId) || before.has(clientId)) return false;
    return undefined;
  };

  /** The time of a provider's last connection change the statistics list (none: long ago). */
  const lastChange = (p: ProviderStats) =>
    Math.max(-Infinity, ...(p.connected_events_last_24h ?? []).map((e) => timeOf(e.event_time) ?? -Infinity));

  /** A provider the statistics have connected, disconnected when the list says it went after its last change. */
  const adjusted = (p: ProviderStats): ProviderStats => {
    if (!p.connected || p.client_id === undefined || presenceOf(p.client_id) !== false) return p;
    const at = markers.get(p.client_id) ?? learnedAt!;
    if (at <= lastChange(p)) return p;
    return {
      ...p,
      connected: false,
      connected_events_last_24h: [
        ...(p.connected_events_last_24h ?? []),
        { event_time: new Date(at).toISOString(), connected: false },
      ],
    };
  };

  /** `observation`'s statistics with the disconnections the newest list tells. */
  const withPresence = (observation: Observation): Observation => {
    const stats = observation.results.providerStats;
    if (!stats?.ok || learnedAt === undefined) return observation;
    const providers = stats.data.providers?.map(adjusted);
    if (!providers || providers.every((p, k) => p === stats.data.providers![k])) return observation;
    return {
      ...observation,
      results: { ...observation.results, providerStats: { ok: true, data: { ...stats.data, providers } } },
    };
  };

  return {
    learn(peers, at) {
      const named = new Set((peers.peers ?? []).flatMap((peer) => (peer.client_id ? [peer.client_id] : [])));
      const gone = new Map(
        (peers.disconnected ?? []).flatMap((peer) => {
          const time = timeOf(peer.disconnect_time);
          return peer.client_id ? [[peer.client_id, time ?? at] as [string, number]] : [];
        }),
      );
      if (named.size === 0 && gone.size === 0) {
        // An empty list says nothing: what the statistics say stands.
        learnedAt = undefined;
        before = new Set();
        listed = new Set();
        return;
      }
      before = listed;
      listed = named;
      markers = gone;
      learnedAt = at;
    },
    apply(observation) {
      const { providerStats, networkClients } = observation.results;
      last = providerStats?.ok
        ? {
            at: observation.at,
            results: { providerStats, ...(networkClients?.ok ? { networkClients } : {}) },
          }
        : undefined;
      return withPresence(observation);
    },
    between(at) {
      return last && withPresence({ ...last, at });
    },
    presenceOf,
  };
}
