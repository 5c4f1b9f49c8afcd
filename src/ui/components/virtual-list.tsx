// A list that renders only the rows that fit: with 10 000 entries a cursor move draws
// `height` rows, not 10 000. The window scrolls only when the cursor leaves it, so the
// screen does not jump on every move. With more rows than fit, its last column is a
// scrollbar (the thumb's size and place are the window's share and place in the list):
// the rows get one cell less, `listRowWidth`. Given the list's moves, a click on a row
// moves the cursor there.
import { Box, type DOMElement, Text } from 'ink';
import type React from 'react';
import { Fragment, useRef } from 'react';
import { distinctKeys } from '../../store/distinct-keys.ts';
import type { ListMoves } from '../../store/list-cursor.ts';
import { useTheme } from '../context.tsx';
import { UNICODE_GLYPHS } from '../glyphs.ts';
import { useMouseTarget } from '../input/use-mouse.tsx';
import { hasScrollbar, listRowWidth, windowStart } from './list-window.ts';

export interface VirtualListProps<T> {
  items: readonly T[];
  cursor: number;
  /** Rows available; the list always takes exactly this many (blank rows pad it). */
  height: number;
  /** One line: a <Text> (wrap="truncate") of the row. */
  renderRow: (item: T, index: number, selected: boolean) => React.ReactNode;
  keyOf: (item: T, index: number) => string;
  /** The list's moves (read at the click): a click on a row moves the cursor to it. */
  moves?: () => ListMoves;
  /** Cells across, scrollbar included (default: the width the parent gives). */
  width?: number;
}

// The window's arithmetic is React-free, for the panes' views too (list-window.ts).
export { hasScrollbar, listRowWidth, windowStart } from './list-window.ts';

export const { scrollTrack: SCROLL_TRACK, scrollThumb: SCROLL_THUMB } = UNICODE_GLYPHS;

/**
 * The scrollbar's cells, top to bottom, for a window of `height` rows from `start` in a
 * list of `count`: a thumb of at least one cell, at the top exactly when the window is at
 * the top and at the bottom exactly when it is at the bottom.
 */
export function scrollbarCells(start: number, height: number, count: number): string[] {
  if (!hasScrollbar(count, height)) return [];
  const thumb = Math.max(1, Math.min(height - 1, Math.round((height * height) / count)));
  const maxStart = count - height;
  const room = height - thumb;
  let at = Math.round((start / maxStart) * room);
  // Off the ends unless the window is there: a list that can scroll up never looks at its top.
  if (start > 0) at = Math.max(1, at);
  if (start < maxStart) at = Math.min(room - 1, at);
  at = Math.max(0, Math.min(room, at));
  return Array.from({ length: height }, (_, i) => (i >= at && i < at + thumb ? SCROLL_THUMB : SCROLL_TRACK));
}

export function VirtualList<T>({
  items,
  cursor,
  height,
  renderRow,
  keyOf,
  moves,
  width,
}: VirtualListProps<T>) {
  const theme = useTheme();
  const start = useRef(0);
  start.current = windowStart(start.current, cursor, height, items.length);
  const box = useRef<DOMElement>(null);
  useMouseTarget(
    box,
    moves &&
      (({ row }) => {
        const index = start.current + row;
        // By index, not by a delta from the cursor drawn: keys may have moved it since.
        if (index < items.length) moves().moveToRow(index);
      }),
  );
  const visible = items.slice(start.current, start.current + Math.max(0, height));
  const blanks = Math.max(0, height - visible.length);
  const keys = distinctKeys(visible.map((item, i) => keyOf(item, start.current + i)));
  const bar = scrollbarCells(start.current, height, items.length);
  const rows = (
    <Box
      ref={box}
      flexDirection="column"
      height={Math.max(0, height)}
      width={width === undefined ? undefined : listRowWidth(width, items.length, height)}
      // Beside a scrollbar the rows fill what it leaves, so it stands at the right edge.
      flexGrow={bar.length ? 1 : 0}
      overflowY="hidden"
    >
      {visible.map((item, i) => {
        const index = start.current + i;
        // No Box per row: each extra node costs layout and output work on every frame.
        return <Fragment key={keys[i]}>{renderRow(item, index, index === cursor)}</Fragment>;
      })}
      {Array.from({ length: blanks }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: padding rows have nothing else to key on
        <Text key={`blank-${i}`}> </Text>
      ))}
    </Box>
  );
  if (!bar.length) return rows;
  return (
    <Box height={height} width={width} overflowY="hidden">
      {rows}
      <Box width={1} flexShrink={0}>
        <Text dimColor={theme.dim}>{bar.join('\n')}</Text>
      </Box>
    </Box>
  );
}
