// Network: where the whole network is heading, from /stats/last-90: a card for every
// summary and rate figure, a 90-day chart of one daily series (left/right or [ ] to
// switch), and a compact view of every series as a sparkline (v).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { dateOf } from '../../../clock.ts';
import {
  NETWORK_SERIES_FIELDS,
  type NetworkSeriesField,
  type NetworkStats,
} from '../../../contract/schemas.ts';
import { SERIES_FIELDS } from '../../../format/network-fields.ts';
import { formatAge, formatCompact } from '../../../format/numbers.ts';
import { isNetworkChanged, type NetworkState } from '../../../store/network.ts';
import { dailyChart } from '../../charts/chart.ts';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import { windowStart } from '../../components/virtual-list.tsx';
import { useKeyNames, useNow, useStores, useTheme } from '../../context.tsx';
import { useKeyActions } from '../../input/dispatcher.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { padCells, truncate } from '../../text.ts';
import { definePane, type PaneProps } from '../types.ts';
import { networkKeys } from './keys.ts';
import { CARD_WIDTH, type Card, cardGrid, compactLines, seriesChart } from './network-view.ts';

/** Rows the chart keeps (title, plot, axes) before the cards give up theirs. */
const MIN_CHART_ROWS = 7;

/** Why ↑/↓ do nothing on the one chart. */
const oneChart = (keys: KeyNames) =>
  `↑/↓ pick a series in the list of every series (${keys['network.compact']}); here ${keys['network.nextSeries']} and ${keys['network.previousSeries']} step the series`;

/**
 * "computed 12 s ago · figures: the highest day of the last 3 · series: last 90 days",
 * from the blob's own time (Unix ms) on the store clock.
 */
function computedText(data: NetworkStats | undefined, now: number): string {
  const parts: string[] = [];
  // A time beyond a Date's range is no time: it is left out rather than shown as years.
  const computed = dateOf(data?.created_time);
  if (computed) parts.push(`computed ${formatAge(Math.max(0, now - computed.getTime()) / 1000)} ago`);
  parts.push('figures: highest day of the last 3');
  if (data?.lookback) parts.push(`series: last ${data.lookback} days`);
  return parts.join(' · ');
}

function Cards({
  state,
  now,
  rows,
  tall,
}: {
  state: NetworkState;
  now: number;
  /** The rows of cards shown (a short terminal keeps its room for the chart). */
  rows: Card[][];
  tall: boolean;
}) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      {rows.map((row) => (
        <Box key={row[0].field} flexDirection="row" gap={1}>
          {row.map((card) => {
            const changed = isNetworkChanged(state, card.field, now);
            return (
              <Box key={card.field} width={CARD_WIDTH} flexDirection={tall ? 'column' : 'row'}>
                <Text dimColor={theme.dim} wrap="truncate">
                  {/* On one line the label gives way: a figure is never cut. */}
                  {tall ? card.label : padCells(card.label, Math.max(0, CARD_WIDTH - card.value.length - 1))}
                </Text>
                {tall ? null : <Text> </Text>}
                <Text bold inverse={changed} wrap="truncate">
                  {card.value}
                </Text>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

/** Axis labels written as everywhere else (number, space, unit), compact when that would be long (packets). */
function axisLabel(field: NetworkSeriesField) {
  return (n: number) => {
    const label = SERIES_FIELDS[field].format(n);
    return label.length > 9 ? formatCompact(n) : label;
  };
}

/** What the chart and the compact view draw from, and into how much room. */
interface ViewProps {
  state: NetworkState;
  now: number;
  width: number;
  height: number;
}

function Chart({ state, now, width, height }: ViewProps) {
  const theme = useTheme();
  const chart = seriesChart(state.data, state.series, now);
  const changed = isNetworkChanged(state, state.series, now);
  const lines = dailyChart(chart.points, {
    width,
    height: Math.max(1, height - 3),
    format: axisLabel(state.series),
    partialLast: chart.partial,
    // From zero unless zoomed in (z) on the data's range.
    fromZero: !state.zoom,
  });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate">
        <Text bold color={theme.accent}>
          {chart.title}
        </Text>
        <Text>{'  '}</Text>
        <Text inverse={changed}>{truncate(chart.legend, Math.max(0, width - 32))}</Text>
      </Text>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: chart rows are positional
        <Text key={i} color={i < lines.length - 2 ? theme.accent : undefined} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}

function Compact({ state, now, width, height }: ViewProps) {
  const theme = useTheme();
  const keys = useKeyNames();
  const all = compactLines(state.data, width - 2);
  // The rows that fit under the title, scrolled to keep the chosen series in view.
  const rows = Math.max(1, height - 1);
  const start = windowStart(
    0,
    all.findIndex((line) => line.field === state.series),
    rows,
    all.length,
  );
  const lines = all.slice(start, start + rows);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(
          `all series, last 90 days · ↑↓ choose · ${keys.open} or ${keys['network.compact']}: its chart`,
          width,
        )}
      </Text>
      {lines.map((line) => {
        const selected = line.field === state.series;
        const changed = isNetworkChanged(state, line.field, now);
        return (
          <Text key={line.field} wrap="truncate" inverse={selected}>
            {selected ? '› ' : '  '}
            <Text dimColor={!selected && theme.dim}>{line.label}</Text>{' '}
            <Text color={theme.accent}>{line.spark}</Text>{' '}
            <Text bold inverse={changed !== selected}>
              {line.last}
            </Text>
          </Text>
        );
      })}
    </Box>
  );
}

export function Network({ width, height }: PaneProps) {
  const { network } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const now = useNow(1000);
  const state = useStore(network, (s) => s);
  const s = () => network.getState();
  useKeyActions(networkKeys, 'network', {
    nextSeries: () => s().stepSeries(1),
    previousSeries: () => s().stepSeries(-1),
    compact: () => s().toggleCompact(),
    zoom: () => s().toggleZoom(),
    down: () => (s().compact ? s().stepSeries(1) : oneChart(keys)),
    up: () => (s().compact ? s().stepSeries(-1) : oneChart(keys)),
    open: () =>
      s().compact
        ? s().toggleCompact()
        : `this is the chart already (${keys['network.compact']} lists every series)`,
    back: () => (s().compact ? s().toggleCompact() : undefined),
    refresh: () => void s().refresh(),
  });

  const status = (
    <RefreshStatus state={{ ...state, hasData: state.data !== undefined }} now={now} width={width} />
  );
  if (!state.data) {
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        <Box flexGrow={1}>
          <Text dimColor={theme.dim}>{state.error ? 'No network statistics yet.' : ' '}</Text>
        </Box>
        {status}
      </Box>
    );
  }
  const grid = cardGrid(state.data, width);
  const cardRows = grid.length;
  // Two lines a card (label over value) when that leaves the chart room; one line
  // otherwise; on a short terminal fewer rows of cards and no blank line, so the chart
  // keeps MIN_CHART_ROWS (at 60x15 four rows of cards left it one row of plot).
  const tall = height - 2 * cardRows - 3 >= 10;
  const short = !tall && height - 3 - cardRows < MIN_CHART_ROWS;
  const shownCardRows = short ? Math.max(1, Math.min(cardRows, height - 2 - MIN_CHART_ROWS)) : cardRows;
  const below = height - (short ? 2 : 3) - (tall ? 2 * cardRows : shownCardRows);
  const empty = NETWORK_SERIES_FIELDS.every((field) => !Object.keys(state.data?.[field] ?? {}).length);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate">
        {truncate(`network statistics · ${computedText(state.data, now)}`, width)}
      </Text>
      <Cards state={state} now={now} rows={grid.slice(0, shownCardRows)} tall={tall} />
      {short ? null : <Text> </Text>}
      {empty ? (
        <Box height={Math.max(1, below)}>
          <Text dimColor={theme.dim}>No daily series in this answer.</Text>
        </Box>
      ) : state.compact ? (
        <Compact state={state} now={now} width={width} height={Math.max(1, below)} />
      ) : (
        <Chart state={state} now={now} width={width} height={Math.max(1, below)} />
      )}
      {status}
    </Box>
  );
}

/** The pane as the registry lists it. */
export const networkPane = definePane({
  id: 'network',
  store: 'network',
  Component: Network,
});
