// Providers' words without Ink: what its view (src/ui/panes/providers/providers-view.ts)
// says on the status line, of an empty list and of a row, and why each key cannot act
// now, or at all on a service that reads no rank mode; every key it names is the user's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { Provider } from '../../src/contract/schemas.ts';
import type { MarkedSpec } from '../../src/store/discovery.ts';
import { NO_VIEW } from '../../src/store/list-sort-filter.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import {
  batchPlace,
  type ProvidersPaneState,
  providersReasons,
  providersView,
} from '../../src/ui/panes/providers/providers-view.ts';

const keys = keyNamesOf(keymap);

const ID_A = '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01';
const ID_B = '7c4e1a2b-3d5f-4a6b-8c7d-9e0f1a2b3c4d';
const berlin: Provider = {
  client_id: ID_A,
  tier: 2,
  estimated_bytes_per_second: 2_500_000,
  location: { city: 'Berlin', region: 'Berlin', country_code: 'de' },
};
const bare: Provider = { client_id: ID_B };
const SPEC: MarkedSpec = { label: 'Germany', kind: 'country', spec: { location_id: 'g' }, providerCount: 40 };

/** Two providers seen for Germany in one batch of 10, nothing marked. */
function state(over: Partial<ProvidersPaneState> = {}): ProvidersPaneState {
  return {
    specs: [SPEC],
    seen: [berlin, bare],
    cursor: 0,
    batches: 1,
    batchSize: 10,
    rankMode: 'quality',
    rankModeRead: true,
    exhausted: false,
    tooLarge: false,
    loading: false,
    destinations: {},
    view: NO_VIEW,
    editing: false,
    hasToken: true,
    ...over,
  };
}

const why = (s: ProvidersPaneState, action: keyof ReturnType<typeof providersReasons>, names = keys) =>
  providersReasons(s, names)[action];

const NOTHING_CHOSEN = 'nothing chosen yet: mark places in Discover (1, space), then p or enter';

describe('Providers: why a key cannot act', () => {
  it("P: a proxy in the batch's place, one country, region or city; none for several places, a group, no token", () => {
    expect(why(state(), 'proxy')).toBeUndefined();
    expect(batchPlace([SPEC])).toEqual({
      text: 'Germany',
      location: { location_id: 'g', location_type: 'country', name: 'Germany' },
    });
    expect(why(state({ specs: [] }), 'proxy')).toEqual({ why: NOTHING_CHOSEN });
    expect(why(state({ specs: [SPEC, { ...SPEC, label: 'France' }] }), 'proxy')?.why).toMatch(
      /^a proxy is made in one country, region or city: this batch is of several places \(P in Discover/,
    );
    expect(
      why(
        state({ specs: [{ label: 'best available', kind: 'country', spec: { best_available: true } }] }),
        'proxy',
      )?.why,
    ).toMatch(/this batch is of a group or best available/);
    expect(why(state({ hasToken: false }), 'proxy')?.why).toMatch(
      /^Making a proxy needs your network's token/,
    );
  });

  it('n and N: nothing chosen, already fetching, exhausted, refused as too large; N at the bound of providers --all', () => {
    const nothing = state({ specs: [], seen: [], batches: 0 });
    expect(why(nothing, 'next')).toEqual({ why: NOTHING_CHOSEN });
    expect(why(nothing, 'fetchAll')).toEqual({ why: NOTHING_CHOSEN });
    expect(why(state({ fetchingAll: { about: false } }), 'next')?.why).toBe(
      'already fetching every provider (esc stops)',
    );
    expect(why(state({ exhausted: true }), 'fetchAll')?.why).toBe(
      'every matching provider has been seen (x starts over)',
    );
    expect(why(state({ tooLarge: true }), 'next')?.why).toBe(
      'the service refused a request this large: x starts over, - asks for fewer',
    );
    const atBound = state({ walkStop: 'providers' });
    expect(why(atBound, 'next')).toBeUndefined();
    expect(why(atBound, 'fetchAll')?.why).toBe(
      'N fetched the most it fetches (2 seen): x starts over, or mark fewer places in Discover',
    );
    expect(why(state(), 'next')).toBeUndefined();
    expect(why(state(), 'fetchAll')).toBeUndefined();
  });

  it('d and space: no provider here, or one without an id; D: nothing marked; e: nothing seen; x: nothing chosen', () => {
    expect(why(state({ seen: [] }), 'destination')?.why).toBe('no provider here to mark: n fetches a batch');
    expect(why(state({ seen: [] }), 'select')?.why).toBe('no provider here to mark: n fetches a batch');
    expect(why(state({ seen: [{ tier: 1 }] }), 'select')?.why).toBe(
      'this provider came without an id: it cannot be marked',
    );
    expect(why(state(), 'select')).toBeUndefined();
    expect(why(state(), 'clearDestinations')?.why).toBe('no used destinations to forget');
    expect(why(state({ destinations: { [ID_A]: [ID_A] } }), 'clearDestinations')).toBeUndefined();
    expect(why(state({ seen: [] }), 'export')?.why).toBe(
      'nothing to export yet: mark places in Discover and send them here (p)',
    );
    expect(why(state({ specs: [] }), 'reset')?.why).toBe('nothing to reset: nothing chosen yet');
  });

  it('+ and -: the ends of the batch sizes; m: unserved where the service reads no rank mode', () => {
    expect(why(state({ batchSize: 1000 }), 'bigger')?.why).toBe('batches are at their largest (1000)');
    expect(why(state({ batchSize: 1 }), 'smaller')?.why).toBe('batches are at their smallest (1)');
    expect(why(state(), 'bigger')).toBeUndefined();
    expect(why(state({ rankModeRead: false }), 'rankMode')).toEqual({
      why: 'this service reads no rank mode: it picks providers its own way, and m changes nothing',
      unserved: true,
    });
    expect(why(state(), 'rankMode')).toBeUndefined();
  });

  it("names the user's keys: remapped, the reasons say the new ones", () => {
    const { table } = remapKeys(keymap, { back: ['Z'], 'providers.next': ['J'], 'providers.reset': ['R'] });
    const mine = keyNamesOf(table);
    expect(why(state({ seen: [] }), 'select', mine)?.why).toBe('no provider here to mark: J fetches a batch');
    expect(why(state({ fetchingAll: { about: false } }), 'next', mine)?.why).toBe(
      'already fetching every provider (Z stops)',
    );
    expect(why(state({ exhausted: true }), 'next', mine)?.why).toMatch(/\(R starts over\)$/);
  });
});

describe('Providers: what it shows', () => {
  it('the status line: a refusal, a failure, N at work, a batch on its way, exhausted, what ? means', () => {
    const status = (over: Partial<ProvidersPaneState>) => providersView(state(over), keys, 120).status;
    expect(status({ tooLarge: true })).toMatchObject({
      kind: 'text',
      tone: 'warn',
      text: expect.stringMatching(/^the exclusion list grew past what the service takes \(413\)/),
    });
    const error = new ApiError('http', 'HTTP 500', { status: 500 });
    expect(status({ error })).toEqual({ kind: 'error', error, prefix: 'find-providers2' });
    expect(status({ fetchingAll: { total: 40, about: false } })).toMatchObject({
      kind: 'text',
      text: expect.stringMatching(/^fetching every provider: 2 of 40 [█░]+ 5% · esc stops$/),
    });
    expect(status({ loading: true })).toEqual({ kind: 'loading', label: 'fetching 10 more…' });
    expect(status({ exhausted: true })).toEqual({
      kind: 'text',
      text: "all seen: 2 of Discover's 40, as none below the performance gate is sampled (x starts over)",
    });
    expect(status({ exhausted: true, specs: [{ ...SPEC, providerCount: 2 }] })).toEqual({
      kind: 'text',
      text: 'every matching provider seen: the last batch came back empty (x starts over)',
    });
    expect(status({})).toEqual({ kind: 'text', tone: 'dim', text: '? not sent by the service' });
    expect(status({ seen: [berlin] })).toEqual({ kind: 'text', tone: 'dim', text: '' });
  });

  it('the status line: N stopped at a bound of providers --all says which, and how to see the rest', () => {
    const status = (walkStop: ProvidersPaneState['walkStop']) =>
      providersView(state({ walkStop }), keys, 300).status;
    expect(status('providers')).toEqual({
      kind: 'text',
      tone: 'warn',
      text: 'N stopped at 2 providers, the most it fetches: the service has more; mark fewer places in Discover (1) to see the rest',
    });
    expect(status('requests')).toMatchObject({
      text: expect.stringMatching(/^N stopped after 1,000 requests/),
    });
    expect(status('bytes')).toMatchObject({
      text: expect.stringMatching(/^N stopped at 2 providers: it sends at most 256 MiB/),
    });
  });

  it('the top line, the message of an empty list, a row', () => {
    const view = providersView(state({ destinations: { [ID_B]: [ID_B] } }), keys, 120);
    expect(view.chosen).toBe('for Germany');
    expect(view.counters).toBe('row 1 of 2 seen · 1 batch · batch size 10 · by quality · 1 used destination');
    expect(view.row(berlin, true)).toEqual({
      text: expect.stringMatching(
        /^› {2}0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01 {2}2 +2\.50 MB\/s {2}Berlin, Berlin, DE/,
      ),
      marked: false,
    });
    expect(view.row(bare, false)).toMatchObject({
      text: expect.stringMatching(/^ D 7c4e1a2b-/),
      marked: true,
    });
    expect(providersView(state({ specs: [], seen: [], batches: 0 }), keys, 120).chosen).toBe(NOTHING_CHOSEN);
    expect(providersView(state({ editing: true }), keys, 120).chosen).toBeUndefined();
    expect(providersView(state({ seen: [], batches: 1 }), keys, 120).empty).toBe(
      'no providers for this choice right now',
    );
    expect(providersView(state({ view: { filter: 'tokyo' } }), keys, 120)).toMatchObject({
      shown: [],
      empty: 'No provider seen matches “tokyo” (esc clears the filter).',
    });
  });
});
