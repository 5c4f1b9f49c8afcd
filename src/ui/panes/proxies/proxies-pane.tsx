// Proxies (8): the network's hosted proxies, each with its place, when it was made and its
// URLs without the token; `y`/`s` copy a URL with the token, `Q` draws the WireGuard QR
// code, `x` removes one after y/n. What it shows and why a key cannot act are its view's
// (proxies-view.ts); here they are drawn, and each key goes to a store action.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { selectedProxy, usableProxy } from '../../../store/proxies.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { ListPaneLayout } from '../../components/list-pane-layout.tsx';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { definePane, type PaneProps } from '../types.ts';
import { proxiesKeys } from './keys.ts';
import { proxiesReasons, proxiesState, proxiesView } from './proxies-view.ts';
import { PROXY_QR_DIALOG, ProxyQr } from './proxy-qr.tsx';

function useProxiesActions(listHeight: number) {
  const { proxies, session } = useStores();
  const dialogs = useDialogs();
  const copy = useCopy();
  const p = () => proxies.getState();
  // Where it went is news for a moment (the footer's toast), as Providers' y says it.
  const notify = (line: string) => session.getState().notify(line);
  useKeyActions(proxiesKeys, 'proxies', {
    ...useListKeys(p, listHeight),
    copy: () => notify(copy(usableProxy(selectedProxy(p()))?.http, 'HTTP proxy URL')),
    copySocks: () => notify(copy(usableProxy(selectedProxy(p()))?.socks, 'SOCKS5 proxy URL')),
    qr: () => dialogs.open(PROXY_QR_DIALOG),
    remove: () => {
      p().askRemove();
      dialogs.open(QUESTION_DIALOG);
    },
    refresh: () => void p().refresh(),
  });
  // Not a live resource: it loads whenever the pane is shown (first or switched to).
  useEffect(() => void proxies.getState().refresh(), [proxies]);
}

export function Proxies({ width, height }: PaneProps) {
  const { proxies } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const state = useStoresState(proxiesState);
  const view = proxiesView(state, keys, width);
  const listHeight = Math.max(1, height - 3);
  useProxiesActions(listHeight);
  const rows = state.data ?? [];
  const cursor = Math.max(0, rows.indexOf(selectedProxy(state) ?? rows[0]!));
  const status = state.error ? (
    <ErrorLine error={state.error} width={width} />
  ) : state.loading && !state.data ? (
    <Spinner label="loading the network's proxies…" />
  ) : (
    <Text dimColor={theme.dim} wrap="truncate">
      {view.status ?? ''}
    </Text>
  );
  return (
    <ListPaneLayout width={width} height={height} top={<Text> </Text>} header={view.header} status={status}>
      {rows.length ? (
        <VirtualList
          moves={() => proxies.getState()}
          items={rows}
          cursor={cursor}
          height={listHeight}
          width={width}
          keyOf={(row) => row.client_id ?? ''}
          renderRow={(row, _i, selected) => (
            <Text inverse={selected} wrap="truncate">
              {view.row(row)}
            </Text>
          )}
        />
      ) : (
        <Box height={listHeight} width={width}>
          <Text dimColor={theme.dim} wrap="wrap">
            {view.empty}
          </Text>
        </Box>
      )}
    </ListPaneLayout>
  );
}

/** `x`: the y/n question before a proxy goes. */
function RemoveProxyQuestion() {
  const { proxies } = useStores();
  const dialogs = useDialogs();
  const question = useStore(proxies, (s) => s.question);
  if (!question) return null;
  return (
    <Question
      title="Remove a proxy"
      phase={question.phase}
      lines={[`The proxy in ${question.place} goes: its URLs and its WireGuard configuration stop working.`]}
      question="Remove it?"
      message={question.message}
      onAnswer={(yes) => void proxies.getState().answer(yes)}
      onClose={() => {
        proxies.getState().closeQuestion();
        dialogs.close(QUESTION_DIALOG);
      }}
    />
  );
}

/** The pane as the registry lists it. */
export const proxiesPane = definePane({
  id: 'proxies',
  store: 'proxies',
  Component: Proxies,
  count: (stores) => stores.proxies.getState().data?.length,
  keyReasons: (stores, keys) => proxiesReasons(proxiesState(stores), keys),
  dialogs: { [PROXY_QR_DIALOG]: ProxyQr, [QUESTION_DIALOG]: RemoveProxyQuestion },
});
