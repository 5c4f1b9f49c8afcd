// Every profile at once (issue 35, item 3): My providers and Earnings merged over the
// profiles `--profiles` names (else every profile of the configuration), `a` in either pane
// turning it on and off for both. On, it opens each profile (its own client and clock:
// deps.openProfiles) and keeps one set of stores per profile (profile-stores.ts), and here a
// snapshot of each set as of its last change, which the merged views read side by side: a
// profile that failed (a refused token, an unreachable service, a configuration that cannot
// be used) shows its reason and the others go on. Off, the sets stop and their clients
// close. The merged providers' own filter, order, cursor and idle filter are kept here too,
// over every profile's rows together.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProviderStats } from '../contract/schemas.ts';
import type { StoreDeps } from './deps.ts';
import type { EarningsState } from './earnings.ts';
import type { IdleProvidersState } from './idle-providers.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { MY_PROVIDERS_LIST, type MyProvidersState } from './my-providers.ts';
import { isOpened, type ProfilesOpening } from './profile-opening.ts';
import {
  createProfileStores,
  type ProfileStores,
  startProfileStores,
  stopProfileStores,
} from './profile-stores.ts';

/** One profile as the merged views read it: its stores' states as of their last change, or why it could not open. */
export interface ProfileSnapshot {
  profile: string;
  network?: string;
  /** Why the profile could not be opened (its configuration); it has no stores then. */
  unopened?: Error;
  myProviders?: MyProvidersState;
  idle?: IdleProvidersState;
  earnings?: EarningsState;
}

export interface EveryProfileState extends ListMoves {
  /** The merged views are shown (My providers and Earnings, `a`). */
  on: boolean;
  /** Why they could not be turned on (no profile to merge), until the next try. */
  problem?: string;
  /** Each profile, in the configuration's order (a new array when one of them changed). */
  profiles: readonly ProfileSnapshot[];
  /** The merged providers' filter and order (MERGED_PROVIDERS_LIST). */
  view: ListView;
  setView(view: ListView): void;
  /** The provider under the cursor: `rowKey` of its profile and client id. */
  selectedKey?: string;
  /** Only the idle providers of every profile (`i` in the merged view). */
  idleOnly: boolean;
  toggleIdleOnly(): void;
  /** The first line of the merged Earnings shown (it scrolls). */
  earningsTop: number;
  scrollEarnings(top: number): void;
  /** Turns the merged views on (opening every profile) or off (closing them). */
  toggle(): void;
  /** Loads every profile's figures again now (`r`). */
  refresh(): void;
  /** Stops every profile's stores and closes their clients (on quit). */
  stop(): void;
}
export type EveryProfileStore = StoreApi<EveryProfileState>;

/** The profile each merged row came from (the rows are the profiles' own objects: nothing is copied). */
const rowProfile = new WeakMap<ProviderStats, string>();
/** The profile of a merged row. */
export const profileOfRow = (p: ProviderStats): string => rowProfile.get(p) ?? '';

/** A row's key across profiles: two profiles may share a network, and so a client id. */
export const rowKey = (profile: string, clientId: string | undefined): string =>
  `${profile}\n${clientId ?? ''}`;
const keyOfRow = (p: ProviderStats) => rowKey(profileOfRow(p), p.client_id);

/** My providers' order and filter, with the profile as a column and a text the filter looks in. */
export const MERGED_PROVIDERS_LIST: ListSpec<ProviderStats> = {
  columns: [{ id: 'profile', label: 'profile', value: profileOfRow }, ...MY_PROVIDERS_LIST.columns],
  text: (p) => [profileOfRow(p), ...MY_PROVIDERS_LIST.text(p)],
  initial: MY_PROVIDERS_LIST.initial,
  tie: keyOfRow,
};

const NO_ROWS: ProviderStats[] = [];

/** What the merged rows are made of: each profile's name and figures (and verdicts, for the idle ones only). */
const rowInputs = (state: Pick<EveryProfileState, 'profiles' | 'idleOnly'>): unknown[] =>
  state.profiles.flatMap((p) => [p.profile, p.myProviders?.data, state.idleOnly ? p.idle?.data : undefined]);
const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, k) => value === b[k]);
/**
 * The last rows of every profile together (all, and the idle ones only): the same array
 * while no profile's figures changed, so that a profile's loading flag, a highlight or a
 * key re-sorts and lays out nothing (viewRows and the view memoise on the array).
 */
const mergedCache: Record<'all' | 'idle', { inputs: unknown[]; rows: ProviderStats[] } | undefined> = {
  all: undefined,
  idle: undefined,
};

/** Every profile's providers in one list (only the idle ones with `idleOnly`), in the profiles' order. */
export function mergedRows(state: Pick<EveryProfileState, 'profiles' | 'idleOnly'>): ProviderStats[] {
  const which = state.idleOnly ? 'idle' : 'all';
  const inputs = rowInputs(state);
  const cached = mergedCache[which];
  if (cached && sameInputs(cached.inputs, inputs)) return cached.rows;
  const rows: ProviderStats[] = [];
  for (const snapshot of state.profiles) {
    const verdicts = snapshot.idle?.data;
    for (const p of snapshot.myProviders?.data?.providers ?? NO_ROWS) {
      if (state.idleOnly && (p.client_id === undefined || verdicts?.get(p.client_id)?.state !== 'idle'))
        continue;
      rowProfile.set(p, snapshot.profile);
      rows.push(p);
    }
  }
  mergedCache[which] = { inputs, rows };
  return rows;
}

/** The merged rows shown: the filter and the order of the merged view. */
export const visibleMerged = (
  state: Pick<EveryProfileState, 'profiles' | 'idleOnly' | 'view'>,
): readonly ProviderStats[] => viewRows(mergedRows(state), MERGED_PROVIDERS_LIST, state.view);

/** The row under the cursor's index among those shown (0 when none is selected or it is filtered out). */
export function mergedIndex(
  state: Pick<EveryProfileState, 'profiles' | 'idleOnly' | 'view' | 'selectedKey'>,
) {
  const rows = visibleMerged(state);
  // Each row's index by its key, once per rows shown: a key press looks one up among 10 000.
  let indexes = rowIndexes.get(rows);
  if (!indexes) {
    indexes = new Map(rows.map((p, index) => [keyOfRow(p), index]));
    rowIndexes.set(rows, indexes);
  }
  return state.selectedKey === undefined ? 0 : (indexes.get(state.selectedKey) ?? 0);
}
const rowIndexes = new WeakMap<readonly ProviderStats[], Map<string, number>>();

/** A snapshot of one profile's stores now. */
const snapshotOf = (set: ProfileStores): ProfileSnapshot => ({
  profile: set.profile,
  network: set.network,
  myProviders: set.myProviders.getState(),
  idle: set.idle.getState(),
  earnings: set.earnings.getState(),
});

/** Why there is nothing to merge, as the pane says it. */
const NO_PROFILES =
  'no profiles to show together: netdeck login --profile NAME, or netdeck config set api_url URL --profile NAME, makes one';

export function createEveryProfileStore(
  deps: Pick<StoreDeps, 'openProfiles' | 'refreshEveryMs'>,
): EveryProfileStore {
  let opening: ProfilesOpening | undefined;
  let sets: ProfileStores[] = [];
  let unsubscribe: (() => void)[] = [];

  const store = createStore<EveryProfileState>()((set, get) => {
    const open = () => {
      if (!deps.openProfiles) return set({ problem: NO_PROFILES });
      try {
        opening = deps.openProfiles();
      } catch (error) {
        return set({ problem: (error as Error).message });
      }
      const opened = opening.profiles.filter(isOpened);
      sets = createProfileStores(opened, { refreshEveryMs: deps.refreshEveryMs });
      const byName = new Map(sets.map((s) => [s.profile, s]));
      const snapshots = (): ProfileSnapshot[] =>
        (opening?.profiles ?? []).map((p) => {
          const stores = byName.get(p.name);
          return stores
            ? snapshotOf(stores)
            : { profile: p.name, unopened: isOpened(p) ? undefined : p.error };
        });
      // Each profile's snapshot anew when one of its stores changed; the others' stay as they were.
      unsubscribe = sets.flatMap((stores) =>
        [stores.myProviders, stores.idle, stores.earnings].map((one) =>
          (one as StoreApi<unknown>).subscribe(() => {
            const at = get().profiles.findIndex((s) => s.profile === stores.profile);
            if (at < 0) return;
            const profiles = [...get().profiles];
            profiles[at] = snapshotOf(stores);
            set({ profiles });
          }),
        ),
      );
      set({ on: true, problem: undefined, profiles: snapshots(), earningsTop: 0 });
      void startProfileStores(sets);
    };
    const close = () => {
      for (const off of unsubscribe) off();
      unsubscribe = [];
      stopProfileStores(sets);
      sets = [];
      void opening?.close();
      opening = undefined;
      set({ on: false, profiles: [], idleOnly: false });
    };
    return {
      on: false,
      profiles: [],
      view: NO_VIEW,
      idleOnly: false,
      earningsTop: 0,
      ...listMoves({
        length: () => visibleMerged(get()).length,
        index: () => mergedIndex(get()),
        select: (index) => set({ selectedKey: keyOfRow(visibleMerged(get())[index]) }),
      }),
      setView: (view) => set({ view }),
      toggleIdleOnly: () => set({ idleOnly: !get().idleOnly }),
      scrollEarnings: (top) => set({ earningsTop: Math.max(0, top) }),
      toggle: () => (get().on ? close() : open()),
      refresh() {
        for (const stores of sets)
          for (const one of [stores.clients, stores.myProviders, stores.idle, stores.earnings])
            void one.getState().refresh();
      },
      stop: () => {
        if (get().on) close();
      },
    };
  });
  return store;
}
