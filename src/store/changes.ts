// The figures that changed at the last refresh stay highlighted for a moment: how long,
// and whether that moment is now. My providers and Network use it alike.
import type { StoreApi } from 'zustand/vanilla';
import type { Clock } from '../clock.ts';

/** How long a changed figure stays highlighted, in real milliseconds (scaled by the clock's speed). */
const HIGHLIGHT_MS = 3_000;

/**
 * A few real seconds of the store clock, but never past half a refresh period (so at
 * --speed 60 values flash once per refresh instead of staying lit).
 */
export function highlightSpan(speed: number, refreshEveryMs: number): number {
  return Math.min(HIGHLIGHT_MS * speed, refreshEveryMs / 2);
}

export interface ChangeWindow {
  /** Clock time of the load whose changes are highlighted. */
  changedAt?: number;
  /** How long after `changedAt` they stay highlighted (store clock ms). */
  highlightMs: number;
}

/** The changes of the last load are still highlighted at `now` (store clock). */
export const isLit = (state: ChangeWindow, now: number): boolean =>
  state.changedAt !== undefined && now - state.changedAt < state.highlightMs;

/**
 * After each load of `store`, what changed since the load before (`diff`), lit from the
 * load's time for a span of the clock's speed as known then (a service's clock learns
 * its rate from the answers).
 */
export function highlightChanges<D, C>(
  store: StoreApi<
    ChangeWindow & { version: number; data?: D; fetchedAt?: number; everyMs: number; changed: C }
  >,
  clock: Pick<Clock, 'speed'>,
  diff: (before: D | undefined, after: D | undefined) => C,
): void {
  store.subscribe((state, previous) => {
    if (state.version === previous.version) return;
    store.setState({
      changed: diff(previous.data, state.data),
      changedAt: state.fetchedAt,
      highlightMs: highlightSpan(clock.speed, state.everyMs),
    });
  });
}
