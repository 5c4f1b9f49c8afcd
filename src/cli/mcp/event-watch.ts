// The event source behind `netdeck mcp`'s events resource: what `netdeck watch` reports,
// from the same operations polled at the refresh interval of the service's clock, idle
// providers always among them (over the server's idle hours), and between polls the
// service's peer list, as watch reads it, to tell a disconnection sooner. Each poll waits
// for its requests' tokens in the bound (request-bound.ts) and then sends them unrefused;
// each look at the peer list waits for its own.
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import { createEventSource, type EventSource } from '../../store/events/event-source.ts';
import { observeService } from '../../store/observe.ts';
import { createPresence } from '../../store/presence.ts';
import { watchOperations } from '../commands/watch.ts';
import { presencePolls } from '../long-running/presence-polls.ts';
import { type RequestBound, waitingClient } from './request-bound.ts';

export interface EventWatch {
  /** The client without the bound: the watch takes its tokens before it asks. */
  client: ApiClient;
  clock: Clock;
  token?: string;
  bound: RequestBound;
  everyMs: number;
  /** The hours idle providers are judged over (provider_idle, provider_active). */
  idleHours: number;
  signal: AbortSignal;
}

/** Starts watching at once; the watch ends when `signal` aborts. */
export function watchEvents(watch: EventWatch): EventSource {
  const { client, clock, token, bound, everyMs, idleHours, signal } = watch;
  const source = createEventSource();
  const operations = watchOperations({ idleHours });
  const presence = createPresence();
  const between = presencePolls({
    client: waitingClient(client, bound, signal),
    clock,
    presence,
    signal,
    observe: (view) => source.observe(view),
  });
  const poll = async () => {
    await bound.reserve(operations.length, signal);
    const observation = await observeService(client, operations, {
      now: () => clock.now(),
      token,
      signal,
      idleHours,
    });
    source.observe(presence.apply(observation));
  };
  void (async () => {
    while (!signal.aborted) {
      const started = clock.now();
      await poll();
      await between.wait(started, everyMs);
    }
  })().catch(() => {
    // Aborted: the server is closing.
  });
  return source;
}
