import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/errors.ts';
import { NETWORK_SERIES_FIELDS, type NetworkStats } from '../../../../src/contract/schemas.ts';
import { seriesStats } from '../../../../src/ui/charts/series.ts';
import { keyNamesOf } from '../../../../src/ui/keys/key-names.ts';
import { keymap } from '../../../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../../../src/ui/keys/remap.ts';
import {
  cardGrid,
  cardsPerRow,
  compactLines,
  computedText,
  isPartialDay,
  type NetworkState,
  networkReasons,
  networkView,
  seriesChart,
  seriesLegend,
  seriesPoints,
  seriesTitle,
  summaryCards,
} from '../../../../src/ui/panes/network/network-view.ts';

const TiB = 2 ** 40;
/** Today's shape: bytes a day, a MiB summary, a Mibit/s rate, no packet series. */
const DATA = {
  all_transfer_summary: 2 * 1024 * 1024,
  all_transfer_summary_rate: 1536,
  providers_summary: 4012,
  providers_data: { '2026-01-01': 3900, '2026-01-02': 4100, '2026-01-03': 4012 },
  all_transfer_data: { '2026-01-01': 80 * TiB, '2026-01-03': 81 * TiB },
  devices_data: {},
} as unknown as NetworkStats;
/** The seed era's shape: packet series, and the transfer rate in packets per second. */
const SEED = { ...DATA, all_packets_data: {}, all_transfer_summary_rate: 12345 } as unknown as NetworkStats;

describe('network view', () => {
  it('makes a card with its unit for every summary sent, none for the others', () => {
    const cards = summaryCards(DATA);
    expect(cards).toEqual([
      { field: 'all_transfer_summary', label: 'transfer a day', value: '2 TiB' },
      { field: 'all_transfer_summary_rate', label: 'average rate', value: '1.50 Gibit/s' },
      { field: 'providers_summary', label: 'providers', value: '4,012' },
    ]);
    expect(summaryCards(SEED)[1]).toEqual({
      field: 'all_transfer_summary_rate',
      label: 'packet rate',
      value: '12,345 packets/s',
    });
  });

  it('fits five cards side by side at 118 columns and three at 68', () => {
    expect(cardsPerRow(118)).toBe(5);
    expect(cardsPerRow(68)).toBe(3);
    expect(cardsPerRow(10)).toBe(1);
    expect(cardGrid(DATA, 68).map((row) => row.map((card) => card.field))).toEqual([
      ['all_transfer_summary', 'all_transfer_summary_rate', 'providers_summary'],
    ]);
    expect(cardGrid(DATA, 40).map((row) => row.length)).toEqual([1, 1, 1]);
  });

  it('names the series with its position and gives min, max and last with units', () => {
    expect(seriesTitle('providers_data')).toBe(`‹ 3/${NETWORK_SERIES_FIELDS.length} providers online ›`);
    // Among the series the answer has: today's has 3 of them here.
    expect(seriesTitle('providers_data', DATA)).toBe('‹ 2/3 providers online ›');
    const stats = seriesStats(seriesPoints(DATA, 'providers_data'));
    expect(seriesLegend('providers_data', stats)).toBe('min 3,900 · max 4,100 · last 4,012 (2026-01-03)');
    const transfer = seriesStats(seriesPoints(DATA, 'all_transfer_data'));
    expect(seriesLegend('all_transfer_data', transfer)).toBe(
      'min 80 TiB · max 81 TiB · last 81 TiB (2026-01-03)',
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
      'min 80 TiB · max 80 TiB · last 81 TiB (2026-01-03, so far)',
    );
  });

  it('titles the chart and writes its legend by the blob’s own time, else the clock’s', () => {
    const noon = Date.parse('2026-01-03T12:00:00Z');
    const running = seriesChart(DATA, 'all_transfer_data', noon);
    expect(running).toMatchObject({
      partial: true,
      title: '‹ 1/3 transfer per day ›',
      legend: 'min 80 TiB · max 80 TiB · last 81 TiB (2026-01-03, so far)',
    });
    expect(running.points.days.at(-1)).toBe('2026-01-03');
    const nextDay = { ...DATA, created_time: Date.parse('2026-01-04T01:00:00Z') } as NetworkStats;
    expect(seriesChart(nextDay, 'all_transfer_data', noon)).toMatchObject({
      partial: false,
      legend: 'min 80 TiB · max 81 TiB · last 81 TiB (2026-01-03)',
    });
  });

  it('draws every series sent as a sparkline in the compact view, gaps included', () => {
    const lines = compactLines(DATA, 80);
    expect(lines.map((l) => l.field)).toEqual(['all_transfer_data', 'providers_data', 'devices_data']);
    const providers = lines.find((l) => l.field === 'providers_data')!;
    expect(providers.spark.trim()).toBe('▁█▅');
    expect(providers.last.trim()).toBe('4,012');
    expect(lines.find((l) => l.field === 'all_transfer_data')!.spark.trim()).toBe('▁ █');
    expect(lines.find((l) => l.field === 'devices_data')!.last.trim()).toBe('no data');
    for (const line of lines) expect(`${line.label} ${line.spark} ${line.last}`).toHaveLength(80);
  });
});

describe('network view: its words and why a key cannot act', () => {
  const keys = keyNamesOf(keymap);
  const NOW = Date.parse('2026-01-03T12:00:00Z');
  const state = (over: Partial<NetworkState> = {}): NetworkState => ({
    data: { ...DATA, created_time: NOW - 90_000, lookback: 90 } as NetworkStats,
    error: undefined,
    loading: false,
    fetchedAt: NOW,
    nextAt: NOW + 120_000,
    everyMs: 120_000,
    series: 'all_transfer_data',
    compact: false,
    zoom: false,
    changed: [],
    lit: false,
    ...over,
  });

  it('↑/↓ and enter act in the list of every series; on the one chart they say what to press', () => {
    expect(networkReasons(state(), keys).down?.why).toBe(
      '↑/↓ pick a series in the list of every series (v); here → and ← step the series',
    );
    expect(networkReasons(state(), keys).open?.why).toBe('this is the chart already (v lists every series)');
    expect(Object.values(networkReasons(state({ compact: true }), keys)).filter(Boolean)).toEqual([]);
    const { table } = remapKeys(keymap, { 'network.compact': ['c'] });
    expect(networkReasons(state(), keyNamesOf(table)).open?.why).toBe(
      'this is the chart already (c lists every series)',
    );
  });

  it('the blob’s age is told as of the answer: it moves with a refresh, not with the clock', () => {
    expect(computedText(state().data, NOW)).toBe(
      'computed 90 s ago · figures: highest day of the last 3 · series: last 90 days',
    );
    const view = networkView(state(), keys, { width: 120, height: 36, speed: 1 });
    expect(view.shown?.title).toBe(
      'network statistics · computed 90 s ago · figures: highest day of the last 3 · series: last 90 days',
    );
  });

  it('the line under it: live, or stale with when the data was fetched; no figures yet says so', () => {
    const size = { width: 120, height: 36, speed: 60 };
    expect(networkView(state(), keys, size).status).toMatchObject({
      text: 'live, every 2 min (2 s at 60x) · r refreshes now',
    });
    const error = new ApiError('http', 'HTTP 500: simulated failure', { status: 500 });
    expect(networkView(state({ error, nextAt: NOW + 20_000 }), keys, size).status).toMatchObject({
      tone: 'warn',
      text: '⚠ stale · data fetched at 12:00:00 · retrying at 12:00:20 · HTTP 500',
    });
    const first = networkView(state({ data: undefined, error }), keys, size);
    expect(first.empty).toBe('No network statistics yet.');
    expect(first.shown).toBeUndefined();
  });
});
