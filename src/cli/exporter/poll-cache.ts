// However often Prometheus (or anyone) scrapes, the service is asked at most once per
// refresh interval: the last poll's result is served until it is that old, and a
// scrape that comes while a poll is under way waits for that poll.
import type { Clock } from '../../clock.ts';

export interface PollCache<T> {
  /** The last result if it is fresh, else a new poll's (shared with every caller meanwhile). */
  get(): Promise<T>;
}

export function createPollCache<T>(poll: () => Promise<T>, clock: Clock, intervalMs: number): PollCache<T> {
  let last: { at: number; value: T } | undefined;
  let inFlight: Promise<T> | undefined;
  return {
    get() {
      if (inFlight) return inFlight;
      if (last && clock.now() - last.at < intervalMs) return Promise.resolve(last.value);
      const at = clock.now();
      inFlight = poll()
        .then((value) => {
          last = { at, value };
          return value;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
  };
}
