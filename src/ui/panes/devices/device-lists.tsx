// The three association lists and the network's own devices as one scrolling column: a
// title per section, its rows (name, client id, network, state with the adoption
// countdown), "none" when empty. A click on a row selects it.
import { Box, type DOMElement, Text } from 'ink';
import { useRef } from 'react';
import { formatTimeLeft } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { type DeviceRow, type DeviceSection, SECTION_TITLES } from '../../../store/devices.ts';
import type { HeaderColumn } from '../../components/list-view.tsx';
import { listRowWidth, scrollbarCells, windowStart } from '../../components/virtual-list.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useMouseTarget } from '../../input/use-mouse.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { padCells } from '../../text.ts';

type Line =
  | { kind: 'title'; section: DeviceSection; count: number }
  | { kind: 'none' }
  | { kind: 'row'; row: DeviceRow };

const SECTIONS: DeviceSection[] = ['pending', 'incoming', 'outgoing', 'own'];

/** The stale view's own devices: their title, when each was last seen, which are marked. */
export interface StaleRows {
  title: string;
  lastSeen(row: DeviceRow): string;
  marked(row: DeviceRow): boolean;
}

/** The lines of the lists; `ownOnly` (the stale view): the network's own devices alone, titled even when none. */
export function listLines(rows: DeviceRow[], ownOnly = false): Line[] {
  if (ownOnly)
    return [
      { kind: 'title', section: 'own', count: rows.length },
      ...rows.map((row) => ({ kind: 'row' as const, row })),
    ];
  const lines: Line[] = [];
  for (const section of SECTIONS) {
    const mine = rows.filter((row) => row.section === section);
    // Own devices come from /network/clients: no title until it has answered.
    if (section === 'own' && mine.length === 0) continue;
    lines.push({ kind: 'title', section, count: mine.length });
    if (mine.length === 0) lines.push({ kind: 'none' });
    for (const row of mine) lines.push({ kind: 'row', row });
  }
  return lines;
}

/**
 * The first line shown: the cursor in view, and with it the titles (and "none" lines of
 * empty sections) right above its row, so `g` shows every section's title again.
 */
export function linesStart(lines: readonly Line[], previous: number, cursor: number, height: number): number {
  const start = windowStart(previous, cursor, height, lines.length);
  let top = cursor;
  while (top > 0 && lines[top - 1].kind !== 'row') top--;
  return top < start && cursor - top < height ? top : start;
}

/** Column widths for a pane `width` wide: the client id shortens below 110 columns. */
function deviceColumns(width: number) {
  const id = width >= 110 ? 36 : 13;
  const rest = Math.max(24, width - 2 - id - 3);
  const name = Math.max(10, Math.floor(rest * 0.35));
  const network = Math.max(8, Math.floor(rest * 0.28));
  return { name, id, network, state: Math.max(6, rest - name - network) };
}

function stateText(row: DeviceRow, keys: KeyNames, stale?: StaleRows): string {
  if (stale) return `○ seen ${stale.lastSeen(row)}`;
  if (row.section === 'own') return row.online ? '● online' : '○ offline';
  if (row.section === 'pending') return `pending, ${formatTimeLeft(row.timeLeftMs ?? 0)} left`;
  if (row.section === 'outgoing' && !row.networkName) return 'waiting for a guest';
  if (!row.pending) return 'confirmed';
  return row.section === 'incoming'
    ? 'pending, owner confirms'
    : `guest added: ${keys['devices.confirm']} confirms`;
}

function rowText(
  row: DeviceRow,
  cols: ReturnType<typeof deviceColumns>,
  keys: KeyNames,
  stale?: StaleRows,
): string {
  const id = row.clientId ? screenText(row.clientId) : '–';
  return (
    padCells(screenText(row.deviceName || '(no name)'), cols.name) +
    ' ' +
    padCells(id, cols.id) +
    ' ' +
    padCells(row.networkName ? screenText(row.networkName) : '–', cols.network) +
    ' ' +
    padCells(stateText(row, keys, stale), cols.state)
  );
}

/** The header's columns (one cell apart), each sorting the lists (within their sections). */
export function deviceHeader(width: number): HeaderColumn[] {
  const cols = deviceColumns(width);
  return [
    { label: '', width: 1 },
    { label: 'DEVICE', width: cols.name, sort: 'name' },
    { label: 'CLIENT ID', width: cols.id, sort: 'clientId' },
    { label: 'NETWORK', width: cols.network, sort: 'network' },
    { label: 'STATE', width: cols.state, sort: 'state' },
  ];
}

export function DeviceLists({
  rows,
  selectedKey,
  width,
  height,
  onPick,
  stale,
}: {
  rows: DeviceRow[];
  selectedKey?: string;
  width: number;
  height: number;
  /** A click on a row selects it (titles and "none" lines take no click). */
  onPick?: (key: string) => void;
  /** The stale view (only own devices are in `rows` then). */
  stale?: StaleRows;
}) {
  const theme = useTheme();
  const keys = useKeyNames();
  const box = useRef<DOMElement>(null);
  const lines = listLines(rows, stale !== undefined);
  // A scrollbar in the last column when the lines do not fit, as every long list has.
  const rowWidth = listRowWidth(width, lines.length, height);
  const cols = deviceColumns(rowWidth);
  const cursor = Math.max(
    0,
    lines.findIndex((line) => line.kind === 'row' && line.row.key === selectedKey),
  );
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
  return (
    <Box height={Math.max(0, height)} width={width} overflow="hidden">
      <Box ref={box} flexDirection="column" height={Math.max(0, height)} width={rowWidth} overflow="hidden">
        {visible.map((line, i) => {
          const index = start.current + i;
          if (line.kind === 'title') {
            return (
              <Text key={`t-${line.section}`} bold color={theme.accent} wrap="truncate">
                {`${stale ? stale.title : SECTION_TITLES[line.section]} (${line.count})`}
              </Text>
            );
          }
          if (line.kind === 'none') {
            return (
              <Text key={`n-${index}`} dimColor={theme.dim} wrap="truncate">
                {'  none'}
              </Text>
            );
          }
          const selected = index === cursor;
          const marked = stale?.marked(line.row) ?? false;
          return (
            <Text
              key={line.row.key}
              inverse={selected}
              color={marked ? theme.marked : line.row.pending ? theme.warn : undefined}
              wrap="truncate"
            >
              {`${selected ? '›' : ' '}${marked ? '✓' : ' '}${rowText(line.row, cols, keys, stale)}`}
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
