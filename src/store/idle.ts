// Idle providers (issue 35, item 1): a provider that has been connected for at least N
// hours and, over those hours, had no search interest, no contract and no transfer. The
// service stops offering a provider that fails its probe and tells no one (server#436):
// this is how an operator learns of it. One POST /stats/providers-last-n with `last_n: N`
// answers for the whole fleet (its `*_last_24h` figures then cover the N hours). A pure
// verdict per provider: `watch`, the exporter and the console read the same one.
import type { ConnectedEvent, ProviderStats, ProvidersStats } from '../contract/schemas.ts';

/** Hours a provider must be connected without activity to be idle, unless told (`--idle-hours`, `idle_hours`). */
export const DEFAULT_IDLE_HOURS = 6;
/** What the service reads of `last_n`: an hour at least, 366 days at most (MAX_LAST_N_HOURS). */
export const IDLE_HOURS_BOUNDS = { min: 1, max: 8784 } as const;

export type IdleState =
  /** connected throughout the hours, and nothing searched, contracted or carried */
  | 'idle'
  /** some search interest, a contract or transfer in the hours */
  | 'active'
  /** not connected now, or not throughout the hours: too soon to say */
  | 'unproven';

export interface IdleVerdict {
  state: IdleState;
  /** The hours the verdict covers (the `last_n` asked). */
  hours: number;
}

const delta = (event: ConnectedEvent) => (event.connected ? 1 : -1);

/**
 * Whether a provider was connected throughout the window its events cover. The events
 * count connections (a provider may hold two for a while: a reconnect before the old one
 * closed), so the open count at the window's start is not given: take the smallest one the
 * events allow (never below 0, and at least 1 at the end when it is connected now), and
 * walk them: connected throughout when that count never reaches 0. No event and connected
 * now: connected throughout. A conservative rule: a doubt is "not throughout".
 */
export function connectedThroughout(
  provider: Pick<ProviderStats, 'connected' | 'connected_events_last_24h'>,
): boolean {
  if (!provider.connected) return false;
  const events = [...(provider.connected_events_last_24h ?? [])].sort(
    (a, b) => Date.parse(a.event_time ?? '') - Date.parse(b.event_time ?? ''),
  );
  let sum = 0;
  let lowest = 0;
  for (const event of events) {
    sum += delta(event);
    lowest = Math.min(lowest, sum);
  }
  const start = Math.max(0, -lowest, 1 - sum);
  if (start < 1) return false;
  let open = start;
  for (const event of events) {
    open += delta(event);
    if (open < 1) return false;
  }
  return true;
}

/** Whether the figures over the window show search interest, a contract or transfer. */
const anyActivity = (p: ProviderStats) =>
  (p.search_interest_last_24h ?? 0) > 0 ||
  (p.contracts_last_24h ?? 0) > 0 ||
  (p.transfer_data_last_24h ?? 0) > 0;

/** One provider's verdict from its providers-last-n row over `hours`. */
export function idleVerdict(provider: ProviderStats, hours: number): IdleVerdict {
  if (anyActivity(provider)) return { state: 'active', hours };
  return { state: connectedThroughout(provider) ? 'idle' : 'unproven', hours };
}

/** Every provider's verdict by client id, from one providers-last-n answer asked with `last_n: hours`. */
export function idleVerdicts(answer: ProvidersStats | undefined, hours: number): Map<string, IdleVerdict> {
  const verdicts = new Map<string, IdleVerdict>();
  for (const provider of answer?.providers ?? [])
    if (provider.client_id) verdicts.set(provider.client_id, idleVerdict(provider, hours));
  return verdicts;
}
