// The 24-hour connection timeline of one provider, drawn from its connect/disconnect
// events: one cell per 30 minutes, oldest on the left, ending now. Connections can overlap
// (a provider reconnects before its old connection closes: two connects in a row), so a
// connect opens one, a disconnect closes one, and the provider is on while any is open.
import { UNICODE_GLYPHS } from '../glyphs.ts';

export type TimelineCell = 'on' | 'off' | 'mixed';

/** The fields of a `connected_events_last_24h` item that the timeline reads (all optional). */
export interface ConnectionEvent {
  event_time?: string;
  connected?: boolean;
}

const HALF_HOUR_MS = 30 * 60 * 1000;
export const DAY_CELLS = 48;

export const TIMELINE_GLYPHS: Record<TimelineCell, string> = {
  on: UNICODE_GLYPHS.timelineOn,
  mixed: UNICODE_GLYPHS.timelineMixed,
  off: UNICODE_GLYPHS.timelineOff,
};

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

/** How far the running count of `changes` drops below its start: the connections they close that they did not open. */
function deficit(changes: readonly Change[]): { sum: number; lowest: number } {
  let sum = 0;
  let lowest = 0;
  for (const change of changes) {
    sum += change.on ? 1 : -1;
    lowest = Math.min(lowest, sum);
  }
  return { sum, lowest };
}

/**
 * Connections open before the first change: as few as let every disconnect close one, and
 * as many more as leave `openAtEnd` open after the last. Without changes, `openAtEnd`.
 */
function openBefore(changes: readonly Change[], openAtEnd: number): number {
  const { sum, lowest } = deficit(changes);
  return Math.max(-lowest, openAtEnd - sum);
}

export function connectionTimeline(
  events: readonly ConnectionEvent[] | undefined,
  options: TimelineOptions,
): TimelineCell[] {
  const cells = options.cells ?? DAY_CELLS;
  const cellMs = options.cellMs ?? HALF_HOUR_MS;
  const all = eventChanges(events);
  const changes = all.filter((change) => change.at <= options.now);
  // Open at the window's end: one if the provider is connected, and as many as the
  // disconnects listed after it close (a lone disconnect means it was on until then, never
  // an all-off day).
  const later = deficit(all.filter((change) => change.at > options.now));
  let open = openBefore(changes, Math.max(options.connected ? 1 : 0, -later.lowest));
  const apply = (change: Change) => {
    open = Math.max(0, open + (change.on ? 1 : -1));
  };
  let next = 0;
  const result: TimelineCell[] = [];
  for (let i = 0; i < cells; i++) {
    const start = options.now - (cells - i) * cellMs;
    const end = start + cellMs;
    // Apply the changes before this cell starts.
    while (next < changes.length && changes[next].at <= start) apply(changes[next++]);
    let onMs = 0;
    let from = start;
    while (next < changes.length && changes[next].at < end) {
      if (open > 0) onMs += changes[next].at - from;
      from = changes[next].at;
      apply(changes[next++]);
    }
    if (open > 0) onMs += end - from;
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
