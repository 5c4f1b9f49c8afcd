// My providers (24 h): the /stats/providers resource, with each provider's device name and
// provide mode from /network/clients, plus what the pane does with it: sort, filter,
// selection, the open detail, and which figures changed at the last refresh.
import type { StoreApi } from 'zustand/vanilla';
import { type ProviderStats, type ProvidersStats, provideModeName } from '../contract/schemas.ts';
import { type ChangeWindow, highlightSpan, isLit } from './changes.ts';
import { type ClientsStore, withClientInfo } from './clients.ts';
import type { StoreDeps } from './deps.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';
import { type RowFilter, rowFilter } from './row-filter.ts';

export const MY_PROVIDERS_SORT_COLUMNS = [
  'clientId',
  'connected',
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
  sortColumn: MyProvidersSortColumn;
  descending: boolean;
  /** Case-insensitive substring of the client id, the device name or the provide mode's name. */
  filter: string;
  /** The provider under the cursor, by client id (stays put when rows re-sort). */
  selectedId?: string;
  /** The provider whose detail is open. */
  detailId?: string;
  /** Figures that differ from the previous successful load, by client id. */
  changed: Record<string, readonly TrackedField[]>;
  /** Only these clients are shown (the stale view, src/store/stale.ts); undefined: all. */
  only?: RowFilter;
  showOnly(ids: ReadonlySet<string> | undefined): void;
  cycleSort(): void;
  reverseSort(): void;
  setFilter(filter: string): void;
  select(clientId: string | undefined): void;
  /** Opens the detail of the selected provider (or the given one). */
  openDetail(clientId?: string): void;
  closeDetail(): void;
}
export type MyProvidersState = ResourceState<ProvidersStats> & MyProvidersView;
export type MyProvidersStore = StoreApi<MyProvidersState>;

/** Text columns sort A-Z first; figures largest first. */
const ASCENDING_FIRST = new Set<MyProvidersSortColumn>(['clientId', 'mode']);

export const SORT_LABELS: Record<MyProvidersSortColumn, string> = {
  clientId: 'client id',
  connected: 'connected',
  uptime: 'uptime',
  transfer: 'transfer',
  payout: 'payout',
  search: 'search interest',
  contracts: 'contracts',
  clients: 'clients',
  mode: 'provide mode',
};

function sortValue(p: ProviderStats, column: MyProvidersSortColumn): number | string {
  switch (column) {
    case 'clientId':
      return p.client_id ?? '';
    case 'connected':
      return p.connected ? 1 : 0;
    case 'uptime':
      return p.uptime_last_24h ?? 0;
    case 'transfer':
      return p.transfer_data_last_24h ?? 0;
    case 'payout':
      return p.payout_last_24h ?? 0;
    case 'search':
      return p.search_interest_last_24h ?? 0;
    case 'contracts':
      return p.contracts_last_24h ?? 0;
    case 'clients':
      return p.clients_last_24h ?? 0;
    case 'mode':
      return provideModeName(p.provide_mode);
  }
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** The device name /network/clients gave the provider (see withClientInfo). */
export const deviceNameOf = (p: ProviderStats): string | undefined =>
  typeof p.device_name === 'string' ? p.device_name : undefined;

function matches(p: ProviderStats, needle: string): boolean {
  if (!needle) return true;
  const mode = provideModeName(p.provide_mode);
  return [p.client_id ?? '', deviceNameOf(p) ?? '', mode].some((text) => text.toLowerCase().includes(needle));
}

const NO_ROWS: ProviderStats[] = [];
/** Last result per loaded response, so every render and key press does not re-sort. */
const rowsCache = new WeakMap<ProvidersStats, { key: string; rows: ProviderStats[] }>();

/** The providers the pane shows: filtered, then sorted (ties by client id). Memoised on its inputs. */
export function visibleProviders(
  state: Pick<MyProvidersState, 'data' | 'sortColumn' | 'descending' | 'filter' | 'only'>,
): ProviderStats[] {
  if (!state.data?.providers?.length) return NO_ROWS;
  const key = `${state.sortColumn} ${state.descending} ${state.filter} ${state.only?.seq ?? ''}`;
  const cached = rowsCache.get(state.data);
  if (cached?.key === key) return cached.rows;
  const needle = state.filter.trim().toLowerCase();
  const sign = state.descending ? -1 : 1;
  const only = state.only?.ids;
  const rows = state.data.providers
    .filter((p) => matches(p, needle) && (!only || (p.client_id !== undefined && only.has(p.client_id))))
    .sort(
      (a, b) =>
        sign * compare(sortValue(a, state.sortColumn), sortValue(b, state.sortColumn)) ||
        compare(a.client_id ?? '', b.client_id ?? ''),
    );
  rowsCache.set(state.data, { key, rows });
  return rows;
}

export function findProvider(state: Pick<MyProvidersState, 'data'>, clientId: string | undefined) {
  return clientId === undefined ? undefined : state.data?.providers?.find((p) => p.client_id === clientId);
}

/** Index of the selected row among the visible ones (0 when none is selected or it is filtered out). */
export function selectedIndex(state: MyProvidersState): number {
  const index = visibleProviders(state).findIndex((p) => p.client_id === state.selectedId);
  return Math.max(0, index);
}

/** Is this figure of this provider highlighted at `now` (store clock)? */
export function isChanged(
  state: MyProvidersState,
  clientId: string | undefined,
  field: TrackedField,
  now: number,
) {
  return (
    clientId !== undefined &&
    isLit(state, now) &&
    Object.hasOwn(state.changed, clientId) &&
    state.changed[clientId].includes(field)
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
      sortColumn: 'uptime',
      descending: true,
      filter: '',
      changed: {},
      highlightMs: highlightSpan(deps.clock.speed, resource.getState().everyMs),
      cycleSort() {
        const next =
          MY_PROVIDERS_SORT_COLUMNS[
            (MY_PROVIDERS_SORT_COLUMNS.indexOf(get().sortColumn) + 1) % MY_PROVIDERS_SORT_COLUMNS.length
          ];
        set({ sortColumn: next, descending: !ASCENDING_FIRST.has(next) });
      },
      reverseSort: () => set({ descending: !get().descending }),
      setFilter: (filter) => set({ filter }),
      showOnly: (ids) => set({ only: rowFilter(ids) }),
      select: (selectedId) => set({ selectedId }),
      openDetail(clientId) {
        const state = get();
        const id = clientId ?? visibleProviders(state)[selectedIndex(state)]?.client_id;
        if (id !== undefined) set({ detailId: id, selectedId: id });
      },
      closeDetail: () => set({ detailId: undefined }),
    };
  });
  // Compare each successful load with the one before it.
  store.subscribe((state, previous) => {
    if (state.version === previous.version) return;
    // The clock's speed as known now: a service's clock learns its rate from the answers.
    store.setState({
      changed: diffProviders(previous.data, state.data),
      changedAt: state.fetchedAt,
      highlightMs: highlightSpan(deps.clock.speed, state.everyMs),
    });
  });
  // New names or modes from /network/clients show at once.
  options.clients?.subscribe((clients, before) => {
    const { data } = store.getState();
    if (clients.data !== before.data && data) store.setState({ data: withClientInfo(data, clients.data) });
  });
  return store;
}
