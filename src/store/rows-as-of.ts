// The time a store's rows are shown as of, for rows that run out by themselves (a pending
// adoption's code expires): the moment of each answer, then each moment one of them ends,
// on a timer of the store clock. A view computes its rows at that time and so draws a
// frame only when one leaves: a clock read at each render, or a timer a second, would
// redraw an idle screen for nothing (bench/tui-idle).
import type { StoreApi } from 'zustand/vanilla';
import { type Clock, PRIORITY, type TimerHandle } from '../clock.ts';

export interface RowsAsOf {
  /** The store clock's time the rows are shown as of. */
  asOf: number;
}

/**
 * Keeps `asOf` of `store`: set when `answered` says a new answer came, and again at the
 * next of `ends` (the store clock's times its rows run out) after it.
 */
export function keepRowsAsOf<S extends RowsAsOf>(
  store: StoreApi<S>,
  clock: Pick<Clock, 'now' | 'setTimeout'>,
  ends: (state: S) => readonly number[],
  answered: (state: S, previous: S) => boolean,
): void {
  let timer: TimerHandle | undefined;
  const stepTo = (at: number) => {
    timer?.cancel();
    timer = undefined;
    store.setState({ asOf: at } as Partial<S>);
    const next = Math.min(...ends(store.getState()).filter((end) => end > at));
    if (Number.isFinite(next))
      timer = clock.setTimeout(() => stepTo(clock.now()), next - clock.now(), PRIORITY.store);
  };
  store.subscribe((state, previous) => {
    if (answered(state, previous)) stepTo(clock.now());
  });
}
