// The event source behind `netdeck mcp`'s events resource: what `netdeck watch` reports,
// from the same operations polled at the refresh interval of the service's clock. Each poll
// waits for its requests' tokens in the bound (request-bound.ts) and then sends them
// unrefused.
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import { createEventSource, type EventSource } from '../../store/events/event-source.ts';
import { observeService } from '../../store/observe.ts';
import { watchOperations } from '../commands/watch.ts';
import type { RequestBound } from './request-bound.ts';

export interface EventWatch {
  /** The client without the bound: the watch takes its tokens before it asks. */
  client: ApiClient;
  clock: Clock;
  token?: string;
  bound: RequestBound;
  everyMs: number;
  signal: AbortSignal;
}

/** Starts watching at once; the watch ends when `signal` aborts. */
export function watchEvents({ client, clock, token, bound, everyMs, signal }: EventWatch): EventSource {
  const source = createEventSource();
  const operations = watchOperations({});
  const poll = async () => {
    await bound.reserve(operations.length, signal);
    source.observe(await observeService(client, operations, { now: () => clock.now(), token, signal }));
  };
  void (async () => {
    while (!signal.aborted) {
      await poll();
      await clock.sleep(everyMs, signal);
    }
  })().catch(() => {
    // Aborted: the server is closing.
  });
  return source;
}
