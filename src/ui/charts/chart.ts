// A multi-row block chart of a daily series with a value axis (max on top, min at the
// bottom) and a date axis (first, middle and last day). Pure: returns the lines.
import { formatCompact } from '../../format/numbers.ts';
import { type DailyPoints, resample } from './series.ts';
import { BLOCKS, scaleLevel } from './sparkline.ts';

export interface ChartOptions {
  /** Total width of every line, axis labels included. */
  width: number;
  /** Rows of the plot (the two date-axis lines come on top of these). */
  height: number;
  /** Axis label format; compact (1.2k) by default. */
  format?: (n: number) => string;
  /**
   * The last day is still running (a per-day total of today so far): leave it out of
   * the value range, so a young day does not flatten 89 complete ones; it is drawn
   * clamped to the range.
   */
  partialLast?: boolean;
  /** The value axis from zero, not from the data's lowest value (a bar's height then reads as its size). */
  fromZero?: boolean;
}

export const NO_DATA = 'no data';

/** Date labels spread over `width` columns: first at the left, last at the right, middle if it fits. */
export function dateAxis(
  firstDay: string,
  lastDay: string,
  middleDay: string | undefined,
  width: number,
): string {
  const short = width < 36;
  const label = (day: string) => (short ? day.slice(5) : day);
  const first = label(firstDay);
  const last = label(lastDay);
  if (first === last || width < first.length + last.length + 1) return last.padStart(width).slice(-width);
  const line = Array.from(first.padEnd(width - last.length) + last);
  if (middleDay) {
    const middle = label(middleDay);
    const at = Math.round((width - middle.length) / 2);
    if (at >= first.length + 2 && at + middle.length <= width - last.length - 2)
      line.splice(at, middle.length, ...middle);
  }
  return line.join('');
}

export function dailyChart(points: DailyPoints, options: ChartOptions): string[] {
  const format = options.format ?? formatCompact;
  const height = Math.max(1, options.height);
  const ranged = options.partialLast && points.values.length > 1 ? points.values.slice(0, -1) : points.values;
  const present = ranged.filter((v): v is number => v !== undefined);
  if (!present.length) return [NO_DATA.padEnd(options.width).slice(0, options.width)];
  const lo = options.fromZero ? Math.min(0, ...present) : Math.min(...present);
  const hi = Math.max(...present);
  const top = format(hi);
  const bottom = format(lo);
  const labelWidth = Math.max(top.length, bottom.length);
  const plotWidth = Math.max(1, options.width - labelWidth - 2);

  // One or more characters per day when they fit; otherwise days averaged into columns.
  const fits = points.values.length <= plotWidth;
  const perDay = fits ? Math.floor(plotWidth / points.values.length) : 1;
  const columns = fits
    ? points.values.flatMap((v) => Array<number | undefined>(perDay).fill(v))
    : resample(points.values, plotWidth);
  const levels = height * 8;
  const columnLevels = columns.map((v) =>
    v === undefined ? 0 : scaleLevel(Math.min(hi, Math.max(lo, v)), lo, hi, levels),
  );

  const lines: string[] = [];
  for (let row = 0; row < height; row++) {
    const base = (height - 1 - row) * 8;
    const plot = columnLevels
      .map((level) => {
        const fill = Math.min(8, Math.max(0, level - base));
        return fill ? BLOCKS[fill - 1] : ' ';
      })
      .join('')
      .padEnd(plotWidth);
    const label = row === 0 ? top : row === height - 1 ? bottom : '';
    const tick = label ? '┤' : '│';
    lines.push(`${label.padStart(labelWidth)} ${tick}${plot}`);
  }
  const used = columns.length;
  const middle = points.days.length > 2 ? points.days[Math.floor(points.days.length / 2)] : undefined;
  // The axis ends under the last day, not at the edge of the room left over.
  lines.push(`${' '.repeat(labelWidth)} └${'─'.repeat(used)}`.padEnd(labelWidth + 2 + plotWidth));
  const axis = dateAxis(points.days[0], points.days[points.days.length - 1], middle, used);
  lines.push(`${' '.repeat(labelWidth + 2)}${axis}`.padEnd(options.width));
  return lines;
}
