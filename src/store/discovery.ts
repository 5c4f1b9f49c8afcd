// The Discover pane's state: the provider-locations list (a live resource) with the
// countries opened in place, a fuzzy search debounced on the store clock (find-locations
// where the service has it, else find-provider-locations: api/location-search.ts), the
// rows both produce, and the specs the user marks for the Providers pane.

import type { StoreApi } from 'zustand/vanilla';
import { isTransient } from '../api/errors.ts';
import { createLocationSearch, FELL_BACK, type SearchVia } from '../api/location-search.ts';
import { shortQueryNote } from '../api/search-query.ts';
import { PRIORITY, type TimerHandle } from '../clock.ts';
import type { BlockedLocation, LocationResult, LocationSpecInput } from '../contract/schemas.ts';
import { blockedIds } from './blocked.ts';
import type { StoreDeps } from './deps.ts';
import { refreshPeriod } from './deps.ts';
import {
  blockedRows,
  browseRows,
  childRows,
  type DiscoveryRow,
  type DiscoverySort,
  type Expansion,
  inBlocked,
  type RowKind,
  searchRows,
} from './discovery-rows.ts';
import { ownEntry } from './distinct-keys.ts';
import { clampIndex, type ListMoves, listMoves } from './list-cursor.ts';
import { requestSlot, send } from './request.ts';
import {
  createResourceStore,
  extendResource,
  RETRY_BASE_MS,
  type ResourceState,
  retryDelay,
} from './resource.ts';

export type { DiscoveryRow, DiscoverySort, RowKind };
export { searchRows };

export interface MarkedSpec {
  label: string;
  kind: RowKind;
  spec: LocationSpecInput;
  /** Providers there as Discover listed them: what Providers' fetch-all (N) counts toward. */
  providerCount?: number;
}

/** `<`/`>` walk these fractions of allowed typos per query character (find-locations only). */
const DISTANCE_STEPS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.4, 0.5];
/** The service's own default; `distanceFraction` undefined means it (nothing is sent). */
const DEFAULT_DISTANCE = 0.2;
/**
 * A pause in typing this long sends the search: short enough that the results follow
 * each key (budget: 100 ms from key to results), long enough to merge a burst of keys
 * (a paste, key repeat); a newer search aborts the one in flight.
 */
export const SEARCH_DEBOUNCE_MS = 40;
/**
 * Why `<`/`>` do nothing once the service searches with find-provider-locations (short:
 * the footer says it on one line of 80 columns).
 */
export const DISTANCE_NOT_APPLICABLE =
  'this service has no find-locations: its search takes no match distance';
/** Why `a` does nothing there: find-provider-locations lists only places with providers. */
export const ONLY_ACTIVE_NOT_APPLICABLE =
  'this service has no find-locations: its search lists only places with providers';

export interface SearchState {
  /** The query the result answers (may lag the typed one while a request is out). */
  query?: string;
  result?: LocationResult;
  /** Which operation answered. */
  via?: SearchVia;
  loading: boolean;
  error?: Error;
  /** Why the query was not asked (one character, a script no place name uses): said instead of matches. */
  problem?: string;
}

export interface DiscoveryView extends ListMoves {
  /** What is typed in the search box; empty means "browse provider-locations". */
  query: string;
  search: SearchState;
  sort: DiscoverySort;
  onlyActive: boolean;
  distanceFraction?: number;
  /**
   * find-locations answered 404 (api/location-search.ts), or the demo's era lacks it: the
   * distance and only-active settings do not apply.
   */
  findLocationsGone: boolean;
  /** A line to show once: find-locations found gone, or a search answered by the other operation. */
  notice?: string;
  /** Countries opened in place, by id. */
  expanded: Record<string, Expansion>;
  /** The rows on screen, derived from the data above (kept in state so views just read it). */
  rows: DiscoveryRow[];
  cursor: number;
  marked: Record<string, MarkedSpec>;
  bestAvailable: boolean;
  /** The network's blocked locations (the blocked store's, handed over by createStores); undefined: not known. */
  blocked?: BlockedLocation[];
  /** Shows only the blocked locations (a search: only places in blocked countries). */
  onlyBlocked: boolean;
  setQuery(query: string): void;
  /** Runs the search for the current query now (enter in the box). */
  searchNow(): Promise<void>;
  toggleSort(): void;
  toggleOnlyActive(): void;
  /** +1 looser (more typos allowed), -1 stricter; why not, when it cannot (the key says it). */
  stepDistance(delta: 1 | -1): string | undefined;
  /**
   * Runs `change` (a setting only find-locations honours) once the service is known to have
   * find-locations, asking it first if no search has told; else changes nothing and gives
   * `why`. Undefined: changed.
   */
  withFindLocations(why: string, change: () => string | undefined): Promise<string | undefined>;
  /** Opens the country under the cursor in place: its regions and cities. */
  expand(): Promise<void>;
  /** Closes the country under the cursor (or the one whose child it is). */
  collapse(): void;
  /** Marks or unmarks the row under the cursor. */
  toggleMark(): void;
  clearMarks(): void;
  toggleBest(): void;
  setBlocked(blocked: BlockedLocation[] | undefined): void;
  toggleOnlyBlocked(): void;
  /** What `enter`/`p` sends: the marks, else the row under the cursor, plus best-available. */
  chosen(): MarkedSpec[];
  /** Stops the debounce timer and any search in flight (with the resource's own stop). */
  dispose(): void;
}

export type DiscoveryState = ResourceState<LocationResult> & DiscoveryView;
export type DiscoveryStore = StoreApi<DiscoveryState>;

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** The rows the pane shows for a state. */
function rowsOf(
  state: Pick<
    DiscoveryState,
    'query' | 'data' | 'search' | 'sort' | 'onlyActive' | 'expanded' | 'blocked' | 'onlyBlocked'
  >,
) {
  const browsing = state.query.trim() === '';
  if (state.onlyBlocked && browsing) return blockedRows(state.blocked ?? [], state.data, state.sort);
  const rows = browsing
    ? browseRows(state.data, state.sort, state.expanded)
    : searchRows(
        state.search.result,
        state.onlyActive ? state.data : undefined,
        state.query,
        state.search.via,
      );
  return state.onlyBlocked ? inBlocked(rows, blockedIds(state.blocked)) : rows;
}

function labelOf(row: DiscoveryRow): string {
  return row.context ? `${row.name} (${row.context})` : row.name;
}

export function createDiscoveryStore(deps: StoreDeps): DiscoveryStore {
  const { client, clock } = deps;
  // Said once, when the service turns out to have no find-locations; the demo knows its era
  // from the start, so its first search says nothing of a 404.
  const locationSearch = createLocationSearch(
    client,
    (notice) => store.setState({ findLocationsGone: true, notice }),
    deps.demo?.lacks('findLocations'),
  );
  const resource = createResourceStore<LocationResult>(deps, {
    load: (signal) => client.providerLocations({ signal }),
  });
  let debounce: TimerHandle | undefined;
  // A search that failed on the way (network, timeout, 5xx, 429) is tried again with the
  // resources' back-off, and at once when the service answers another request.
  let retry: TimerHandle | undefined;
  let searchFailures = 0;
  let runSearchNow: () => Promise<void> = async () => {};
  const searches = requestSlot(deps, 'superseded by a newer search');

  const store = extendResource<LocationResult, DiscoveryView>(resource, (set, get) => {
    const setCursor = (index: number) => set({ cursor: clampIndex(index, get().rows.length) });
    const cancelRetry = () => {
      retry?.cancel();
      retry = undefined;
    };
    const cancelSearch = () => {
      debounce?.cancel();
      debounce = undefined;
      cancelRetry();
      searches.abort('superseded by a newer search');
    };

    const runSearch = async () => {
      debounce = undefined;
      cancelRetry();
      const query = get().query.trim();
      if (query === '') return;
      set({ search: { ...get().search, loading: true } });
      let delay: number | undefined;
      const outcome = await searches.run(
        (signal) => locationSearch.search(query, { maxDistanceFraction: get().distanceFraction, signal }),
        {
          // The header counts down to the retry; a refusal (4xx) would fail the same way again.
          retryAt: (error) => {
            if (!isTransient(error)) return undefined;
            delay = retryDelay(searchFailures + 1, error, RETRY_BASE_MS, refreshPeriod(deps));
            return clock.now() + delay;
          },
        },
      );
      if (!outcome) return;
      if ('error' in outcome) {
        searchFailures++;
        set({ search: { ...get().search, loading: false, error: outcome.error } });
        if (delay !== undefined) retry = clock.setTimeout(runSearch, delay, PRIORITY.store);
        return;
      }
      searchFailures = 0;
      const answer = outcome.value;
      set({
        search: { query, result: answer.result, via: answer.via, loading: false, problem: answer.problem },
        ...(answer.fellBack ? { notice: FELL_BACK } : {}),
        ...(answer.leftOut ? { notice: shortQueryNote(query, answer.leftOut) } : {}),
      });
    };

    runSearchNow = runSearch;

    const schedule = () => {
      cancelSearch();
      searchFailures = 0;
      if (get().query.trim() === '') {
        set({ search: { loading: false } });
        return;
      }
      // Shown at once so the user sees the search is under way while typing.
      set({ search: { ...get().search, loading: true } });
      debounce = clock.setTimeout(runSearch, SEARCH_DEBOUNCE_MS, PRIORITY.store);
    };

    const setExpansion = (countryId: string, expansion: Expansion | undefined) => {
      const expanded = { ...get().expanded };
      if (expansion) expanded[countryId] = expansion;
      else delete expanded[countryId];
      set({ expanded });
    };

    /** A country's regions and cities: from the list when it has them (seed era), else searched. */
    const loadChildren = async (row: DiscoveryRow) => {
      const listed = childRows(row.id, get().data, get().sort);
      if (listed.length) return setExpansion(row.id, { loading: false, children: listed });
      setExpansion(row.id, { loading: true, children: [] });
      try {
        // A matched country brings its top regions and cities (the code matches it exactly).
        const result = await send(deps, () =>
          client.findProviderLocations({ query: row.countryCode ?? row.name }),
        );
        if (ownEntry(get().expanded, row.id))
          setExpansion(row.id, { loading: false, children: childRows(row.id, result, get().sort) });
      } catch (caught) {
        if (ownEntry(get().expanded, row.id))
          setExpansion(row.id, { loading: false, error: caught as Error, children: [] });
      }
    };
    const moves = listMoves({
      length: () => get().rows.length,
      index: () => get().cursor,
      select: (cursor) => set({ cursor }),
    });

    return {
      query: '',
      search: { loading: false },
      sort: 'count',
      onlyActive: false,
      // The demo knows its service's era; a real service says so with its first 404.
      findLocationsGone: deps.demo?.lacks('findLocations') ?? false,
      expanded: {},
      rows: [],
      cursor: 0,
      marked: {},
      bestAvailable: false,
      onlyBlocked: false,
      setQuery(query) {
        if (query === get().query) return;
        const wasUuid = isUuid(get().query.trim());
        set({ query, cursor: 0, notice: undefined });
        if (wasUuid && !isUuid(query.trim())) set({ search: { loading: false } });
        schedule();
      },
      searchNow() {
        cancelSearch();
        searchFailures = 0;
        return runSearch();
      },
      toggleSort: () => set({ sort: get().sort === 'count' ? 'name' : 'count' }),
      toggleOnlyActive: () => set({ onlyActive: !get().onlyActive }),
      async withFindLocations(why, change) {
        let has: boolean;
        try {
          has = await locationSearch.hasFindLocations();
        } catch {
          return 'not changed: the service did not say whether it has find-locations (press it again to ask again)';
        }
        return has ? change() : why;
      },
      stepDistance(delta) {
        if (get().findLocationsGone) return DISTANCE_NOT_APPLICABLE;
        const current = get().distanceFraction ?? DEFAULT_DISTANCE;
        const at = DISTANCE_STEPS.indexOf(current);
        const next = DISTANCE_STEPS[Math.max(0, Math.min(DISTANCE_STEPS.length - 1, at + delta))];
        if (next === current)
          return `the match distance is at its ${delta < 0 ? 'strictest' : 'loosest'} (${current.toFixed(1)})`;
        set({ distanceFraction: next === DEFAULT_DISTANCE ? undefined : next });
        if (get().query.trim() !== '') schedule();
        return undefined;
      },
      async expand() {
        const row = get().rows[get().cursor];
        // Countries of the browse list only, once.
        const closed = row?.kind === 'country' && !row.child && !ownEntry(get().expanded, row.id);
        if (!row || !closed || get().query.trim() !== '') return;
        await loadChildren(row);
      },
      collapse() {
        const row = get().rows[get().cursor];
        if (!row) return;
        const countryId = row.child ? row.countryId : row.kind === 'country' ? row.id : undefined;
        if (!countryId || !ownEntry(get().expanded, countryId)) return;
        setExpansion(countryId, undefined);
        // The cursor goes back to the country it was in.
        const at = get().rows.findIndex((r) => r.kind === 'country' && r.id === countryId && !r.child);
        if (at >= 0) setCursor(at);
      },
      ...moves,
      toggleMark() {
        const row = get().rows[get().cursor];
        if (!row) return;
        const marked = { ...get().marked };
        if (ownEntry(marked, row.key)) delete marked[row.key];
        else
          marked[row.key] = {
            label: labelOf(row),
            kind: row.kind,
            spec: row.spec,
            providerCount: row.providerCount,
          };
        set({ marked });
      },
      clearMarks: () => set({ marked: {} }),
      toggleBest: () => set({ bestAvailable: !get().bestAvailable }),
      setBlocked: (blocked) => set({ blocked }),
      toggleOnlyBlocked: () => set({ onlyBlocked: !get().onlyBlocked, cursor: 0 }),
      chosen() {
        const { marked, rows, cursor, bestAvailable } = get();
        let chosen = Object.values(marked);
        const row = rows[cursor];
        if (chosen.length === 0 && row)
          chosen = [
            { label: labelOf(row), kind: row.kind, spec: row.spec, providerCount: row.providerCount },
          ];
        if (bestAvailable)
          chosen = [...chosen, { label: 'best available', kind: 'country', spec: { best_available: true } }];
        return chosen;
      },
      dispose() {
        cancelSearch();
        stopRetryOnline();
        get().stop();
      },
    };
  });

  // The service answers again (another pane's request, a refresh): a search waiting for
  // its retry goes now rather than when its back-off ends.
  const stopRetryOnline = deps.connection.subscribe((state, before) => {
    if (state.status === 'online' && before.status !== 'online' && retry) {
      // The back-off goes on growing if this one fails too.
      void runSearchNow();
    }
  });

  // Rows are derived state: recomputed only when what they depend on changes, so a
  // cursor move on a list of 10 000 locations costs nothing here.
  store.subscribe((state, previous) => {
    if (
      state.data === previous.data &&
      state.search.result === previous.search.result &&
      state.sort === previous.sort &&
      state.onlyActive === previous.onlyActive &&
      state.expanded === previous.expanded &&
      // The blocked list matters to the rows only while they are filtered by it.
      (state.blocked === previous.blocked || !state.onlyBlocked) &&
      state.onlyBlocked === previous.onlyBlocked &&
      (state.query.trim() === '') === (previous.query.trim() === '')
    )
      return;
    const rows = rowsOf(state);
    store.setState({ rows, cursor: clampIndex(state.cursor, rows.length) });
  });
  return store;
}
