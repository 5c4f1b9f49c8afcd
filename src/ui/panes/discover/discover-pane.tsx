// Discover: where providers are (provider-locations, countries opened in place with
// →), and a fuzzy search (find-locations where the service has it, else
// find-provider-locations); marks choose what the Providers pane samples.
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { isMissingRoute } from '../../../api/error-words.ts';
import { countOf, formatCount, NOT_SENT, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { blockedIds, NO_BLOCKED_LOCATIONS } from '../../../store/blocked.ts';
import {
  DISTANCE_NOT_APPLICABLE,
  type DiscoveryRow,
  ONLY_ACTIVE_NOT_APPLICABLE,
} from '../../../store/discovery.ts';
import { ownEntry } from '../../../store/distinct-keys.ts';
import { sendChosenToProviders } from '../../../store/flows.ts';
import { refreshLive, type Stores } from '../../../store/index.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { ListPaneLayout } from '../../components/list-pane-layout.tsx';
import { type HeaderColumn, headerText, SortingHeader } from '../../components/list-view.tsx';
import { tokenMissing } from '../../components/no-token.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { TextInput } from '../../input/text-input.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { cell, fitParts, padCells } from '../../text.ts';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { BLOCK_DIALOG, BlockQuestion } from './block-question.tsx';
import { discoverKeys } from './keys.ts';

/**
 * Counts are of the quality-mode pool providers are sampled from for the caller's country:
 * public, connected, past the service's gate (reference-behaviour.md, provider-locations).
 */
export const POOL_NOTE = 'counts: quality pool, not all online';

/**
 * Column widths for a pane `width` wide; `distance` only while searching. The rows end a
 * cell short of the width: the list's scrollbar column.
 */
function discoverColumns(width: number, searching: boolean) {
  const mark = 3;
  const kind = 8;
  const count = 10;
  const distance = searching ? 6 : 0;
  const rest = Math.max(10, width - mark - kind - count - distance - 1);
  const name = Math.max(8, Math.floor(rest * 0.5));
  return { mark, kind, name, context: Math.max(0, rest - name), count, distance };
}

function countText(row: DiscoveryRow): string {
  if (row.kind === 'device') return '';
  return row.providerCount === undefined ? NOT_SENT : formatCount(row.providerCount);
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

/** A blocked country's WHERE says so; a region or city block says it matches nothing. */
function contextText(row: DiscoveryRow, mark: BlockMark): string {
  const context = screenText(row.context ?? '');
  if (mark === 'no effect') return `${context} · blocked, no effect`;
  if (mark === 'blocked' && row.kind === 'country') return context ? `${context} · blocked` : 'blocked';
  return context;
}

/** The cursor row starts with `›` (visible without colours too), a marked one with `●`. */
function rowText(
  row: DiscoveryRow,
  marked: boolean,
  selected: boolean,
  cols: ReturnType<typeof discoverColumns>,
  browsing: boolean,
  mark: BlockMark,
): string {
  return (
    (selected ? '›' : ' ') +
    (marked ? '● ' : '  ') +
    padCells(row.promoted ? 'group ★' : row.kind, cols.kind) +
    cell(nameText(row, browsing, mark === 'blocked'), cols.name) +
    (cols.context ? cell(contextText(row, mark), cols.context) : '') +
    padCells(countText(row), cols.count, 'right') +
    (cols.distance
      ? padCells(row.matchDistance === undefined ? '' : String(row.matchDistance), cols.distance, 'right')
      : '')
  );
}

/** The header's columns; NAME and PROVIDERS sort the list of places (o, or a click). */
function headerColumns(cols: ReturnType<typeof discoverColumns>): HeaderColumn[] {
  return [
    { label: '', width: 3 },
    { label: 'TYPE', width: cols.kind },
    { label: 'NAME', width: cols.name, sort: 'name' },
    ...(cols.context ? [{ label: 'WHERE', width: cols.context }] : []),
    { label: 'PROVIDERS', width: cols.count, align: 'right' as const, sort: 'count' },
    ...(cols.distance ? [{ label: 'DIST', width: cols.distance, align: 'right' as const }] : []),
  ];
}

const SEARCH_INPUT = 'discover-search';

/** Sends the chosen places to the Providers pane and shows it; says why not when there are none. */
const sendToProviders = (stores: Stores) =>
  sendChosenToProviders(stores)
    ? undefined
    : 'nothing to send: no place here to mark (try another search, or esc)';

/**
 * The country `B` offers for a row: the row's own, or a region's or city's (named as the
 * browse list names it, else as the row's WHERE does); a reason when there is none.
 */
function countryOfRow(stores: Stores, row: DiscoveryRow | undefined, keys: KeyNames) {
  if (!row) return `no place here: ${keys['discover.block']} blocks the country under the cursor`;
  if (row.kind === 'country') return { id: row.id, name: row.name, code: row.countryCode };
  if (row.kind !== 'region' && row.kind !== 'city')
    return `${keys['discover.block']} blocks a country: a ${row.kind} has none (move to a country, a region or a city)`;
  if (!row.countryId) return `the country of ${screenText(row.name)} is not known: B it from its country`;
  const listed = stores.discovery.getState().data?.locations?.find((l) => l.location_id === row.countryId);
  const name =
    listed?.name ?? row.context?.split(', ').at(-1) ?? row.countryCode?.toUpperCase() ?? row.countryId;
  return { id: row.countryId, name, code: row.countryCode, from: { kind: row.kind, name: row.name } };
}

/** Why `B` or `F` cannot act on the blocked list now; undefined when they can. */
function blockedUnavailable(stores: Stores, what: string, keys: KeyNames): string | undefined {
  const noToken = tokenMissing(stores, what, keys);
  if (noToken) return noToken;
  const { data, error } = stores.blocked.getState();
  if (isMissingRoute(error)) return NO_BLOCKED_LOCATIONS;
  if (data === undefined)
    return error
      ? `the blocked countries could not be loaded (${keys.refresh} retries)`
      : 'the blocked countries are loading…';
  return undefined;
}

/** Why a browse-list key does nothing while a search shows. */
const IN_SEARCH = (what: string) =>
  `${what} the list of places; a search shows the best match first (esc clears it)`;

export function Discover({ width, height }: PaneProps) {
  const stores = useStores();
  const { discovery, blocked } = stores;
  const dialogs = useDialogs();
  const theme = useTheme();
  const keys = useKeyNames();
  const { session } = stores;
  const editing = useStore(session, (s) => s.focus === SEARCH_INPUT);
  const query = useStore(discovery, (s) => s.query);
  const rows = useStore(discovery, (s) => s.rows);
  const cursor = useStore(discovery, (s) => s.cursor);
  const marked = useStore(discovery, (s) => s.marked);
  const sort = useStore(discovery, (s) => s.sort);
  const onlyActive = useStore(discovery, (s) => s.onlyActive);
  const fraction = useStore(discovery, (s) => s.distanceFraction);
  const gone = useStore(discovery, (s) => s.findLocationsGone);
  const notice = useStore(discovery, (s) => s.notice);
  const expanded = useStore(discovery, (s) => s.expanded);
  const best = useStore(discovery, (s) => s.bestAvailable);
  const search = useStore(discovery, (s) => s.search);
  const hasData = useStore(discovery, (s) => s.data !== undefined);
  const loading = useStore(discovery, (s) => s.loading);
  const error = useStore(discovery, (s) => s.error);
  const onlyBlocked = useStore(discovery, (s) => s.onlyBlocked);
  const blockedList = useStore(blocked, (s) => s.data);
  const blockedError = useStore(blocked, (s) => s.error);
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const asking = useStore(blocked, (s) => s.question !== undefined);

  const listHeight = Math.max(1, height - 3);
  const d = () => discovery.getState();
  /** Changes a setting once the service has find-locations; else the footer says why not. */
  const findLocationsFirst = (why: string, change: () => string | undefined) => {
    void d()
      .withFindLocations(why, change)
      .then((said) => {
        if (said) session.getState().say(said);
      });
  };
  useKeyActions(discoverKeys, 'discover', {
    ...useListKeys(d, listHeight),
    search: () => session.getState().setFocus(SEARCH_INPUT),
    back: () => {
      if (d().query) d().setQuery('');
    },
    select: () => (d().rows[d().cursor] ? d().toggleMark() : 'no place here to mark'),
    open: () => sendToProviders(stores),
    send: () => sendToProviders(stores),
    sort: () => (d().query.trim() ? IN_SEARCH(`${keys.sort} sorts`) : d().toggleSort()),
    reverse: () =>
      d().query.trim()
        ? IN_SEARCH(`${keys.reverse} reverses`)
        : `the places go by count (most providers first) or by name (A-Z): ${keys.sort} switches between them`,
    // Settings only find-locations honours: not set blind on a service that lacks it.
    onlyActive: () =>
      d().onlyActive
        ? d().toggleOnlyActive()
        : findLocationsFirst(ONLY_ACTIVE_NOT_APPLICABLE, () => {
            d().toggleOnlyActive();
            return undefined;
          }),
    distanceDown: () => findLocationsFirst(DISTANCE_NOT_APPLICABLE, () => d().stepDistance(-1)),
    distanceUp: () => findLocationsFirst(DISTANCE_NOT_APPLICABLE, () => d().stepDistance(1)),
    expand: () => {
      const row = d().rows[d().cursor];
      if (d().query.trim()) return IN_SEARCH('→ opens countries in');
      if (d().onlyBlocked)
        return `→ opens countries of the list of places: ${keys['discover.onlyBlocked']} shows it again`;
      if (row?.kind !== 'country' || row.child) return '→ opens a country: this row is not one';
      if (ownEntry(d().expanded, row.id)) return 'this country is open already (← closes it)';
      void d().expand();
    },
    collapse: () => {
      const row = d().rows[d().cursor];
      const countryId = row?.child ? row.countryId : row?.kind === 'country' ? row.id : undefined;
      if (!countryId || !ownEntry(d().expanded, countryId)) return '← closes an open country: none open here';
      d().collapse();
    },
    best: () => d().toggleBest(),
    block: () => {
      const unavailable = blockedUnavailable(stores, 'Blocking a country', keys);
      if (unavailable) return unavailable;
      const country = countryOfRow(stores, d().rows[d().cursor], keys);
      if (typeof country === 'string') return country;
      blocked.getState().ask(country);
      dialogs.open(BLOCK_DIALOG);
    },
    onlyBlocked: () => {
      const unavailable = d().onlyBlocked
        ? undefined
        : blockedUnavailable(stores, 'The blocked countries', keys);
      if (unavailable) return unavailable;
      d().toggleOnlyBlocked();
    },
    clearMarks: () => (Object.keys(d().marked).length ? d().clearMarks() : 'nothing marked to clear'),
    refresh: () => {
      refreshLive(stores, shownStores(discoverPane));
      if (d().query.trim()) void d().searchNow();
    },
  });

  const searching = query.trim() !== '';
  const cols = discoverColumns(width, searching);
  const header = headerColumns(cols);
  const sortBy = (column: string) => {
    if (d().query.trim() || d().sort === column) return;
    d().toggleSort();
  };
  const markCount = Object.keys(marked).length;
  const settings = [
    searching ? 'best match first' : `sort ${sort}`,
    // The distance applies to find-locations only: not shown once the service has none.
    gone ? undefined : `distance ${fraction === undefined ? 'default' : fraction.toFixed(1)}`,
    onlyActive ? 'only active' : undefined,
    onlyBlocked ? 'only blocked' : undefined,
    markCount ? `${markCount} marked` : undefined,
    best ? '+ best available' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

  const searchLine = (
    <Box width={width} height={1} justifyContent="space-between" gap={2} overflowY="hidden">
      <Box flexShrink={0}>
        <Text color={theme.accent}>{'/ '}</Text>
        <TextInput
          id={SEARCH_INPUT}
          focused="session"
          value={query}
          width={Math.max(8, width - settings.length - 6)}
          placeholder={
            editing ? 'city, region, country, group or a device id' : `press ${keys.search} to search`
          }
          onChange={(value) => d().setQuery(value)}
          onSubmit={() => {
            session.getState().setFocus(undefined);
            if (d().query.trim()) void d().searchNow();
          }}
          onCancel={() => session.getState().setFocus(undefined)}
        />
      </Box>
      <Text dimColor={theme.dim} wrap="truncate">
        {settings}
      </Text>
    </Box>
  );

  const opening = Object.entries(expanded).find(([, e]) => e.loading || e.error);
  const unknownCounts = rows.some((row) => row.kind !== 'device' && row.providerCount === undefined);
  const position = rows.length ? `${rowOf(cursor, rows.length)} · ` : '';
  let status: React.ReactNode;
  if (searching && search.error) {
    status = <ErrorLine error={search.error} width={width} prefix="search failed" />;
  } else if (error) {
    status = <ErrorLine error={error} width={width} prefix="provider locations" />;
  } else if (onlyBlocked && blockedError && !isMissingRoute(blockedError)) {
    status = (
      <ErrorLine
        error={blockedError}
        width={width}
        prefix={blockedList ? 'refresh failed, showing the last answer' : 'blocked countries'}
      />
    );
  } else if (!searching && opening?.[1].error) {
    status = <ErrorLine error={opening[1].error} width={width} prefix="regions and cities" />;
  } else if ((searching && search.loading) || (!searching && (loading || !hasData))) {
    status = <Spinner label={searching ? 'searching…' : 'loading provider locations…'} />;
  } else if (!searching && opening) {
    status = <Spinner label="loading regions and cities…" />;
  } else if (notice) {
    status = (
      <Text color={theme.warn} wrap="truncate">
        {`${position}${searching ? `${countOf(rows.length, 'match', 'matches')} · ` : ''}${notice}`}
      </Text>
    );
  } else if (onlyBlocked && !searching) {
    status = (
      <Text dimColor={theme.dim} wrap="truncate">
        {rows.length
          ? `${rowOf(cursor, rows.length)} · ${countOf(rows.length, 'blocked location')} · ${keys['discover.block']} unblocks the one under the cursor · ${keys['discover.onlyBlocked']} shows every place`
          : `${keys['discover.onlyBlocked']} shows every place`}
      </Text>
    );
  } else {
    const what = searching
      ? countOf(rows.length, 'match', 'matches')
      : `${countOf(rows.length, 'place')} with providers`;
    // Ranked: on a narrow terminal what the counts are stays, the key hints go first.
    const hints: [number, string | undefined][] = [
      [3, rows.length ? rowOf(cursor, rows.length) : undefined],
      [1, what],
      // Why the counts add up to less than the Network pane's providers online.
      [2, searching ? undefined : POOL_NOTE],
      [2, unknownCounts ? `${NOT_SENT} count not sent` : undefined],
      [4, searching ? undefined : '→ opens a country'],
      [5, `space marks · enter/p sends ${markCount ? `${markCount} marked` : 'the row'} to Providers`],
    ];
    status = (
      <Text dimColor={theme.dim} wrap="truncate">
        {fitParts(hints, width)}
      </Text>
    );
  }

  const ids = blockedIds(blockedList);
  let body: React.ReactNode;
  if (rows.length > 0) {
    body = (
      <VirtualList
        moves={d}
        items={rows}
        cursor={cursor}
        height={listHeight}
        width={width}
        keyOf={(row) => row.key}
        renderRow={(row, _i, selected) => {
          const mark = blockMarkOf(row, ids);
          const isMarked = Boolean(ownEntry(marked, row.key));
          const color = isMarked
            ? theme.marked
            : mark === 'blocked'
              ? theme.warn
              : row.kind === 'group'
                ? theme.accent
                : undefined;
          return (
            <Text inverse={selected} color={color} wrap="truncate">
              {rowText(row, isMarked, selected, cols, !searching && !onlyBlocked, mark)}
            </Text>
          );
        }}
      />
    );
  } else {
    let message: string;
    if (onlyBlocked && isMissingRoute(blockedError)) message = NO_BLOCKED_LOCATIONS;
    else if (onlyBlocked && !searching)
      message = blockedList
        ? `No blocked countries. ${keys['discover.onlyBlocked']} shows every place; ${keys['discover.block']} there blocks one.`
        : '';
    else if (searching)
      message = search.loading
        ? ''
        : search.error
          ? ''
          : `no matches for "${screenText(query)}"${onlyBlocked ? ` in the blocked countries (${keys['discover.onlyBlocked']} shows every place)` : ''}`;
    else if (!hasData) message = error ? `no data yet (${keys.refresh} retries)` : '';
    else message = 'no locations with active providers right now';
    body = (
      <Box height={listHeight} width={width}>
        <Text dimColor={theme.dim}>{message}</Text>
      </Box>
    );
  }

  if (dialog === BLOCK_DIALOG && asking) return <BlockQuestion />;

  return (
    <ListPaneLayout
      width={width}
      height={height}
      top={searchLine}
      header={
        <SortingHeader columns={header} onSort={sortBy}>
          <Text bold wrap="truncate">
            {headerText(
              header,
              // A search shows the best match first: no column's order.
              searching ? undefined : { column: sort, descending: sort === 'count' },
              theme.glyphs,
            )}
          </Text>
        </SortingHeader>
      }
      status={status}
    >
      {body}
    </ListPaneLayout>
  );
}

/** The pane as the registry lists it. */
export const discoverPane = definePane({
  id: 'discover',
  store: 'discovery',
  // The blocked countries' marks.
  reads: ['blocked'],
  search: 'search',
  sorts: true,
  Component: Discover,
  count: (stores) => {
    const s = stores.discovery.getState();
    return s.data === undefined && s.search.result === undefined ? undefined : s.rows.length;
  },
});
