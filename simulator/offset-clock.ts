// A running clock that can also jump forward: `/__sim/advance` on a real or sped-up
// clock moves simulated time ahead and runs, in time order, every timer it passes.
import { type Clock, PRIORITY, runTimer, sleepOn, type TimerHandle, TimerQueue } from '../src/clock.ts';

/** Node timers overflow past 2^31-1 ms; a longer wait is re-armed on waking. */
const MAX_WAIT = 2 ** 31 - 1;

export class OffsetClock implements Clock {
  private offset = 0;
  private readonly timers = new TimerQueue(() => this.arm());
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
    return this.timers.timeout(this.now(), fn, ms, priority);
  }
  setInterval(fn: () => unknown, ms: number, priority: number = PRIORITY.ui): TimerHandle {
    return this.timers.interval(this.now(), fn, ms, priority);
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
        const next = this.timers.takeDue(target);
        if (!next) break;
        this.offset = Math.max(this.offset, next.due - this.base.now());
        await runTimer(next.fn, true);
      }
      this.offset = Math.max(this.offset, target - this.base.now());
    } finally {
      this.running = false;
      this.arm();
    }
    return this.now();
  }

  /**
   * Runs the timers that fell due in real time, then waits for the next one. In real
   * time a slow timer (a store's request) must not hold up the others: none is awaited.
   */
  private onWake(): void {
    this.armed = undefined;
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const next = this.timers.takeDue(this.now());
        if (!next) break;
        void runTimer(next.fn, false);
      }
    } finally {
      this.running = false;
      this.arm();
    }
  }

  private arm(): void {
    this.armed?.cancel();
    this.armed = undefined;
    const first = this.running ? undefined : this.timers.earliest();
    if (first === undefined) return;
    const wait = Math.min(MAX_WAIT, Math.max(0, first - this.now()));
    this.armed = this.base.setTimeout(() => this.onWake(), wait);
  }
}
