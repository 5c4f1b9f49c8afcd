// The exporter's cheap presence (issue 35, item 5): the service's live peer list, where it
// has one, read into a presence of its own per profile and asked at most every 15 s
// however often the endpoint is scraped (a live read: the service caches nothing), so
// netdeck_provider_present is fresher than the polled series. Its series are written at
// each scrape into a registry of their own and served after the poll's page, which is
// kept between polls.
import type { Registry } from 'prom-client';
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import { createPresence, type Presence } from '../../store/presence.ts';
import { PRESENCE_MS, peerListReader } from '../long-running/presence-polls.ts';
import { createPollCache } from './poll-cache.ts';
import type { MetricsPage } from './server.ts';

export interface PeerListCache {
  /** What the newest peer list says of each provider. */
  presence: Presence;
  /** Asks the list when the last ask is 15 s old (a service without one is not asked again). */
  get(): Promise<unknown>;
  /** False once the service has said it has no peer list for this token. */
  readonly served: boolean;
}

export function peerListCache(client: ApiClient, clock: Clock, signal: AbortSignal): PeerListCache {
  const presence = createPresence();
  const reader = peerListReader({ client, clock, presence, signal });
  const cache = createPollCache(() => reader.read(), clock, PRESENCE_MS);
  return {
    presence,
    get: () => cache.get(),
    get served() {
      return reader.served;
    },
  };
}

/** A poll's page with the series of `registry` (the presence's, made at this scrape) after it. */
export async function withSeriesAfter(page: MetricsPage, registry: Registry): Promise<MetricsPage> {
  return { ...page, body: page.body + (await registry.metrics()) };
}
