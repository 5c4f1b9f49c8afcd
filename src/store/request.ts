// The one request lifecycle of the stores: a call to the service made through a slot is
// given an AbortSignal, aborts the slot's previous call (a newer search, a refresh, a
// reset supersedes it), and reports its outcome to the connection store, which the header
// shows. Every store action that calls the service goes through here.
import { ApiError } from '../api/errors.ts';
import type { StoreDeps } from './deps.ts';

/** How a call ended; undefined when it was superseded or stopped (nothing to show). */
export type Outcome<T> = { value: T } | { error: Error } | undefined;

export interface RunOptions {
  /** On failure: when the caller will try again on its own (the header counts down to it). */
  retryAt?: (error: Error) => number | undefined;
}

export interface RequestSlot {
  /** Runs `call`, aborting the slot's call in flight first. */
  run<T>(call: (signal: AbortSignal) => Promise<T>, options?: RunOptions): Promise<Outcome<T>>;
  /** Aborts the call in flight, if any, saying why. */
  abort(why: string): void;
  /** A call is in flight. */
  readonly busy: boolean;
}

const asError = (caught: unknown) => (caught instanceof Error ? caught : new Error(String(caught)));

export function requestSlot(
  deps: Pick<StoreDeps, 'clock' | 'connection'>,
  superseded = 'superseded',
): RequestSlot {
  let inFlight: AbortController | undefined;
  const abort = (why: string) => {
    inFlight?.abort(new ApiError('aborted', why));
    inFlight = undefined;
  };
  return {
    get busy() {
      return inFlight !== undefined;
    },
    abort,
    async run(call, options = {}) {
      abort(superseded);
      const controller = new AbortController();
      inFlight = controller;
      try {
        const value = await call(controller.signal);
        if (controller.signal.aborted) return undefined;
        deps.connection.getState().succeeded(deps.clock.now());
        return { value };
      } catch (caught) {
        if (controller.signal.aborted) return undefined;
        const error = asError(caught);
        deps.connection.getState().failed(error, options.retryAt?.(error));
        return { error };
      } finally {
        if (inFlight === controller) inFlight = undefined;
      }
    },
  };
}

/**
 * One call of an action (a dialog's send, a country opened): reported like every other,
 * never superseded; resolves with the answer or throws the failure.
 */
export async function send<T>(
  deps: Pick<StoreDeps, 'clock' | 'connection'>,
  call: () => Promise<T>,
): Promise<T> {
  const outcome = await requestSlot(deps).run(call);
  if (!outcome) throw new ApiError('aborted', 'stopped');
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
