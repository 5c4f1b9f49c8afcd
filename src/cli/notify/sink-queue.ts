// One sink's deliveries: its notices in order, one at a time, each request tried again
// after a failure that may pass (http-send.ts says which), with a growing wait, or the one
// the service asked for. Every sink has a queue of its own, so a slow or failing one holds
// neither watching nor the others; a notice it could not send is said on stderr with the
// URL's secrets masked, and the next one goes on. The queue is bounded: past it the oldest
// waiting are dropped (and said). When netdeck stops, what waits is dropped.
import type { Clock } from '../../clock.ts';
import { type Attempt, type SendOptions, sendOnce } from './http-send.ts';
import type { Notice } from './notice.ts';
import type { HttpRequestSpec } from './sinks/sink.ts';

/** How a sink's requests are sent; the defaults are the commands', tests shorten nothing (the clock is theirs). */
export interface DeliveryOptions {
  /** This machine's clock, not the service's: the time-out and the waits are real seconds. */
  clock: Clock;
  /** Says a failure on stderr. */
  warn(text: string): void;
  signal?: AbortSignal;
  /** Per request (default 10 s, as shoutrrr's). */
  timeoutMs?: number;
  /** Tries after the first (default 3). */
  retries?: number;
  /** The first wait; each next one doubles it (default 2 s: 2, 4, 8 s). */
  backoffMs?: number;
  /** The longest wait a service may ask for; one that asks more is not tried again (default 60 s). */
  maxWaitMs?: number;
  /** Notices waiting at most (default 100). */
  maxQueued?: number;
  /** Between 0 and 1: spreads the waits (default Math.random). */
  random?: () => number;
  /** One try (tests may replace it; default http-send.ts). */
  send?: (spec: HttpRequestSpec, options: SendOptions) => Promise<Attempt>;
}

/** A sink, ready: what it is called in messages (its URL masked), and the requests of a notice. */
export interface ReadySink {
  masked: string;
  requests(notice: Notice): HttpRequestSpec[];
}

export interface SinkQueue {
  push(notice: Notice): void;
  /** Resolves when nothing is sent or waiting (at once after a stop, but for the try under way). */
  idle(): Promise<void>;
}

export function createSinkQueue(sink: ReadySink, options: DeliveryOptions): SinkQueue {
  const { clock, warn, signal } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 2_000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const maxQueued = options.maxQueued ?? 100;
  const random = options.random ?? Math.random;
  const send = options.send ?? sendOnce;
  const queue: Notice[] = [];
  let running = false;
  let waiters: (() => void)[] = [];

  /** One request, tried until it is sent or no try is left; undefined when sent, else why not. */
  const deliver = async (spec: HttpRequestSpec): Promise<string | undefined> => {
    for (let attempt = 0; ; attempt++) {
      const result = await send(spec, { clock, timeoutMs, signal });
      if (result.ok || signal?.aborted) return undefined;
      const tries = `${attempt + 1} ${attempt === 0 ? 'try' : 'tries'}`;
      if (!result.retry || attempt >= retries) return `${result.reason} (${tries})`;
      if (result.waitMs !== undefined && result.waitMs > maxWaitMs)
        return `${result.reason}, and asks to wait ${Math.ceil(result.waitMs / 1000)} s, more than ${maxWaitMs / 1000} s (${tries})`;
      const wait = result.waitMs ?? backoffMs * 2 ** attempt * (1 + 0.2 * random());
      try {
        await clock.sleep(wait, signal);
      } catch {
        return undefined;
      }
    }
  };

  const run = async () => {
    running = true;
    while (queue.length && !signal?.aborted) {
      const notice = queue.shift()!;
      for (const spec of sink.requests(notice)) {
        const problem = await deliver(spec);
        if (problem) warn(`could not send "${notice.title}" to ${sink.masked}: ${problem}`);
      }
    }
    running = false;
    for (const waiter of waiters.splice(0)) waiter();
  };

  signal?.addEventListener('abort', () => queue.splice(0), { once: true });

  return {
    push(notice) {
      if (signal?.aborted) return;
      queue.push(notice);
      if (queue.length > maxQueued) {
        const dropped = queue.splice(0, queue.length - maxQueued).length;
        warn(`dropped ${dropped} notices waiting for ${sink.masked}: at most ${maxQueued} wait`);
      }
      if (!running) void run();
    },
    idle: () =>
      !running && !queue.length
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters = [...waiters, resolve];
          }),
  };
}
