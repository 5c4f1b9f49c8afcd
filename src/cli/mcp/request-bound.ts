// The bound of `netdeck mcp`'s requests to the service: a token bucket of `perMinute`
// tokens, refilled evenly over a minute of this machine's clock, one token a request. An
// agent in a loop gets a tool error saying the bound once it has spent the bucket, rather
// than the service a flood; the event watch behind the events resource waits for its
// tokens instead (ahead of the tools), so it is never refused and never goes past the
// bound either.
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import { operationNames } from '../../contract/endpoints.ts';

const MINUTE = 60_000;

/** A request the bound refused: its message says the bound and when the next one may go. */
export class BoundReached extends Error {
  override readonly name = 'BoundReached';
}

export interface RequestBound {
  readonly perMinute: number;
  /** One request's token, now, or BoundReached. */
  take(): void;
  /** Waits until `count` tokens are there (taken ahead of `take`), and takes them. */
  reserve(count: number, signal?: AbortSignal): Promise<void>;
}

export function requestBound(perMinute: number, clock: Clock): RequestBound {
  const perMs = perMinute / MINUTE;
  let tokens = perMinute;
  let at = clock.now();
  /** Tokens reservations wait for: the tools take nothing meanwhile. */
  let reserved = 0;
  const refill = () => {
    const now = clock.now();
    tokens = Math.min(perMinute, tokens + (now - at) * perMs);
    at = now;
  };
  return {
    perMinute,
    take() {
      refill();
      if (reserved === 0 && tokens >= 1) {
        tokens -= 1;
        return;
      }
      const seconds = Math.max(1, Math.ceil((reserved + 1 - tokens) / perMs / 1000));
      throw new BoundReached(
        `netdeck mcp sends at most ${perMinute} requests a minute to the service (--requests-per-minute), and this one would pass it: try again in ${seconds} s`,
      );
    },
    async reserve(count, signal) {
      // More than the bucket holds would never come: a poll larger than the bound takes it all.
      const wanted = Math.min(count, perMinute);
      reserved += wanted;
      try {
        for (refill(); tokens < wanted; refill()) await clock.sleep((wanted - tokens) / perMs, signal);
        tokens -= wanted;
      } finally {
        reserved -= wanted;
      }
    },
  };
}

/** The client with every call counted against the bound: a call past it fails with BoundReached, unsent. */
export const boundedClient = (client: ApiClient, bound: RequestBound): ApiClient =>
  gatedClient(client, async () => bound.take());

/** The client with every call waiting for its token (the event watch's: never refused, never past the bound). */
export const waitingClient = (client: ApiClient, bound: RequestBound, signal: AbortSignal): ApiClient =>
  gatedClient(client, () => bound.reserve(1, signal));

/** The client with `gate` passed before each of its calls is sent; a gate that rejects, rejects the call. */
function gatedClient(client: ApiClient, gate: () => Promise<void>): ApiClient {
  const operations = new Set<string | symbol>([...operationNames, 'call']);
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (!operations.has(key) || typeof value !== 'function') return value;
      // A refusal is a rejected promise, as the service's own failures are.
      return (...args: unknown[]) => gate().then(() => value.apply(target, args));
    },
  });
}
