import { describe, expect, it } from 'vitest';
import { NETWORK_SERIES_FIELDS, type NetworkStats } from '../../../../src/contract/schemas.ts';
import { seriesStats } from '../../../../src/ui/charts/series.ts';
import {
  cardsPerRow,
  compactLines,
  isPartialDay,
  seriesLegend,
  seriesPoints,
  seriesTitle,
  summaryCards,
} from '../../../../src/ui/panes/stats/networkView.ts';

const DATA = {
  all_transfer_summary: 2048,
  all_transfer_summary_rate: 1.5,
  all_packets_summary_rate: 12345,
  providers_summary: 4012,
  providers_data: { '2026-01-01': 3900, '2026-01-02': 4100, '2026-01-03': 4012 },
  all_transfer_data: { '2026-01-01': 80000, '2026-01-03': 81000 },
} as unknown as NetworkStats;

describe('network view', () => {
  it('makes a card with its unit for every summary and rate figure', () => {
    const cards = summaryCards(DATA);
    expect(cards).toHaveLength(15);
    expect(cards.slice(0, 2)).toEqual([
      { field: 'all_transfer_summary', label: 'transfer', value: '2.00 TiB' },
      { field: 'all_transfer_summary_rate', label: 'transfer rate', value: '1.50 Gbit/s' },
    ]);
    expect(cards.find((c) => c.field === 'all_packets_summary_rate')?.value).toBe('12,345 /s');
    expect(cards.find((c) => c.field === 'providers_summary')?.value).toBe('4,012');
    expect(cards.find((c) => c.field === 'devices_summary')?.value).toBe('–');
  });

  it('fits five cards side by side at 118 columns and three at 68', () => {
    expect(cardsPerRow(118)).toBe(5);
    expect(cardsPerRow(68)).toBe(3);
    expect(cardsPerRow(10)).toBe(1);
  });

  it('names the series with its position and gives min, max and last with units', () => {
    expect(seriesTitle('providers_data')).toBe(`‹ 3/${NETWORK_SERIES_FIELDS.length} providers online ›`);
    const stats = seriesStats(seriesPoints(DATA, 'providers_data'));
    expect(seriesLegend('providers_data', stats)).toBe('min 3,900 · max 4,100 · last 4,012 (2026-01-03)');
    const transfer = seriesStats(seriesPoints(DATA, 'all_transfer_data'));
    expect(seriesLegend('all_transfer_data', transfer)).toBe(
      'min 78.13 TiB · max 79.10 TiB · last 79.10 TiB (2026-01-03)',
    );
    expect(seriesLegend('devices_data', undefined)).toBe('no data');
  });

  it('calls the newest day of a per-day total "so far" when it is the day the figures were computed', () => {
    const noon = Date.parse('2026-01-03T12:00:00Z');
    expect(isPartialDay('all_transfer_data', '2026-01-03', noon)).toBe(true);
    expect(isPartialDay('all_transfer_data', '2026-01-02', noon)).toBe(false);
    expect(isPartialDay('providers_data', '2026-01-03', noon)).toBe(false);
    const stats = seriesStats(seriesPoints(DATA, 'all_transfer_data'), true);
    expect(seriesLegend('all_transfer_data', stats, true)).toBe(
      'min 78.13 TiB · max 78.13 TiB · last 79.10 TiB (2026-01-03, so far)',
    );
  });

  it('draws every series as a sparkline in the compact view, gaps included', () => {
    const lines = compactLines(DATA, 80);
    expect(lines).toHaveLength(NETWORK_SERIES_FIELDS.length);
    const providers = lines.find((l) => l.field === 'providers_data')!;
    expect(providers.spark.trim()).toBe('▁█▅');
    expect(providers.last.trim()).toBe('4,012');
    expect(lines.find((l) => l.field === 'all_transfer_data')!.spark.trim()).toBe('▁ █');
    expect(lines.find((l) => l.field === 'devices_data')!.last.trim()).toBe('no data');
    for (const line of lines) expect(`${line.label} ${line.spark} ${line.last}`).toHaveLength(80);
  });
});
