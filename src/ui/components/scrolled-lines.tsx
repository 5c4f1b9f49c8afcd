// A view of one-row lines that may be taller than its room (a provider's or a payment's
// detail below 24 rows): as many lines as fit from the first one shown, each keeping its
// row (a squeezed row would be drawn over by the next), and "↑ more · ↓ more" when some
// are out of view. The pane's move keys scroll it (scrollActions), over the room that the
// last frame had.
import { Box, Text } from 'ink';
import type React from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTheme } from '../context.tsx';
import { scrollActions } from '../hooks/scroll-actions.ts';
import { moreHint } from './dialog-frame.tsx';

/** One line of the view: its React key and what it draws (one row). */
export interface ViewLine {
  key: string;
  node: React.ReactNode;
}

/** What the last frame showed: the lines a page holds and the last first line there is. */
interface ScrollRoom {
  view: number;
  maxTop: number;
}

/** The scroll of a pane's lines view: its first line shown, the move keys, and a reset (a new view). */
export function useScrolledLines() {
  const [top, setTop] = useState(0);
  const room = useRef<ScrollRoom>({ view: 1, maxTop: 0 });
  return {
    top,
    room,
    /** The move keys' handlers over the room drawn last (keys come between renders). */
    keys: () => scrollActions(setTop, room.current.view, room.current.maxTop, () => {}),
    reset: () => setTop(0),
  };
}

export interface ScrolledLinesProps {
  lines: ViewLine[];
  width: number;
  height: number;
  /** Where the view stands: useScrolledLines's. */
  scroll: Pick<ReturnType<typeof useScrolledLines>, 'top' | 'room'>;
}

export function ScrolledLines({ lines, width, height, scroll }: ScrolledLinesProps) {
  const theme = useTheme();
  const overflowing = lines.length > height;
  // Where lines are out of view, the last row says so.
  const view = overflowing ? Math.max(1, height - 1) : height;
  const maxTop = Math.max(0, lines.length - view);
  const at = Math.min(scroll.top, maxTop);
  useLayoutEffect(() => {
    scroll.room.current = { view, maxTop };
  });
  return (
    <Box flexDirection="column" width={width} height={Math.max(0, height)} flexShrink={0} overflow="hidden">
      {lines.slice(at, at + view).map((line) => (
        <Box key={line.key} width={width} height={1} flexShrink={0} overflow="hidden">
          {line.node}
        </Box>
      ))}
      {overflowing && height > 1 ? (
        <Text dimColor={theme.dim} wrap="truncate">
          {`${moreHint(at, lines.length, view)}  (↑↓ PgUp PgDn)`}
        </Text>
      ) : null}
    </Box>
  );
}
