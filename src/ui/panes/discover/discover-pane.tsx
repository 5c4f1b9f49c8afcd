// Discover: where providers are (provider-locations, countries opened in place with
// →), and a fuzzy search (find-locations where the service has it, else
// find-provider-locations); marks choose what the Providers pane samples. What it shows
// and why a key cannot act are its view's (discover-view.ts); here they are drawn, and
// each key goes to a store action.
import { Box, Text } from 'ink';
import { DISTANCE_NOT_APPLICABLE, ONLY_ACTIVE_NOT_APPLICABLE } from '../../../store/discovery.ts';
import { sendChosenToProviders } from '../../../store/flows.ts';
import { refreshLive } from '../../../store/index.ts';
import { ListPaneLayout } from '../../components/list-pane-layout.tsx';
import { headerText, SortingHeader } from '../../components/list-view.tsx';
import { PaneStatusLine } from '../../components/pane-status.tsx';
import { VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { markAndMoveDown, useListKeys } from '../../hooks/use-list-keys.ts';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { TextInput } from '../../input/text-input.tsx';
import { PROXY_DIALOG, ProxyDialog } from '../proxies/proxy-dialog.tsx';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { BLOCK_DIALOG, BlockQuestion } from './block-question.tsx';
import {
  blockedCountry,
  discoverReasons,
  discoverState,
  discoverView,
  proxyPlaceOf,
  SEARCH_INPUT,
} from './discover-view.ts';
import { discoverKeys } from './keys.ts';

/**
 * The pane's key handlers: each a store action. Where a key cannot act, the view says why
 * (discoverReasons) and the dispatcher says that instead of calling its handler.
 */
function useDiscoverActions(listHeight: number) {
  const stores = useStores();
  const { discovery, session, blocked } = stores;
  const dialogs = useDialogs();
  const d = () => discovery.getState();
  /** Changes a setting once the service has find-locations; else the footer says why not. */
  const findLocationsFirst = (why: string, change: () => string | undefined) => {
    void d()
      .withFindLocations(why, change)
      .then((said) => {
        if (said) session.getState().say(said);
      });
  };
  const send = () => void sendChosenToProviders(stores);
  useKeyActions(discoverKeys, 'discover', {
    ...useListKeys(d, listHeight),
    search: () => session.getState().setFocus(SEARCH_INPUT),
    back: () => {
      if (d().query) d().setQuery('');
    },
    select: markAndMoveDown(() => d().toggleMark(), d),
    open: send,
    send,
    sort: () => d().toggleSort(),
    onlyActive: () =>
      d().onlyActive
        ? d().toggleOnlyActive()
        : findLocationsFirst(ONLY_ACTIVE_NOT_APPLICABLE, () => {
            d().toggleOnlyActive();
            return undefined;
          }),
    distanceDown: () => findLocationsFirst(DISTANCE_NOT_APPLICABLE, () => d().stepDistance(-1)),
    distanceUp: () => findLocationsFirst(DISTANCE_NOT_APPLICABLE, () => d().stepDistance(1)),
    expand: () => void d().expand(),
    collapse: () => d().collapse(),
    best: () => d().toggleBest(),
    block: () => {
      const country = blockedCountry(d().rows[d().cursor], d().data);
      if (!country) return;
      blocked.getState().ask(country);
      dialogs.open(BLOCK_DIALOG);
    },
    onlyBlocked: () => d().toggleOnlyBlocked(),
    proxy: () => {
      const place = proxyPlaceOf(d().rows[d().cursor]);
      if (!place) return;
      stores.proxies.getState().openForm(place);
      dialogs.open(PROXY_DIALOG);
    },
    clearMarks: () => d().clearMarks(),
    refresh: () => {
      refreshLive(stores, shownStores(discoverPane));
      if (d().query.trim()) void d().searchNow();
    },
  });
}

export function Discover({ width, height }: PaneProps) {
  const { discovery, session } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const state = useStoresState(discoverState);
  const view = discoverView(state, keys, width);
  const listHeight = Math.max(1, height - 3);
  useDiscoverActions(listHeight);
  const d = () => discovery.getState();
  const sortBy = (column: string) => {
    if (d().query.trim() || d().sort === column) return;
    d().toggleSort();
  };

  const searchLine = (
    <Box width={width} height={1} justifyContent="space-between" gap={2} overflowY="hidden">
      <Box flexShrink={0}>
        <Text color={theme.accent}>{'/ '}</Text>
        <TextInput
          id={SEARCH_INPUT}
          focused="session"
          value={state.query}
          width={Math.max(8, width - view.settings.length - 6)}
          placeholder={view.placeholder}
          onChange={(value) => d().setQuery(value)}
          onSubmit={() => {
            session.getState().setFocus(undefined);
            if (d().query.trim()) void d().searchNow();
          }}
          onCancel={() => session.getState().setFocus(undefined)}
        />
      </Box>
      <Text dimColor={theme.dim} wrap="truncate">
        {view.settings}
      </Text>
    </Box>
  );

  const body =
    state.rows.length > 0 ? (
      <VirtualList
        moves={d}
        items={state.rows}
        cursor={state.cursor}
        height={listHeight}
        width={width}
        keyOf={(row) => row.key}
        renderRow={(row, _i, selected) => {
          const { text, tone } = view.row(row, selected);
          return (
            <Text inverse={selected} color={tone && theme[tone]} wrap="truncate">
              {text}
            </Text>
          );
        }}
      />
    ) : (
      <Box height={listHeight} width={width}>
        <Text dimColor={theme.dim}>{view.empty}</Text>
      </Box>
    );

  return (
    <ListPaneLayout
      width={width}
      height={height}
      top={searchLine}
      header={
        <SortingHeader columns={view.header} onSort={sortBy}>
          <Text bold wrap="truncate">
            {headerText(view.header, view.sortMark, theme.glyphs)}
          </Text>
        </SortingHeader>
      }
      status={<PaneStatusLine status={view.status} width={width} />}
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
  keyReasons: (stores, keys) => discoverReasons(discoverState(stores), keys),
  dialogs: { [BLOCK_DIALOG]: BlockQuestion, [PROXY_DIALOG]: ProxyDialog },
});
