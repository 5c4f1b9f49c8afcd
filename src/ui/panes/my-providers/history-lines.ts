// The lines of the history views (`t` in My providers and its detail): one row per daily
// series (label, a sparkline stretched over the days, its total or average with units),
// and a provider's uptime hour by hour. Pure, so the rows are tested without a screen.
import { formatCount, formatDecimal, formatGiB, formatHours, formatUsd } from '../../../format/numbers.ts';
import type { DailyFigures, HistoryWindow } from '../../../store/history.ts';
import { HISTORY_WINDOWS } from '../../../store/history.ts';
import { resample } from '../../charts/series.ts';
import { BLOCKS } from '../../charts/sparkline.ts';
import { padCells, truncate } from '../../text.ts';

export const windowLabel = (window: HistoryWindow) => HISTORY_WINDOWS.find((w) => w.id === window)!.label;

export interface SeriesRow {
  label: string;
  values: number[];
  /** The figure after the chart: a total or an average, with its unit and what it is. */
  summary: string;
}

const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
const mean = (values: number[]) => (values.length ? sum(values) / values.length : undefined);

/** The daily series of a window, in the order the table of 24 h shows its columns. */
export function seriesRows(figures: DailyFigures & { uptime: number[] }, uptimeLabel: string): SeriesRow[] {
  return [
    {
      label: uptimeLabel,
      values: figures.uptime,
      summary: `${formatHours(mean(figures.uptime))} a day on average`,
    },
    {
      label: 'transfer GiB',
      values: figures.transfer,
      summary: `${formatGiB(sum(figures.transfer))} in all`,
    },
    { label: 'payout', values: figures.payout, summary: `${formatUsd(sum(figures.payout))} in all` },
    {
      label: 'searches',
      values: figures.searchInterest,
      summary: `${formatCount(sum(figures.searchInterest))} in all`,
    },
    {
      label: 'contracts',
      values: figures.contracts,
      summary: `${formatCount(sum(figures.contracts))} in all`,
    },
    {
      label: 'clients',
      values: figures.clients,
      summary: `${formatDecimal(mean(figures.clients) ?? 0, 1)} a day on average`,
    },
  ];
}

export const LABEL_WIDTH = 22;

/** Columns of a row: the label, the chart, two spaces, the summary. */
export function rowLayout(width: number): { chartWidth: number; summaryWidth: number } {
  const summaryWidth = Math.min(32, Math.max(0, width - LABEL_WIDTH - 8));
  return { summaryWidth, chartWidth: Math.max(0, width - LABEL_WIDTH - summaryWidth - 2) };
}

/** Bars from zero: 0 is the floor, the series' largest value a full block. */
function barsFromZero(values: readonly (number | undefined)[]): string {
  const max = Math.max(0, ...values.filter((v): v is number => v !== undefined));
  return values
    .map((v) => {
      if (v === undefined) return ' ';
      if (max <= 0 || v <= 0) return BLOCKS[0];
      return BLOCKS[Math.min(7, Math.max(0, Math.ceil((v / max) * 8) - 1))];
    })
    .join('');
}

/** Each day repeated so the days fill `width` columns (fewer days than columns), else resampled. */
export function stretchedSparkline(values: readonly (number | undefined)[], width: number): string {
  if (width <= 0 || !values.length) return '';
  const each = Math.max(1, Math.floor(width / values.length));
  return barsFromZero(
    resample(
      values.flatMap((v) => Array<number | undefined>(each).fill(v)),
      width,
    ),
  );
}

/** One row: the label, the days as a sparkline, the summary; exactly `width` columns. */
export function seriesLine(row: SeriesRow, width: number): string {
  const { chartWidth, summaryWidth } = rowLayout(width);
  const chart = row.values.every((v) => v === 0)
    ? '· none'.padEnd(chartWidth).slice(0, chartWidth)
    : stretchedSparkline(row.values, chartWidth).padEnd(chartWidth);
  const line = `${padCells(truncate(row.label, LABEL_WIDTH - 1), LABEL_WIDTH)}${chart}  ${truncate(row.summary, summaryWidth)}`;
  return padCells(truncate(line, width), width);
}

/** The first and last day (UTC) under the charts' columns. */
export function daysAxis(days: string[], width: number): string {
  const { chartWidth } = rowLayout(width);
  if (!days.length || chartWidth < 12) return '';
  const first = days[0].slice(5);
  const last = days[days.length - 1].slice(5);
  const used = Math.min(chartWidth, Math.max(1, Math.floor(chartWidth / days.length)) * days.length);
  const axis =
    first === last ? first : `${first}${last.padStart(Math.max(last.length + 1, used - first.length))}`;
  return padCells(truncate(`${'UTC days'.padEnd(LABEL_WIDTH)}${axis}`, width), width);
}

/**
 * A provider's minutes up per hour over `width` columns, from empty (0) to full (60
 * minutes); an hour the service did not list (it lists hours with uptime only) is a
 * blank, not a bar.
 */
export function hourlyUptimeLine(minutes: readonly number[], width: number): string {
  if (width <= 0) return '';
  const listed = minutes.map((m) => (m > 0 ? m : undefined));
  return resample(listed, width)
    .map((m) => (m === undefined ? ' ' : BLOCKS[Math.min(7, Math.max(0, Math.ceil((m / 60) * 8) - 1))]))
    .join('')
    .padEnd(width);
}
