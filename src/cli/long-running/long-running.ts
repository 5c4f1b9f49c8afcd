// What the commands that keep running (`watch`, `exporter`) share: they stop on Ctrl-C or
// SIGTERM (or when a test's signal aborts), run on the service's clock (so against a
// simulator's --speed their polling speeds up too), and poll at a refresh interval.
import type { Simulator } from '../../../simulator/index.ts';
import type { ApiClient, ClientOptions } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import type { CliContext, CliDeps } from '../context.ts';

/**
 * The time the service's answers are read against: the demo simulator's own clock, else
 * the service's as its answers tell it (src/api/server-clock.ts: a `netdeck sim --speed
 * 60` runs a minute a second, and its event times are in its time).
 */
export function commandClock({ client, simulator }: { client: ApiClient; simulator?: Simulator }): Clock {
  return simulator?.clock ?? client.serverClock;
}

/**
 * A signal that aborts on SIGINT or SIGTERM (or the test's); until `dispose` the process
 * stays alive (the clocks' timers do not hold it: a sleeping `watch` would just end).
 */
export function stopSignal(deps: CliDeps): { signal: AbortSignal; dispose(): void } {
  if (deps.stop) return { signal: deps.stop, dispose: () => {} };
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('stopped'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const alive = setInterval(() => {}, 2 ** 30);
  return {
    signal: controller.signal,
    dispose: () => {
      clearInterval(alive);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/** Resolves when the signal aborts. */
export const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/**
 * The context with the client options of a command that keeps running: no retry notes
 * (a failure is reported once, as an event or a metric, not at every poll), and `more`.
 */
export function longRunning(context: CliContext, more: Partial<ClientOptions> = {}): CliContext {
  return {
    ...context,
    deps: { ...context.deps, clientOptions: { onRetry: undefined, ...more, ...context.deps.clientOptions } },
  };
}
