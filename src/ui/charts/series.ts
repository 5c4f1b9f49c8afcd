// Daily series (`YYYY-MM-DD` UTC -> integer) as consecutive days, missing days as gaps.
const DAY_MS = 86_400_000;
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

export interface DailyPoints {
  days: string[];
  /** One per day; undefined where the series has no value for that day. */
  values: (number | undefined)[];
}

export interface SeriesStats {
  min: number;
  max: number;
  last: number;
  lastDay: string;
  /** Days with a value. */
  count: number;
}

function dayNumber(day: string): number | undefined {
  if (!DAY_KEY.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : Math.round(ms / DAY_MS);
}

function dayKey(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Every day from the first to the last key (at most `maxDays`, the newest kept), so a
 * missing day shows as a gap rather than silently joining its neighbours.
 */
export function dailyPoints(series: Record<string, number> | undefined, maxDays = 400): DailyPoints {
  const byDay = new Map<number, number>();
  for (const [key, value] of Object.entries(series ?? {})) {
    const n = dayNumber(key);
    if (n !== undefined && typeof value === 'number' && Number.isFinite(value)) byDay.set(n, value);
  }
  if (!byDay.size) return { days: [], values: [] };
  const numbers = [...byDay.keys()];
  const last = Math.max(...numbers);
  const first = Math.max(Math.min(...numbers), last - maxDays + 1);
  const days: string[] = [];
  const values: (number | undefined)[] = [];
  for (let n = first; n <= last; n++) {
    days.push(dayKey(n));
    values.push(byDay.get(n));
  }
  return { days, values };
}

/** Min and max over the days (all but the last with `partialLast`), last = the newest value. */
export function seriesStats(points: DailyPoints, partialLast = false): SeriesStats | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let last: number | undefined;
  let lastDay = '';
  let count = 0;
  points.values.forEach((value, i) => {
    if (value === undefined) return;
    if (!partialLast || i < points.values.length - 1 || points.values.length === 1) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    last = value;
    lastDay = points.days[i];
    count++;
  });
  if (last === undefined) return undefined;
  // Only the running day has a value: it is all there is to range over.
  if (min > max) min = max = last;
  return { min, max, last, lastDay, count };
}

/** Averages values into `width` buckets (when there are more values than columns); all-gap buckets stay gaps. */
export function resample(values: readonly (number | undefined)[], width: number): (number | undefined)[] {
  if (width <= 0) return [];
  if (values.length <= width) return [...values];
  const out: (number | undefined)[] = [];
  for (let i = 0; i < width; i++) {
    const from = Math.floor((i * values.length) / width);
    const to = Math.floor(((i + 1) * values.length) / width);
    let sum = 0;
    let n = 0;
    for (let j = from; j < to; j++) {
      const v = values[j];
      if (v !== undefined) {
        sum += v;
        n++;
      }
    }
    out.push(n ? sum / n : undefined);
  }
  return out;
}
