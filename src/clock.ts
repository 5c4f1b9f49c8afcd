// Injected time. The simulator and the stores share one Clock, so `--speed 60` speeds
// up both, and tests drive both with one ManualClock.

/** Lower runs first among timers due at the same instant. */
export const PRIORITY = { simulator: 0, store: 1, ui: 2 } as const;

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** How many simulated milliseconds pass per real millisecond (1 for real time). */
  readonly speed: number;
  /** Runs `fn` once after `ms` of this clock's time. */
  setTimeout(fn: () => unknown, ms: number, priority?: number): TimerHandle;
  /** Runs `fn` every `ms` of this clock's time. */
  setInterval(fn: () => unknown, ms: number, priority?: number): TimerHandle;
  /** Resolves after `ms` of this clock's time; rejects with the signal's reason on abort. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * A time a server or a token gave (epoch ms or an RFC 3339 string) as a Date, or
 * undefined when it is none or lies beyond what a Date holds (±8.64e15 ms): any number
 * the schemas accept must render, at worst as unknown.
 */
export function dateOf(value: number | string | undefined): Date | undefined {
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `Clock.sleep` on any clock's setTimeout. */
export function sleepOn(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Real time, optionally sped up: `speed` simulated ms pass per real ms. */
export class ScaledClock implements Clock {
  private readonly startReal = Date.now();
  constructor(
    readonly speed = 1,
    private readonly startAt = Date.now(),
  ) {
    if (!(speed > 0)) throw new RangeError('speed must be > 0');
  }
  now(): number {
    return this.startAt + (Date.now() - this.startReal) * this.speed;
  }
  setTimeout(fn: () => unknown, ms: number): TimerHandle {
    const id = setTimeout(fn, Math.max(0, ms / this.speed));
    id.unref?.();
    return { cancel: () => clearTimeout(id) };
  }
  setInterval(fn: () => unknown, ms: number): TimerHandle {
    const id = setInterval(fn, Math.max(1, ms / this.speed));
    id.unref?.();
    return { cancel: () => clearInterval(id) };
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}

/** The wall clock. Timers are unref'd: a pending refresh never keeps the process alive. */
export const systemClock: Clock = new ScaledClock(1);

/** Let pending promise jobs and I/O callbacks (socket reads and writes) run. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

interface QueuedTimer {
  due: number;
  priority: number;
  seq: number;
  every?: number;
  fn: () => unknown;
}

/**
 * The timers of a clock that runs them itself (ManualClock, the simulator's OffsetClock),
 * taken in time order: the earliest due first, then the lower priority (a simulator tick
 * before a store refresh due at the same instant), then the older.
 */
export class TimerQueue {
  private seq = 0;
  private readonly timers: QueuedTimer[] = [];

  /** `changed` runs after a timer is added or cancelled (a clock re-arms its wake-up). */
  constructor(private readonly changed: () => void = () => {}) {}

  get size(): number {
    return this.timers.length;
  }
  /** `fn` once, `ms` after `now`. */
  timeout(now: number, fn: () => unknown, ms: number, priority: number): TimerHandle {
    return this.add({ due: now + Math.max(0, ms), priority, fn });
  }
  /** `fn` every `ms` (at least 1) from `now`. */
  interval(now: number, fn: () => unknown, ms: number, priority: number): TimerHandle {
    const every = Math.max(1, ms);
    return this.add({ due: now + every, priority, fn, every });
  }
  /** When the earliest timer is due; undefined when none waits. */
  earliest(): number | undefined {
    let first: number | undefined;
    for (const timer of this.timers) if (first === undefined || timer.due < first) first = timer.due;
    return first;
  }
  /**
   * The next timer due at `limit` or before, taken out (an interval stays, due again a
   * period later): the instant it was due and its function. Undefined when none is due.
   */
  takeDue(limit: number): { due: number; fn: () => unknown } | undefined {
    let best: QueuedTimer | undefined;
    for (const timer of this.timers) {
      if (timer.due > limit) continue;
      if (
        !best ||
        timer.due < best.due ||
        (timer.due === best.due &&
          (timer.priority < best.priority || (timer.priority === best.priority && timer.seq < best.seq)))
      )
        best = timer;
    }
    if (!best) return undefined;
    const { due, fn } = best;
    if (best.every) best.due += best.every;
    else this.remove(best);
    return { due, fn };
  }

  private add(init: Omit<QueuedTimer, 'seq'>): TimerHandle {
    const timer: QueuedTimer = { ...init, seq: this.seq++ };
    this.timers.push(timer);
    this.changed();
    return {
      cancel: () => {
        this.remove(timer);
        this.changed();
      },
    };
  }
  private remove(timer: QueuedTimer): void {
    const index = this.timers.indexOf(timer);
    if (index >= 0) this.timers.splice(index, 1);
  }
}

/**
 * A clock whose timers wait in its own queue, due by its own `now()` (a manual clock, a
 * simulated one, the service's): how a timer is set is written once, here; when one is
 * set or cancelled, `timersChanged` lets the clock re-arm its wake-up.
 */
export abstract class QueuedClock implements Clock {
  abstract readonly speed: number;
  protected readonly timers = new TimerQueue(() => this.timersChanged());

  abstract now(): number;
  protected timersChanged(): void {}

  setTimeout(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    return this.timers.timeout(this.now(), fn, ms, priority);
  }
  setInterval(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    return this.timers.interval(this.now(), fn, ms, priority);
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}

/** Runs a timer's function; `wait`: waits for the promise it returns, then lets the I/O it started settle. */
export async function runTimer(fn: () => unknown, wait: boolean): Promise<void> {
  try {
    const result = fn();
    if (wait) await result;
    else if (result instanceof Promise) result.catch(() => {});
  } catch {
    // A timer's failure is its owner's to report; time goes on.
  }
  if (wait) await settle(1);
}

/**
 * Time that moves only when told. `advance(ms)` fires due timers in time order (lower
 * priority first at the same instant: a simulator tick before a store refresh) and
 * waits for the promises they return, so the requests they start have finished.
 */
export class ManualClock extends QueuedClock {
  static readonly EPOCH = Date.parse('2026-01-01T00:00:00Z');
  readonly speed = 1;
  private current: number;

  constructor(start = ManualClock.EPOCH) {
    super();
    this.current = start;
  }
  now(): number {
    return this.current;
  }
  /** Number of timers waiting (for tests). */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<number> {
    const target = this.current + Math.max(0, ms);
    for (;;) {
      const next = this.timers.takeDue(target);
      if (!next) break;
      this.current = Math.max(this.current, next.due);
      await runTimer(next.fn, true);
    }
    this.current = target;
    await settle();
    return this.current;
  }

  /** Moves to an absolute instant (never backwards). */
  advanceTo(instant: number): Promise<number> {
    return this.advance(instant - this.current);
  }
}
