// Discover: where providers are (provider-locations, countries opened in place with
// →), and a fuzzy search (find-locations where the service has it, else
// find-provider-locations); marks choose what the Providers pane samples.
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { countOf, formatCount, NOT_SENT, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import type { DiscoveryRow } from '../../../store/discovery.ts';
import { ownEntry } from '../../../store/distinct-keys.ts';
import { sendChosenToProviders } from '../../../store/flows.ts';
import type { Stores } from '../../../store/index.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { ListPaneLayout } from '../../components/list-pane-layout.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { VirtualList } from '../../components/virtual-list.tsx';
import { useStores, useTheme } from '../../context.tsx';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { TextInput } from '../../input/text-input.tsx';
import { cell, padCells } from '../../text.ts';
import { definePane, type PaneProps } from '../types.ts';
import { discoverKeys } from './keys.ts';

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

/** `▸` a country that opens in place, `▾` an open one; its children are indented. */
function nameText(row: DiscoveryRow, browsing: boolean): string {
  const name = screenText(row.name);
  if (row.child) return `  ${name}`;
  if (browsing && row.kind === 'country') return `${row.expanded ? '▾' : '▸'} ${name}`;
  return name;
}

/** The cursor row starts with `›` (visible without colours too), a marked one with `●`. */
function rowText(
  row: DiscoveryRow,
  marked: boolean,
  selected: boolean,
  cols: ReturnType<typeof discoverColumns>,
  browsing: boolean,
): string {
  return (
    (selected ? '›' : ' ') +
    (marked ? '● ' : '  ') +
    padCells(row.promoted ? 'group ★' : row.kind, cols.kind) +
    cell(nameText(row, browsing), cols.name) +
    (cols.context ? cell(screenText(row.context ?? ''), cols.context) : '') +
    padCells(countText(row), cols.count, 'right') +
    (cols.distance
      ? padCells(row.matchDistance === undefined ? '' : String(row.matchDistance), cols.distance, 'right')
      : '')
  );
}

function headerText(cols: ReturnType<typeof discoverColumns>): string {
  return (
    '   ' +
    padCells('TYPE', cols.kind) +
    padCells('NAME', cols.name) +
    (cols.context ? padCells('WHERE', cols.context) : '') +
    padCells('PROVIDERS', cols.count, 'right') +
    (cols.distance ? padCells('DIST', cols.distance, 'right') : '')
  );
}

const SEARCH_INPUT = 'discover-search';

/** Sends the chosen places to the Providers pane and shows it; says why not when there are none. */
const sendToProviders = (stores: Stores) =>
  sendChosenToProviders(stores)
    ? undefined
    : 'nothing to send: no place here to mark (try another search, or esc)';

/** Why a browse-list key does nothing while a search shows. */
const IN_SEARCH = (what: string) =>
  `${what} the list of places; a search shows the best match first (esc clears it)`;

export function Discover({ width, height }: PaneProps) {
  const stores = useStores();
  const { discovery } = stores;
  const theme = useTheme();
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

  const listHeight = Math.max(1, height - 3);
  const d = () => discovery.getState();
  useKeyActions(discoverKeys, 'discover', {
    ...useListKeys(d, listHeight),
    search: () => session.getState().setFocus(SEARCH_INPUT),
    back: () => {
      if (d().query) d().setQuery('');
    },
    select: () => (d().rows[d().cursor] ? d().toggleMark() : 'no place here to mark'),
    open: () => sendToProviders(stores),
    send: () => sendToProviders(stores),
    sort: () => (d().query.trim() ? IN_SEARCH('o sorts') : d().toggleSort()),
    onlyActive: () => d().toggleOnlyActive(),
    distanceDown: () => d().stepDistance(-1),
    distanceUp: () => d().stepDistance(1),
    expand: () => {
      const row = d().rows[d().cursor];
      if (d().query.trim()) return IN_SEARCH('→ opens countries in');
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
    clearMarks: () => (Object.keys(d().marked).length ? d().clearMarks() : 'nothing marked to clear'),
    refresh: () => {
      void d().refresh();
      if (d().query.trim()) void d().searchNow();
    },
  });

  const searching = query.trim() !== '';
  const cols = discoverColumns(width, searching);
  const markCount = Object.keys(marked).length;
  const settings = [
    searching ? 'best match first' : `sort ${sort}`,
    // The distance applies to find-locations only: not shown once the service has none.
    gone ? undefined : `distance ${fraction === undefined ? 'default' : fraction.toFixed(1)}`,
    onlyActive ? 'only active' : undefined,
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
          placeholder={editing ? 'city, region, country, group or a device id' : 'press / to search'}
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
  } else {
    const what = searching
      ? countOf(rows.length, 'match', 'matches')
      : `${countOf(rows.length, 'place')} with providers · → opens a country`;
    const hints = [
      rows.length ? rowOf(cursor, rows.length) : undefined,
      what,
      unknownCounts ? `${NOT_SENT} count not sent` : undefined,
      `space marks · enter/p sends ${markCount ? `${markCount} marked` : 'the row'} to Providers`,
    ];
    status = (
      <Text dimColor={theme.dim} wrap="truncate">
        {hints.filter(Boolean).join(' · ')}
      </Text>
    );
  }

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
        renderRow={(row, _i, selected) => (
          <Text
            inverse={selected}
            color={ownEntry(marked, row.key) ? theme.marked : row.kind === 'group' ? theme.accent : undefined}
            wrap="truncate"
          >
            {rowText(row, Boolean(ownEntry(marked, row.key)), selected, cols, !searching)}
          </Text>
        )}
      />
    );
  } else {
    let message: string;
    if (searching)
      message = search.loading ? '' : search.error ? '' : `no matches for "${screenText(query)}"`;
    else if (!hasData) message = error ? 'no data yet (r retries)' : '';
    else message = 'no locations with active providers right now';
    body = (
      <Box height={listHeight} width={width}>
        <Text dimColor={theme.dim}>{message}</Text>
      </Box>
    );
  }

  return (
    <ListPaneLayout width={width} height={height} top={searchLine} header={headerText(cols)} status={status}>
      {body}
    </ListPaneLayout>
  );
}

/** The pane as the registry lists it. */
export const discoverPane = definePane({
  id: 'discover',
  keys: discoverKeys,
  store: 'discovery',
  search: 'search',
  Component: Discover,
  count: (stores) => {
    const s = stores.discovery.getState();
    return s.data === undefined && s.search.result === undefined ? undefined : s.rows.length;
  },
});
