// Connection state for the header: the outcome of the most recent request of any store.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type ApiError, isApiError } from '../api/errors.ts';

export type ConnectionStatus = 'connecting' | 'online' | 'retrying' | 'offline';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Clock time of the last successful response. */
  lastOkAt?: number;
  /** The last failure, until a request succeeds again. */
  lastError?: ApiError | Error;
  /** When the next automatic retry is due (clock ms), while retrying. */
  retryAt?: number;
  succeeded(at: number): void;
  failed(error: unknown, retryAt?: number): void;
}
export type ConnectionStore = StoreApi<ConnectionState>;

/** Kinds that say the service itself is unreachable, not that one request was bad. */
const OFFLINE_KINDS = new Set(['network', 'timeout']);

export function createConnectionStore(): ConnectionStore {
  return createStore<ConnectionState>()((set) => ({
    status: 'connecting',
    succeeded: (at) => set({ status: 'online', lastOkAt: at, lastError: undefined, retryAt: undefined }),
    failed: (error, retryAt) => {
      const err = error instanceof Error ? error : new Error(String(error));
      if (isApiError(err) && (err.kind === 'aborted' || err.kind === 'business' || err.kind === 'no-token'))
        return;
      const unreachable = isApiError(err) && (OFFLINE_KINDS.has(err.kind) || (err.status ?? 0) >= 500);
      set({ status: unreachable ? (retryAt ? 'retrying' : 'offline') : 'online', lastError: err, retryAt });
    },
  }));
}
