// Cheap presence (issue 35, item 5): GET /network/peers, the service's live list of the
// network's connected clients, asked between the slower statistics polls, so that a
// provider going down is noticed sooner. It only hastens what the statistics would say:
// it speaks of the providers the last /stats/providers listed, and of nothing else; a
// provider is gone when the list marks its disconnection (kept 5 minutes), or when the
// list named it before and names it no more; it is back when the list names it. A list
// with no one on it, neither connected nor gone, says nothing (not that all are down): a
// network of more than 100 clients, or a deployment with the registry off, lists none
// however many are up.
import type { NetworkPeers, ProviderStats } from '../contract/schemas.ts';
import type { Observation } from './observe.ts';

export interface Presence {
  /** Reads a peer list taken at `at` (one that says nothing is set aside). */
  learn(peers: NetworkPeers, at: number): void;
  /**
   * A poll's observation with what a newer peer list tells of its providers (the same
   * object when it tells nothing); the last one is kept for `between`.
   */
  apply(observation: Observation): Observation;
  /** The last poll's providers again at `at`, as the newest peer list has them: between polls. */
  between(at: number): Observation | undefined;
  /** What the newest peer list says of a provider: listed (true), gone (false), or nothing. */
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

  /** A provider as the newest list has it, with the change as an event of its connections. */
  const adjusted = (p: ProviderStats): ProviderStats => {
    const present = p.client_id === undefined ? undefined : presenceOf(p.client_id);
    if (present === undefined || present === p.connected) return p;
    const at = (!present && markers.get(p.client_id!)) || learnedAt!;
    return {
      ...p,
      connected: present,
      connected_events_last_24h: [
        ...(p.connected_events_last_24h ?? []),
        { event_time: new Date(at).toISOString(), connected: present },
      ],
    };
  };

  /** `observation`'s statistics as the newest list has them, when the list is newer than they are. */
  const withPresence = (observation: Observation): Observation => {
    const stats = observation.results.providerStats;
    if (!stats?.ok) return observation;
    const created = timeOf(stats.data.created_time) ?? observation.at;
    if (learnedAt === undefined || learnedAt <= created) return observation;
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
