import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createStores } from '../../src/store/index.ts';
import { nextSort } from '../../src/store/list-sort-filter.ts';
import { MY_PROVIDERS_LIST } from '../../src/store/my-providers.ts';
import {
  applyRemembered,
  parseRemembered,
  rememberedOf,
  watchRemembered,
} from '../../src/store/remembered.ts';
import { neverClient } from '../ui/fakes.ts';

const stores = () =>
  createStores({ client: neverClient(), clock: new ManualClock(), connection: createConnectionStore() });

afterEach(() => vi.useRealTimers());

describe('remembered choices', () => {
  it('keeps the good fields of a file and drops the rest (unknown keys, bad values, not an object)', () => {
    expect(
      parseRemembered({
        pane: 'myProviders',
        discoverySort: 'name',
        myProvidersSort: { column: 'transfer', descending: false },
        providersBatchSize: 50,
        stalePeriod: '12h',
        colour: 'pink',
      }),
    ).toEqual({
      pane: 'myProviders',
      discoverySort: 'name',
      myProvidersSort: { column: 'transfer', descending: false },
      providersBatchSize: 50,
      stalePeriod: '12h',
    });
    expect(
      parseRemembered({
        pane: '../../etc',
        discoverySort: 'size',
        myProvidersSort: { column: 'nope', descending: true },
        providersBatchSize: 7,
        stalePeriod: '3 fortnights',
      }),
    ).toEqual({});
    expect(parseRemembered({ pane: 'devices', providersBatchSize: '50' })).toEqual({ pane: 'devices' });
    for (const odd of [null, 3, 'x', [], undefined]) expect(parseRemembered(odd)).toEqual({});
  });

  it('puts the pane, the sorts, the batch size and the stale period back, and takes them out again', () => {
    const s = stores();
    const remembered = {
      pane: 'providers',
      discoverySort: 'name',
      myProvidersSort: { column: 'payout', descending: false },
      providersBatchSize: 200,
      stalePeriod: '14d',
    } as const;
    applyRemembered(s, remembered);
    expect(s.session.getState().activePane).toBe('providers');
    expect(s.discovery.getState().sort).toBe('name');
    expect(s.myProviders.getState().view.sort).toEqual({ column: 'payout', descending: false });
    expect(s.providers.getState().batchSize).toBe(200);
    expect(s.stale.getState().periodMs).toBe(14 * 86_400_000);
    expect(rememberedOf(s)).toEqual(remembered);
  });

  it('saves once a burst of changes has settled, not for changes to anything else, and at stop', () => {
    vi.useFakeTimers();
    const s = stores();
    const save = vi.fn();
    const watch = watchRemembered(s, save, 1000);
    s.discovery.getState().setQuery('ber');
    s.myProviders.getState().setView({ ...s.myProviders.getState().view, filter: 'x' });
    vi.advanceTimersByTime(5000);
    expect(save).not.toHaveBeenCalled();

    const sortNext = () =>
      s.myProviders.getState().setView(nextSort(MY_PROVIDERS_LIST, s.myProviders.getState().view));
    sortNext();
    vi.advanceTimersByTime(500);
    sortNext();
    s.providers.getState().changeBatchSize(1);
    vi.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({
      myProvidersSort: { column: 'payout', descending: true },
      providersBatchSize: 20,
    });

    // A change still waiting when the console quits is saved then.
    s.session.getState().setPane('network');
    watch.stop();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0]).toMatchObject({ pane: 'network' });
    s.session.getState().setPane('devices');
    vi.advanceTimersByTime(5000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
