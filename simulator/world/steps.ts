// Long builds (a world of a million providers, the search index of 50 000 cities) are
// written once, as generators that yield between chunks of work: drained at once where
// an answer is needed now (tests, `netdeck sim`, a search that cannot wait), or run in
// short time slices where the process has a screen to keep alive (the console's demo).
// A yielded number is the build's progress so far, 0 to 1.

export type Steps<T> = Generator<number, T, void>;

/** Runs every step now; the build's result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export interface SliceOptions {
  /** Work this long, then let the event loop run (default 12 ms). */
  sliceMs?: number;
  onProgress?: (fraction: number) => void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A build that may run in time slices in the background and be finished at once by
 * whoever needs its result first (the slices then see it done and stop).
 */
export class Pending<T> {
  private result?: { value: T };
  constructor(private readonly steps: Steps<T>) {}

  /** The result now: runs every step left. */
  now(): T {
    this.result ??= { value: runSteps(this.steps) };
    return this.result.value;
  }

  /** Runs the steps left in time slices, letting timers and I/O run between them. */
  async inSlices(options: SliceOptions = {}): Promise<T> {
    const sliceMs = options.sliceMs ?? 12;
    let sliceEnd = performance.now() + sliceMs;
    while (!this.result) {
      const step = this.steps.next();
      if (step.done) {
        this.result = { value: step.value };
        break;
      }
      if (performance.now() < sliceEnd) continue;
      options.onProgress?.(step.value);
      await nextTurn();
      sliceEnd = performance.now() + sliceMs;
    }
    return this.result.value;
  }
}

/** Runs the steps in time slices, letting timers and I/O run between them. */
export function runStepsInSlices<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  return new Pending(steps).inSlices(options);
}

/** The steps of a part of a build, their progress mapped into [from, to] of the whole. */
export function* within<T>(steps: Steps<T>, from: number, to: number): Steps<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield from + (to - from) * step.value;
  }
}
