// The Network pane as text, apart from React: summary cards laid out in a grid, the chart
// of one series (its points, title and legend), the compact view of every series as a
// sparkline, the line under them, and why a key cannot act now. The component
// (network-pane.tsx) draws it; tests read its words without Ink.
import { dateOf } from '../../../clock.ts';
import {
  NETWORK_SERIES_FIELDS,
  type NetworkSeriesField,
  type NetworkStats,
  type NetworkSummaryField,
} from '../../../contract/schemas.ts';
import {
  presentSeries,
  presentSummaries,
  SERIES_FIELDS,
  summaryField,
} from '../../../format/network-fields.ts';
import { formatAge, formatCompact } from '../../../format/numbers.ts';
import type { Stores } from '../../../store/index.ts';
import { isNetworkChanged, type NetworkState as NetworkStoreState } from '../../../store/network.ts';
import { dailyChart } from '../../charts/chart.ts';
import { dailyPoints, type SeriesStats, seriesStats } from '../../charts/series.ts';
import { sparkline } from '../../charts/sparkline.ts';
import { type FreshnessLine, type LiveFields, liveFields, liveStatus } from '../../components/freshness.ts';
import { windowStart } from '../../components/list-window.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, notNow } from '../../keys/key-reasons.ts';
import { truncate } from '../../text.ts';
import { fieldsOf } from '../../view-fields.ts';
import type { PaneActionOf } from '../types.ts';

export const CARD_WIDTH = 22;
const CARD_GAP = 1;

export interface Card {
  field: NetworkSummaryField;
  label: string;
  value: string;
}

/** Every summary and rate figure the blob has, with its unit, in the contract's order. */
export function summaryCards(data: NetworkStats | undefined): Card[] {
  return presentSummaries(data).map((field) => {
    const { label, format } = summaryField(field, data);
    return { field, label, value: format(data?.[field]) };
  });
}

/** How many cards fit side by side in `width` columns (at least one). */
export function cardsPerRow(width: number): number {
  return Math.max(1, Math.floor((width + CARD_GAP) / (CARD_WIDTH + CARD_GAP)));
}

/** The summary cards in rows, as many to a row as fit side by side in `width` columns. */
export function cardGrid(data: NetworkStats | undefined, width: number): Card[][] {
  const cards = summaryCards(data);
  const perRow = cardsPerRow(width);
  return Array.from({ length: Math.ceil(cards.length / perRow) }, (_, r) =>
    cards.slice(r * perRow, (r + 1) * perRow),
  );
}

export function seriesPoints(data: NetworkStats | undefined, field: NetworkSeriesField) {
  return dailyPoints(data?.[field]);
}

/**
 * Is the newest day of this series a running total of a day not over yet (a per-day
 * total whose day is the day the blob was computed)?
 */
export function isPartialDay(
  field: NetworkSeriesField,
  lastDay: string | undefined,
  computedAt: number,
): boolean {
  return (
    SERIES_FIELDS[field].perDay === true &&
    lastDay !== undefined &&
    lastDay === dateOf(computedAt)?.toISOString().slice(0, 10)
  );
}

/** "min 3,912 · max 4,102 · last 4,012 (2026-03-31)" in the series' unit; "so far" for a running day. */
export function seriesLegend(
  field: NetworkSeriesField,
  stats: SeriesStats | undefined,
  partial = false,
): string {
  if (!stats) return 'no data';
  const { format } = SERIES_FIELDS[field];
  const last = `last ${format(stats.last)} (${stats.lastDay}${partial ? ', so far' : ''})`;
  return `min ${format(stats.min)} · max ${format(stats.max)} · ${last}`;
}

/** "‹ 3/12 providers online ›": the place among the series the blob has. */
export function seriesTitle(field: NetworkSeriesField, data?: NetworkStats): string {
  const series = presentSeries(data);
  return `‹ ${series.indexOf(field) + 1}/${series.length} ${SERIES_FIELDS[field].label} ›`;
}

/**
 * What the chart of one series draws: its daily points, whether the newest day is a
 * running total (by the blob's own time, else `now`), and its title and legend.
 */
export function seriesChart(data: NetworkStats | undefined, field: NetworkSeriesField, now: number) {
  const points = seriesPoints(data, field);
  const computedAt = typeof data?.created_time === 'number' ? data.created_time : now;
  const partial = isPartialDay(field, points.days.at(-1), computedAt);
  return {
    points,
    partial,
    title: seriesTitle(field, data),
    legend: seriesLegend(field, seriesStats(points, partial), partial),
  };
}

export interface CompactLine {
  field: NetworkSeriesField;
  label: string;
  spark: string;
  last: string;
}

/** One line per series: label, sparkline and newest value, fitted to `width`. */
export function compactLines(data: NetworkStats | undefined, width: number): CompactLine[] {
  const labelWidth = Math.min(26, Math.max(10, Math.floor(width * 0.3)));
  const lastWidth = 16;
  const sparkWidth = Math.max(4, width - labelWidth - lastWidth - 2);
  return presentSeries(data).map((field) => {
    const points = seriesPoints(data, field);
    const stats = seriesStats(points);
    const label = SERIES_FIELDS[field].label;
    return {
      field,
      label: (label.length > labelWidth ? `${label.slice(0, labelWidth - 1)}…` : label).padEnd(labelWidth),
      spark: sparkline(points.values, sparkWidth).padEnd(sparkWidth),
      last: (stats ? SERIES_FIELDS[field].format(stats.last) : 'no data').padStart(lastWidth),
    };
  });
}

/** What the pane reads of the network store: each field the store's own value. */
export type NetworkState = LiveFields<NetworkStats> &
  Pick<NetworkStoreState, 'series' | 'compact' | 'zoom' | 'changed' | 'lit'>;

/** The pane's state in the stores (the component's one hook reads it shallowly). */
export function networkState({ network }: Stores): NetworkState {
  const s = network.getState();
  return { ...liveFields(s), ...fieldsOf(s, ['series', 'compact', 'zoom', 'changed', 'lit']) };
}

/** Why each key of the pane cannot act now. */
export function networkReasons(state: NetworkState, keys: KeyNames): KeyReasons<PaneActionOf<'network'>> {
  // ↑/↓ pick a series in the list of every series; the one chart has nothing to move in.
  const oneChart = state.compact
    ? undefined
    : notNow(
        `↑/↓ pick a series in the list of every series (${keys['network.compact']}); here ${keys['network.nextSeries']} and ${keys['network.previousSeries']} step the series`,
      );
  return {
    down: oneChart,
    up: oneChart,
    open: state.compact
      ? undefined
      : notNow(`this is the chart already (${keys['network.compact']} lists every series)`),
  };
}

/**
 * "computed 12 s ago · figures: the highest day of the last 3 · series: last 90 days",
 * the age from the blob's own time (Unix ms) to when it was fetched: it changes with each
 * refresh, not every second (the header says when the data was fetched).
 */
export function computedText(data: NetworkStats | undefined, fetchedAt: number | undefined): string {
  const parts: string[] = [];
  // A time beyond a Date's range is no time: it is left out rather than shown as years.
  const computed = dateOf(data?.created_time);
  if (computed && fetchedAt !== undefined)
    parts.push(`computed ${formatAge(Math.max(0, fetchedAt - computed.getTime()) / 1000)} ago`);
  parts.push('figures: highest day of the last 3');
  if (data?.lookback) parts.push(`series: last ${data.lookback} days`);
  return parts.join(' · ');
}

/** Rows the chart keeps (title, plot, axes) before the cards give up theirs. */
const MIN_CHART_ROWS = 7;

/**
 * The cards' rows and what is left below them in `height` rows: two lines a card (label
 * over value) when that leaves the chart room; one line otherwise; on a short terminal
 * fewer rows of cards and no blank line, so the chart keeps MIN_CHART_ROWS (at 60x15 four
 * rows of cards left it one row of plot).
 */
function networkLayout(cardRows: number, height: number) {
  const tall = height - 2 * cardRows - 3 >= 10;
  const short = !tall && height - 3 - cardRows < MIN_CHART_ROWS;
  const shownCardRows = short ? Math.max(1, Math.min(cardRows, height - 2 - MIN_CHART_ROWS)) : cardRows;
  const below = height - (short ? 2 : 3) - (tall ? 2 * cardRows : shownCardRows);
  return { tall, short, shownCardRows, below: Math.max(1, below) };
}

/** Axis labels written as everywhere else (number, space, unit), compact when that would be long (packets). */
function axisLabel(field: NetworkSeriesField) {
  return (n: number) => {
    const label = SERIES_FIELDS[field].format(n);
    return label.length > 9 ? formatCompact(n) : label;
  };
}

/** The chart of the chosen series in `width` x `height`: its title, legend and rows. */
function chartOf(state: NetworkState, width: number, height: number) {
  const chart = seriesChart(state.data, state.series, state.fetchedAt ?? 0);
  return {
    title: chart.title,
    legend: truncate(chart.legend, Math.max(0, width - 32)),
    legendChanged: isNetworkChanged(state, state.series),
    lines: dailyChart(chart.points, {
      width,
      height: Math.max(1, height - 3),
      format: axisLabel(state.series),
      partialLast: chart.partial,
      // From zero unless zoomed in (z) on the data's range.
      fromZero: !state.zoom,
    }),
  };
}

/** The list of every series in `width` x `height`: the rows that fit under its title, the chosen one in view. */
function compactOf(state: NetworkState, keys: KeyNames, width: number, height: number) {
  const all = compactLines(state.data, width - 2);
  const rows = Math.max(1, height - 1);
  const start = windowStart(
    0,
    all.findIndex((line) => line.field === state.series),
    rows,
    all.length,
  );
  return {
    heading: truncate(
      `all series, last 90 days · ↑↓ choose · ${keys.open} or ${keys['network.compact']}: its chart`,
      width,
    ),
    lines: all.slice(start, start + rows).map((line) => ({
      ...line,
      selected: line.field === state.series,
      changed: isNetworkChanged(state, line.field),
    })),
  };
}

/** The figures of an answer in `width` x `height`: the title, the cards that fit, the chart or the list of every series. */
function shownOf(state: NetworkState, data: NetworkStats, keys: KeyNames, width: number, height: number) {
  const grid = cardGrid(data, width);
  const layout = networkLayout(grid.length, height);
  const noSeries = NETWORK_SERIES_FIELDS.every((field) => !Object.keys(data[field] ?? {}).length);
  return {
    title: truncate(`network statistics · ${computedText(data, state.fetchedAt)}`, width),
    ...layout,
    cards: grid
      .slice(0, layout.shownCardRows)
      .map((row) => row.map((card) => ({ ...card, changed: isNetworkChanged(state, card.field) }))),
    noSeries: noSeries ? 'No daily series in this answer.' : undefined,
    chart: state.compact || noSeries ? undefined : chartOf(state, width, layout.below),
    compact: state.compact && !noSeries ? compactOf(state, keys, width, layout.below) : undefined,
  };
}
export type ShownNetwork = ReturnType<typeof shownOf>;

/**
 * What the pane shows in `width` x `height`, naming the user's `keys` (`speed`: the store
 * clock's): the line under it, and the figures, or why there are none yet.
 */
export function networkView(
  state: NetworkState,
  keys: KeyNames,
  size: { width: number; height: number; speed: number },
): { status: FreshnessLine; empty: string; shown?: ShownNetwork } {
  const status = liveStatus(state, size.speed, keys);
  if (!state.data) return { status, empty: state.error ? 'No network statistics yet.' : ' ' };
  return { status, empty: '', shown: shownOf(state, state.data, keys, size.width, size.height) };
}
