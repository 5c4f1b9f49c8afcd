// A list inside a dialog (codes to try, devices to share, wallets): as many rows as the
// dialog has room for, scrolling with the cursor, the cursor row kept in view when the
// dialog's body scrolls too. Only the rows in view are drawn.
import { Box, Text } from 'ink';
import { useRef } from 'react';
import { DialogFocus } from './dialog-frame.tsx';
import { windowStart } from './virtual-list.tsx';

/** Rows a dialog's list gets of the body's `rows` (useDialogRoom) when `others` are taken (at least 3). */
export function dialogListRows(rows: number, others: number): number {
  return Math.max(3, rows - others);
}

/** " · 3 of 8" after a list's heading when it scrolls (`rows` shown of `count`); else nothing. */
export function listPosition(cursor: number, count: number, rows: number): string {
  if (count <= rows) return '';
  return cursor < 0 ? ` · ${count} in all` : ` · ${cursor + 1} of ${count}`;
}

export function DialogList({
  lines,
  keys,
  cursor,
  rows,
}: {
  /** One line a row, without the cursor mark. */
  lines: readonly string[];
  keys: readonly string[];
  /** -1: no row picked yet. */
  cursor: number;
  rows: number;
}) {
  const start = useRef(0);
  start.current = windowStart(start.current, Math.max(0, cursor), rows, lines.length);
  const shown = lines.slice(start.current, start.current + rows);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {shown.map((line, i) => {
        const index = start.current + i;
        const selected = index === cursor;
        return (
          <DialogFocus key={keys[index]} active={selected}>
            <Text inverse={selected} wrap="truncate">{`${selected ? '›' : ' '} ${line}`}</Text>
          </DialogFocus>
        );
      })}
    </Box>
  );
}
