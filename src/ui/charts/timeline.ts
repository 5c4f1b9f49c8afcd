// The 24-hour connection timeline of one provider, drawn from its alternating
// connect/disconnect events: one cell per 30 minutes, oldest on the left, ending now.

export type TimelineCell = 'on' | 'off' | 'mixed';

/** The fields of a `connected_events_last_24h` item that the timeline reads (all optional). */
export interface ConnectionEvent {
  event_time?: string;
  connected?: boolean;
}

const HALF_HOUR_MS = 30 * 60 * 1000;
export const DAY_CELLS = 48;

export const TIMELINE_GLYPHS: Record<TimelineCell, string> = { on: '█', mixed: '▒', off: '·' };

export interface TimelineOptions {
  /** The end of the window (the store clock's now). */
  now: number;
  /** The provider's current state: used when there are no events in the window. */
  connected: boolean;
  cells?: number;
  cellMs?: number;
}

/** RFC 3339 with any number of fractional digits (the service sends nanoseconds). */
export function parseEventTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const trimmed = value.replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? undefined : ms;
}

interface Change {
  at: number;
  on: boolean;
}

/** Events as (time, state) in time order; an event without `connected` is a disconnect (Go omits false). */
export function eventChanges(events: readonly ConnectionEvent[] | undefined): Change[] {
  const changes: Change[] = [];
  for (const event of events ?? []) {
    const at = parseEventTime(event.event_time);
    if (at !== undefined) changes.push({ at, on: event.connected === true });
  }
  return changes.sort((a, b) => a.at - b.at);
}

export function connectionTimeline(
  events: readonly ConnectionEvent[] | undefined,
  options: TimelineOptions,
): TimelineCell[] {
  const cells = options.cells ?? DAY_CELLS;
  const cellMs = options.cellMs ?? HALF_HOUR_MS;
  const changes = eventChanges(events).filter((change) => change.at <= options.now);
  // Before its first event the provider was in the opposite state; without events, as it is now.
  let state = changes.length ? !changes[0].on : options.connected;
  let next = 0;
  const result: TimelineCell[] = [];
  for (let i = 0; i < cells; i++) {
    const start = options.now - (cells - i) * cellMs;
    const end = start + cellMs;
    // Apply the changes before this cell starts.
    while (next < changes.length && changes[next].at <= start) state = changes[next++].on;
    let onMs = 0;
    let from = start;
    while (next < changes.length && changes[next].at < end) {
      if (state) onMs += changes[next].at - from;
      from = changes[next].at;
      state = changes[next++].on;
    }
    if (state) onMs += end - from;
    result.push(onMs >= cellMs ? 'on' : onMs <= 0 ? 'off' : 'mixed');
  }
  return result;
}

export function renderTimeline(cells: readonly TimelineCell[], glyphs = TIMELINE_GLYPHS): string {
  return cells.map((cell) => glyphs[cell]).join('');
}

/** Merges pairs of cells (30 min -> 1 h) for narrow layouts: equal pairs stay, others are mixed. */
export function halveTimeline(cells: readonly TimelineCell[]): TimelineCell[] {
  const merged: TimelineCell[] = [];
  for (let i = 0; i < cells.length; i += 2) {
    const a = cells[i];
    const b = cells[i + 1] ?? a;
    merged.push(a === b ? a : 'mixed');
  }
  return merged;
}
