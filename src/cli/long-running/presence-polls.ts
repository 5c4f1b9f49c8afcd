// Cheap presence between polls (issue 35, item 5): while `watch` waits for its next poll
// of the statistics, it asks GET /network/peers every 15 s of the service's clock (a live
// read, with no cache on the service) and lets the event source see what it says
// (src/store/presence.ts). A service that has no peer list (an older one: 404), or that
// will not give it to this token ("Not allowed."), is not asked again. The exporter reads
// the list the same way (exporter/presence-series.ts).

import type { ApiClient } from '../../api/client.ts';
import { isMissingRoute } from '../../api/error-words.ts';
import { isApiError } from '../../api/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Observation } from '../../store/observe.ts';
import type { Presence } from '../../store/presence.ts';

/** How often the peer list is asked between polls. */
export const PRESENCE_MS = 15_000;

/** Reads the service's peer list into a presence. */
export interface PeerListReader {
  /** Asks the list and learns it: false when it was not read (not served, or this ask failed). */
  read(): Promise<boolean>;
  /** False once the service has said it has no peer list, or none for this token. */
  readonly served: boolean;
}

export function peerListReader(context: {
  client: ApiClient;
  clock: Clock;
  presence: Presence;
  signal: AbortSignal;
}): PeerListReader {
  const { client, clock, presence, signal } = context;
  let served = true;
  return {
    get served() {
      return served;
    },
    async read() {
      if (!served) return false;
      try {
        const peers = await client.networkPeers({ signal });
        presence.learn(peers, clock.now());
        return true;
      } catch (error) {
        if (isMissingRoute(error) || (isApiError(error) && error.kind === 'business')) served = false;
        // Anything else (a time-out, a 5xx) is the next poll's to report: presence only hastens.
        return false;
      }
    },
  };
}

export interface PresencePolls {
  /** Waits until `start + every`, looking at the peer list on the way; rejects when `signal` aborts. */
  wait(start: number, every: number): Promise<void>;
}

export function presencePolls(context: {
  client: ApiClient;
  clock: Clock;
  presence: Presence;
  signal: AbortSignal;
  /** What the source is fed between polls. */
  observe(observation: Observation): void;
}): PresencePolls {
  const { clock, presence, signal } = context;
  const reader = peerListReader(context);
  const look = async () => {
    if (!(await reader.read())) return;
    const view = presence.between(clock.now());
    if (view) context.observe(view);
  };
  const until = (at: number) => clock.sleep(Math.max(0, at - clock.now()), signal);
  return {
    async wait(start, every) {
      for (let next = start + PRESENCE_MS; reader.served && next < start + every; next += PRESENCE_MS) {
        await until(next);
        await look();
      }
      await until(start + every);
    },
  };
}
