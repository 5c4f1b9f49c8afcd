// `!`: what happened while the console ran, newest first, over any pane (the event
// source of src/store/events.ts, fed by src/store/console-events.ts); and the toast: the
// newest event in the footer for a few seconds. The toast costs two frames, one when it
// appears and one when it goes: no ticking clock.
import { Box, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { PRIORITY } from '../../clock.ts';
import { formatClockTime } from '../../format/numbers.ts';
import { EVENT_LOG_LIST } from '../../store/events/console-events.ts';
import type { NetdeckEvent, Severity } from '../../store/events/event-source.ts';
import { sortOf, sortWords, viewRows } from '../../store/list-sort-filter.ts';
import { filterWidth, ListFilter, useListView, useViewState } from '../components/list-view.tsx';
import { useClock, useKeyNames, useStores, useTheme } from '../context.tsx';
import { useKeyActions } from '../input/dispatcher.tsx';
import { eventLogKeys } from '../keys/global-keys.ts';
import { displayWidth } from '../text.ts';
import type { Theme } from '../theme.ts';

/** How long the newest event shows in the footer (real time). */
export const TOAST_MS = 5_000;

const MARKS: Record<Severity, string> = { info: '✓', warning: '!', critical: '✗' };

const colourOf = (theme: Theme, severity: Severity) =>
  severity === 'info' ? theme.ok : severity === 'warning' ? theme.warn : theme.error;

/** One line of the log: time, severity mark, what happened. */
export function eventLine(event: NetdeckEvent): string {
  const at = Date.parse(event.time);
  const time = Number.isFinite(at) ? formatClockTime(at) : '--:--:--';
  return `${time} ${MARKS[event.severity]} ${event.message}`;
}

/** What the footer shows for TOAST_MS: the newest event, or a notice (what `y` did). */
export type ToastItem = { event: NetdeckEvent } | { notice: string };

/** The newest toast while it is fresh (TOAST_MS), else undefined; not what was so at the start. */
export function useToast(): ToastItem | undefined {
  const { events, session } = useStores();
  const clock = useClock();
  const [toast, setToast] = useState<ToastItem>();
  useEffect(() => {
    let timer: { cancel(): void } | undefined;
    const show = (item: ToastItem) => {
      timer?.cancel();
      setToast(item);
      // On the store clock, which a sped-up demo runs `speed` times faster.
      timer = clock.setTimeout(() => setToast(undefined), TOAST_MS * clock.speed, PRIORITY.ui);
    };
    const offEvents = events.subscribe((event) => {
      if (!event.startup) show({ event });
    });
    const offNotices = session.subscribe((now, before) => {
      if (now.notice && now.notice !== before.notice) show({ notice: now.notice.text });
    });
    return () => {
      offEvents();
      offNotices();
      timer?.cancel();
    };
  }, [events, session, clock]);
  return toast;
}

/** The toast's line in the footer. */
export function Toast({ item, width }: { item: ToastItem; width: number }) {
  const theme = useTheme();
  const keys = useKeyNames();
  const [text, colour] =
    'event' in item
      ? [`${eventLine(item.event)}  · ${keys.events} event log`, colourOf(theme, item.event.severity)]
      : [item.notice.replaceAll('\n', ' '), theme.ok];
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Text color={colour} wrap="truncate">
        {text}
      </Text>
    </Box>
  );
}

/** The event log's order in words: newest first, or by the column chosen. */
function orderWords(sort: { column: string; descending: boolean } | undefined, label: string | undefined) {
  if (sort?.column === 'time') return sort.descending ? 'newest first' : 'oldest first';
  if (sort?.column === 'severity') return sort.descending ? 'most severe first' : 'least severe first';
  return `by ${label ?? 'time'}${sort?.descending ? ', Z-A' : ''}`;
}

/** Rows `text` takes wrapped at `width` cells (at least one). */
const rowsOf = (text: string, width: number) =>
  Math.max(1, Math.ceil(displayWidth(text) / Math.max(1, width)));

export function EventLog({ width, height }: { width: number; height: number }) {
  const keys = useKeyNames();
  const { events, session } = useStores();
  const theme = useTheme();
  const all = useStore(events.store, (s) => s.events);
  const [view, holder] = useViewState();
  const list = {
    holder,
    spec: EVENT_LOG_LIST,
    filterId: 'events-filter',
  };
  const controls = useListView(list);
  const ordered = viewRows(all, EVENT_LOG_LIST, view);
  const room = Math.max(1, height - 1);
  // A cursor on one entry (the window follows it); enter shows that entry whole, wrapped.
  const [wanted, setAt] = useState(0);
  const [whole, setWhole] = useState(false);
  const at = Math.max(0, Math.min(wanted, ordered.length - 1));
  // The window's first entry: it moves only when the cursor (or the whole entry) leaves it.
  const first = useRef(0);
  const need = whole && ordered[at] ? rowsOf(eventLine(ordered[at]), width) : 1;
  let top = Math.max(0, Math.min(first.current, at, Math.max(0, ordered.length - room)));
  while (at - top + need > room && top < at) top++;
  first.current = top;
  const move = (to: (at: number) => number) =>
    setAt((now) => Math.max(0, Math.min(ordered.length - 1, to(Math.min(now, ordered.length - 1)))));
  useKeyActions(eventLogKeys, 'dialog:events', {
    // esc clears a filter first.
    close: () => {
      if (!controls.clearFilter()) session.getState().closeOverlay();
    },
    down: () => move((n) => n + 1),
    up: () => move((n) => n - 1),
    pageDown: () => move((n) => n + room - 1),
    pageUp: () => move((n) => n - (room - 1)),
    top: () => move(() => 0),
    bottom: () => move(() => ordered.length - 1),
    whole: () => (ordered.length ? setWhole((shown) => !shown) : 'no entry to show'),
    search: controls.search,
    // Whichever column the next key picks, the cursor goes back to the first entry.
    sort: () => {
      const choice = controls.sort();
      return {
        columns: choice.columns,
        by: (column) => {
          choice.by(column);
          setAt(0);
        },
        next: () => {
          choice.next();
          setAt(0);
        },
      };
    },
    reverse: () => {
      setAt(0);
      return controls.reverse();
    },
  });
  const shown = ordered.slice(top, top + room);
  const range = ordered.length > room ? `, ${at + 1} of ${ordered.length}` : '';
  const matching = view.filter ? ` · ${ordered.length} of ${all.length} match` : '';
  const order = orderWords(sortOf(EVENT_LOG_LIST, view), sortWords(EVENT_LOG_LIST, view));
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Box height={1} gap={2} overflowY="hidden">
        <ListFilter list={list} view={view} width={filterWidth(width)} />
        <Text bold color={theme.accent} wrap="truncate">
          {`Event log · ${order}${matching}${range} · ↑↓ PgUp PgDn move · ${keys['events.whole']} ${whole ? 'one line' : 'whole entry'} · ${keys['events.search']} filter · ${keys['events.sort']} sort · ${keys['events.close']} closes`}
        </Text>
      </Box>
      {all.length && !ordered.length ? (
        <Text
          dimColor={theme.dim}
        >{`No event matches “${view.filter}”: ${keys['events.close']} clears the filter.`}</Text>
      ) : shown.length === 0 ? (
        <Text dimColor={theme.dim}>
          Nothing has happened yet. Providers dropping and coming back, adoptions, shares, the payout wallet,
          failed requests and what you do in the console show here.
        </Text>
      ) : (
        shown.map((event, i) => (
          <Text
            key={event.id}
            color={colourOf(theme, event.severity)}
            inverse={top + i === at}
            wrap={whole && top + i === at ? 'wrap' : 'truncate'}
          >
            {eventLine(event)}
          </Text>
        ))
      )}
    </Box>
  );
}
