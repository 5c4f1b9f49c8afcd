// Providers: samples find-providers2 for the specs chosen in Discover, batch after
// batch, never showing a provider twice, until a batch comes back empty; `N` walks them
// all as `netdeck providers --all` does. What it shows and why a key cannot act are its
// view's (providers-view.ts); here they are drawn, and each key goes to a store action.
import { Box, Text } from 'ink';
import { formatCount } from '../../../format/numbers.ts';
import {
  PROVIDERS_LIST,
  type ProvidersStore,
  providerAtCursor,
  seenExport,
  visibleSeen,
} from '../../../store/providers.ts';
import { EXPORT_DIALOG, ExportDialog } from '../../components/export-dialog.tsx';
import { ListPaneLayout } from '../../components/list-pane-layout.tsx';
import { filterWidth, ListFilter, ListHeader, storeList, useListView } from '../../components/list-view.tsx';
import { PaneStatusLine } from '../../components/pane-status.tsx';
import { listRowWidth, VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { markAndMoveDown, useListKeys } from '../../hooks/use-list-keys.ts';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { PROXY_DIALOG, ProxyDialog } from '../proxies/proxy-dialog.tsx';
import { definePane, type PaneProps } from '../types.ts';
import { FORGET_DIALOG, ForgetQuestion } from './forget-question.tsx';
import { providersKeys } from './keys.ts';
import {
  batchPlace,
  PROVIDERS_FILTER,
  providersReasons,
  providersState,
  providersView,
} from './providers-view.ts';

/** What is seen, as the list controller sees it. */
const seenList = (store: ProvidersStore) => storeList(store, PROVIDERS_LIST, PROVIDERS_FILTER);

/**
 * The pane's key handlers: each a store action. Where a key cannot act, the view says why
 * (providersReasons) and the dispatcher says that instead of calling its handler.
 */
function useProvidersActions(listHeight: number) {
  const stores = useStores();
  const { providers, session, fileExport } = stores;
  const keys = useKeyNames();
  const dialogs = useDialogs();
  const copy = useCopy();
  const listView = useListView(seenList(providers));
  const p = () => providers.getState();
  const mark = () => p().toggleDestination();
  useKeyActions(providersKeys, 'providers', {
    ...useListKeys(p, listHeight),
    proxy: () => {
      const place = batchPlace(p().specs);
      if (!place) return;
      stores.proxies.getState().openForm(place);
      dialogs.open(PROXY_DIALOG);
    },
    next: () => void p().next(),
    fetchAll: () => void p().fetchAll(),
    search: listView.search,
    sort: listView.sort,
    reverse: listView.reverse,
    back: () => {
      if (p().stopFetchAll())
        return `stopped fetching: ${formatCount(p().seen.length)} seen (${keys['providers.fetchAll']} goes on)`;
      listView.clearFilter();
    },
    copy: () => session.getState().notify(copy(providerAtCursor(p())?.client_id, 'client id')),
    bigger: () => p().changeBatchSize(1),
    smaller: () => p().changeBatchSize(-1),
    rankMode: () => p().toggleRankMode(),
    reset: () => p().reset(),
    destination: mark,
    select: markAndMoveDown(mark, p),
    clearDestinations: () => {
      p().askForget();
      dialogs.open(FORGET_DIALOG);
    },
    export: () => {
      fileExport
        .getState()
        .open({ what: 'provider', stem: 'providers', table: () => seenExport(visibleSeen(p())) });
      dialogs.open(EXPORT_DIALOG);
    },
  });
}

export function Providers({ width, height }: PaneProps) {
  const { providers } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const state = useStoresState(providersState);
  const listHeight = Math.max(1, height - 3);
  useProvidersActions(listHeight);
  const list = seenList(providers);
  // The rows leave the scrollbar its column; the header lines up with them.
  const view = providersView(state, keys, width, listRowWidth(width, visibleSeen(state).length, listHeight));

  const body = view.shown.length ? (
    <VirtualList
      moves={() => providers.getState()}
      items={view.shown}
      cursor={state.cursor}
      height={listHeight}
      width={width}
      keyOf={(item, i) => item.client_id ?? `row-${i}`}
      renderRow={(item, _i, selected) => {
        const { text, marked } = view.row(item, selected);
        return (
          <Text inverse={selected} color={marked ? theme.marked : undefined} wrap="truncate">
            {text}
          </Text>
        );
      }}
    />
  ) : (
    <Box height={listHeight}>
      <Text dimColor={theme.dim}>{view.empty}</Text>
    </Box>
  );

  return (
    <ListPaneLayout
      width={width}
      height={height}
      top={
        <Box width={width} height={1} justifyContent="space-between" gap={2} overflowY="hidden">
          <ListFilter list={list} view={state.view} width={filterWidth(width)} />
          {view.chosen === undefined ? null : <Text wrap="truncate">{view.chosen}</Text>}
          <Text color={state.exhausted ? theme.warn : undefined} wrap="truncate">
            {view.counters}
          </Text>
        </Box>
      }
      header={<ListHeader list={list} view={state.view} columns={view.header} />}
      status={<PaneStatusLine status={view.status} width={width} />}
    >
      {body}
    </ListPaneLayout>
  );
}

/** The pane as the registry lists it. */
export const providersPane = definePane({
  id: 'providers',
  store: 'providers',
  search: 'filter',
  sorts: true,
  Component: Providers,
  count: (stores) => {
    const s = stores.providers.getState();
    return s.specs.length ? s.seen.length : undefined;
  },
  keyReasons: (stores, keys) => providersReasons(providersState(stores), keys),
  dialogs: { [FORGET_DIALOG]: ForgetQuestion, [PROXY_DIALOG]: ProxyDialog, [EXPORT_DIALOG]: ExportDialog },
});
