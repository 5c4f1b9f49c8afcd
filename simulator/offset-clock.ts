// A running clock that can also jump forward: `/__sim/advance` on a real or sped-up
// clock moves simulated time ahead and runs, in time order, every timer it passes.
import { type Clock, PRIORITY, settle, sleepOn, type TimerHandle } from '../src/clock.ts';

interface OffsetTimer {
  due: number;
  priority: number;
  seq: number;
  every?: number;
  fn: () => unknown;
}

/** Node timers overflow past 2^31-1 ms; a longer wait is re-armed on waking. */
const MAX_WAIT = 2 ** 31 - 1;

export class OffsetClock implements Clock {
  private offset = 0;
  private seq = 0;
  private timers: OffsetTimer[] = [];
  private armed?: TimerHandle;
  private running = false;

  constructor(private readonly base: Clock) {}

  get speed(): number {
    return this.base.speed;
  }
  now(): number {
    return this.base.now() + this.offset;
  }
  setTimeout(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    return this.add({ due: this.now() + Math.max(0, ms), priority, fn });
  }
  setInterval(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    const every = Math.max(1, ms);
    return this.add({ due: this.now() + every, priority, fn, every });
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }

  /** Jumps `ms` ahead, firing due timers in time order (each sees its own due time). */
  async advance(ms: number): Promise<number> {
    const target = this.now() + Math.max(0, ms);
    this.running = true;
    try {
      for (;;) {
        const next = this.nextDue(target);
        if (!next) break;
        this.offset = Math.max(this.offset, next.due - this.base.now());
        await this.fire(next, true);
      }
      this.offset = Math.max(this.offset, target - this.base.now());
    } finally {
      this.running = false;
      this.arm();
    }
    return this.now();
  }

  /** Runs one due timer; `wait` (during a jump) waits for the promise it returns. */
  private async fire(timer: OffsetTimer, wait: boolean): Promise<void> {
    if (timer.every) timer.due += timer.every;
    else this.remove(timer);
    try {
      const result = timer.fn();
      // In real time a slow timer (a store's request) must not hold up the others.
      if (wait) await result;
      else if (result instanceof Promise) result.catch(() => {});
    } catch {
      // A timer's failure is its owner's to report; time goes on.
    }
    if (wait) await settle(1);
  }

  /** Runs the timers that fell due in real time, then waits for the next one. */
  private onWake(): void {
    this.armed = undefined;
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const next = this.nextDue(this.now());
        if (!next) break;
        void this.fire(next, false);
      }
    } finally {
      this.running = false;
      this.arm();
    }
  }

  private arm(): void {
    this.armed?.cancel();
    this.armed = undefined;
    if (this.running || this.timers.length === 0) return;
    let first = this.timers[0].due;
    for (const timer of this.timers) first = Math.min(first, timer.due);
    const wait = Math.min(MAX_WAIT, Math.max(0, first - this.now()));
    this.armed = this.base.setTimeout(() => this.onWake(), wait);
  }

  private add(init: Omit<OffsetTimer, 'seq'>): TimerHandle {
    const timer: OffsetTimer = { ...init, seq: this.seq++ };
    this.timers.push(timer);
    this.arm();
    return {
      cancel: () => {
        this.remove(timer);
        this.arm();
      },
    };
  }
  private remove(timer: OffsetTimer): void {
    const index = this.timers.indexOf(timer);
    if (index >= 0) this.timers.splice(index, 1);
  }
  private nextDue(limit: number): OffsetTimer | undefined {
    let best: OffsetTimer | undefined;
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
    return best;
  }
}
