// Flapping (issue 35): a provider that goes down and up more than K times in an hour is
// pushed once as flapping instead of at each change, and then not again until it has been
// stable for an hour (no disconnection or return reported for it): then once as stable,
// with where it stands. It counts the disconnections `watch` reports (so those down for
// --disconnected-minutes at least; with 0, every one a look sees).
import type { NetdeckEvent } from '../../store/events/event-source.ts';

export const FLAP_WINDOW_MS = 3_600_000;
export const DEFAULT_FLAP_COUNT = 3;

/** What becomes of a provider's change: pushed, pushed as the start of its flapping, or held back. */
export type FlapVerdict = 'pass' | 'flapping' | 'hold';

interface Provider {
  /** When its reported disconnections came, within the last window. */
  downs: number[];
  flapping: boolean;
  /** Its last change (disconnected or back), and when. */
  last: NetdeckEvent;
  lastAt: number;
}

export interface FlapDamper {
  /** A reported event's verdict; anything but a provider's disconnection or return passes. */
  record(event: NetdeckEvent, now: number): FlapVerdict;
  /** The flapping providers stable for a window now (each once), with their last change. */
  settle(now: number): NetdeckEvent[];
}

const CHANGES = new Set(['provider_disconnected', 'provider_reconnected']);

export function createFlapDamper(limit: number, windowMs = FLAP_WINDOW_MS): FlapDamper {
  const providers = new Map<string, Provider>();
  return {
    record(event, now) {
      if (!CHANGES.has(event.type) || !event.client_id) return 'pass';
      const known = providers.get(event.client_id);
      const provider: Provider = known ?? { downs: [], flapping: false, last: event, lastAt: now };
      providers.set(event.client_id, provider);
      provider.last = event;
      provider.lastAt = now;
      if (provider.flapping) return 'hold';
      if (event.type !== 'provider_disconnected') return 'pass';
      provider.downs = [...provider.downs.filter((at) => now - at < windowMs), now];
      if (provider.downs.length <= limit) return 'pass';
      provider.flapping = true;
      return 'flapping';
    },
    settle(now) {
      const stable: NetdeckEvent[] = [];
      for (const [clientId, provider] of providers) {
        if (now - provider.lastAt < windowMs) continue;
        if (provider.flapping) stable.push(provider.last);
        providers.delete(clientId);
      }
      return stable;
    },
  };
}
