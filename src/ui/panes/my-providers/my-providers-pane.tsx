// My providers: the caller network's providers over the last 24 hours, one row each
// with its device name, uptime, a half-hour connection timeline and the day's figures, a
// totals row, sort (o/I), filter (/), and a detail view (enter, esc) with the provider's
// events; `L` logs in where no token was given; `t` shows 7 and 30 days instead; `O` shows
// only the stale clients (space marks, `X` removes, `P` sets the period); `i` only the idle
// ones; `m` mutes the provider's alerts for a time (or unmutes it); `a` shows every profile
// merged (merged-providers.tsx). What it shows and why a key cannot act are its view's
// (my-providers-view.ts); here they are drawn, and each key goes to a store action.
import { Box } from 'ink';
import { refreshLive } from '../../../store/index.ts';
import {
  deviceNameOf,
  findProvider,
  providersExport,
  selectedIndex,
  visibleProviders,
} from '../../../store/my-providers.ts';
import { EXPORT_DIALOG, ExportDialog } from '../../components/export-dialog.tsx';
import { useListView } from '../../components/list-view.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import { useScrolledLines } from '../../components/scrolled-lines.tsx';
import {
  RemoveStaleQuestion,
  STALE_PERIOD_DIALOG,
  StalePeriodDialog,
} from '../../components/stale-dialogs.tsx';
import { useClock, useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStaleKeys } from '../../hooks/use-stale-keys.ts';
import { useEveryProfileOn, useStoresState } from '../../hooks/use-stores-state.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { NetworkHistoryView, ProviderHistoryView } from './history-view.tsx';
import { myProvidersKeys } from './keys.ts';
import { MergedProviders } from './merged-providers.tsx';
import { mergedProvidersReasons, mergedProvidersState } from './merged-providers-view.ts';
import { MUTE_DIALOG, MuteDialog, useMuteAction } from './mute-dialog.tsx';
import { ProvidersTable, StatusLine, SummaryLine, tableList } from './my-providers-table.tsx';
import {
  CHROME_ROWS,
  myProvidersReasons,
  myProvidersState,
  myProvidersView,
  tableHidden,
} from './my-providers-view.ts';
import { ProviderDetail } from './provider-detail.tsx';

/**
 * The pane's key handlers: each a store action. Where a key cannot act, the view says why
 * (myProvidersReasons) and the dispatcher says that instead of calling it. `hidden`: a
 * detail or a history view hides the table, whose keys the footer then leaves out.
 */
function useMyProvidersActions(height: number, hidden: boolean) {
  const stores = useStores();
  const { myProviders, session, history, stale, idle, everyProfile } = stores;
  const dialogs = useDialogs();
  const s = () => myProviders.getState();
  const table = useListView(tableList(myProviders));
  const copy = useCopy();
  const inDetail = () => s().detailId !== undefined;
  // The detail and the history views scroll with the move keys (below 24 rows they are taller than the room).
  const scroll = useScrolledLines();
  const listKeys = useListKeys(s, height - CHROME_ROWS);
  const moveKeys = (action: keyof typeof listKeys) => () =>
    tableHidden({ window: history.view.getState().window, detailId: s().detailId })
      ? scroll.keys()[action]()
      : listKeys[action]();
  const staleKeys = useStaleKeys('myProviders', {
    shown: () => visibleProviders(s()).flatMap((p) => (p.client_id === undefined ? [] : [p.client_id])),
    selected: () => visibleProviders(s())[selectedIndex(s())]?.client_id,
  });
  // The detail's provider, else the cursor's.
  const mute = useMuteAction(() => {
    const p = findProvider(s(), s().detailId ?? visibleProviders(s())[selectedIndex(s())]?.client_id);
    return p?.client_id ? { clientId: p.client_id, name: deviceNameOf(p) } : undefined;
  });
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
      // The idle ones are connected: the stale view (offline ones) goes as they come.
      staleView: () => {
        const refused = staleKeys.staleView();
        if (!refused && stale.getState().views.myProviders && idle.getState().only)
          idle.getState().toggleOnly();
        return refused;
      },
      idle: () => idle.getState().toggleOnly(),
      mute,
      everyProfile: () => {
        everyProfile.getState().toggle();
        return everyProfile.getState().problem;
      },
      sort: table.sort,
      reverse: table.reverse,
      search: table.search,
      open: () => {
        scroll.reset();
        s().openDetail();
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
      export: () => {
        stores.fileExport.getState().open({
          what: 'provider',
          stem: 'my-providers',
          table: () => providersExport(visibleProviders(s())),
        });
        dialogs.open(EXPORT_DIALOG);
      },
    },
    // The table's keys are not offered where the table is hidden.
    hidden ? { sort: false, reverse: false, search: false, staleView: false } : undefined,
  );
  return scroll;
}

/** The pane: one profile's providers, or every profile's merged (`a`). */
export function MyProviders(props: PaneProps) {
  return useEveryProfileOn() ? <MergedProviders {...props} /> : <OneProfileProviders {...props} />;
}

function OneProfileProviders({ width, height }: PaneProps) {
  const { myProviders } = useStores();
  const { glyphs } = useTheme();
  const { speed } = useClock();
  const state = useStoresState(myProvidersState);
  const view = myProvidersView(state, useKeyNames(), { width, height, speed, glyphs });
  const scroll = useMyProvidersActions(height, tableHidden(state));
  const { detailId } = state;
  if (state.window !== '24h')
    return detailId !== undefined ? (
      <ProviderHistoryView width={width} height={height} clientId={detailId} scroll={scroll} />
    ) : (
      <NetworkHistoryView width={width} height={height} scroll={scroll} />
    );
  if (detailId !== undefined)
    return <ProviderDetail width={width} height={height} clientId={detailId} scroll={scroll} />;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <SummaryLine summary={view.summary} width={width} list={tableList(myProviders)} />
      <ProvidersTable
        table={view.table}
        width={width}
        list={tableList(myProviders)}
        moves={() => myProviders.getState()}
      />
      <StatusLine view={view} width={width} />
    </Box>
  );
}

/** The pane as the registry lists it. */
export const myProvidersPane = definePane({
  id: 'myProviders',
  store: 'myProviders',
  // The device names and the provide modes /stats/providers lacks; the idle verdicts.
  reads: ['clients', 'idle'],
  search: 'filter',
  sorts: true,
  Component: MyProviders,
  count: (stores) => stores.myProviders.getState().data?.providers?.length,
  keyReasons: (stores, keys) =>
    stores.everyProfile.getState().on
      ? mergedProvidersReasons(mergedProvidersState(stores), keys)
      : myProvidersReasons(myProvidersState(stores), keys),
  dialogs: {
    [MUTE_DIALOG]: MuteDialog,
    [STALE_PERIOD_DIALOG]: StalePeriodDialog,
    [QUESTION_DIALOG]: RemoveStaleQuestion,
    [EXPORT_DIALOG]: ExportDialog,
  },
});
