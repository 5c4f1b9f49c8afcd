// My providers (24 h): the /stats/providers resource, with each provider's device name and
// provide mode from /network/clients, plus what the pane does with it: sort, filter
// (list-sort-filter.ts), selection, the open detail, and which figures changed at the last refresh.
import type { StoreApi } from 'zustand/vanilla';
import { type ProviderStats, type ProvidersStats, provideModeName } from '../contract/schemas.ts';
import { type ChangeWindow, highlightChanges } from './changes.ts';
import { type ClientsStore, withClientInfo } from './clients.ts';
import type { StoreDeps } from './deps.ts';
import type { ExportTable } from './export-table.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';
import { type RowFilter, rowFilter } from './row-filter.ts';

export const MY_PROVIDERS_SORT_COLUMNS = [
  'connected',
  'clientId',
  'name',
  'uptime',
  'transfer',
  'payout',
  'search',
  'contracts',
  'clients',
  'mode',
] as const;
export type MyProvidersSortColumn = (typeof MY_PROVIDERS_SORT_COLUMNS)[number];

/** The figures compared between refreshes (a changed one is highlighted). */
const TRACKED_FIELDS = [
  'connected',
  'uptime_last_24h',
  'transfer_data_last_24h',
  'payout_last_24h',
  'search_interest_last_24h',
  'contracts_last_24h',
  'clients_last_24h',
  'provide_mode',
] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

export interface MyProvidersView extends ChangeWindow, ListMoves {
  /** The filter (client id, device name or provide mode) and the sort (MY_PROVIDERS_LIST). */
  view: ListView;
  setView(view: ListView): void;
  /** The provider under the cursor, by client id (stays put when rows re-sort). */
  selectedId?: string;
  /** The provider whose detail is open. */
  detailId?: string;
  /** Figures that differ from the previous successful load, by client id. */
  changed: Record<string, readonly TrackedField[]>;
  /** Only these clients are shown (the stale view, src/store/stale.ts); undefined: all. */
  only?: RowFilter;
  showOnly(ids: ReadonlySet<string> | undefined): void;
  /** Only these clients are shown (the idle ones, `i`: src/store/idle-providers.ts); undefined: all. */
  idle?: RowFilter;
  showIdle(ids: ReadonlySet<string> | undefined): void;
  select(clientId: string | undefined): void;
  /** Opens the detail of the selected provider (or the given one). */
  openDetail(clientId?: string): void;
  closeDetail(): void;
}
export type MyProvidersState = ResourceState<ProvidersStats> & MyProvidersView;
export type MyProvidersStore = StoreApi<MyProvidersState>;

/** The device name /network/clients gave the provider (see withClientInfo). */
export const deviceNameOf = (p: ProviderStats): string | undefined =>
  typeof p.device_name === 'string' ? p.device_name : undefined;

/** The table's order and filter: its columns as the header names them (provider-table.ts). */
export const MY_PROVIDERS_LIST: ListSpec<ProviderStats> = {
  columns: [
    { id: 'connected', label: 'connected', value: (p) => (p.connected ? 1 : 0), descendingFirst: true },
    { id: 'clientId', label: 'client id', value: (p) => p.client_id },
    { id: 'name', label: 'device name', value: (p) => deviceNameOf(p)?.toLowerCase() },
    { id: 'uptime', label: 'uptime', value: (p) => p.uptime_last_24h ?? 0, descendingFirst: true },
    { id: 'transfer', label: 'transfer', value: (p) => p.transfer_data_last_24h ?? 0, descendingFirst: true },
    { id: 'payout', label: 'payout', value: (p) => p.payout_last_24h ?? 0, descendingFirst: true },
    {
      id: 'search',
      label: 'search interest',
      value: (p) => p.search_interest_last_24h ?? 0,
      descendingFirst: true,
    },
    { id: 'contracts', label: 'contracts', value: (p) => p.contracts_last_24h ?? 0, descendingFirst: true },
    { id: 'clients', label: 'clients', value: (p) => p.clients_last_24h ?? 0, descendingFirst: true },
    { id: 'mode', label: 'provide mode', value: (p) => provideModeName(p.provide_mode) },
  ],
  text: (p) => [p.client_id, deviceNameOf(p), provideModeName(p.provide_mode)],
  initial: { column: 'uptime', descending: true },
  tie: (p) => p.client_id ?? '',
};

const NO_ROWS: ProviderStats[] = [];
/** The narrowed rows per loaded response (the same array while neither changes, for viewRows' memo). */
const onlyCache = new WeakMap<ProvidersStats, { seqs: string; rows: ProviderStats[] }>();

/**
 * The providers the pane shows: the stale view's only and the idle ones only (`i`), then
 * the filter and the sort (MY_PROVIDERS_LIST).
 */
export function visibleProviders(
  state: Pick<MyProvidersState, 'data' | 'view' | 'only' | 'idle'>,
): readonly ProviderStats[] {
  const all = state.data?.providers;
  if (!all?.length || !state.data) return NO_ROWS;
  let rows = all;
  const filters = [state.only, state.idle].filter((f) => f !== undefined);
  if (filters.length) {
    const seqs = `${state.only?.seq ?? '-'} ${state.idle?.seq ?? '-'}`;
    const cached = onlyCache.get(state.data);
    if (cached?.seqs === seqs) rows = cached.rows;
    else {
      rows = all.filter((p) => p.client_id !== undefined && filters.every((f) => f.ids.has(p.client_id!)));
      onlyCache.set(state.data, { seqs, rows });
    }
  }
  return viewRows(rows, MY_PROVIDERS_LIST, state.view);
}

export function findProvider(state: Pick<MyProvidersState, 'data'>, clientId: string | undefined) {
  return clientId === undefined ? undefined : state.data?.providers?.find((p) => p.client_id === clientId);
}

/** Index of the selected row among the visible ones (0 when none is selected or it is filtered out). */
export function selectedIndex(
  state: Pick<MyProvidersState, 'data' | 'view' | 'only' | 'idle' | 'selectedId'>,
): number {
  const index = visibleProviders(state).findIndex((p) => p.client_id === state.selectedId);
  return Math.max(0, index);
}

/** Is this figure of this provider highlighted now? */
export function isChanged(
  state: Pick<MyProvidersState, 'lit' | 'changed'>,
  clientId: string | undefined,
  field: TrackedField,
) {
  return (
    clientId !== undefined &&
    state.lit &&
    Object.hasOwn(state.changed, clientId) &&
    state.changed[clientId].includes(field)
  );
}

/** Every provider of `a` and `b` has the same device name and provide mode, in the same order. */
function sameClientInfo(a: ProvidersStats, b: ProvidersStats): boolean {
  const before = a.providers ?? [];
  const after = b.providers ?? [];
  return (
    before.length === after.length &&
    before.every((p, i) => p.device_name === after[i].device_name && p.provide_mode === after[i].provide_mode)
  );
}

/** Which tracked figures differ between two loads, by client id (new providers are not listed). */
export function diffProviders(before: ProvidersStats | undefined, after: ProvidersStats | undefined) {
  const previous = new Map((before?.providers ?? []).map((p) => [p.client_id, p]));
  // No prototype: a server's client id may be `__proto__` or `constructor`.
  const changed: Record<string, TrackedField[]> = Object.create(null);
  for (const p of after?.providers ?? []) {
    const old = p.client_id === undefined ? undefined : previous.get(p.client_id);
    if (!old || p.client_id === undefined) continue;
    const fields = TRACKED_FIELDS.filter((field) => (old[field] ?? 0) !== (p[field] ?? 0));
    if (fields.length) changed[p.client_id] = fields;
  }
  return changed;
}

export function createMyProvidersStore(
  deps: StoreDeps,
  options: { clients?: ClientsStore } = {},
): MyProvidersStore {
  // Names and modes come from the clients store when it has them; the figures never wait for it.
  const clientsNow = () => options.clients?.getState().data;
  const resource = createResourceStore<ProvidersStats>(deps, {
    load: async (signal) => withClientInfo(await deps.client.providerStats({ signal }), clientsNow()),
  });
  const store = extendResource<ProvidersStats, MyProvidersView>(resource, (set, get) => {
    return {
      ...listMoves({
        length: () => visibleProviders(get()).length,
        index: () => selectedIndex(get()),
        select: (index) => set({ selectedId: visibleProviders(get())[index].client_id }),
      }),
      view: NO_VIEW,
      changed: {},
      lit: false,
      setView: (view) => set({ view }),
      showOnly: (ids) => set({ only: rowFilter(ids) }),
      showIdle: (ids) => set({ idle: rowFilter(ids) }),
      select: (selectedId) => set({ selectedId }),
      openDetail(clientId) {
        const state = get();
        const id = clientId ?? visibleProviders(state)[selectedIndex(state)]?.client_id;
        if (id !== undefined) set({ detailId: id, selectedId: id });
      },
      closeDetail: () => set({ detailId: undefined }),
    };
  });
  highlightChanges(store, deps.clock, diffProviders, (changed) => Object.keys(changed).length === 0);
  // New names or modes from /network/clients show at once; the same ones change nothing
  // (a new answer of the same table would draw the pane again for nothing).
  options.clients?.subscribe((clients, before) => {
    const { data } = store.getState();
    if (clients.data === before.data || !data) return;
    const named = withClientInfo(data, clients.data);
    if (!sameClientInfo(data, named)) store.setState({ data: named });
  });
  return store;
}

/** The providers shown as an export writes them: the columns and units of `netdeck stats providers --csv`. */
export function providersExport(rows: readonly ProviderStats[]): ExportTable {
  return {
    columns: [
      'client_id',
      'device_name',
      'connected',
      'uptime_hours',
      'transfer_gib',
      'payout_usd',
      'searches',
      'contracts',
      'clients',
      'provide_mode',
    ],
    records: rows.map((p) => ({
      client_id: p.client_id,
      device_name: deviceNameOf(p),
      connected: p.connected,
      uptime_hours: p.uptime_last_24h,
      transfer_gib: p.transfer_data_last_24h,
      payout_usd: p.payout_last_24h,
      searches: p.search_interest_last_24h,
      contracts: p.contracts_last_24h,
      clients: p.clients_last_24h,
      provide_mode: p.provide_mode === undefined ? undefined : provideModeName(p.provide_mode),
    })),
  };
}
