// Walking every provider that matches a request, each once: `netdeck providers --all` and
// the console's `N` take the same way. Batches of up to MAX_BATCH, each excluding every id
// seen so far, until one brings nothing new; within bounds on the providers listed, the
// requests and the bytes they send. The walk decides what to send next and what of an
// answer is new; its caller sends each request its own way (the command straight, the
// console through its request slot) and words each stop for its user.
import type { FindProvidersRequest, Provider } from '../contract/schemas.ts';

/** The most one find-providers2 call returns (the simulator's cap; the real service has none). */
export const MAX_BATCH = 1000;

/** What a walk may take: providers listed, requests, and the request bodies' bytes together. */
export interface WalkBounds {
  providers: number;
  requests: number;
  bytes: number;
}

/**
 * A walk's bounds; past any of them it stops, saying which. Each batch excludes every id
 * seen, so the bound of providers bounds the exclusion list: 100 000 ids are a 3.9 MB body,
 * under the 4 MiB the strictest service takes. A server can make the walk cost far more
 * than its rows (one new id per batch: 100 000 requests sending 195 GB in all), so the
 * requests and the bytes sent are bounded too: walking 100 000 providers in batches of
 * 1 000 makes 101 requests sending about 195 MB.
 */
export const WALK_BOUNDS: WalkBounds = { providers: 100_000, requests: 1_000, bytes: 256 * 1024 * 1024 };

/** The bound that ended a walk while the service still had more. */
export type WalkStop = keyof WalkBounds;

/** A provider the walk listed: one with an id. */
export type WalkedProvider = Provider & { client_id: string };

/** Bytes of an id in a JSON list of ids: quoted, and a comma. */
const idBytes = (id: string) => Buffer.byteLength(JSON.stringify(id)) + 1;

/** A walk over `request`'s providers; the ids it already excludes count as seen. */
export function providerWalk(request: FindProvidersRequest, bounds: WalkBounds = WALK_BOUNDS) {
  const seen = new Set<string>(request.exclude_client_ids ?? []);
  const baseBytes = Buffer.byteLength(JSON.stringify({ ...request, exclude_client_ids: [] }));
  let excludedBytes = [...seen].reduce((sum, id) => sum + idBytes(id), 0);
  let listed = 0;
  let requests = 0;
  let sentBytes = 0;
  return {
    /** The next request's body, or the bound sending it would pass. */
    next(): { body: FindProvidersRequest } | { stop: Exclude<WalkStop, 'providers'> } {
      if (requests >= bounds.requests) return { stop: 'requests' };
      const bodyBytes = baseBytes + excludedBytes;
      if (sentBytes + bodyBytes > bounds.bytes) return { stop: 'bytes' };
      requests++;
      sentBytes += bodyBytes;
      return { body: { ...request, exclude_client_ids: [...seen] } };
    },
    /**
     * What of an answer is new, in its order, each once (none: the walk is over); cut at the
     * bound of providers, and `stop` when a batch after the bound still brings new ones.
     */
    took(providers: readonly Provider[]): { fresh: WalkedProvider[]; stop?: 'providers' } {
      const full = listed >= bounds.providers;
      const fresh: WalkedProvider[] = [];
      for (const provider of providers) {
        const id = provider.client_id;
        if (!id || seen.has(id)) continue;
        if (full) return { fresh: [], stop: 'providers' };
        if (listed >= bounds.providers) break;
        seen.add(id);
        excludedBytes += idBytes(id);
        listed++;
        fresh.push(provider as WalkedProvider);
      }
      return { fresh };
    },
    /** How many it listed, and in how many requests. */
    counts: () => ({ listed, requests }),
  };
}
