// A list inside a dialog (codes to try, devices to share, wallets): as many rows as the
// dialog has room for, scrolling with the cursor, the cursor row kept in view when the
// dialog's body scrolls too. Only the rows in view are drawn. And a field with such a
// list of suggestions under it, which ↑/↓ put in the box.
import { Box, Text } from 'ink';
import type React from 'react';
import { useRef } from 'react';
import { useTheme } from '../context.tsx';
import type { PickList } from '../hooks/use-list-keys.ts';
import { LabeledInput, type LabeledInputProps } from '../input/labeled-input.tsx';
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

/**
 * A dialog's field with its suggestions listed under it (`lines`, one for each of the
 * pick's values): ↑/↓ put one in the box as typing would (usePickList). The field and
 * what follows it (`children`: what it says) stay in view until a suggestion is picked.
 */
export function PickField({
  pick,
  heading,
  lines,
  rows,
  children,
  ...field
}: Omit<LabeledInputProps, 'onChange'> & {
  pick: PickList;
  /** What the suggestions are, above them. */
  heading: string;
  lines: readonly string[];
  rows: number;
  children?: React.ReactNode;
}) {
  const theme = useTheme();
  return (
    <>
      <DialogFocus active={pick.picked < 0}>
        <LabeledInput {...field} onChange={pick.set} />
        {children}
      </DialogFocus>
      {lines.length > 0 ? (
        <Box flexDirection="column" marginTop={1}>
          <Text dimColor={theme.dim} wrap="truncate">
            {`${heading}${listPosition(pick.picked, lines.length, rows)}, ↑/↓ puts one in the box:`}
          </Text>
          <DialogList lines={lines} keys={pick.values} cursor={pick.picked} rows={rows} />
        </Box>
      ) : null}
    </>
  );
}
