// A test waits on what it sees, never on time: on a machine busy with other work, a bound
// on a duration or on resident memory fails now and then, and CI runs on such machines. A
// test that would like to bound one measures it here instead, beside what it asserts;
// bench/test-figures.ts runs those tests one at a time, as a bench runs, and holds each
// figure to its bound. In `npm test` the figures go nowhere, and only a generous timeout
// (the test's, or a wait's) stops a hang.
import { appendFileSync } from 'node:fs';

/** Where the bench collects the figures (one JSON line each); unset in `npm test`. */
const FILE = process.env.TEST_FIGURES_FILE;

export interface TestFigure {
  name: string;
  value: number;
  /** The bench passes a figure below its bound. */
  bound: number;
  unit: 'ms' | 'MB';
}

/** Records a figure of this test with the bound bench/test-figures.ts holds it to. */
export function figure(name: string, value: number, bound: number, unit: TestFigure['unit']): void {
  if (FILE) appendFileSync(FILE, `${JSON.stringify({ name, value, bound, unit } satisfies TestFigure)}\n`);
}

/** Runs `work` and records how long it took, in ms, with its bound; what `work` gave. */
export async function timed<T>(name: string, boundMs: number, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  figure(name, performance.now() - started, boundMs, 'ms');
  return result;
}
