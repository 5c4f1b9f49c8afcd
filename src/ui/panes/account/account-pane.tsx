// Account: the network's wallets with the payout wallet marked (`enter` makes the
// selected one the payout wallet, `a` adds one, `x` removes one, each changing one after
// a y/n question; `w` sets the payout wallet by id), the API keys (`n` makes one, shown
// once; `x` removes one after a y/n question; ←/→ move the cursor between the two lists)
// and the feedback form (`f`); `L` logs in where no token was given. What it shows and
// why a key cannot act are its view's (account-view.ts); here they are drawn, and each
// key goes to a store action.
import { Box, Text } from 'ink';
import type React from 'react';
import { useEffect } from 'react';
import { walletRows } from '../../../store/account.ts';
import { keyRows } from '../../../store/api-keys.ts';
import { refreshLive } from '../../../store/index.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { filterWidth, ListFilter, useListView } from '../../components/list-view.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { apiKeyList, walletList } from './account-lists.ts';
import { AccountQuestion } from './account-questions.tsx';
import { type AccountView, accountReasons, accountState, accountView } from './account-view.ts';
import { ADD_WALLET_DIALOG, AddWalletDialog } from './add-wallet-dialog.tsx';
import { API_KEY_DIALOG, ApiKeyDialog } from './api-key-dialog.tsx';
import { ApiKeySection } from './api-key-section.tsx';
import { FEEDBACK_DIALOG, FeedbackDialog } from './feedback-dialog.tsx';
import { accountKeys } from './keys.ts';
import { REDEEM_DIALOG, RedeemDialog } from './redeem-dialog.tsx';
import { WALLET_DIALOG, WalletDialog } from './wallet-dialog.tsx';
import { WalletList } from './wallet-list.tsx';

/**
 * The pane's key handlers: each a store action or a dialog. Where a key cannot act, the
 * view says why (accountReasons) and the dispatcher says that instead of calling it.
 */
function useAccountActions(heights: AccountView['heights']) {
  const stores = useStores();
  const { account, session, apiKeys } = stores;
  const dialogs = useDialogs();
  const copy = useCopy();
  const a = () => account.getState();
  const k = () => apiKeys.getState();
  const inKeys = () => a().list === 'apiKeys';
  const wallets = useListView(walletList(account));
  const keys = useListView(apiKeyList(apiKeys));
  const ask = (question: () => void) => {
    question();
    dialogs.open(QUESTION_DIALOG);
  };
  const fresh = (reset: () => void, dialog: string) => {
    reset();
    dialogs.open(dialog);
  };
  useKeyActions(accountKeys, 'account', {
    ...useListKeys(() => (inKeys() ? k() : a()), inKeys() ? heights.keys : heights.wallets),
    // `/`, `o` and `I` act on the list the cursor is in.
    search: () => (inKeys() ? keys : wallets).search(),
    sort: () => (inKeys() ? keys : wallets).sort(),
    reverse: () => (inKeys() ? keys : wallets).reverse(),
    back: () => void (inKeys() ? keys : wallets).clearFilter(),
    refresh: () => {
      refreshLive(stores, shownStores(accountPane));
      void stores.balance.getState().refresh();
    },
    open: () => ask(() => a().ask('payout')),
    remove: () => ask(() => (inKeys() ? k().askRemove() : a().ask('remove'))),
    toApiKeys: () => a().setList('apiKeys'),
    toWallets: () => a().setList('wallets'),
    newApiKey: () => fresh(() => k().resetForm(), API_KEY_DIALOG),
    copy: () =>
      session
        .getState()
        .notify(
          inKeys()
            ? copy(keyRows(k()).selected?.id, 'API key id')
            : copy(walletRows(a()).selected?.wallet_id, 'wallet id'),
        ),
    addWallet: () => fresh(() => a().resetAddWallet(), ADD_WALLET_DIALOG),
    setWallet: () => fresh(() => a().resetWallet(), WALLET_DIALOG),
    feedback: () =>
      fresh(() => (a().feedback.phase === 'sent' ? a().resetFeedback() : undefined), FEEDBACK_DIALOG),
    redeem: () => fresh(() => stores.balance.getState().openRedeem(), REDEEM_DIALOG),
  });
  // The data balance is no live resource: it loads whenever the pane is shown.
  useEffect(() => void stores.balance.getState().refresh(), [stores]);
}

/** The wallets' part under its title: the payout wallet, the list (or why none), the hint. */
function Wallets({ view, width }: { view: AccountView; width: number }) {
  const { account } = useStores();
  const theme = useTheme();
  const { wallets, heights } = view;
  if (wallets.body === 'noToken')
    return <NoToken what="The account's wallets need your network's token" width={width - 2} />;
  if (wallets.body === 'loading') return <Spinner label="loading the wallets…" />;
  if (wallets.body === 'none') return <Text dimColor={theme.dim}>{wallets.none}</Text>;
  const a = () => account.getState();
  return (
    <Box flexDirection="column">
      <Text>
        {'id' in wallets.payout ? (
          <Text>
            {'Payout wallet: '}
            <Text bold>{wallets.payout.id}</Text>
          </Text>
        ) : (
          <Text color={theme.warn}>{wallets.payout.missing}</Text>
        )}
      </Text>
      {wallets.rows.length ? (
        <WalletList
          list={walletList(account)}
          wallets={wallets}
          height={heights.wallets}
          moves={() => {
            a().setList('wallets');
            return a();
          }}
        />
      ) : (
        <Text dimColor={theme.dim}>{wallets.empty}</Text>
      )}
      {heights.hints ? (
        <Text dimColor={theme.dim} wrap="truncate">
          {wallets.hint}
        </Text>
      ) : null}
    </Box>
  );
}

export function Account({ width, height }: PaneProps) {
  const { account, apiKeys } = useStores();
  const theme = useTheme();
  const state = useStoresState(accountState);
  const view = accountView(state, useKeyNames(), width, height);
  const { heights, wallets } = view;
  useAccountActions(heights);
  // The first row: a failure of the wallets, else the data balance.
  let problem: React.ReactNode = (
    <Text dimColor={theme.dim} wrap="truncate">
      {view.balance ?? ' '}
    </Text>
  );
  if (wallets.problem)
    problem = <ErrorLine error={wallets.problem.error} width={width} prefix={wallets.problem.prefix} />;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1}>{problem}</Box>
      <Box height={1} gap={2} overflowY="hidden">
        <Text bold color={theme.accent} underline={wallets.active}>
          {wallets.title}
        </Text>
        <ListFilter list={walletList(account)} view={wallets.view} width={filterWidth(width)} />
      </Box>
      <Box paddingLeft={2} flexDirection="column">
        <Wallets view={view} width={width} />
      </Box>
      <ApiKeySection
        part={view.apiKeys}
        width={width}
        height={heights.keys}
        spaced={heights.roomy}
        hint={heights.hints}
        moves={() => {
          account.getState().setList('apiKeys');
          return apiKeys.getState();
        }}
      />
      {heights.roomy ? (
        <Box marginTop={1} flexDirection="column">
          <Text bold color={theme.accent}>
            Feedback
          </Text>
          <Box paddingLeft={2}>
            <Text dimColor={theme.dim} wrap="truncate">
              {view.feedback}
            </Text>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** The pane as the registry lists it. */
export const accountPane = definePane({
  id: 'account',
  store: 'account',
  search: 'filter',
  sorts: true,
  reads: ['apiKeys'],
  Component: Account,
  count: (stores) => stores.account.getState().data?.wallets?.length,
  onEnter: (stores) => void refreshLive(stores, shownStores(accountPane)),
  keyReasons: (stores, keys) => accountReasons(accountState(stores), keys),
  dialogs: {
    [WALLET_DIALOG]: WalletDialog,
    [FEEDBACK_DIALOG]: FeedbackDialog,
    [ADD_WALLET_DIALOG]: AddWalletDialog,
    [API_KEY_DIALOG]: ApiKeyDialog,
    [QUESTION_DIALOG]: AccountQuestion,
    [REDEEM_DIALOG]: RedeemDialog,
  },
});
