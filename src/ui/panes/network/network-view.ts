// The Network pane as text: summary cards laid out in a grid, the chart of one series
// (its points, title and legend), and the compact view of every series as a sparkline.
import { dateOf } from '../../../clock.ts';
import type { NetworkSeriesField, NetworkStats, NetworkSummaryField } from '../../../contract/schemas.ts';
import {
  presentSeries,
  presentSummaries,
  SERIES_FIELDS,
  summaryField,
} from '../../../format/network-fields.ts';
import { dailyPoints, type SeriesStats, seriesStats } from '../../charts/series.ts';
import { sparkline } from '../../charts/sparkline.ts';

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
