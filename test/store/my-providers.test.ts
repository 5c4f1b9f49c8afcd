import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import type { ProviderStats, ProvidersStats } from '../../src/contract/schemas.ts';
import { createClientsStore } from '../../src/store/clients.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../src/store/deps.ts';
import { nextSort, reversedSort, withFilter } from '../../src/store/list-sort-filter.ts';
import {
  createMyProvidersStore,
  diffProviders,
  isChanged,
  MY_PROVIDERS_LIST,
  MY_PROVIDERS_SORT_COLUMNS,
  type MyProvidersStore,
  visibleProviders,
} from '../../src/store/my-providers.ts';

const P = (id: string, fields: Partial<ProviderStats>): ProviderStats =>
  ({ client_id: `${id}-0000-4000-8000-000000000000`, ...fields }) as ProviderStats;

/** A client whose /stats/providers answers whatever `answer` holds at the time of the call. */
function setup(first: ProviderStats[]) {
  const clock = new ManualClock();
  const answer: { providers: ProviderStats[]; calls: number } = { providers: first, calls: 0 };
  const client = {
    providerStats: async () => {
      answer.calls++;
      return { providers: answer.providers } as ProvidersStats;
    },
  } as unknown as ApiClient;
  const store = createMyProvidersStore({ client, clock, connection: createConnectionStore() });
  return { clock, answer, store };
}

const ids = (rows: readonly ProviderStats[]) => rows.map((p) => p.client_id?.slice(0, 8));

/** What `o`, `I` and `/` do to the table (src/ui/components/list-view.tsx), on the store. */
const sortNext = (store: MyProvidersStore) =>
  store.getState().setView(nextSort(MY_PROVIDERS_LIST, store.getState().view));
const reverse = (store: MyProvidersStore) =>
  store.getState().setView(reversedSort(MY_PROVIDERS_LIST, store.getState().view)!);
const filter = (store: MyProvidersStore, text: string) =>
  store.getState().setView(withFilter(store.getState().view, text));

const THREE = [
  P('aaaaaaaa', { uptime_last_24h: 5, payout_last_24h: 0.3, provide_mode: 3, connected: true }),
  P('bbbbbbbb', { uptime_last_24h: 20, payout_last_24h: 0.1, provide_mode: 1 }),
  P('cccccccc', { uptime_last_24h: 12, payout_last_24h: 0.2, provide_mode: 3, connected: true }),
];

describe('stats store (My providers)', () => {
  it('loads on start and refreshes a refresh period (the default) later on the store clock, not a second before', async () => {
    const { clock, answer, store } = setup(THREE);
    await store.getState().start();
    expect(answer.calls).toBe(1);
    await clock.advance(DEFAULT_REFRESH_SECONDS * 1000 - 1_000);
    expect(answer.calls).toBe(1);
    await clock.advance(1_000);
    expect(answer.calls).toBe(2);
    store.getState().stop();
  });

  it('sorts by uptime, largest first; o cycles the column (names too) and I reverses it', async () => {
    const { store } = setup(THREE);
    await store.getState().start();
    expect(ids(visibleProviders(store.getState()))).toEqual(['bbbbbbbb', 'cccccccc', 'aaaaaaaa']);
    reverse(store);
    expect(ids(visibleProviders(store.getState()))).toEqual(['aaaaaaaa', 'cccccccc', 'bbbbbbbb']);
    sortNext(store); // transfer: all equal, ties by client id
    sortNext(store); // payout, largest first again
    expect(store.getState().view.sort).toEqual({ column: 'payout', descending: true });
    expect(ids(visibleProviders(store.getState()))).toEqual(['aaaaaaaa', 'cccccccc', 'bbbbbbbb']);
    for (let i = 0; i < 5; i++) sortNext(store); // search, contracts, clients, mode, then around
    expect(store.getState().view.sort).toEqual({ column: 'connected', descending: true });
    expect(ids(visibleProviders(store.getState()))).toEqual(['aaaaaaaa', 'cccccccc', 'bbbbbbbb']);
    sortNext(store);
    expect(store.getState().view.sort).toEqual({ column: 'clientId', descending: false });
    sortNext(store);
    expect(store.getState().view.sort).toEqual({ column: 'name', descending: false });
    // Every column the state file may remember, and no other.
    expect(MY_PROVIDERS_LIST.columns.map((c) => c.id)).toEqual([...MY_PROVIDERS_SORT_COLUMNS]);
    store.getState().stop();
  });

  it('filters by client id or provide mode name, case-insensitively', async () => {
    const { store } = setup(THREE);
    await store.getState().start();
    filter(store, 'PUBLIC');
    expect(ids(visibleProviders(store.getState()))).toEqual(['cccccccc', 'aaaaaaaa']);
    filter(store, 'bbbb');
    expect(ids(visibleProviders(store.getState()))).toEqual(['bbbbbbbb']);
    filter(store, 'nothing like it');
    expect(visibleProviders(store.getState())).toEqual([]);
    store.getState().stop();
  });

  it('moves the cursor over visible rows, keeps it on the same provider across re-sorts, opens its detail', async () => {
    const { store } = setup(THREE);
    await store.getState().start();
    const s = () => store.getState();
    s().move(1);
    expect(s().selectedId?.slice(0, 8)).toBe('cccccccc');
    s().move(10);
    expect(s().selectedId?.slice(0, 8)).toBe('aaaaaaaa');
    reverse(store);
    expect(s().selectedId?.slice(0, 8)).toBe('aaaaaaaa');
    s().moveTo('bottom');
    s().openDetail();
    expect(s().detailId?.slice(0, 8)).toBe('bbbbbbbb');
    s().closeDetail();
    expect(s().detailId).toBeUndefined();
    store.getState().stop();
  });

  it('marks the figures that changed at a refresh, for a few seconds only', async () => {
    const { clock, answer, store } = setup(THREE);
    await store.getState().start();
    const a = THREE[0].client_id!;
    const b = THREE[1].client_id!;
    expect(isChanged(store.getState(), a, 'uptime_last_24h')).toBe(false);
    answer.providers = [{ ...THREE[0], uptime_last_24h: 6, connected: false }, THREE[1], THREE[2]];
    await clock.advance(DEFAULT_REFRESH_SECONDS * 1000);
    const state = store.getState();
    expect(state.changed).toEqual({ [a]: ['connected', 'uptime_last_24h'] });
    expect(isChanged(state, a, 'uptime_last_24h')).toBe(true);
    expect(isChanged(state, a, 'payout_last_24h')).toBe(false);
    expect(isChanged(state, b, 'uptime_last_24h')).toBe(false);
    await clock.advance(3_000);
    expect(isChanged(store.getState(), a, 'uptime_last_24h')).toBe(false);
    store.getState().stop();
  });
});

describe('names from /network/clients', () => {
  it('a new answer with the same names leaves the figures as they are (nothing to draw); a new name shows', async () => {
    const { clock } = setup(THREE);
    const answers = { clients: [{ client_id: THREE[0].client_id, device_name: 'laptop' }] };
    const client = {
      providerStats: async () => ({ providers: THREE }) as ProvidersStats,
      networkClients: async () => ({ clients: answers.clients }),
    } as unknown as ApiClient;
    const deps = { client, clock, connection: createConnectionStore() };
    const clients = createClientsStore(deps);
    const store = createMyProvidersStore(deps, { clients });
    await clients.getState().start();
    await store.getState().start();
    const named = store.getState().data;
    expect(named?.providers?.[0].device_name).toBe('laptop');
    await clients.getState().refresh();
    expect(store.getState().data).toBe(named);
    answers.clients = [{ client_id: THREE[0].client_id, device_name: 'kitchen pi' }];
    await clients.getState().refresh();
    expect(store.getState().data?.providers?.[0].device_name).toBe('kitchen pi');
    store.getState().stop();
    clients.getState().stop();
  });
});

describe('client ids that are names of Object.prototype', () => {
  it('are ordinary keys for the change highlight (a server may send `constructor` or `__proto__`)', () => {
    const before: ProvidersStats = {
      providers: [
        { client_id: 'constructor', uptime_last_24h: 1 },
        { client_id: '__proto__', uptime_last_24h: 1 },
      ],
    };
    const after: ProvidersStats = {
      providers: [
        { client_id: 'constructor', uptime_last_24h: 2 },
        { client_id: '__proto__', uptime_last_24h: 2 },
      ],
    };
    const changed = diffProviders(before, after);
    expect(Object.keys(changed).sort()).toEqual(['__proto__', 'constructor']);
    const state = { changed, lit: true };
    expect(isChanged(state, 'constructor', 'uptime_last_24h')).toBe(true);
    expect(isChanged(state, 'toString', 'uptime_last_24h')).toBe(false);
  });
});
