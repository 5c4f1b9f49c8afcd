// Discover's words without Ink: what its view (src/ui/panes/discover/discover-view.ts)
// says on the status line and of an empty list, and why each key cannot act now, or at
// all on a service without find-locations or blocked locations; every key it names is
// the user's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { NO_BLOCKED_LOCATIONS } from '../../src/store/blocked.ts';
import {
  DISTANCE_NOT_APPLICABLE,
  type DiscoveryRow,
  ONLY_ACTIVE_NOT_APPLICABLE,
} from '../../src/store/discovery.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import {
  blockedCountry,
  type DiscoverState,
  discoverReasons,
  discoverView,
  POOL_NOTE,
} from '../../src/ui/panes/discover/discover-view.ts';

const keys = keyNamesOf(keymap);

const country = (name: string, count = 12): DiscoveryRow => ({
  key: `country:${name}`,
  kind: 'country',
  id: `id-${name}`,
  name,
  countryCode: name.slice(0, 2).toLowerCase(),
  providerCount: count,
  spec: { location_id: `id-${name}` },
});

const city: DiscoveryRow = {
  key: 'city:berlin',
  kind: 'city',
  id: 'id-berlin',
  name: 'Berlin',
  context: 'Berlin, Germany',
  countryId: 'id-Germany',
  countryCode: 'de',
  providerCount: 3,
  spec: { location_id: 'id-berlin' },
};

/** A browse list of two countries, loaded, nothing marked, a token given. */
function state(over: Partial<DiscoverState> = {}): DiscoverState {
  return {
    query: '',
    rows: [country('Germany'), country('France', 7)],
    cursor: 0,
    marked: {},
    sort: 'count',
    onlyActive: false,
    findLocationsGone: false,
    expanded: {},
    bestAvailable: false,
    search: { loading: false },
    hasData: true,
    loading: false,
    onlyBlocked: false,
    blockedList: [],
    blockedError: undefined,
    editing: false,
    hasToken: true,
    ...over,
  };
}

const why = (s: DiscoverState, action: keyof ReturnType<typeof discoverReasons>, names = keys) =>
  discoverReasons(s, names)[action];

const NOTHING_TO_SEND = 'nothing to send: no place here to mark (try another search, or esc)';

describe('Discover: why a key cannot act', () => {
  it('p and enter: nothing to send on an empty list, unless something is marked or best available is on', () => {
    const empty = state({ query: 'zzqxv', rows: [] });
    expect(why(empty, 'send')).toEqual({ why: NOTHING_TO_SEND });
    expect(why(empty, 'open')).toEqual({ why: NOTHING_TO_SEND });
    expect(why(empty, 'select')).toEqual({ why: 'no place here to mark' });
    expect(why(state(), 'send')).toBeUndefined();
    expect(why(state({ rows: [], bestAvailable: true }), 'send')).toBeUndefined();
    const marked = { 'country:Germany': { label: 'Germany', kind: 'country' as const, spec: {} } };
    expect(why(state({ rows: [], marked }), 'send')).toBeUndefined();
  });

  it('a, <, >: left to the service while it may have find-locations, unserved once it has none', () => {
    expect(why(state(), 'onlyActive')).toBeUndefined();
    expect(why(state(), 'distanceDown')).toBeUndefined();
    const gone = state({ findLocationsGone: true });
    expect(why(gone, 'onlyActive')).toEqual({ why: ONLY_ACTIVE_NOT_APPLICABLE, unserved: true });
    expect(why(gone, 'distanceDown')).toEqual({ why: DISTANCE_NOT_APPLICABLE, unserved: true });
    expect(why(gone, 'distanceUp')).toEqual({ why: DISTANCE_NOT_APPLICABLE, unserved: true });
    // Only active still on from before: a turns it off.
    expect(why(state({ findLocationsGone: true, onlyActive: true }), 'onlyActive')).toBeUndefined();
  });

  it('o, I, →: the browse list’s keys say so during a search', () => {
    const searching = state({ query: 'ber' });
    expect(why(searching, 'sort')?.why).toBe(
      'o sorts the list of places; a search shows the best match first (esc clears it)',
    );
    expect(why(searching, 'reverse')?.why).toMatch(/^I reverses the list of places/);
    expect(why(searching, 'expand')?.why).toMatch(/^→ opens countries in the list of places/);
    expect(why(state(), 'sort')).toBeUndefined();
    expect(why(state(), 'reverse')?.why).toBe(
      'the places go by count (most providers first) or by name (A-Z): o switches between them',
    );
  });

  it('→ and ←: a country opens once, and closes only when open', () => {
    expect(why(state(), 'expand')).toBeUndefined();
    expect(why(state(), 'collapse')?.why).toBe('← closes an open country: none open here');
    const open = state({ expanded: { 'id-Germany': { loading: false, children: [] } } });
    expect(why(open, 'expand')?.why).toBe('this country is open already (← closes it)');
    expect(why(open, 'collapse')).toBeUndefined();
    expect(why(state({ rows: [city] }), 'expand')?.why).toBe('→ opens a country: this row is not one');
  });

  it('B and F: no token, no blocked locations on this service, not loaded yet; a row with no country', () => {
    expect(why(state({ hasToken: false }), 'block')?.why).toBe(
      "Blocking a country needs your network's token, and none was given: L logs in with an auth code",
    );
    const missing = state({ blockedError: new ApiError('http', 'no', { status: 404 }) });
    expect(why(missing, 'block')).toEqual({ why: NO_BLOCKED_LOCATIONS, unserved: true });
    expect(why(missing, 'onlyBlocked')).toEqual({ why: NO_BLOCKED_LOCATIONS, unserved: true });
    expect(why(state({ blockedList: undefined }), 'block')?.why).toBe('the blocked countries are loading…');
    expect(why(state({ rows: [] }), 'block')?.why).toBe(
      'no place here: B blocks the country under the cursor',
    );
    expect(why(state(), 'block')).toBeUndefined();
    expect(why(state({ rows: [city] }), 'block')).toBeUndefined();
    expect(blockedCountry(city, undefined)).toEqual({
      id: 'id-Germany',
      name: 'Germany',
      code: 'de',
      from: { kind: 'city', name: 'Berlin' },
    });
    expect(why(state(), 'clearMarks')?.why).toBe('nothing marked to clear');
  });

  it("names the user's keys: remapped, the reasons say the new ones", () => {
    const { table } = remapKeys(keymap, { back: ['x'], 'discover.block': ['K'], sort: ['S'] });
    const mine = keyNamesOf(table);
    expect(why(state({ query: 'zz', rows: [] }), 'send', mine)?.why).toBe(
      'nothing to send: no place here to mark (try another search, or x)',
    );
    expect(why(state({ rows: [] }), 'block', mine)?.why).toMatch(/^no place here: K blocks/);
    expect(why(state({ query: 'ber' }), 'sort', mine)?.why).toMatch(/^S sorts the list of places/);
  });
});

describe('Discover: what it shows', () => {
  it('the status line: what the list holds and its keys, in the words that fit', () => {
    const status = discoverView(state(), keys, 200).status;
    expect(status).toEqual({
      kind: 'text',
      tone: 'dim',
      text: `row 1 of 2 · 2 places with providers · ${POOL_NOTE} · → opens a country · space marks · enter/p sends the row to Providers`,
    });
    // Narrow: what the counts are stays, the keys go first.
    expect(discoverView(state(), keys, 40).status).toEqual({
      kind: 'text',
      tone: 'dim',
      text: 'row 1 of 2 · 2 places with providers',
    });
    const { table } = remapKeys(keymap, { 'discover.send': ['S'], open: ['o'], sort: ['s'] });
    expect(discoverView(state(), keyNamesOf(table), 200).status).toMatchObject({
      text: expect.stringContaining('space marks · o/S sends the row to Providers'),
    });
  });

  it('the status line: loading, a failure, a notice', () => {
    expect(discoverView(state({ hasData: false, loading: true }), keys, 80).status).toEqual({
      kind: 'loading',
      label: 'loading provider locations…',
    });
    const error = new Error('boom');
    expect(discoverView(state({ error }), keys, 80).status).toEqual({
      kind: 'error',
      error,
      prefix: 'provider locations',
    });
    expect(discoverView(state({ query: 'ber', notice: 'gone' }), keys, 80).status).toEqual({
      kind: 'text',
      tone: 'warn',
      text: 'row 1 of 2 · 2 matches · gone',
    });
  });

  it('the message of an empty list', () => {
    expect(discoverView(state({ query: 'zzqxv', rows: [] }), keys, 80).empty).toBe('no matches for "zzqxv"');
    expect(discoverView(state({ rows: [], onlyBlocked: true }), keys, 80).empty).toBe(
      'No blocked countries. F shows every place; B there blocks one.',
    );
    expect(discoverView(state({ rows: [], hasData: false, error: new Error('x') }), keys, 80).empty).toBe(
      'no data yet (r retries)',
    );
    expect(discoverView(state({ rows: [] }), keys, 80).empty).toBe(
      'no locations with active providers right now',
    );
  });

  it('a row: the cursor, a mark, a blocked country; the settings and the placeholder', () => {
    const view = discoverView(
      state({
        marked: { 'country:France': { label: 'France', kind: 'country', spec: {} } },
        blockedList: [{ location_id: 'id-Germany' }],
      }),
      keys,
      80,
    );
    const germany = view.row(country('Germany'), true);
    expect(germany.text).toMatch(/^› {2}country ▸ ⊘ Germany\s+blocked\s+12$/);
    expect(germany.tone).toBe('warn');
    expect(view.row(country('France', 7), false)).toMatchObject({
      text: expect.stringMatching(/^ ● country/),
      tone: 'marked',
    });
    expect(view.settings).toBe('sort count · distance default · 1 marked');
    expect(view.placeholder).toBe('press / to search');
    expect(discoverView(state({ findLocationsGone: true }), keys, 80).settings).toBe('sort count');
  });
});
