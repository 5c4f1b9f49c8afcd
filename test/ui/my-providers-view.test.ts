// My providers' words without Ink: what its view (src/ui/panes/my-providers/
// my-providers-view.ts) says on the summary line, of an empty table and under it, and why
// each key cannot act now; every key it names is the user's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { ProviderStats } from '../../src/contract/schemas.ts';
import { NO_VIEW, withFilter } from '../../src/store/list-sort-filter.ts';
import { UNICODE_GLYPHS } from '../../src/ui/glyphs.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import {
  type MyProvidersState,
  myProvidersReasons,
  myProvidersView,
} from '../../src/ui/panes/my-providers/my-providers-view.ts';

const keys = keyNamesOf(keymap);
const NOW = Date.parse('2026-01-01T00:00:00Z');

const provider = (id: string, connected: boolean, uptime: number): ProviderStats => ({
  client_id: `${id}-1111-4222-8333-444455556666`,
  connected,
  uptime_last_24h: uptime,
  device_name: `device ${id}`,
});
const PROVIDERS = [
  provider('aaaaaaaa', true, 12),
  provider('bbbbbbbb', false, 0),
  provider('cccccccc', true, 3),
];

function state(over: Partial<MyProvidersState> = {}): MyProvidersState {
  return {
    data: { created_time: new Date(NOW).toISOString(), providers: PROVIDERS },
    error: undefined,
    loading: false,
    fetchedAt: NOW,
    nextAt: NOW + 120_000,
    everyMs: 120_000,
    view: NO_VIEW,
    selectedId: undefined,
    detailId: undefined,
    changed: {},
    lit: false,
    only: undefined,
    window: '24h',
    staleOn: false,
    stalePeriodMs: 7 * 86_400_000,
    staleMarked: new Set(),
    staleEvents: undefined,
    staleIds: undefined,
    staleError: undefined,
    clients: undefined,
    filtering: false,
    idle: undefined,
    idleVerdicts: undefined,
    idleHours: 6,
    idleOnly: false,
    idleError: undefined,
    mutes: new Map(),
    merged: false,
    ...over,
  };
}

const view = (s: MyProvidersState, width = 120, names = keys) =>
  myProvidersView(s, names, { width, height: 36, speed: 1, glyphs: UNICODE_GLYPHS });
const why = (s: MyProvidersState, action: keyof ReturnType<typeof myProvidersReasons>, names = keys) =>
  myProvidersReasons(s, names)[action]?.why;

describe('My providers: why a key cannot act', () => {
  it('every key acts on the 24-hour table with providers in it', () => {
    expect(Object.values(myProvidersReasons(state(), keys)).filter(Boolean)).toEqual([]);
  });

  it('the table’s keys say where the table went: a history window, or a detail', () => {
    expect(why(state({ window: '7d' }), 'sort')).toBe(
      'o and I sort the 24-hour table, which is not shown here (t to 24 hours shows it)',
    );
    expect(why(state({ detailId: PROVIDERS[0].client_id }), 'search')).toBe(
      '/ filters the 24-hour table, which is not shown here (esc goes back to it)',
    );
    expect(why(state({ detailId: PROVIDERS[0].client_id }), 'staleView')).toBe(
      'O shows the stale clients of the 24-hour table, which is not shown here (esc goes back to it)',
    );
    expect(why(state({ detailId: PROVIDERS[0].client_id }), 'open')).toBe(
      'this provider is open already (esc goes back to the list)',
    );
  });

  it('enter with no provider in the table says so, in the user’s keys', () => {
    expect(why(state({ view: withFilter(NO_VIEW, 'zz') }), 'open')).toBe('no provider here to open');
    const { table } = remapKeys(keymap, { 'myProviders.cycleWindow': ['w'], sort: ['s'] });
    expect(why(state({ window: '30d' }), 'reverse', keyNamesOf(table))).toBe(
      's and I sort the 24-hour table, which is not shown here (w to 24 hours shows it)',
    );
  });
});

describe('My providers: what it shows', () => {
  it('the summary line: how many, how many connected, the order and its keys, the cursor’s row', () => {
    expect(view(state()).summary.text).toBe(
      ' · 3 providers · 2 connected · sort uptime ▼ (o, I) · row 1 of 3',
    );
    const filtered = view(state({ view: withFilter(NO_VIEW, 'device a') })).summary.text;
    expect(filtered).toBe(
      ' · 1 of 3 match (esc clears) · 3 providers · 2 connected · sort uptime ▼ (o, I) · row 1 of 1',
    );
  });

  it('the stale view’s summary: its period and keys, or what it waits for', () => {
    const asking = view(state({ staleOn: true })).summary.text;
    expect(asking).toBe(' · stale for 7d (P): asking when each was last seen… · row 1 of 3');
    const known = view(state({ staleOn: true, staleIds: new Set([PROVIDERS[1].client_id!]) })).summary.text;
    expect(known).toMatch(/^ · stale for 7d \(P\) · 3 of 3 providers · space marks · X removes · O all/);
  });

  it('an empty table says why', () => {
    expect(view(state({ data: { providers: [] } })).table.empty).toMatch(/^No providers in this network yet/);
    expect(view(state({ view: withFilter(NO_VIEW, 'zz') })).table.empty).toBe(
      'No provider matches “zz”. esc clears the filter.',
    );
    const error = new ApiError('http', 'HTTP 500: simulated failure', { status: 500 });
    expect(view(state({ data: undefined, error })).table.empty).toBe(
      'No figures yet: the request failed (below); it is retried on its own, r retries now.',
    );
    expect(view(state()).table.empty).toBeUndefined();
  });

  it('under the table: live with the legend; after a failed refresh, stale with when the data was fetched', () => {
    const live = view(state());
    expect(live.status).toEqual({ kind: 'text', tone: 'muted', text: 'live, every 2 min · r refreshes now' });
    expect(live.legend).toBe('█ connected  ▒ part  · off  Σ up now is the average');
    const error = new ApiError('http', 'HTTP 503: simulated failure', { status: 503 });
    const stale = view(state({ error, nextAt: NOW + 125_000, fetchedAt: NOW - 60_000 }));
    expect(stale.status).toEqual({
      kind: 'text',
      tone: 'warn',
      text: '⚠ stale · data fetched at 23:59:00 · retrying at 00:02:05 · HTTP 503',
    });
    // The failure takes the legend's room.
    expect(stale.legend).toBeUndefined();
    expect(view(state(), 90).legend).toBeUndefined();
  });

  it('without a token the table says how to give one, and nothing stands under it', () => {
    const noToken = new ApiError('no-token', 'no token');
    const shown = view(state({ data: undefined, error: noToken }));
    expect(shown.table.noToken).toBe(true);
    expect(shown.status).toBeUndefined();
  });
});
