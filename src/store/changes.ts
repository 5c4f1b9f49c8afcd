// The figures that changed at the last refresh stay highlighted for a moment: how long,
// and a flag that is on for that moment. A timer of the store clock turns it off, so a
// view reads the flag and needs no clock of its own: nothing redraws every second to
// find out whether a highlight has ended. My providers and Network use it alike.
import type { StoreApi } from 'zustand/vanilla';
import { type Clock, PRIORITY, type TimerHandle } from '../clock.ts';

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
  /** The changes of the last load are highlighted now. */
  lit: boolean;
}

/**
 * After each load of `store`, what changed since the load before (`diff`), lit for a
 * span of the clock's speed as known then (a service's clock learns its rate from the
 * answers); a load that changed nothing lights nothing.
 */
export function highlightChanges<D, C>(
  store: StoreApi<ChangeWindow & { version: number; data?: D; everyMs: number; changed: C }>,
  clock: Pick<Clock, 'speed' | 'setTimeout'>,
  diff: (before: D | undefined, after: D | undefined) => C,
  isEmpty: (changed: C) => boolean,
): void {
  let timer: TimerHandle | undefined;
  store.subscribe((state, previous) => {
    if (state.version === previous.version) return;
    const changed = diff(previous.data, state.data);
    timer?.cancel();
    timer = undefined;
    const lit = !isEmpty(changed);
    store.setState({ changed, lit });
    if (lit)
      timer = clock.setTimeout(
        () => store.setState({ lit: false }),
        highlightSpan(clock.speed, state.everyMs),
        PRIORITY.store,
      );
  });
}
