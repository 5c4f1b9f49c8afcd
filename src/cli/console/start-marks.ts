// Marks on the way to the console's first frame, for bench/tui-start.ts's "where the time of
// a start goes": with NETDECK_START_MARKS=FILE each is a performance mark (ms since the
// process started: the bin and the core share the one timeline), written to FILE as JSON
// once the first frame is drawn. Without it nothing is recorded.
import { writeFileSync } from 'node:fs';

/** Marks the moment `name` (no-op unless NETDECK_START_MARKS is set). */
export function startMark(name: string): void {
  if (process.env.NETDECK_START_MARKS) performance.mark(name);
}

/** Writes the marks so far, [name, ms][], to NETDECK_START_MARKS. */
export function writeStartMarks(): void {
  const file = process.env.NETDECK_START_MARKS;
  if (!file) return;
  const marks = performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]);
  writeFileSync(file, JSON.stringify(marks));
}
