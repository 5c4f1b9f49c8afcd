// My providers: the caller network's providers over the last 24 hours, one row each
// with its device name, uptime, a half-hour connection timeline and the day's figures, a
// totals row, sort (s/S), filter (/), and a detail view (enter, esc) with the provider's
// events; `L` logs in where no token was given; `t` shows 7 and 30 days instead; `O` shows
// only the stale clients (space marks, `X` removes, `P` sets the period).
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { isNoToken, serviceMessage } from '../../../api/error-words.ts';
import type { ProviderStats } from '../../../contract/schemas.ts';
import { countOf, formatPeriod, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { clientsById } from '../../../store/clients.ts';
import { refreshLive } from '../../../store/index.ts';
import { sortOf, sortWords } from '../../../store/list-sort-filter.ts';
import {
  isChanged,
  MY_PROVIDERS_LIST,
  type MyProvidersStore,
  selectedIndex,
  visibleProviders,
} from '../../../store/my-providers.ts';
import { lastSeenIn, type StaleState, seenText } from '../../../store/stale.ts';
import {
  ListFilter,
  SortingHeader,
  storeList,
  useFilterEditing,
  useListView,
} from '../../components/list-view.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import { useScrolledLines } from '../../components/scrolled-lines.tsx';
import { useStaleDialog } from '../../components/stale-dialogs.tsx';
import { listRowWidth, VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useNow, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStaleKeys } from '../../hooks/use-stale-keys.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { displayWidth, truncate } from '../../text.ts';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { CellLine } from './cell-line.tsx';
import { dataTime } from './data-time.ts';
import { NetworkHistoryView, ProviderHistoryView } from './history-view.tsx';
import { myProvidersKeys } from './keys.ts';
import { ProviderDetail } from './provider-detail.tsx';
import { headerCells, layoutProviderColumns, providerCells, totalsCells } from './provider-table.ts';

/** Rows around the list: summary line, header, totals, status. */
const CHROME_ROWS = 4;

/** The table as the list controller sees it: its view, its rows, its filter box. */
const tableList = (store: MyProvidersStore) => storeList(store, MY_PROVIDERS_LIST, 'myProviders-filter');

/** The stale view's part of the summary line: its period, how many, what is marked, its keys. */
function staleParts(state: StaleState, shown: number, all: number, keys: KeyNames): string[] {
  const period = formatPeriod(state.periodMs);
  if (state.error && !state.staleIds)
    return [`stale for ${period}: the request failed (${keys.refresh} retries)`];
  if (!state.staleIds)
    return [`stale for ${period} (${keys['myProviders.stalePeriod']}): asking when each was last seen…`];
  return [
    `stale for ${period} (${keys['myProviders.stalePeriod']}) · ${shown} of ${countOf(all, 'provider')}`,
    state.marked.size ? `${state.marked.size} marked` : `${keys.select} marks`,
    `${keys['myProviders.staleRemove']} removes · ${keys['myProviders.staleView']} all`,
  ];
}

function SummaryLine({ width }: { width: number }) {
  const { myProviders, stale } = useStores();
  const staleState = useStore(stale, (s) => s);
  const theme = useTheme();
  const keys = useKeyNames();
  const data = useStore(myProviders, (s) => s.data);
  const view = useStore(myProviders, (s) => s.view);
  const { filter } = view;
  const sort = sortOf(MY_PROVIDERS_LIST, view);
  const shown = useStore(myProviders, (s) => visibleProviders(s).length);
  const cursor = useStore(myProviders, (s) => selectedIndex(s));
  const list = tableList(myProviders);
  const editing = useFilterEditing(list);
  const all = data?.providers ?? [];
  const online = all.filter((p) => p.connected === true).length;
  const placeholder = editing ? 'client id, device name or provide mode' : 'filter';
  const inputWidth = editing
    ? Math.max(12, Math.min(32, Math.floor(width / 3)))
    : displayWidth(filter || placeholder);
  const parts = !data
    ? ['My providers, last 24 hours']
    : staleState.views.myProviders
      ? [...staleParts(staleState, shown, all.length, keys), shown ? rowOf(cursor, shown) : undefined].filter(
          Boolean,
        )
      : [
          filter ? `${shown} of ${all.length} match${editing ? '' : ` (${keys.back} clears)`}` : undefined,
          countOf(all.length, 'provider'),
          `${online} connected`,
          `sort ${sortWords(MY_PROVIDERS_LIST, view)} ${sort?.descending ? theme.glyphs.descending : theme.glyphs.ascending} (${keys.sort}, ${keys.reverse})`,
          shown ? rowOf(cursor, shown) : undefined,
        ].filter(Boolean);
  return (
    <Box width={width} height={1} overflow="hidden">
      <ListFilter list={list} view={view} width={inputWidth + 2} placeholder={placeholder} always />
      <Text bold wrap="truncate">
        {truncate(` · ${parts.join(' · ')}`, Math.max(0, width - inputWidth - 3))}
      </Text>
    </Box>
  );
}

function EmptyRows({ width, height, text }: { width: number; height: number; text: string }) {
  const theme = useTheme();
  return (
    <Box height={height} width={width}>
      <Text dimColor={theme.dim} wrap="wrap">
        {text}
      </Text>
    </Box>
  );
}

function Table({ width, height, now }: { width: number; height: number; now: number }) {
  const { myProviders, stale, clients } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const sorting = useListView(tableList(myProviders));
  const state = useStore(myProviders, (s) => s);
  const staleState = useStore(stale, (s) => s);
  const known = clientsById(useStore(clients, (s) => s.data));
  const staleView = staleState.views.myProviders;
  const rows = visibleProviders(state);
  const listHeight = Math.max(1, height - CHROME_ROWS);
  // The rows leave the scrollbar its column; the header and totals line up with them.
  const columns = layoutProviderColumns(listRowWidth(width, rows.length, listHeight), rows);
  const cursor = selectedIndex(state);
  const end = dataTime(state);
  const row = (p: ProviderStats, selected: boolean) => (
    <CellLine
      selected={selected}
      cells={providerCells(p, columns, {
        now: end,
        changed: (field) => isChanged(state, p.client_id, field, now),
        clean: (text) => screenText(text),
        stale: staleView
          ? {
              lastSeen: (row) => seenText(lastSeenIn(staleState, known, row.client_id), staleState, now),
              marked: (row) => row.client_id !== undefined && staleState.marked.has(row.client_id),
            }
          : undefined,
      })}
    />
  );

  let body: React.ReactNode;
  const total = state.data?.providers?.length ?? 0;
  if (!state.data && isNoToken(state.error))
    body = <NoToken what="Your providers' statistics need your network's token" width={width} />;
  else if (!state.data)
    body = (
      <EmptyRows
        width={width}
        height={listHeight}
        text={
          state.error
            ? `No figures yet: the request failed (below); it is retried on its own, ${keys.refresh} retries now.`
            : ''
        }
      />
    );
  else if (!total)
    body = (
      <EmptyRows
        width={width}
        height={listHeight}
        text="No providers in this network yet. A device of the network that provides shows up here (add devices in 3)."
      />
    );
  else if (!rows.length && staleView)
    body = (
      <EmptyRows
        width={width}
        height={listHeight}
        text={
          staleState.staleIds
            ? `No provider is stale for ${formatPeriod(staleState.periodMs)}: none is offline and unseen that long. ${keys['myProviders.stalePeriod']} sets another period, ${keys['myProviders.staleView']} shows them all.`
            : staleState.error
              ? `Could not ask when each was last seen: ${screenText(serviceMessage(staleState.error))}. ${keys.refresh} asks again, ${keys['myProviders.staleView']} shows them all.`
              : 'Asking the service when each provider was last seen…'
        }
      />
    );
  else if (!rows.length)
    body = (
      <EmptyRows
        width={width}
        height={listHeight}
        text={`No provider matches “${screenText(state.view.filter)}”. Esc clears the filter.`}
      />
    );
  else
    body = (
      <VirtualList
        moves={() => myProviders.getState()}
        items={rows}
        cursor={cursor}
        height={Math.min(listHeight, rows.length)}
        width={width}
        keyOf={(p, i) => p.client_id ?? String(i)}
        renderRow={(p, _i, selected) => row(p, selected)}
      />
    );

  // The totals follow the last row; the space left over goes below them.
  return (
    <Box flexDirection="column" height={listHeight + 2} overflow="hidden">
      <SortingHeader
        onSort={sorting.sortBy}
        gap={1}
        columns={columns.map((c) => ({ label: c.header, width: c.width, sort: c.sort }))}
      >
        <CellLine
          bold
          cells={headerCells(columns, sortOf(MY_PROVIDERS_LIST, state.view), theme.glyphs, staleView)}
        />
      </SortingHeader>
      {body}
      {rows.length ? <CellLine bold cells={totalsCells(rows, columns)} /> : null}
    </Box>
  );
}

function Legend() {
  const theme = useTheme();
  return (
    <Text dimColor={theme.dim}>
      {`${theme.glyphs.timelineOn} connected  ${theme.glyphs.timelineMixed} part  ${theme.glyphs.timelineOff} off  Σ up now is the average`}
    </Text>
  );
}

function StatusLine({ width, now }: { width: number; now: number }) {
  const { myProviders } = useStores();
  const state = useStore(myProviders, (s) => s);
  const legendWidth = 52;
  const roomForLegend = width >= 100 && !state.error;
  // Without a token the pane itself says what is missing and how to give it.
  if (isNoToken(state.error)) return <Box height={1} />;
  return (
    <Box width={width} justifyContent="space-between">
      <RefreshStatus
        state={{ ...state, hasData: state.data !== undefined }}
        now={now}
        width={roomForLegend ? width - legendWidth : width}
      />
      {roomForLegend ? <Legend /> : null}
    </Box>
  );
}

export function MyProviders({ width, height }: PaneProps) {
  const stores = useStores();
  const { myProviders, session, history, stale } = stores;
  const keys = useKeyNames();
  const detailId = useStore(myProviders, (s) => s.detailId);
  const window = useStore(history.view, (s) => s.window);
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const staleDialog = useStaleDialog(dialog);
  // One reading of the store clock a second drives the countdown and the highlights.
  const now = useNow(1000);
  const s = () => myProviders.getState();
  const table = useListView(tableList(myProviders));
  const copy = useCopy();
  const inDetail = () => s().detailId !== undefined;
  /** Why the table's keys cannot act now: a detail or a history view hides it. */
  const tableHidden = (what = `${keys.sort} and ${keys.reverse} sort`) => {
    if (history.view.getState().window !== '24h')
      return `${what} the 24-hour table, which is not shown here (${keys['myProviders.cycleWindow']} to 24 hours shows it)`;
    if (inDetail())
      return `${what} the 24-hour table, which is not shown here (${keys.back} goes back to it)`;
  };
  // The detail and the history views scroll with the move keys (below 24 rows they are taller than the room).
  const scroll = useScrolledLines();
  const listKeys = useListKeys(s, height - CHROME_ROWS);
  const moveKeys = (action: keyof typeof listKeys) => () =>
    tableHidden() ? scroll.keys()[action]() : listKeys[action]();
  const staleKeys = useStaleKeys('myProviders', {
    shown: () => visibleProviders(s()).flatMap((p) => (p.client_id === undefined ? [] : [p.client_id])),
    selected: () => visibleProviders(s())[selectedIndex(s())]?.client_id,
  });
  // The detail and the history views hide the table: its keys are not offered there.
  const hidden = detailId !== undefined || window !== '24h';
  useKeyActions(
    myProvidersKeys,
    'myProviders',
    {
      down: moveKeys('down'),
      up: moveKeys('up'),
      pageDown: moveKeys('pageDown'),
      pageUp: moveKeys('pageUp'),
      top: moveKeys('top'),
      bottom: moveKeys('bottom'),
      ...staleKeys,
      staleView: () =>
        tableHidden(`${keys['myProviders.staleView']} shows the stale clients of`) ?? staleKeys.staleView(),
      // The detail and the history views hide the table: a sort there would act unseen.
      sort: () => tableHidden() ?? table.sort(),
      reverse: () => tableHidden() ?? table.reverse(),
      open: () => {
        if (inDetail()) return `this provider is open already (${keys.back} goes back to the list)`;
        if (!visibleProviders(s()).length) return 'no provider here to open';
        scroll.reset();
        s().openDetail();
      },
      // The filter narrows the table: in the detail or a history view it would act unseen.
      search: () => {
        const hidden = tableHidden('/ filters');
        if (hidden) return hidden;
        table.search();
      },
      back: () => {
        scroll.reset();
        if (inDetail()) s().closeDetail();
        else table.clearFilter();
      },
      refresh: () => {
        const { window } = history.view.getState();
        if (stale.getState().views.myProviders) void stale.getState().load();
        refreshLive(stores, shownStores(myProvidersPane));
        if (window !== '24h') void (inDetail() ? history.provider : history.overview).getState().refresh();
      },
      copy: () => {
        const id = s().detailId ?? visibleProviders(s())[selectedIndex(s())]?.client_id;
        session.getState().notify(copy(id, 'client id'));
      },
      cycleWindow: () => {
        scroll.reset();
        history.view.getState().cycleWindow();
      },
    },
    hidden ? { sort: false, reverse: false, search: false, staleView: false } : undefined,
  );

  if (staleDialog) return staleDialog;
  if (window !== '24h')
    return detailId !== undefined ? (
      <ProviderHistoryView width={width} height={height} clientId={detailId} scroll={scroll} />
    ) : (
      <NetworkHistoryView width={width} height={height} scroll={scroll} />
    );
  if (detailId !== undefined)
    return <ProviderDetail width={width} height={height} clientId={detailId} now={now} scroll={scroll} />;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <SummaryLine width={width} />
      <Table width={width} height={height} now={now} />
      <StatusLine width={width} now={now} />
    </Box>
  );
}

/** The pane as the registry lists it. */
export const myProvidersPane = definePane({
  id: 'myProviders',
  store: 'myProviders',
  // The device names and the provide modes /stats/providers lacks.
  reads: ['clients'],
  search: 'filter',
  sorts: true,
  Component: MyProviders,
  count: (stores) => stores.myProviders.getState().data?.providers?.length,
});
