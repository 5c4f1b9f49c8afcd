// A live resource: data loaded from the service, refreshed on a schedule of the store
// clock, with superseded requests aborted, failures kept beside the last good data and
// retried with back-off. Every pane that shows one response builds on it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type ApiError, isApiError, isTransient } from '../api/errors.ts';
import { PRIORITY, type TimerHandle } from '../clock.ts';
import { refreshPeriod, type StoreDeps } from './deps.ts';
import { requestSlot } from './request.ts';

export interface ResourceState<T> {
  data?: T;
  /** The last failure; cleared by the next success. Data is kept beside it. */
  error?: ApiError | Error;
  loading: boolean;
  /** Clock time of the last successful load. */
  fetchedAt?: number;
  /** Clock time of the next automatic load (refresh or retry), if one is scheduled. */
  nextAt?: number;
  /** Consecutive failures. */
  failures: number;
  /** Bumped on every successful load (lets views highlight what changed). */
  version: number;
  /** The refresh period (store clock ms). */
  everyMs: number;
  refresh(): Promise<void>;
  /** Loads now and keeps refreshing; idempotent. */
  start(): Promise<void>;
  /** Cancels the schedule and any request in flight. */
  stop(): void;
}
export type ResourceStore<T> = StoreApi<ResourceState<T>>;

export interface ResourceOptions<T> {
  load: (signal: AbortSignal) => Promise<T>;
  /** Refresh period on the store clock; default the deps' (refreshPeriod). */
  refreshEveryMs?: number;
  retryBaseMs?: number;
  /** The longest wait before a retry; default the refresh period. */
  retryMaxMs?: number;
}

/** Back-off after `failures` consecutive failures, honouring a server's Retry-After. */
export function retryDelay(failures: number, error: unknown, baseMs: number, maxMs: number): number {
  const retryAfter = isApiError(error) ? error.details.retryAfterMs : undefined;
  const backoff = baseMs * 2 ** Math.max(0, failures - 1);
  return Math.min(maxMs, Math.max(retryAfter ?? 0, backoff));
}

/** The first retry's wait after a failure; each failure after it doubles it. */
export const RETRY_BASE_MS = 5_000;

export function createResourceStore<T>(deps: StoreDeps, options: ResourceOptions<T>): ResourceStore<T> {
  const { clock } = deps;
  const everyMs = options.refreshEveryMs ?? refreshPeriod(deps);
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? everyMs;
  const loads = requestSlot(deps, 'superseded by a newer request');
  let timer: TimerHandle | undefined;
  let running = false;

  const store = createStore<ResourceState<T>>()((set, get) => {
    const schedule = (delayMs: number | undefined) => {
      timer?.cancel();
      timer = undefined;
      if (!running || delayMs === undefined) {
        set({ nextAt: undefined });
        return;
      }
      set({ nextAt: clock.now() + delayMs });
      timer = clock.setTimeout(() => get().refresh(), delayMs, PRIORITY.store);
    };

    return {
      loading: false,
      failures: 0,
      version: 0,
      everyMs,
      async refresh() {
        set({ loading: true });
        let delay: number | undefined;
        const outcome = await loads.run(options.load, {
          retryAt: (error) => {
            delay = isTransient(error)
              ? retryDelay(get().failures + 1, error, retryBaseMs, retryMaxMs)
              : everyMs;
            return clock.now() + delay;
          },
        });
        if (!outcome) return;
        if ('error' in outcome) {
          set({ error: outcome.error, loading: false, failures: get().failures + 1 });
          schedule(delay);
          return;
        }
        set((state) => ({
          data: outcome.value,
          error: undefined,
          loading: false,
          fetchedAt: clock.now(),
          failures: 0,
          version: state.version + 1,
        }));
        schedule(everyMs);
      },
      start() {
        if (running) return Promise.resolve();
        running = true;
        return get().refresh();
      },
      stop() {
        running = false;
        loads.abort('stopped');
        schedule(undefined);
        set({ loading: false });
      },
    };
  });
  return store;
}

/** Age of the data in whole seconds, for "stale, 2m old" labels. */
export function ageSeconds(state: { fetchedAt?: number }, now: number): number | undefined {
  return state.fetchedAt === undefined ? undefined : Math.max(0, Math.floor((now - state.fetchedAt) / 1000));
}

/**
 * A resource store with view state and actions of its own (sort, selection...) merged
 * into the same zustand state: zustand merges partial updates, so the resource's own
 * updates keep the view fields, and the result is still usable as a ResourceStore.
 */
export function extendResource<T, V extends object>(
  resource: ResourceStore<T>,
  view: (set: StoreApi<ResourceState<T> & V>['setState'], get: () => ResourceState<T> & V) => V,
): StoreApi<ResourceState<T> & V> {
  const store = resource as unknown as StoreApi<ResourceState<T> & V>;
  store.setState(view(store.setState, store.getState));
  return store;
}
