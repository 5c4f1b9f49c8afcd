import { describe, expect, it } from 'vitest';
import { dailyChart, dateAxis, NO_DATA } from '../../../src/ui/charts/chart.ts';
import { dailyPoints, seriesStats } from '../../../src/ui/charts/series.ts';

/** `n` consecutive days from 2026-01-01 with values from `value(i)` (undefined: the day is missing). */
function days(n: number, value: (i: number) => number | undefined): Record<string, number> {
  const series: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const v = value(i);
    if (v !== undefined) series[new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)] = v;
  }
  return series;
}

const chart = (series: Record<string, number>, width = 40, height = 4) =>
  dailyChart(dailyPoints(series), { width, height });

describe('daily chart', () => {
  it('draws a flat series as a level band at half height with equal axis labels', () => {
    const lines = chart(days(10, () => 50));
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.length === 40)).toBe(true);
    expect(lines[0]).toMatch(/^50 ┤ +$/);
    expect(lines[1]).toMatch(/^ {3}│ +$/);
    expect(lines[2]).toContain('█'.repeat(30));
    expect(lines[3]).toMatch(/^50 ┤█{30} *$/);
  });

  it('draws an all-zero series as a thin floor line labelled 0', () => {
    const lines = chart(days(10, () => 0));
    expect(lines[0]).toMatch(/^0 ┤ +$/);
    expect(lines[3]).toMatch(/^0 ┤▁+ *$/);
  });

  it('draws one spike as the only column reaching the top', () => {
    const lines = chart(
      days(10, (i) => (i === 6 ? 1000 : 10)),
      26,
    );
    expect(lines.slice(0, 5)).toEqual([
      '1.0k ┤            ██      ',
      '     │            ██      ',
      '     │            ██      ',
      '  10 ┤▁▁▁▁▁▁▁▁▁▁▁▁██▁▁▁▁▁▁',
      '     └────────────────────',
    ]);
  });

  it('leaves a missing day blank instead of joining its neighbours', () => {
    const lines = chart(
      days(5, (i) => (i === 2 ? undefined : 8)),
      15,
      2,
    );
    expect(lines[1]).toBe('8 ┤████  ████  ');
  });

  it('puts the first, middle and last day under the plot', () => {
    const lines = chart(
      days(90, (i) => i),
      100,
      3,
    );
    const axis = lines.at(-1)!;
    expect(axis).toMatch(/^ +2026-01-01 +2026-02-15 +2026-03-31 *$/);
    expect(axis.indexOf('2026-01-01')).toBe(lines[0].indexOf('┤') + 1);
  });

  it('shortens the dates on a narrow chart and says when there is no data', () => {
    expect(dateAxis('2026-01-01', '2026-03-31', '2026-02-15', 20)).toBe('01-01   02-15  03-31');
    expect(chart({}, 20)).toEqual([NO_DATA.padEnd(20)]);
  });
});

describe('daily chart of a day still running', () => {
  it('leaves the partial last day out of the range and draws it clamped to the floor', () => {
    const series = days(6, (i) => (i === 5 ? 0 : 100 + i * 10));
    const lines = dailyChart(dailyPoints(series), { width: 20, height: 2, partialLast: true });
    expect(lines[0]).toMatch(/^140 ┤/);
    expect(lines[1]).toMatch(/^100 ┤/);
    // The running day is the lowest mark, the complete days rise to the top.
    expect(lines[1].slice(5)).toMatch(/^[▁-█]+▁/);
    expect(seriesStats(dailyPoints(series), true)).toMatchObject({ min: 100, max: 140, last: 0 });
    expect(seriesStats(dailyPoints({ '2026-01-01': 3 }), true)).toMatchObject({ min: 3, max: 3, last: 3 });
  });
});
