import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ManualClock } from '../../src/clock.ts';
import { NETWORK_SERIES_FIELDS, type NetworkStats } from '../../src/contract/schemas.ts';
import { lastValue } from '../../src/format/network-fields.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createNetworkStore, isNetworkChanged } from '../../src/store/network.ts';

function setup(first: NetworkStats) {
  const clock = new ManualClock();
  const answer: { body: NetworkStats | Error; calls: number } = { body: first, calls: 0 };
  const client = {
    networkStats: async () => {
      answer.calls++;
      if (answer.body instanceof Error) throw answer.body;
      return answer.body;
    },
  } as unknown as ApiClient;
  const store = createNetworkStore({
    client,
    clock,
    connection: createConnectionStore(),
    refreshEveryMs: EVERY,
  });
  return { clock, answer, store };
}

/** The refresh period of these tests (the console's comes from --refresh or refresh_seconds). */
const EVERY = 45_000;

const STATS = {
  lookback: 90,
  providers_summary: 4000,
  countries_summary: 80,
  providers_data: { '2026-01-01': 3900, '2026-01-02': 4000 },
} as unknown as NetworkStats;

describe('network store (90 days)', () => {
  it('steps through the series both ways, wrapping around, and toggles the compact view', () => {
    const { store } = setup(STATS);
    const s = () => store.getState();
    expect(s().series).toBe(NETWORK_SERIES_FIELDS[0]);
    s().stepSeries(-1);
    expect(s().series).toBe(NETWORK_SERIES_FIELDS.at(-1));
    s().stepSeries(2);
    expect(s().series).toBe(NETWORK_SERIES_FIELDS[1]);
    s().toggleCompact();
    expect(s().compact).toBe(true);
  });

  it('refreshes every period and marks changed summaries and series (by their newest day)', async () => {
    const { clock, answer, store } = setup(STATS);
    await store.getState().start();
    answer.body = {
      ...STATS,
      providers_summary: 4010,
      providers_data: { ...STATS.providers_data, '2026-01-02': 4010 },
    } as unknown as NetworkStats;
    await clock.advance(EVERY - 1_000);
    expect(answer.calls).toBe(1);
    await clock.advance(1_000);
    expect(store.getState().changed).toEqual(['providers_summary', 'providers_data']);
    expect(isNetworkChanged(store.getState(), 'providers_summary')).toBe(true);
    expect(isNetworkChanged(store.getState(), 'countries_summary')).toBe(false);
    // A timer of the store clock ends the highlight: the pane needs no clock of its own.
    await clock.advance(3_000);
    expect(isNetworkChanged(store.getState(), 'providers_summary')).toBe(false);
    store.getState().stop();
  });

  it('keeps the last data when a refresh fails and retries', async () => {
    const { clock, answer, store } = setup(STATS);
    await store.getState().start();
    answer.body = new ApiError('http', 'Could not fetch stats.', { status: 500 });
    await clock.advance(EVERY);
    expect(store.getState().data?.providers_summary).toBe(4000);
    expect(store.getState().error?.message).toMatch(/Could not fetch stats/);
    expect(store.getState().nextAt).toBeLessThan(clock.now() + EVERY);
    store.getState().stop();
  });

  it('finds the newest day of a series', () => {
    expect(lastValue({ '2026-01-02': 2, '2026-01-01': 1 })).toBe(2);
    expect(lastValue(undefined)).toBeUndefined();
  });
});
