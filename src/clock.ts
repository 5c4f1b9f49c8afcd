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

interface ManualTimer {
  due: number;
  priority: number;
  seq: number;
  every?: number;
  fn: () => unknown;
  cancelled: boolean;
}

/** Let pending promise jobs and I/O callbacks (socket reads and writes) run. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Time that moves only when told. `advance(ms)` fires due timers in time order (lower
 * priority first at the same instant: a simulator tick before a store refresh) and
 * waits for the promises they return, so the requests they start have finished.
 */
export class ManualClock implements Clock {
  static readonly EPOCH = Date.parse('2026-01-01T00:00:00Z');
  readonly speed = 1;
  private current: number;
  private seq = 0;
  private timers: ManualTimer[] = [];

  constructor(start = ManualClock.EPOCH) {
    this.current = start;
  }
  now(): number {
    return this.current;
  }
  setTimeout(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    return this.add({ due: this.current + Math.max(0, ms), priority, fn });
  }
  setInterval(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    const every = Math.max(1, ms);
    return this.add({ due: this.current + every, priority, fn, every });
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
  /** Number of timers waiting (for tests). */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<number> {
    const target = this.current + Math.max(0, ms);
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      this.current = Math.max(this.current, next.due);
      if (next.every) next.due += next.every;
      else this.remove(next);
      try {
        await next.fn();
      } catch {
        // A timer's failure is its owner's to report; time goes on.
      }
      await settle(1);
    }
    this.current = target;
    await settle();
    return this.current;
  }

  /** Moves to an absolute instant (never backwards). */
  advanceTo(instant: number): Promise<number> {
    return this.advance(instant - this.current);
  }

  private add(init: Omit<ManualTimer, 'seq' | 'cancelled'>): TimerHandle {
    const timer: ManualTimer = { ...init, seq: this.seq++, cancelled: false };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
        this.remove(timer);
      },
    };
  }
  private remove(timer: ManualTimer): void {
    const index = this.timers.indexOf(timer);
    if (index >= 0) this.timers.splice(index, 1);
  }
  private nextDue(limit: number): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const timer of this.timers) {
      if (timer.cancelled || timer.due > limit) continue;
      if (
        !best ||
        timer.due < best.due ||
        (timer.due === best.due &&
          (timer.priority < best.priority || (timer.priority === best.priority && timer.seq < best.seq)))
      )
        best = timer;
    }
    return best;
  }
}
