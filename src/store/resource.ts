// A live resource: data loaded from the service, refreshed on a schedule of the store
// clock, with superseded requests aborted, failures kept beside the last good data and
// retried with back-off. Every pane that shows one response builds on it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ApiError, isApiError } from '../api/errors.ts';
import { PRIORITY, type TimerHandle } from '../clock.ts';
import type { StoreDeps } from './deps.ts';

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
  refresh(): Promise<void>;
  /** Loads now and keeps refreshing; idempotent. */
  start(): Promise<void>;
  /** Cancels the schedule and any request in flight. */
  stop(): void;
}
export type ResourceStore<T> = StoreApi<ResourceState<T>>;

export interface ResourceOptions<T> {
  load: (signal: AbortSignal) => Promise<T>;
  /** Refresh period on the store clock; omit for load-on-demand only. */
  refreshEveryMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export const REFRESH_EVERY_MS = 60_000;

/** Back-off after `failures` consecutive failures, honouring a server's Retry-After. */
export function retryDelay(failures: number, error: unknown, baseMs: number, maxMs: number): number {
  const retryAfter = isApiError(error) ? error.details.retryAfterMs : undefined;
  const backoff = baseMs * 2 ** Math.max(0, failures - 1);
  return Math.min(maxMs, Math.max(retryAfter ?? 0, backoff));
}

/** Errors worth retrying on a timer: a 4xx other than 429 will fail the same way again. */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'shape') return true;
  const status = error.status ?? 0;
  return error.kind === 'http' && (status === 429 || status >= 500);
}

export function createResourceStore<T>(deps: StoreDeps, options: ResourceOptions<T>): ResourceStore<T> {
  const { clock, connection } = deps;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? options.refreshEveryMs ?? 60_000;
  let inFlight: AbortController | undefined;
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
      async refresh() {
        inFlight?.abort(new ApiError('aborted', 'superseded by a newer request'));
        const controller = new AbortController();
        inFlight = controller;
        set({ loading: true });
        try {
          const data = await options.load(controller.signal);
          if (controller.signal.aborted) return;
          const now = clock.now();
          set((state) => ({
            data,
            error: undefined,
            loading: false,
            fetchedAt: now,
            failures: 0,
            version: state.version + 1,
          }));
          connection.getState().succeeded(now);
          schedule(options.refreshEveryMs);
        } catch (caught) {
          if (controller.signal.aborted) return;
          const error = caught instanceof Error ? caught : new Error(String(caught));
          const failures = get().failures + 1;
          set({ error, loading: false, failures });
          const delay = isTransient(error)
            ? retryDelay(failures, error, retryBaseMs, retryMaxMs)
            : options.refreshEveryMs;
          connection.getState().failed(error, delay === undefined ? undefined : clock.now() + delay);
          schedule(delay);
        } finally {
          if (inFlight === controller) inFlight = undefined;
        }
      },
      start() {
        if (running) return Promise.resolve();
        running = true;
        return get().refresh();
      },
      stop() {
        running = false;
        inFlight?.abort(new ApiError('aborted', 'stopped'));
        inFlight = undefined;
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
