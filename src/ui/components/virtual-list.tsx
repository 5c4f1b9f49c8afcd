// A list that renders only the rows that fit: with 10 000 entries a cursor move draws
// `height` rows, not 10 000. The window scrolls only when the cursor leaves it, so the
// screen does not jump on every move. Given the list's moves, a click on a row moves the
// cursor there.
import { Box, type DOMElement, Text } from 'ink';
import type React from 'react';
import { Fragment, useRef } from 'react';
import { distinctKeys } from '../../store/distinct-keys.ts';
import type { ListMoves } from '../../store/list-cursor.ts';
import { useMouseTarget } from '../input/use-mouse.tsx';

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
}

/** First visible index so that `cursor` is in view, moving `previous` as little as possible. */
export function windowStart(previous: number, cursor: number, height: number, count: number): number {
  if (height <= 0 || count <= height) return 0;
  let start = Math.min(previous, count - height);
  if (cursor < start) start = cursor;
  if (cursor >= start + height) start = cursor - height + 1;
  return Math.max(0, Math.min(start, count - height));
}

export function VirtualList<T>({ items, cursor, height, renderRow, keyOf, moves }: VirtualListProps<T>) {
  const start = useRef(0);
  start.current = windowStart(start.current, cursor, height, items.length);
  const box = useRef<DOMElement>(null);
  useMouseTarget(
    box,
    moves &&
      (({ row }) => {
        const index = start.current + row;
        if (index < items.length) moves().move(index - cursor);
      }),
  );
  const visible = items.slice(start.current, start.current + Math.max(0, height));
  const blanks = Math.max(0, height - visible.length);
  const keys = distinctKeys(visible.map((item, i) => keyOf(item, start.current + i)));
  return (
    <Box ref={box} flexDirection="column" height={Math.max(0, height)} overflowY="hidden">
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
}
