import { describe, expect, it } from 'vitest';
import { dailyPoints, resample, seriesStats } from '../../../src/ui/charts/series.ts';

describe('daily series', () => {
  it('lists every day from the first to the last key, in order, with missing days as gaps', () => {
    const points = dailyPoints({ '2026-01-03': 7, '2026-01-01': 5, '2026-01-05': 9 });
    expect(points.days).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
    expect(points.values).toEqual([5, undefined, 7, undefined, 9]);
  });

  it('crosses month and year ends in UTC and ignores keys that are not days', () => {
    const points = dailyPoints({ '2025-12-31': 1, '2026-01-01': 2, total: 3, '2026-1-2': 4 });
    expect(points.days).toEqual(['2025-12-31', '2026-01-01']);
  });

  it('keeps the newest days when the series is longer than asked', () => {
    const series: Record<string, number> = {};
    for (let d = 1; d <= 31; d++) series[`2026-01-${String(d).padStart(2, '0')}`] = d;
    const points = dailyPoints(series, 10);
    expect(points.days[0]).toBe('2026-01-22');
    expect(points.values.at(-1)).toBe(31);
  });

  it('gives min, max and last (with its day), skipping gaps; none for an empty series', () => {
    const stats = seriesStats(dailyPoints({ '2026-01-01': 4, '2026-01-02': 0, '2026-01-04': 2 }));
    expect(stats).toEqual({ min: 0, max: 4, last: 2, lastDay: '2026-01-04', count: 3 });
    expect(seriesStats(dailyPoints({}))).toBeUndefined();
    expect(seriesStats(dailyPoints(undefined))).toBeUndefined();
  });

  it('averages into fewer columns, leaving all-gap buckets as gaps', () => {
    expect(resample([1, 3, undefined, undefined, 5, 7], 3)).toEqual([2, undefined, 6]);
    expect(resample([1, 2], 5)).toEqual([1, 2]);
  });
});
