// The three association lists and the network's own devices as one scrolling column of
// the lines the view gives (devices-view.ts): a title per section, its rows, "none" when
// empty. A click on a row selects it.
import { Box, type DOMElement, Text } from 'ink';
import { useRef } from 'react';
import { listRowWidth } from '../../components/list-window.ts';
import { scrollbarCells, windowStart } from '../../components/virtual-list.tsx';
import { useTheme } from '../../context.tsx';
import { useMouseTarget } from '../../input/use-mouse.tsx';
import type { Line, LineTone } from './devices-view.ts';

/**
 * The first line shown: the cursor in view, and with it the titles (and "none" lines of
 * empty sections) right above its row, so `g` shows every section's title again.
 */
function linesStart(lines: readonly Line[], previous: number, cursor: number, height: number): number {
  const start = windowStart(previous, cursor, height, lines.length);
  let top = cursor;
  while (top > 0 && lines[top - 1].kind !== 'row') top--;
  return top < start && cursor - top < height ? top : start;
}

export function DeviceLists({
  lines,
  cursor,
  lineText,
  width,
  height,
  onPick,
}: {
  lines: readonly Line[];
  /** The line of the row under the cursor. */
  cursor: number;
  lineText(line: Line, selected: boolean): { text: string; tone: LineTone };
  width: number;
  height: number;
  /** A click on a row selects it (titles and "none" lines take no click). */
  onPick?: (key: string) => void;
}) {
  const theme = useTheme();
  const box = useRef<DOMElement>(null);
  const start = useRef(0);
  start.current = linesStart(lines, start.current, cursor, height);
  const visible = lines.slice(start.current, start.current + Math.max(0, height));
  const bar = scrollbarCells(start.current, height, lines.length);
  useMouseTarget(
    box,
    onPick &&
      (({ row }) => {
        const line = visible[row];
        if (line?.kind === 'row') onPick(line.row.key);
      }),
  );
  const colours: Record<Exclude<LineTone, undefined>, string | undefined> = {
    title: theme.accent,
    dim: undefined,
    marked: theme.marked,
    warn: theme.warn,
  };
  return (
    <Box height={Math.max(0, height)} width={width} overflow="hidden">
      <Box
        ref={box}
        flexDirection="column"
        height={Math.max(0, height)}
        width={listRowWidth(width, lines.length, height)}
        overflow="hidden"
      >
        {visible.map((line, i) => {
          const index = start.current + i;
          const selected = line.kind === 'row' && index === cursor;
          const { text, tone } = lineText(line, selected);
          const key =
            line.kind === 'row' ? line.row.key : line.kind === 'title' ? `t-${line.section}` : `n-${index}`;
          return (
            <Text
              key={key}
              bold={tone === 'title'}
              inverse={selected}
              dimColor={tone === 'dim' && theme.dim}
              color={tone && colours[tone]}
              wrap="truncate"
            >
              {text}
            </Text>
          );
        })}
      </Box>
      {bar.length ? (
        <Box width={1} flexShrink={0}>
          <Text dimColor={theme.dim}>{bar.join('\n')}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
