// Discover: where providers are (provider-locations), and a fuzzy search on
// find-locations; marks choose what the Providers pane samples.
import { Box, Text } from 'ink';
import type React from 'react';
import { useRef } from 'react';
import { isApiError } from '../../api/errors.ts';
import { screenText } from '../../sanitize.ts';
import type { DiscoveryRow } from '../../store/discovery.ts';
import type { Stores } from '../../store/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { VirtualList } from '../components/VirtualList.tsx';
import { useStoreState, useStores, useTheme } from '../context.tsx';
import { useKeyActions } from '../input/dispatcher.tsx';
import { TextInput } from '../input/TextInput.tsx';
import { formatCount, padCells } from '../text.ts';
import type { PaneDefinition } from './types.ts';

/** Column widths for a pane `width` wide; `distance` only while searching. */
export function discoverColumns(width: number, searching: boolean) {
  const mark = 3;
  const kind = 8;
  const count = 10;
  const distance = searching ? 6 : 0;
  const rest = Math.max(10, width - mark - kind - count - distance - 1);
  const name = Math.max(8, Math.floor(rest * 0.5));
  return { mark, kind, name, context: Math.max(0, rest - name), count, distance };
}

/** The cursor row starts with `›` (visible without colours too), a marked one with `●`. */
function rowText(
  row: DiscoveryRow,
  marked: boolean,
  selected: boolean,
  cols: ReturnType<typeof discoverColumns>,
): string {
  return (
    (selected ? '›' : ' ') +
    (marked ? '● ' : '  ') +
    padCells(row.promoted ? 'group ★' : row.kind, cols.kind) +
    padCells(screenText(row.name), cols.name) +
    (cols.context ? padCells(screenText(row.context ?? ''), cols.context) : '') +
    padCells(row.providerCount === undefined ? '' : formatCount(row.providerCount), cols.count, 'right') +
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

function searchErrorPrefix(error: unknown): string {
  return isApiError(error) && error.status === 404
    ? 'this service has no find-locations (404); browse the list instead'
    : 'search failed';
}

const SEARCH_INPUT = 'discover-search';

/** Sends the chosen specs to the Providers pane and shows it. */
export function sendToProviders(stores: Stores): void {
  const chosen = stores.discovery.getState().chosen();
  if (chosen.length === 0) return;
  stores.session.getState().setPane('providers');
  void stores.providers.getState().choose(chosen);
}

function Discover({ width, height }: { width: number; height: number }) {
  const stores = useStores();
  const { discovery } = stores;
  const theme = useTheme();
  const { session } = stores;
  const editing = useStoreState(session, (s) => s.focus === SEARCH_INPUT);
  const query = useStoreState(discovery, (s) => s.query);
  const rows = useStoreState(discovery, (s) => s.rows);
  const cursor = useStoreState(discovery, (s) => s.cursor);
  const marked = useStoreState(discovery, (s) => s.marked);
  const sort = useStoreState(discovery, (s) => s.sort);
  const onlyActive = useStoreState(discovery, (s) => s.onlyActive);
  const fraction = useStoreState(discovery, (s) => s.distanceFraction);
  const best = useStoreState(discovery, (s) => s.bestAvailable);
  const search = useStoreState(discovery, (s) => s.search);
  const hasData = useStoreState(discovery, (s) => s.data !== undefined);
  const loading = useStoreState(discovery, (s) => s.loading);
  const error = useStoreState(discovery, (s) => s.error);

  const listHeight = Math.max(1, height - 3);
  const page = useRef(listHeight);
  page.current = listHeight;
  const d = () => discovery.getState();
  useKeyActions('discover', {
    search: () => session.getState().setFocus(SEARCH_INPUT),
    back: () => {
      if (d().query) d().setQuery('');
    },
    down: () => d().move(1),
    up: () => d().move(-1),
    top: () => d().moveTo('top'),
    bottom: () => d().moveTo('bottom'),
    pageDown: () => d().move(page.current),
    pageUp: () => d().move(-page.current),
    select: () => d().toggleMark(),
    open: () => sendToProviders(stores),
    send: () => sendToProviders(stores),
    sort: () => d().toggleSort(),
    onlyActive: () => d().toggleOnlyActive(),
    distanceDown: () => d().stepDistance(-1),
    distanceUp: () => d().stepDistance(1),
    best: () => d().toggleBest(),
    clearMarks: () => d().clearMarks(),
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
    `distance ${fraction === undefined ? 'default' : fraction.toFixed(1)}`,
    onlyActive ? 'only active' : undefined,
    markCount ? `${markCount} marked` : undefined,
    best ? '+ best available' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

  const searchLine = (
    <Box width={width} height={1} justifyContent="space-between" overflowY="hidden">
      <Box>
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
      <Text dimColor={theme.dim}>{settings}</Text>
    </Box>
  );

  let status: React.ReactNode;
  if (searching && search.error) {
    status = <ErrorLine error={search.error} width={width} prefix={searchErrorPrefix(search.error)} />;
  } else if (error) {
    status = <ErrorLine error={error} width={width} prefix="provider locations" />;
  } else if ((searching && search.loading) || (!searching && (loading || !hasData))) {
    status = <Spinner label={searching ? 'searching…' : 'loading provider locations…'} />;
  } else {
    const what = searching
      ? `${formatCount(rows.length)} matches`
      : `${formatCount(rows.length)} places with providers`;
    status = (
      <Text dimColor={theme.dim} wrap="truncate">
        {`${what} · space marks · enter/p sends ${markCount ? `${markCount} marked` : 'the row'} to Providers`}
      </Text>
    );
  }

  let body: React.ReactNode;
  if (rows.length > 0) {
    body = (
      <VirtualList
        items={rows}
        cursor={cursor}
        height={listHeight}
        keyOf={(row) => row.key}
        renderRow={(row, _i, selected) => (
          <Text
            inverse={selected}
            color={marked[row.key] ? theme.marked : row.kind === 'group' ? theme.accent : undefined}
            wrap="truncate"
          >
            {rowText(row, Boolean(marked[row.key]), selected, cols)}
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
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      {searchLine}
      <Text bold wrap="truncate">
        {headerText(cols)}
      </Text>
      {body}
      <Box height={1} width={width} overflowY="hidden">
        {status}
      </Box>
    </Box>
  );
}

export const discoverPane: PaneDefinition = {
  id: 'discover',
  key: '1',
  title: 'Discover',
  shortTitle: 'Disc',
  search: 'search',
  Component: Discover,
  count: (stores) => {
    const s = stores.discovery.getState();
    return s.data === undefined && s.search.result === undefined ? undefined : s.rows.length;
  },
  resource: (stores) => stores.discovery,
};
