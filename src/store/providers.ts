// The Providers pane's state: sampling find-providers2 batch by batch for the chosen
// specs, excluding every provider seen so far, until a batch comes back empty. Marked
// destinations outlive a reset and are sent as exclude_destinations on every batch.
// `N` walks every matching provider as `netdeck providers --all` does (provider-walk.ts:
// batches of the largest size, within the same bounds) until the service says the group
// is exhausted (or a batch fails, a bound is reached, or esc stops it); each batch goes
// through the same request slot, so stopping aborts the one in flight. `n` sends one batch
// of the chosen size the same way.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiError } from '../api/errors.ts';
import type { FindProvidersRequest, Provider, RankMode } from '../contract/schemas.ts';
import { countOf } from '../format/numbers.ts';
import { speedFigure } from '../format/provider-speed.ts';
import { type AskedQuestion, answerQuestion } from './asked-question.ts';
import type { StoreDeps } from './deps.ts';
import type { MarkedSpec } from './discovery.ts';
import type { ExportTable } from './export-table.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { MAX_BATCH, providerWalk, WALK_BOUNDS, type WalkBounds, type WalkStop } from './provider-walk.ts';
import { requestSlot } from './request.ts';

/** `+`/`-` walk these batch sizes. */
export const BATCH_SIZES = [1, 5, 10, 20, 50, 100, 200, 500, 1000] as const;
const DEFAULT_BATCH_SIZE = 10;

export interface ProvidersState extends ListMoves {
  specs: MarkedSpec[];
  /** What each batch asks for, and gets (`force_count`: today's service raises less than 20 otherwise). */
  batchSize: number;
  /** Which of the service's pools ranks the providers (today's service; the seed era ignores it). */
  rankMode: RankMode;
  /** Whether the service reads the rank mode (false: the demo of a service that ignores it). */
  rankModeRead: boolean;
  /** Every provider returned since the last reset, in the order they came. */
  seen: Provider[];
  batches: number;
  /** The last batch came back empty: every matching provider has been seen. */
  exhausted: boolean;
  /** A 413: the exclusion list outgrew what the service takes; iteration stops. */
  tooLarge: boolean;
  loading: boolean;
  /** The last failure; what was seen is kept. */
  error?: Error;
  lastBatchAt?: number;
  /** Destinations marked as used: client id -> path `[...intermediary_ids, client_id]`. */
  destinations: Record<string, string[]>;
  /** The row under the cursor among those shown (the view's). */
  cursor: number;
  /** The filter and sort of what is seen (PROVIDERS_LIST); a new view puts the cursor on the first row. */
  view: ListView;
  setView(view: ListView): void;
  /**
   * `N` at work: fetching batch after batch until exhausted. `total` is how many providers
   * Discover listed for the choice, when it listed a count for every spec (`about` when
   * there are several: they may overlap).
   */
  fetchingAll?: { total?: number; about: boolean };
  /** The bound that ended the last `N` while the service still had more (WALK_BOUNDS). */
  walkStop?: WalkStop;
  /** New specs: resets the iteration and fetches the first batch. */
  choose(specs: MarkedSpec[]): Promise<void>;
  next(): Promise<void>;
  /** `N`: fetches every matching provider, batch after batch, until the service has no more. */
  fetchAll(): Promise<void>;
  /** Stops a fetch-all (aborting its batch in flight); false when none was running. */
  stopFetchAll(): boolean;
  /** Starts over (seen and counters cleared); destination marks stay. */
  reset(): void;
  changeBatchSize(delta: 1 | -1): void;
  /** quality <-> speed, for the batches that follow. */
  toggleRankMode(): void;
  /** Marks or unmarks the provider under the cursor as a used destination. */
  toggleDestination(): void;
  /** Forgets every used destination (after `D`'s question). */
  clearDestinations(): void;
  /** `D`'s y/n question before every used destination is forgotten: how many it forgets. */
  forgetQuestion?: AskedQuestion & { count: number };
  askForget(): void;
  /** Yes forgets them, no keeps them. */
  answerForget(yes: boolean): Promise<void>;
  closeForget(): void;
  dispose(): void;
}
export type ProvidersStore = StoreApi<ProvidersState>;

/** Where a provider is, as words: city, region, country. */
export function providerPlace(p: Provider): string | undefined {
  const l = p.location;
  if (!l) return undefined;
  return [l.city, l.region, l.country ?? l.country_code?.toUpperCase()].filter(Boolean).join(', ');
}

/** The providers seen: in the order they came (the first column's), or by a column; the filter looks in id, tier and place. */
export const PROVIDERS_LIST: ListSpec<Provider> = {
  columns: [
    { id: 'seen', label: 'order seen', value: (_p, index) => index, descendingFirst: false },
    { id: 'clientId', label: 'client id', value: (p) => p.client_id },
    { id: 'tier', label: 'tier', value: (p) => p.tier, descendingFirst: false },
    {
      id: 'speed',
      label: 'speed',
      value: speedFigure,
      descendingFirst: true,
    },
    { id: 'location', label: 'location', value: (p) => providerPlace(p) },
  ],
  text: (p) => [p.client_id, p.tier, providerPlace(p)],
  initial: { column: 'seen', descending: false },
};

/** The providers shown: those seen, filtered and sorted by the view. */
export const visibleSeen = (state: Pick<ProvidersState, 'seen' | 'view'>): readonly Provider[] =>
  viewRows(state.seen, PROVIDERS_LIST, state.view);

/** Providers as `netdeck providers --csv` writes them (its columns and units), for `e` (file-export.ts). */
export function seenExport(rows: readonly Provider[]): ExportTable {
  return {
    columns: ['client_id', 'tier', 'speed_bytes_per_second', 'city', 'region', 'country_code'],
    records: rows.map((p) => ({
      client_id: p.client_id,
      tier: p.tier,
      speed_bytes_per_second: speedFigure(p),
      city: p.location?.city,
      region: p.location?.region,
      country_code: p.location?.country_code?.toUpperCase(),
    })),
  };
}

/** The provider under the cursor. */
export const providerAtCursor = (state: Pick<ProvidersState, 'seen' | 'view' | 'cursor'>) =>
  visibleSeen(state)[state.cursor];

function destinationPath(provider: Provider): string[] | undefined {
  if (!provider.client_id) return undefined;
  return [...(provider.intermediary_ids ?? []), provider.client_id];
}

/** One `n` is bounded by nothing but the service: the walk's bounds are `N`'s. */
const ONE_BATCH: WalkBounds = { providers: Infinity, requests: Infinity, bytes: Infinity };

/** A batch of `count` for the specs, excluding every provider seen and every used destination. */
function batchRequest(state: ProvidersState, count: number): FindProvidersRequest {
  const seenIds = state.seen.flatMap((p) => (p.client_id ? [p.client_id] : []));
  const paths = Object.values(state.destinations);
  return {
    specs: state.specs.map((s) => s.spec),
    count,
    force_count: true,
    rank_mode: state.rankMode,
    ...(seenIds.length ? { exclude_client_ids: seenIds } : {}),
    ...(paths.length ? { exclude_destinations: paths } : {}),
  };
}

/** What `N` counts toward: the sum of Discover's counts, known only when each spec has one. */
function fetchAllTotal(specs: readonly MarkedSpec[]): { total?: number; about: boolean } {
  const counts = specs.map((s) => s.providerCount);
  const known = counts.length > 0 && counts.every((c): c is number => c !== undefined);
  return { total: known ? counts.reduce((a, b) => a + b, 0) : undefined, about: specs.length > 1 };
}

export function createProvidersStore(
  deps: StoreDeps,
  options: { walkBounds?: WalkBounds } = {},
): ProvidersStore {
  const bounds = options.walkBounds ?? WALK_BOUNDS;
  const { client, clock } = deps;
  const batches = requestSlot(deps);
  // `n` pressed while a batch is on its way: each batch must exclude the one before, so
  // the extra ones follow in turn rather than being dropped.
  let queued = 0;
  // The batch on its way (a fetch-all started meanwhile waits for it), and the run of the
  // fetch-all going on: any abort ends that run.
  let inFlight: Promise<unknown> | undefined;
  let run = 0;
  const abort = (why: string) => {
    batches.abort(why);
    queued = 0;
    run++;
  };
  const fresh = () => ({
    seen: [] as Provider[],
    batches: 0,
    exhausted: false,
    tooLarge: false,
    error: undefined,
    cursor: 0,
    fetchingAll: undefined,
    walkStop: undefined,
  });

  return createStore<ProvidersState>()((set, get) => {
    /**
     * The next batch of `walk`: true when it came back (its new providers added to what is
     * seen), false when it failed, was stopped, or the walk reached a bound.
     */
    const fetchBatch = async (walk: ReturnType<typeof providerWalk>): Promise<boolean> => {
      const step = walk.next();
      if ('stop' in step) {
        set({ walkStop: step.stop });
        return false;
      }
      set({ loading: true });
      const outcome = await batches.run((signal) => client.findProviders(step.body, { signal }));
      if (!outcome) return false;
      if ('error' in outcome) {
        queued = 0;
        const { error } = outcome;
        set({ loading: false, error, tooLarge: isApiError(error) && error.status === 413 });
        return false;
      }
      // A provider the service repeats despite the exclusion is not shown twice.
      const { fresh, stop } = walk.took(outcome.value.providers ?? []);
      if (stop) {
        set({ loading: false, error: undefined, walkStop: stop });
        return false;
      }
      set((s) => ({
        seen: fresh.length ? [...s.seen, ...fresh] : s.seen,
        batches: s.batches + 1,
        exhausted: fresh.length === 0,
        loading: false,
        error: undefined,
        lastBatchAt: clock.now(),
      }));
      if (get().exhausted) queued = 0;
      return true;
    };
    const batch = (walk: ReturnType<typeof providerWalk>) => {
      const done = fetchBatch(walk);
      inFlight = done;
      return done;
    };

    return {
      ...listMoves({
        length: () => visibleSeen(get()).length,
        index: () => get().cursor,
        select: (cursor) => set({ cursor }),
      }),
      view: NO_VIEW,
      setView: (view) => set({ view, cursor: 0 }),
      specs: [],
      batchSize: DEFAULT_BATCH_SIZE,
      rankMode: 'quality',
      // Only the demo knows what its service reads: a real one is taken to read rank_mode.
      rankModeRead: !deps.demo?.unreadFields('findProviders').includes('rank_mode'),
      ...fresh(),
      loading: false,
      destinations: {},
      async choose(specs) {
        abort('new specs chosen');
        // Destinations marked for the last selection are not this one's.
        set({ specs, ...fresh(), loading: false, destinations: {} });
        await get().next();
      },
      async next() {
        const state = get();
        // A fetch-all is sending batches already: another would only race it.
        if (state.fetchingAll) return;
        // Exhausted: another request would come back empty again (the pane says x starts over).
        if (state.specs.length === 0 || state.tooLarge || state.exhausted) return;
        if (state.loading) {
          queued++;
          return;
        }
        await batch(providerWalk(batchRequest(state, state.batchSize), ONE_BATCH));
        if (queued > 0 && !get().fetchingAll) {
          queued--;
          await get().next();
        }
      },
      async fetchAll() {
        const state = get();
        // The pane says why these send nothing (the keys' reasons).
        if (state.fetchingAll || state.specs.length === 0 || state.tooLarge || state.exhausted) return;
        if (state.seen.length >= bounds.providers) return;
        const mine = ++run;
        // The `n`s still waiting are part of this now.
        queued = 0;
        // A failure before N is not a reason to stop before its first batch: it tries again.
        set({
          fetchingAll: fetchAllTotal(state.specs),
          walkStop: undefined,
          ...(state.loading ? {} : { error: undefined }),
        });
        // A batch `n` sent is on its way: this one follows it (each excludes the one before).
        if (state.loading && inFlight) await inFlight;
        // The providers seen count toward the bound: it bounds the exclusion list sent.
        const walk = providerWalk(batchRequest(get(), MAX_BATCH), {
          ...bounds,
          providers: bounds.providers - get().seen.length,
        });
        while (mine === run && !get().error && !get().exhausted && !get().tooLarge) {
          if (!(await batch(walk))) break;
        }
        if (mine === run) set({ fetchingAll: undefined });
      },
      stopFetchAll() {
        if (!get().fetchingAll) return false;
        abort('stopped');
        set({ fetchingAll: undefined, loading: false });
        return true;
      },
      reset() {
        abort('reset');
        set({ ...fresh(), loading: false });
      },
      changeBatchSize(delta) {
        const at = BATCH_SIZES.findIndex((size) => size >= get().batchSize);
        const index = Math.max(
          0,
          Math.min(BATCH_SIZES.length - 1, (at < 0 ? BATCH_SIZES.length - 1 : at) + delta),
        );
        set({ batchSize: BATCH_SIZES[index] });
      },
      toggleRankMode: () => set({ rankMode: get().rankMode === 'quality' ? 'speed' : 'quality' }),
      toggleDestination() {
        const provider = providerAtCursor(get());
        const path = provider && destinationPath(provider);
        if (!provider?.client_id || !path) return;
        const destinations: Record<string, string[]> = Object.assign(Object.create(null), get().destinations);
        // Own keys only: a client id such as `constructor` must not find Object's.
        if (Object.hasOwn(destinations, provider.client_id)) delete destinations[provider.client_id];
        else destinations[provider.client_id] = path;
        set({ destinations });
      },
      clearDestinations: () => set({ destinations: {} }),
      askForget: () =>
        set({ forgetQuestion: { count: Object.keys(get().destinations).length, phase: 'ask' } }),
      answerForget: (yes) =>
        answerQuestion(
          yes,
          { get: () => get().forgetQuestion, set: (forgetQuestion) => set({ forgetQuestion }) },
          {
            act: async ({ count }) => {
              get().clearDestinations();
              return `Forgot ${countOf(count, 'used destination')}: later batches may bring them again.`;
            },
            failure: (error) => (error as Error).message,
          },
        ),
      closeForget: () => set({ forgetQuestion: undefined }),
      dispose: () => abort('closed'),
    };
  });
}
