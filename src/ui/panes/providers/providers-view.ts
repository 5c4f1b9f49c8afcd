// What the Providers pane shows, apart from React: the line of what was chosen and the
// counters, the columns and the text of a row (the list asks only for the rows in sight),
// the message of an empty list, the status line, and why each of its keys cannot act now
// (or at all on this service). The component (providers-pane.tsx) draws it;
// test/ui/providers-view.test.ts reads its words without Ink.
import type { Provider } from '../../../contract/schemas.ts';
import { countOf, formatBytes, formatCount, NOT_SENT, rowOf } from '../../../format/numbers.ts';
import { speedText } from '../../../format/provider-speed.ts';
import { screenText } from '../../../sanitize.ts';
import type { MarkedSpec } from '../../../store/discovery.ts';
import { ownEntry } from '../../../store/distinct-keys.ts';
import type { Stores } from '../../../store/index.ts';
import { WALK_BOUNDS } from '../../../store/provider-walk.ts';
import { BATCH_SIZES, type ProvidersState, providerAtCursor, visibleSeen } from '../../../store/providers.ts';
import type { ProxyPlace } from '../../../store/proxy-place.ts';
import type { HeaderColumn } from '../../components/list-view.tsx';
import type { PaneStatus } from '../../components/pane-status.tsx';
import { progressBar } from '../../components/progress-bar.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, noTokenReason, notNow, unserved } from '../../keys/key-reasons.ts';
import { displayWidth, padCells, truncate } from '../../text.ts';
import type { PaneActionOf } from '../types.ts';

/** The filter box's id: the session's focus while it has the keys. */
export const PROVIDERS_FILTER = 'providers-filter';

const MIN_BATCH = BATCH_SIZES[0];
const MAX_BATCH = BATCH_SIZES[BATCH_SIZES.length - 1];

/** What the pane reads of the stores: each field a store's own value, so equal states draw alike. */
export interface ProvidersPaneState
  extends Pick<
    ProvidersState,
    | 'specs'
    | 'seen'
    | 'cursor'
    | 'batches'
    | 'batchSize'
    | 'rankMode'
    | 'rankModeRead'
    | 'exhausted'
    | 'tooLarge'
    | 'loading'
    | 'error'
    | 'destinations'
    | 'fetchingAll'
    | 'walkStop'
    | 'view'
  > {
  /** The filter box has the keys. */
  editing: boolean;
  /** The network's token was given (making a proxy needs it). */
  hasToken: boolean;
}

/** The pane's state in the stores (the one hook of the component reads it shallowly). */
export function providersState({ providers, session }: Stores): ProvidersPaneState {
  const p = providers.getState();
  return {
    specs: p.specs,
    seen: p.seen,
    cursor: p.cursor,
    batches: p.batches,
    batchSize: p.batchSize,
    rankMode: p.rankMode,
    rankModeRead: p.rankModeRead,
    exhausted: p.exhausted,
    tooLarge: p.tooLarge,
    loading: p.loading,
    error: p.error,
    destinations: p.destinations,
    fetchingAll: p.fetchingAll,
    walkStop: p.walkStop,
    view: p.view,
    editing: session.getState().focus === PROVIDERS_FILTER,
    hasToken: session.getState().hasToken,
  };
}

/**
 * The place `P` makes a proxy in: the batch's, when Discover sent one country, region or
 * city (its label as Discover wrote it, `Germany (DE)`); undefined for none or several.
 */
export function batchPlace(specs: readonly MarkedSpec[]): ProxyPlace | undefined {
  const [only, ...more] = specs;
  if (!only || more.length || !only.spec.location_id) return undefined;
  if (only.kind !== 'country' && only.kind !== 'region' && only.kind !== 'city') return undefined;
  return {
    text: only.label,
    location: { location_id: only.spec.location_id, location_type: only.kind, name: only.label },
  };
}

/** Why `P` makes no proxy here, if it does not. */
function noProxyPlace(state: ProvidersPaneState, keys: KeyNames): string | undefined {
  if (!state.hasToken) return noTokenReason('Making a proxy', keys);
  if (!state.specs.length) return nothingChosen(keys);
  if (!batchPlace(state.specs))
    return `a proxy is made in one country, region or city: this batch is of ${state.specs.length === 1 ? 'a group or best available' : 'several places'} (${keys['discover.proxy']} in Discover makes one on a place)`;
}

type ProvidersAction = PaneActionOf<'providers'>;

const nothingChosen = (keys: KeyNames) =>
  `nothing chosen yet: mark places in Discover (${keys['pane:discover']}, ${keys.select}), then ${keys['discover.send']} or ${keys.open}`;

/** Why `n` or `N` sends nothing now, if it does not. */
function nothingToFetch(state: ProvidersPaneState, keys: KeyNames): string | undefined {
  if (state.fetchingAll) return `already fetching every provider (${keys.back} stops)`;
  if (!state.specs.length) return nothingChosen(keys);
  if (state.exhausted)
    return `every matching provider has been seen (${keys['providers.reset']} starts over)`;
  if (state.tooLarge)
    return `the service refused a request this large: ${keys['providers.reset']} starts over, ${keys['providers.smaller']} asks for fewer`;
}

/** Why `d` and space mark nothing here, if they do not. */
function nothingToMark(state: ProvidersPaneState, keys: KeyNames): string | undefined {
  const provider = providerAtCursor(state);
  if (!provider) return `no provider here to mark: ${keys['providers.next']} fetches a batch`;
  if (!provider.client_id) return 'this provider came without an id: it cannot be marked';
}

/** Why each key of the pane cannot act now, or at all on this service. */
export function providersReasons(state: ProvidersPaneState, keys: KeyNames): KeyReasons<ProvidersAction> {
  const noFetch = nothingToFetch(state, keys);
  const noMark = nothingToMark(state, keys);
  const atBound =
    state.walkStop === 'providers'
      ? `${keys['providers.fetchAll']} fetched the most it fetches (${formatCount(state.seen.length)} seen): ${keys['providers.reset']} starts over, or mark fewer places in Discover`
      : undefined;
  return {
    next: noFetch === undefined ? undefined : notNow(noFetch),
    fetchAll: noFetch === undefined && atBound === undefined ? undefined : notNow(noFetch ?? atBound ?? ''),
    bigger: state.batchSize >= MAX_BATCH ? notNow(`batches are at their largest (${MAX_BATCH})`) : undefined,
    smaller:
      state.batchSize <= MIN_BATCH ? notNow(`batches are at their smallest (${MIN_BATCH})`) : undefined,
    // The demo of a service that ignores rank_mode: no state of the console changes that.
    rankMode: state.rankModeRead
      ? undefined
      : unserved(
          `this service reads no rank mode: it picks providers its own way, and ${keys['providers.rankMode']} changes nothing`,
        ),
    reset: state.specs.length ? undefined : notNow('nothing to reset: nothing chosen yet'),
    destination: noMark === undefined ? undefined : notNow(noMark),
    select: noMark === undefined ? undefined : notNow(noMark),
    clearDestinations: Object.keys(state.destinations).length
      ? undefined
      : notNow('no used destinations to forget'),
    proxy: noProxyPlace(state, keys) === undefined ? undefined : notNow(noProxyPlace(state, keys) ?? ''),
    export: state.seen.length
      ? undefined
      : notNow(
          `nothing to export yet: mark places in Discover and send them here (${keys['discover.send']})`,
        ),
  };
}

/**
 * Why fewer came than Discover counted, when they did: its counts are of the whole pool,
 * and the service samples none below its minimum-performance gate (reference-behaviour.md,
 * find-providers2's force_minimum).
 */
function fewerThanCounted(state: ProvidersPaneState, keys: KeyNames): string | undefined {
  const { specs } = state;
  const seen = state.seen.length;
  if (!specs.length || specs.some((s) => s.providerCount === undefined)) return undefined;
  const counted = specs.reduce((sum, s) => sum + (s.providerCount ?? 0), 0);
  if (seen >= counted) return undefined;
  return `all seen: ${formatCount(seen)} of Discover's ${formatCount(counted)}, as none below the performance gate is sampled (${keys['providers.reset']} starts over)`;
}

/**
 * The status line of `N` at work: how many are in, of how many when Discover listed a
 * count (with a bar), how to stop.
 */
export function fetchAllLine(
  seen: number,
  batches: number,
  run: { total?: number; about: boolean },
  width: number,
  keys: Pick<KeyNames, 'back'>,
): string {
  const lead = 'fetching every provider: ';
  const stop = ` · ${keys.back} stops`;
  if (run.total === undefined) {
    return truncate(
      `${lead}${formatCount(seen)} so far, ${countOf(batches, 'batch', 'batches')}${stop}`,
      width,
    );
  }
  const counts = `${formatCount(seen)} of ${run.about ? 'about ' : ''}${formatCount(run.total)}`;
  const percent = ` ${Math.min(100, Math.floor((seen / Math.max(1, run.total)) * 100))}%`;
  const room = width - displayWidth(lead) - displayWidth(counts) - percent.length - stop.length - 1;
  const bar = room >= 6 ? ` ${progressBar(seen, run.total, Math.min(30, room))}` : '';
  return truncate(`${lead}${counts}${bar}${percent}${stop}`, width);
}

/** Why `N` stopped before the service ran out: the bound of providers --all it reached. */
function walkStopText(state: ProvidersPaneState, keys: KeyNames): string {
  const fetchAll = keys['providers.fetchAll'];
  const rest = `mark fewer places in Discover (${keys['pane:discover']}) to see the rest`;
  const seen = formatCount(state.seen.length);
  if (state.walkStop === 'providers')
    return `${fetchAll} stopped at ${seen} providers, the most it fetches: the service has more; ${rest}`;
  if (state.walkStop === 'requests')
    return `${fetchAll} stopped after ${formatCount(WALK_BOUNDS.requests)} requests, the most it makes: the service sends a few at a time; ${fetchAll} goes on, or ${rest}`;
  return `${fetchAll} stopped at ${seen} providers: it sends at most ${formatBytes(WALK_BOUNDS.bytes)} (each batch excludes every provider seen); ${fetchAll} goes on, or ${rest}`;
}

/** Whether the service left out a figure of any of these (the status line says what `?` means). */
const anyNotSent = (seen: readonly Provider[]) =>
  seen.some(
    (p) => p.tier === undefined || p.location === undefined || p.estimated_bytes_per_second === undefined,
  );

/** The status line: a refusal, a failure, `N` at work, a batch on its way, why it stopped, or what `?` means. */
function statusOf(state: ProvidersPaneState, keys: KeyNames, width: number): PaneStatus {
  const reset = keys['providers.reset'];
  if (state.tooLarge)
    return {
      kind: 'text',
      tone: 'warn',
      text: truncate(
        `the exclusion list grew past what the service takes (413): iteration stopped, ${state.seen.length} seen kept; ${reset} starts over`,
        width,
      ),
    };
  if (state.error) return { kind: 'error', error: state.error, prefix: 'find-providers2' };
  if (state.fetchingAll)
    return {
      kind: 'text',
      text: fetchAllLine(state.seen.length, state.batches, state.fetchingAll, width, keys),
    };
  if (state.loading) return { kind: 'loading', label: `fetching ${state.batchSize} more…` };
  if (state.walkStop) return { kind: 'text', tone: 'warn', text: walkStopText(state, keys) };
  if (state.exhausted)
    return {
      kind: 'text',
      text:
        fewerThanCounted(state, keys) ??
        `every matching provider seen: the last batch came back empty (${reset} starts over)`,
    };
  // The keys are the footer's: this line says only what the rows cannot.
  return {
    kind: 'text',
    tone: 'dim',
    text: anyNotSent(state.seen) ? `${NOT_SENT} not sent by the service` : '',
  };
}

/**
 * The columns of rows `width` wide (the list's scrollbar left out): the cells of each, and
 * the header over them. The order seen (`o` goes round to it) has no column to mark.
 */
function providerColumns(width: number) {
  const id = width >= 100 ? 38 : 14;
  const tier = 6;
  // The speed's figure right-aligned, then two cells before the location.
  const speed = 10;
  const location = Math.max(0, width - 3 - id - tier - speed - 2);
  const header: HeaderColumn[] = [
    { label: '', width: 3 },
    { label: 'CLIENT ID', width: id, sort: 'clientId' },
    { label: 'TIER', width: tier, sort: 'tier' },
    { label: 'SPEED', width: speed, align: 'right', sort: 'speed' },
    { label: '', width: 2 },
    { label: 'LOCATION', width: location, sort: 'location' },
  ];
  return { id, tier, speed, location, header };
}
type Columns = ReturnType<typeof providerColumns>;

function locationText(p: Provider): string {
  const l = p.location;
  if (!l) return NOT_SENT;
  const country = l.country ?? l.country_code?.toUpperCase();
  return [l.city, l.region, country]
    .filter(Boolean)
    .map((part) => screenText(part))
    .join(', ');
}

function idText(id: string | undefined, width: number): string {
  const clean = screenText(id ?? '(no id)');
  return width >= 38 ? clean : truncate(clean, width - 2);
}

/** A row's line: the cursor row starts with `›`, a used destination with `D`. */
function rowLine(state: ProvidersPaneState, cols: Columns) {
  return (p: Provider, selected: boolean): { text: string; marked: boolean } => {
    const marked = Boolean(p.client_id && ownEntry(state.destinations, p.client_id));
    const text =
      (selected ? '›' : ' ') +
      (marked ? 'D ' : '  ') +
      padCells(idText(p.client_id, cols.id), cols.id) +
      padCells(p.tier === undefined ? NOT_SENT : String(p.tier), cols.tier) +
      padCells(speedText(p), cols.speed, 'right') +
      '  ' +
      padCells(locationText(p), cols.location);
    return { text, marked };
  };
}

/** The counters right of what was chosen: where the cursor is, the batches, the order, the marks. */
function countersText(state: ProvidersPaneState, shown: number): string {
  const { seen, cursor, view, batches } = state;
  const destinations = Object.keys(state.destinations).length;
  return [
    !seen.length
      ? '0 seen'
      : view.filter
        ? `${shown ? `${rowOf(cursor, shown)}, ` : ''}${shown} of ${seen.length} seen match`
        : `${rowOf(cursor, seen.length)} seen`,
    `${batches} batch${batches === 1 ? '' : 'es'}`,
    `batch size ${state.batchSize}`,
    state.rankModeRead ? `by ${state.rankMode}` : 'in the service’s own order',
    destinations ? `${destinations} used destination${destinations === 1 ? '' : 's'}` : undefined,
    state.exhausted ? 'exhausted' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Why no row shows, in words (empty while there is nothing to say). */
function emptyText(state: ProvidersPaneState, keys: KeyNames): string {
  if (state.seen.length)
    return `No provider seen matches “${screenText(state.view.filter)}” (${keys.back} clears the filter).`;
  return state.specs.length && !state.loading && state.batches > 0 && !state.error
    ? 'no providers for this choice right now'
    : '';
}

/**
 * What the pane shows `width` columns wide, naming the user's `keys`; the rows are
 * `rowWidth` wide (a cell less while the list's scrollbar shows).
 */
export function providersView(state: ProvidersPaneState, keys: KeyNames, width: number, rowWidth = width) {
  const shown = visibleSeen(state);
  const cols = providerColumns(rowWidth);
  // The counters give way first, but never the first ten cells of what was chosen.
  const counters = truncate(countersText(state, shown.length), Math.max(0, width - 12));
  const chosen = state.specs.length
    ? `for ${state.specs.map((s) => screenText(s.label)).join(', ')}`
    : nothingChosen(keys);
  return {
    /** What was chosen (hidden while the filter box is edited) and the counters, on the top line. */
    chosen: state.editing ? undefined : truncate(chosen, width - displayWidth(counters) - 2),
    counters,
    header: cols.header,
    /** The providers shown: those seen, filtered and sorted. */
    shown,
    /** A row's line; the list asks for the rows in sight only. */
    row: rowLine(state, cols),
    empty: emptyText(state, keys),
    status: statusOf(state, keys, width),
    reasons: providersReasons(state, keys),
  };
}
