// What the Discover pane shows, apart from React: the search line's settings, the status
// line, the message of an empty list, the columns and the text of a row (the list asks
// only for the rows in sight), and why each of its keys cannot act now (or at all on this
// service). The component (discover-pane.tsx) draws it; test/ui/discover-view.test.ts
// reads its words without Ink.

import { isMissingRoute } from '../../../api/error-words.ts';
import type { BlockedLocation, LocationResult } from '../../../contract/schemas.ts';
import { countOf, formatCount, NOT_SENT, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { blockedIds, type CountryChoice, NO_BLOCKED_LOCATIONS } from '../../../store/blocked.ts';
import {
  DISTANCE_NOT_APPLICABLE,
  type DiscoveryRow,
  type DiscoveryState,
  ONLY_ACTIVE_NOT_APPLICABLE,
} from '../../../store/discovery.ts';
import { ownEntry } from '../../../store/distinct-keys.ts';
import type { Stores } from '../../../store/index.ts';
import { locationPlace, type ProxyPlace } from '../../../store/proxy-place.ts';
import type { HeaderColumn } from '../../components/list-view.tsx';
import type { PaneStatus } from '../../components/pane-status.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReason, type KeyReasons, noTokenReason, notNow, unserved } from '../../keys/key-reasons.ts';
import { cell, fitParts, padCells } from '../../text.ts';
import type { PaneActionOf } from '../types.ts';

/**
 * Counts are of the quality-mode pool providers are sampled from for the caller's country:
 * public, connected, past the service's gate (reference-behaviour.md, provider-locations).
 */
export const POOL_NOTE = 'counts: quality pool, not all online';

/** The search box's id: the session's focus while it has the keys. */
export const SEARCH_INPUT = 'discover-search';

/** What the pane reads of the stores: each field a store's own value, so equal states draw alike. */
export interface DiscoverState
  extends Pick<
    DiscoveryState,
    | 'query'
    | 'rows'
    | 'cursor'
    | 'marked'
    | 'sort'
    | 'onlyActive'
    | 'distanceFraction'
    | 'findLocationsGone'
    | 'notice'
    | 'expanded'
    | 'bestAvailable'
    | 'search'
    | 'loading'
    | 'error'
    | 'onlyBlocked'
  > {
  hasData: boolean;
  blockedList: BlockedLocation[] | undefined;
  blockedError: Error | undefined;
  /** The search box has the keys. */
  editing: boolean;
  /** The network's token was given (blocking needs it). */
  hasToken: boolean;
}

/** The pane's state in the stores (the one hook of the component reads it shallowly). */
export function discoverState({ discovery, blocked, session }: Stores): DiscoverState {
  const d = discovery.getState();
  const { focus, hasToken } = session.getState();
  return {
    query: d.query,
    rows: d.rows,
    cursor: d.cursor,
    marked: d.marked,
    sort: d.sort,
    onlyActive: d.onlyActive,
    distanceFraction: d.distanceFraction,
    findLocationsGone: d.findLocationsGone,
    notice: d.notice,
    expanded: d.expanded,
    bestAvailable: d.bestAvailable,
    search: d.search,
    hasData: d.data !== undefined,
    loading: d.loading,
    error: d.error,
    onlyBlocked: d.onlyBlocked,
    blockedList: blocked.getState().data,
    blockedError: blocked.getState().error,
    editing: focus === SEARCH_INPUT,
    hasToken,
  };
}

const searching = (state: Pick<DiscoverState, 'query'>) => state.query.trim() !== '';

type DiscoverAction = PaneActionOf<'discover'>;

/** Why a browse-list key does nothing while a search shows. */
const inSearch = (what: string, keys: KeyNames) =>
  notNow(`${what} the list of places; a search shows the best match first (${keys.back} clears it)`);

/** Why `B` or `F` cannot act on the blocked list now (`what` needs it); undefined when they can. */
function blockedUnavailable(state: DiscoverState, what: string, keys: KeyNames): KeyReason | undefined {
  if (!state.hasToken) return notNow(noTokenReason(what, keys));
  if (isMissingRoute(state.blockedError)) return unserved(NO_BLOCKED_LOCATIONS);
  if (state.blockedList !== undefined) return undefined;
  return notNow(
    state.blockedError
      ? `the blocked countries could not be loaded (${keys.refresh} retries)`
      : 'the blocked countries are loading…',
  );
}

/** Why `B` has no country to offer for the row under the cursor; undefined when it has one. */
function noCountry(row: DiscoveryRow | undefined, keys: KeyNames): string | undefined {
  const block = keys['discover.block'];
  if (!row) return `no place here: ${block} blocks the country under the cursor`;
  if (row.kind === 'country') return undefined;
  if (row.kind !== 'region' && row.kind !== 'city')
    return `${block} blocks a country: a ${row.kind} has none (move to a country, a region or a city)`;
  if (!row.countryId)
    return `the country of ${screenText(row.name)} is not known: ${block} it from its country`;
  return undefined;
}

/** Why `→` opens nothing here; undefined when it opens the country under the cursor. */
function noExpansion(state: DiscoverState, keys: KeyNames): KeyReason | undefined {
  const expand = keys['discover.expand'];
  const row = state.rows[state.cursor];
  if (searching(state)) return inSearch(`${expand} opens countries in`, keys);
  if (state.onlyBlocked)
    return notNow(
      `${expand} opens countries of the list of places: ${keys['discover.onlyBlocked']} shows it again`,
    );
  if (row?.kind !== 'country' || row.child) return notNow(`${expand} opens a country: this row is not one`);
  if (ownEntry(state.expanded, row.id))
    return notNow(`this country is open already (${keys['discover.collapse']} closes it)`);
  return undefined;
}

/** The open country of the row under the cursor (itself, or the one it is a child of). */
function openCountry(state: DiscoverState): string | undefined {
  const row = state.rows[state.cursor];
  const countryId = row?.child ? row.countryId : row?.kind === 'country' ? row.id : undefined;
  return countryId && ownEntry(state.expanded, countryId) ? countryId : undefined;
}

/** Why each key of the pane cannot act now, or at all on this service. */
export function discoverReasons(state: DiscoverState, keys: KeyNames): KeyReasons<DiscoverAction> {
  const row = state.rows[state.cursor];
  const marks = Object.keys(state.marked).length;
  const nothingToSend =
    marks || row || state.bestAvailable
      ? undefined
      : notNow(`nothing to send: no place here to mark (try another search, or ${keys.back})`);
  const noBlocking = blockedUnavailable(state, 'Blocking a country', keys);
  const noCountryHere = noCountry(row, keys);
  // Settings only find-locations honours: a service without it cannot serve them.
  const noFindLocations = (why: string) => (state.findLocationsGone ? unserved(why) : undefined);
  return {
    send: nothingToSend,
    open: nothingToSend,
    select: row ? undefined : notNow('no place here to mark'),
    sort: searching(state) ? inSearch(`${keys.sort} sorts`, keys) : undefined,
    reverse: searching(state)
      ? inSearch(`${keys.reverse} reverses`, keys)
      : notNow(
          `the places go by count (most providers first) or by name (A-Z): ${keys.sort} switches between them`,
        ),
    onlyActive: state.onlyActive ? undefined : noFindLocations(ONLY_ACTIVE_NOT_APPLICABLE),
    distanceDown: noFindLocations(DISTANCE_NOT_APPLICABLE),
    distanceUp: noFindLocations(DISTANCE_NOT_APPLICABLE),
    expand: noExpansion(state, keys),
    collapse: openCountry(state)
      ? undefined
      : notNow(`${keys['discover.collapse']} closes an open country: none open here`),
    block: noBlocking ?? (noCountryHere === undefined ? undefined : notNow(noCountryHere)),
    onlyBlocked: state.onlyBlocked ? undefined : blockedUnavailable(state, 'The blocked countries', keys),
    clearMarks: marks ? undefined : notNow('nothing marked to clear'),
    proxy: !state.hasToken
      ? notNow(noTokenReason('Making a proxy', keys))
      : proxyPlaceOf(row)
        ? undefined
        : notNow('a proxy is made in a country, a region or a city: none under the cursor'),
  };
}

/** The place `P` makes a proxy in: a country, region or city row as a location; else undefined. */
export function proxyPlaceOf(row: DiscoveryRow | undefined): ProxyPlace | undefined {
  if (row?.kind !== 'country' && row?.kind !== 'region' && row?.kind !== 'city') return undefined;
  return locationPlace({
    location_id: row.id,
    location_type: row.kind,
    name: row.name,
    country_code: row.countryCode,
    country_location_id: row.kind === 'country' ? row.id : row.countryId,
    provider_count: row.providerCount,
  });
}

/**
 * The country `B` offers for a row: the row's own, or a region's or city's (named as the
 * browse list `data` names it, else as the row's WHERE does); none where discoverReasons
 * gives `block` a reason.
 */
export function blockedCountry(
  row: DiscoveryRow | undefined,
  data: LocationResult | undefined,
): CountryChoice | undefined {
  if (row?.kind === 'country') return { id: row.id, name: row.name, code: row.countryCode };
  if ((row?.kind !== 'region' && row?.kind !== 'city') || !row.countryId) return undefined;
  const listed = data?.locations?.find((l) => l.location_id === row.countryId);
  const name =
    listed?.name ?? row.context?.split(', ').at(-1) ?? row.countryCode?.toUpperCase() ?? row.countryId;
  return { id: row.countryId, name, code: row.countryCode, from: { kind: row.kind, name: row.name } };
}

/**
 * Column widths for a pane `width` wide; `distance` only while searching. The rows end a
 * cell short of the width: the list's scrollbar column.
 */
function discoverColumns(width: number, searchShown: boolean) {
  const mark = 3;
  const kind = 8;
  const count = 10;
  const distance = searchShown ? 6 : 0;
  const rest = Math.max(10, width - mark - kind - count - distance - 1);
  const name = Math.max(8, Math.floor(rest * 0.5));
  return { mark, kind, name, context: Math.max(0, rest - name), count, distance };
}
type Columns = ReturnType<typeof discoverColumns>;

/** The header's columns; NAME and PROVIDERS sort the list of places (o, or a click). */
function headerColumns(cols: Columns): HeaderColumn[] {
  return [
    { label: '', width: 3 },
    { label: 'TYPE', width: cols.kind },
    { label: 'NAME', width: cols.name, sort: 'name' },
    ...(cols.context ? [{ label: 'WHERE', width: cols.context }] : []),
    { label: 'PROVIDERS', width: cols.count, align: 'right' as const, sort: 'count' },
    ...(cols.distance ? [{ label: 'DIST', width: cols.distance, align: 'right' as const }] : []),
  ];
}

function countText(row: DiscoveryRow): string {
  if (row.kind === 'device') return '';
  return row.providerCount === undefined ? NOT_SENT : formatCount(row.providerCount);
}

/**
 * Where a row stands with the network's blocked locations: its country blocked (`⊘`), or
 * itself a region or city block that matches nothing.
 */
type BlockMark = 'blocked' | 'no effect' | undefined;

function blockMarkOf(row: DiscoveryRow, ids: ReadonlySet<string>): BlockMark {
  if (row.kind === 'country') return ids.has(row.id) ? 'blocked' : undefined;
  if (row.kind !== 'region' && row.kind !== 'city') return undefined;
  if (row.countryId && ids.has(row.countryId)) return 'blocked';
  return ids.has(row.id) ? 'no effect' : undefined;
}

/**
 * `▸` a country that opens in place, `▾` an open one; its children are indented; `⊘` a
 * place whose country is blocked.
 */
function nameText(row: DiscoveryRow, browsing: boolean, blocked: boolean): string {
  const name = `${blocked ? '⊘ ' : ''}${screenText(row.name)}`;
  if (row.child) return `  ${name}`;
  if (browsing && row.kind === 'country') return `${row.expanded ? '▾' : '▸'} ${name}`;
  return name;
}

/** A blocked country's WHERE says so; a region or city block says it matches nothing. */
function contextText(row: DiscoveryRow, mark: BlockMark): string {
  const context = screenText(row.context ?? '');
  if (mark === 'no effect') return `${context} · blocked, no effect`;
  if (mark === 'blocked' && row.kind === 'country') return context ? `${context} · blocked` : 'blocked';
  return context;
}

/** How a row stands out: marked, in a blocked country, a group. */
export type RowTone = 'marked' | 'warn' | 'accent' | undefined;

/** A row's line: the cursor row starts with `›` (visible without colours too), a marked one with `●`. */
function rowLine(state: DiscoverState, cols: Columns, ids: ReadonlySet<string>) {
  const browsing = !searching(state) && !state.onlyBlocked;
  return (row: DiscoveryRow, selected: boolean): { text: string; tone: RowTone } => {
    const mark = blockMarkOf(row, ids);
    const marked = Boolean(ownEntry(state.marked, row.key));
    const text =
      (selected ? '›' : ' ') +
      (marked ? '● ' : '  ') +
      padCells(row.promoted ? 'group ★' : row.kind, cols.kind) +
      cell(nameText(row, browsing, mark === 'blocked'), cols.name) +
      (cols.context ? cell(contextText(row, mark), cols.context) : '') +
      padCells(countText(row), cols.count, 'right') +
      (cols.distance
        ? padCells(row.matchDistance === undefined ? '' : String(row.matchDistance), cols.distance, 'right')
        : '');
    const tone: RowTone = marked
      ? 'marked'
      : mark === 'blocked'
        ? 'warn'
        : row.kind === 'group'
          ? 'accent'
          : undefined;
    return { text, tone };
  };
}

/** The search line's settings: the order, the distance, the filters, the marks. */
function settingsText(state: DiscoverState): string {
  const markCount = Object.keys(state.marked).length;
  const { distanceFraction: fraction } = state;
  return [
    searching(state) ? 'best match first' : `sort ${state.sort}`,
    // The distance applies to find-locations only: not shown once the service has none.
    state.findLocationsGone
      ? undefined
      : `distance ${fraction === undefined ? 'default' : fraction.toFixed(1)}`,
    state.onlyActive ? 'only active' : undefined,
    state.onlyBlocked ? 'only blocked' : undefined,
    markCount ? `${markCount} marked` : undefined,
    state.bestAvailable ? '+ best available' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The status line: a failure, what is loading, a notice (warned), or what the list holds with its keys (dim). */
function statusOf(state: DiscoverState, keys: KeyNames, width: number): PaneStatus {
  const { rows, cursor, search } = state;
  const inSearchNow = searching(state);
  const opening = Object.values(state.expanded).find((e) => e.loading || e.error);
  if (inSearchNow && search.error) return { kind: 'error', error: search.error, prefix: 'search failed' };
  if (state.error) return { kind: 'error', error: state.error, prefix: 'provider locations' };
  if (state.onlyBlocked && state.blockedError && !isMissingRoute(state.blockedError))
    return {
      kind: 'error',
      error: state.blockedError,
      prefix: state.blockedList ? 'refresh failed, showing the last answer' : 'blocked countries',
    };
  if (!inSearchNow && opening?.error)
    return { kind: 'error', error: opening.error, prefix: 'regions and cities' };
  if ((inSearchNow && search.loading) || (!inSearchNow && (state.loading || !state.hasData)))
    return { kind: 'loading', label: inSearchNow ? 'searching…' : 'loading provider locations…' };
  if (!inSearchNow && opening) return { kind: 'loading', label: 'loading regions and cities…' };
  const position = rows.length ? `${rowOf(cursor, rows.length)} · ` : '';
  if (state.notice)
    return {
      kind: 'text',
      tone: 'warn',
      text: `${position}${inSearchNow ? `${countOf(rows.length, 'match', 'matches')} · ` : ''}${state.notice}`,
    };
  const onlyBlocked = keys['discover.onlyBlocked'];
  if (state.onlyBlocked && !inSearchNow)
    return {
      kind: 'text',
      tone: 'dim',
      text: rows.length
        ? `${position}${countOf(rows.length, 'blocked location')} · ${keys['discover.block']} unblocks the one under the cursor · ${onlyBlocked} shows every place`
        : `${onlyBlocked} shows every place`,
    };
  const markCount = Object.keys(state.marked).length;
  const what = inSearchNow
    ? countOf(rows.length, 'match', 'matches')
    : `${countOf(rows.length, 'place')} with providers`;
  const unknownCounts = rows.some((row) => row.kind !== 'device' && row.providerCount === undefined);
  // Ranked: on a narrow terminal what the counts are stays, the key hints go first.
  const hints: [number, string | undefined][] = [
    [3, rows.length ? rowOf(cursor, rows.length) : undefined],
    [1, what],
    // Why the counts add up to less than the Network pane's providers online.
    [2, inSearchNow ? undefined : POOL_NOTE],
    [2, unknownCounts ? `${NOT_SENT} count not sent` : undefined],
    [4, inSearchNow ? undefined : `${keys['discover.expand']} opens a country`],
    [
      5,
      // Nothing to mark or send in an empty list.
      rows.length || markCount
        ? `${keys.select} marks · ${keys.open}/${keys['discover.send']} sends ${markCount ? `${markCount} marked` : 'the row'} to Providers`
        : undefined,
    ],
  ];
  return { kind: 'text', tone: 'dim', text: fitParts(hints, width) };
}

/** Why the list is empty, in words (empty while that is still being found out). */
function emptyText(state: DiscoverState, keys: KeyNames): string {
  const onlyBlocked = keys['discover.onlyBlocked'];
  if (state.onlyBlocked && isMissingRoute(state.blockedError)) return NO_BLOCKED_LOCATIONS;
  if (state.onlyBlocked && !searching(state))
    return state.blockedList
      ? `No blocked countries. ${onlyBlocked} shows every place; ${keys['discover.block']} there blocks one.`
      : '';
  if (searching(state)) {
    if (state.search.loading || state.search.error) return '';
    if (state.search.problem) return screenText(state.search.problem);
    const where = state.onlyBlocked ? ` in the blocked countries (${onlyBlocked} shows every place)` : '';
    return `no matches for "${screenText(state.query)}"${where}`;
  }
  if (!state.hasData) return state.error ? `no data yet (${keys.refresh} retries)` : '';
  return 'no locations with active providers right now';
}

/** What the pane shows `width` columns wide, naming the user's `keys`. */
export function discoverView(state: DiscoverState, keys: KeyNames, width: number) {
  const cols = discoverColumns(width, searching(state));
  return {
    /** The search box's placeholder and, right of it, the settings. */
    placeholder: state.editing
      ? 'city, region, country, group or a device id'
      : `press ${keys.search} to search`,
    settings: settingsText(state),
    header: headerColumns(cols),
    /** The header's sort mark: none while a search shows the best match first. */
    sortMark: searching(state) ? undefined : { column: state.sort, descending: state.sort === 'count' },
    /** A row's line; the list asks for the rows in sight only. */
    row: rowLine(state, cols, blockedIds(state.blockedList)),
    empty: emptyText(state, keys),
    status: statusOf(state, keys, width),
    reasons: discoverReasons(state, keys),
  };
}
