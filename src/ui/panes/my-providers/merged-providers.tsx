// My providers merged over every profile (`a`): the one-profile table's pieces over every
// profile's rows (merged-providers-view.ts says what), its keys on the merged list of
// src/store/every-profile.ts: the moves, `/`, `o`/`I`, `i` (the idle ones of every profile),
// `m` (mute: the mutes are every profile's), `y`, `r` (every profile reloads), `a` (back to
// the profile in use). The keys of one profile's views say why they cannot act here.
import { Box } from 'ink';
import {
  MERGED_PROVIDERS_LIST,
  mergedIndex,
  profileOfRow,
  visibleMerged,
} from '../../../store/every-profile.ts';
import { deviceNameOf } from '../../../store/my-providers.ts';
import { storeList, useListView } from '../../components/list-view.tsx';
import { useClock, useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import type { PaneProps } from '../types.ts';
import { myProvidersKeys } from './keys.ts';
import {
  MERGED_PROVIDERS_FILTER,
  mergedProvidersState,
  mergedProvidersView,
} from './merged-providers-view.ts';
import { useMuteAction } from './mute-dialog.tsx';
import { ProvidersTable, StatusLine, SummaryLine } from './my-providers-table.tsx';

/** The merged list's keys: each an action of the every-profile store (the view's reasons stop the others). */
function useMergedActions(rows: number) {
  const stores = useStores();
  const { everyProfile, session } = stores;
  const e = () => everyProfile.getState();
  const list = storeList(everyProfile, MERGED_PROVIDERS_LIST, MERGED_PROVIDERS_FILTER);
  const table = useListView(list);
  const listKeys = useListKeys(e, rows);
  const copy = useCopy();
  const selected = () => visibleMerged(e())[mergedIndex(e())];
  const mute = useMuteAction(() => {
    const p = selected();
    return p?.client_id ? { clientId: p.client_id, name: deviceNameOf(p) } : undefined;
  });
  // One profile's views have reasons (the dispatcher says them): these never run here.
  const oneProfileOnly = () => undefined;
  useKeyActions(myProvidersKeys, 'myProviders', {
    ...listKeys,
    sort: table.sort,
    reverse: table.reverse,
    search: table.search,
    back: () => {
      table.clearFilter();
    },
    refresh: () => e().refresh(),
    idle: () => e().toggleIdleOnly(),
    mute,
    everyProfile: () => e().toggle(),
    copy: () => {
      const p = selected();
      session.getState().notify(copy(p?.client_id, `client id (profile ${profileOfRow(p ?? {})})`));
    },
    open: oneProfileOnly,
    select: oneProfileOnly,
    cycleWindow: oneProfileOnly,
    staleView: oneProfileOnly,
    staleRemove: oneProfileOnly,
    stalePeriod: oneProfileOnly,
    export: oneProfileOnly,
  });
  return list;
}

export function MergedProviders({ width, height }: PaneProps) {
  const { glyphs } = useTheme();
  const { speed } = useClock();
  const { everyProfile } = useStores();
  const state = useStoresState(mergedProvidersState);
  const view = mergedProvidersView(state, useKeyNames(), { width, height, speed, glyphs });
  const list = useMergedActions(view.table.listHeight);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <SummaryLine summary={view.summary} width={width} list={list} />
      <ProvidersTable table={view.table} width={width} list={list} moves={() => everyProfile.getState()} />
      <StatusLine view={view} width={width} />
    </Box>
  );
}
