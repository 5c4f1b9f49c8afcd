// A running clock that can also jump forward: `/__sim/advance` on a real or sped-up
// clock moves simulated time ahead and runs, in time order, every timer it passes.
import { type Clock, QueuedClock, runTimer, type TimerHandle } from '../src/clock.ts';

/** Node timers overflow past 2^31-1 ms; a longer wait is re-armed on waking. */
const MAX_WAIT = 2 ** 31 - 1;

export class OffsetClock extends QueuedClock {
  private offset = 0;
  private armed?: TimerHandle;
  private running = false;

  constructor(private readonly base: Clock) {
    super();
  }

  get speed(): number {
    return this.base.speed;
  }
  now(): number {
    return this.base.now() + this.offset;
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

  protected override timersChanged(): void {
    this.arm();
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
