// The rows of My providers' history views: totals and averages with units, bars from
// zero, an hour the service did not list left blank, every line exactly as wide as asked.
import { describe, expect, it } from 'vitest';
import {
  daysAxis,
  hourlyUptimeLine,
  seriesLine,
  seriesRows,
  stretchedSparkline,
} from '../../src/ui/panes/my-providers/history-lines.ts';

const figures = {
  days: ['2026-11-21', '2026-11-22', '2026-11-23'],
  uptime: [12, 24, 6],
  transfer: [1000, 500, 24],
  payout: [1.5, 0.25, 0],
  searchInterest: [1200, 800, 0],
  contracts: [3, 4, 5],
  clients: [2, 3, 4],
};

describe('history lines', () => {
  it('sums what adds up and averages what does not, with units', () => {
    const rows = seriesRows(figures, 'uptime h');
    expect(rows.map((r) => [r.label, r.summary])).toEqual([
      ['uptime h', '14.0h a day on average'],
      ['transfer GiB', '1.49 TiB in all'],
      ['payout', '1.7500 USD in all'],
      ['searches', '2,000 in all'],
      ['contracts', '12 in all'],
      ['clients', '3.0 a day on average'],
    ]);
  });

  it('draws bars from zero: a day of zero is the floor, the largest day a full block', () => {
    expect(stretchedSparkline([0, 50, 100], 3)).toBe('▁▄█');
    // Fewer days than columns: each day gets the same number of columns.
    expect(stretchedSparkline([0, 100], 7)).toBe('▁▁▁███');
  });

  it('leaves an hour the service did not list blank, and scales minutes against a full hour', () => {
    expect(hourlyUptimeLine([60, 0, 30, 7], 4)).toBe('█ ▄▁');
    expect(hourlyUptimeLine([60, 60], 5)).toBe('██   ');
  });

  it('every line is exactly the width asked, even narrow', () => {
    for (const width of [40, 60, 80, 120, 200]) {
      for (const row of seriesRows(figures, 'uptime h/provider'))
        expect([...seriesLine(row, width)]).toHaveLength(width);
      expect([...daysAxis(figures.days, width)].length).toBeLessThanOrEqual(width);
    }
    expect(seriesLine({ label: 'contracts', values: [0, 0], summary: '0 in all' }, 80)).toContain('· none');
  });
});
