// One ticker per clock and period, shared by every component that shows the time
// (countdowns, "N s ago", spinners). Ticks fall on whole periods of the clock, so all the
// seconds displays of a frame change in the same tick: one frame a second, where a timer
// per component drew one frame each, some of them identical to the last (Ink redraws the
// whole screen for any change).
import { type Clock, PRIORITY, type TimerHandle } from '../../clock.ts';

export interface Ticker {
  /** The clock's time at the last tick (or when the first subscriber came). */
  readonly now: number;
  subscribe(listener: () => void): () => void;
}

const tickers = new WeakMap<Clock, Map<number, Ticker>>();

export function tickerFor(clock: Clock, periodMs: number): Ticker {
  let byPeriod = tickers.get(clock);
  if (!byPeriod) {
    byPeriod = new Map();
    tickers.set(clock, byPeriod);
  }
  const existing = byPeriod.get(periodMs);
  if (existing) return existing;

  const listeners = new Set<() => void>();
  let timer: TimerHandle | undefined;
  let now = clock.now();
  const arm = () => {
    const wait = periodMs - (clock.now() % periodMs);
    timer = clock.setTimeout(
      () => {
        now = clock.now();
        arm();
        for (const listener of [...listeners]) listener();
      },
      wait,
      PRIORITY.ui,
    );
  };
  const ticker: Ticker = {
    get now() {
      return now;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        now = clock.now();
        arm();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          timer?.cancel();
          timer = undefined;
        }
      };
    },
  };
  byPeriod.set(periodMs, ticker);
  return ticker;
}
