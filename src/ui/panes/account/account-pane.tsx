// Account: the network's wallets with the payout wallet marked (`enter` makes the
// selected one the payout wallet, `a` adds one, `x` removes one, each changing one after
// a y/n question; `w` sets the payout wallet by id), the API keys (`n` makes one, shown
// once; `x` removes one after a y/n question; ←/→ move the cursor between the two lists)
// and the feedback form (`f`); `L` logs in where no token was given.
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { isNoToken } from '../../../api/error-words.ts';
import { rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { payoutRefusal, walletRows } from '../../../store/account.ts';
import { keyRows } from '../../../store/api-keys.ts';
import { refreshLive } from '../../../store/index.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { filterWidth, ListFilter, useListView } from '../../components/list-view.tsx';
import { NoToken, tokenMissing } from '../../components/no-token.tsx';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { apiKeyList, countShown, walletList } from './account-lists.ts';
import { ADD_WALLET_DIALOG, AddWalletDialog } from './add-wallet-dialog.tsx';
import { API_KEY_DIALOG, ApiKeyDialog } from './api-key-dialog.tsx';
import { API_KEY_SPACE, ApiKeyQuestion, ApiKeySection } from './api-key-section.tsx';
import { FEEDBACK_DIALOG, FeedbackDialog } from './feedback-dialog.tsx';
import { accountKeys } from './keys.ts';
import { WALLET_DIALOG, WalletDialog } from './wallet-dialog.tsx';
import { WalletList } from './wallet-list.tsx';

/**
 * What the pane shows in `height` rows: both lists with the rows they want (a few of
 * each at least), then as room allows the hint lines, the space before the API keys and
 * the feedback section (f works either way).
 */
export function accountLayout(height: number, rows: { wallets: number; keys: number }) {
  const wanted = Math.max(2, Math.min(rows.wallets, 3) + Math.min(rows.keys, 2));
  // The error line, the wallets' title, payout line and header, the keys' title and header.
  const fixed = 6;
  let roomy = true;
  let hints = true;
  const chrome = () => fixed + (hints ? 2 : 0) + (roomy ? 1 + API_KEY_SPACE + FEEDBACK_ROWS : 0);
  if (height - chrome() < wanted) roomy = false;
  if (height - chrome() < wanted) hints = false;
  const lists = Math.max(2, height - chrome());
  const keysWanted = Math.max(1, Math.min(rows.keys, Math.ceil(lists / 2)));
  const wallets = Math.max(1, Math.min(Math.max(1, rows.wallets), lists - keysWanted));
  return { roomy, hints, wallets, keys: Math.max(1, lists - wallets) };
}

/** The feedback section: its title and line. */
const FEEDBACK_ROWS = 2;

/** The y/n question about the selected wallet (payout or remove), then its outcome. */
function WalletQuestion() {
  const { account } = useStores();
  const dialogs = useDialogs();
  const question = useStore(account, (s) => s.question);
  const wallet = useStore(account, (s) => s.data?.wallets?.find((w) => w.wallet_id === s.question?.walletId));
  if (!question) return null;
  const close = () => {
    account.setState({ question: undefined });
    dialogs.close(QUESTION_DIALOG);
  };
  const described =
    `${screenText(wallet?.blockchain ?? '')} ${screenText(wallet?.wallet_address ?? question.walletId)}`.trim();
  const payout = question.kind === 'payout';
  return (
    <Question
      title={payout ? 'Payout wallet' : 'Remove a wallet'}
      phase={question.phase}
      lines={
        payout
          ? [
              `Pay what this network's providers earn into ${described}?`,
              `Wallet ${screenText(question.walletId)}`,
            ]
          : [
              `Remove ${described} from the network?`,
              `Wallet ${screenText(question.walletId)}; if it is the payout wallet, none is set then.`,
            ]
      }
      question={payout ? 'Make it the payout wallet?' : 'Remove it?'}
      message={question.message}
      onAnswer={(yes) => void account.getState().answer(yes)}
      onClose={close}
    />
  );
}

export function Account({ width, height }: PaneProps) {
  const stores = useStores();
  const { account, session, apiKeys } = stores;
  const theme = useTheme();
  const keyNames = useKeyNames();
  const dialogs = useDialogs();
  const data = useStore(account, (s) => s.data);
  const loading = useStore(account, (s) => s.loading);
  const error = useStore(account, (s) => s.error);
  const selectedWallet = useStore(account, (s) => s.selectedWallet);
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const list = useStore(account, (s) => s.list);
  const keyCount = useStore(apiKeys, (s) => s.data?.length ?? 0);
  const walletQuestion = useStore(account, (s) => s.question !== undefined);
  const heights = accountLayout(height, {
    wallets: data?.wallets?.length ?? 0,
    keys: keyCount,
  });
  const a = () => account.getState();
  const k = () => apiKeys.getState();
  // No token: a dialog would only fail on submit; the footer says so and offers L instead.
  const missing = (what: string) => tokenMissing(stores, what, keyNames);
  const copy = useCopy();
  const ask = (kind: 'payout' | 'remove') => {
    const noToken = missing(kind === 'payout' ? 'Setting the payout wallet' : 'Removing a wallet');
    if (noToken) return noToken;
    const { selected } = walletRows(a());
    if (!selected)
      return `no wallet here to ${kind === 'payout' ? 'make the payout wallet' : 'remove'} (${keyNames['account.addWallet']} adds one)`;
    // Refused before asking: the service would refuse it only after the yes.
    const refusal = kind === 'payout' ? payoutRefusal(selected) : undefined;
    if (refusal) return refusal;
    a().ask(kind);
    dialogs.open(QUESTION_DIALOG);
  };
  const inKeys = () => a().list === 'apiKeys';
  const wallets = useListView(walletList(account));
  const keys = useListView(apiKeyList(apiKeys));
  const walletView = useStore(account, (s) => s.walletView);
  useKeyActions(accountKeys, 'account', {
    ...useListKeys(() => (inKeys() ? k() : a()), inKeys() ? heights.keys : heights.wallets),
    // `/`, `o` and `I` act on the list the cursor is in.
    search: () => (inKeys() ? keys : wallets).search(),
    sort: () => (inKeys() ? keys : wallets).sort(),
    reverse: () => (inKeys() ? keys : wallets).reverse(),
    back: () => void (inKeys() ? keys : wallets).clearFilter(),
    refresh: () => void refreshLive(stores, shownStores(accountPane)),
    open: () =>
      inKeys()
        ? `${keyNames.open} acts on a wallet: ${keyNames['account.toWallets']} moves to the wallets`
        : ask('payout'),
    remove: () => {
      if (!inKeys()) return ask('remove');
      const noToken = missing('Removing an API key');
      if (noToken) return noToken;
      if (!keyRows(k()).selected)
        return `no API key here to remove (${keyNames['account.newApiKey']} makes one)`;
      k().askRemove();
      dialogs.open(QUESTION_DIALOG);
    },
    toApiKeys: () =>
      inKeys()
        ? `the cursor is in the API keys (${keyNames['account.toWallets']} the wallets)`
        : a().setList('apiKeys'),
    toWallets: () =>
      inKeys()
        ? a().setList('wallets')
        : `the cursor is in the wallets (${keyNames['account.toApiKeys']} the API keys)`,
    newApiKey: () => {
      const noToken = missing('Making an API key');
      if (noToken) return noToken;
      k().resetForm();
      dialogs.open(API_KEY_DIALOG);
    },
    copy: () =>
      session
        .getState()
        .notify(
          inKeys()
            ? copy(keyRows(k()).selected?.id, 'API key id')
            : copy(walletRows(a()).selected?.wallet_id, 'wallet id'),
        ),
    addWallet: () => {
      const noToken = missing('Adding a wallet');
      if (noToken) return noToken;
      a().resetAddWallet();
      dialogs.open(ADD_WALLET_DIALOG);
    },
    setWallet: () => {
      const noToken = missing('Setting the payout wallet');
      if (noToken) return noToken;
      a().resetWallet();
      dialogs.open(WALLET_DIALOG);
    },
    feedback: () => {
      const noToken = missing('Sending feedback');
      if (noToken) return noToken;
      if (a().feedback.phase === 'sent') a().resetFeedback();
      dialogs.open(FEEDBACK_DIALOG);
    },
  });

  if (dialog === WALLET_DIALOG) return <WalletDialog />;
  if (dialog === FEEDBACK_DIALOG) return <FeedbackDialog />;
  if (dialog === ADD_WALLET_DIALOG) return <AddWalletDialog />;
  if (dialog === API_KEY_DIALOG) return <ApiKeyDialog />;
  if (dialog === QUESTION_DIALOG) return walletQuestion ? <WalletQuestion /> : <ApiKeyQuestion />;

  const noToken = isNoToken(error);
  const { wallets: shownWallets, selected } = walletRows({ data, selectedWallet, walletView });
  let body: React.ReactNode;
  if (noToken) body = <NoToken what="The account's wallets need your network's token" width={width - 2} />;
  else if (data) {
    body = (
      <Box flexDirection="column">
        <Text>
          {data.wallet_id ? (
            <Text>
              {'Payout wallet: '}
              <Text bold>{screenText(data.wallet_id)}</Text>
            </Text>
          ) : (
            <Text color={theme.warn}>{`No payout wallet set: select one and press ${keyNames.open}.`}</Text>
          )}
        </Text>
        {shownWallets.length ? (
          <WalletList
            list={walletList(account)}
            view={walletView}
            wallets={shownWallets}
            payoutId={data.wallet_id}
            selectedId={selected?.wallet_id}
            active={list === 'wallets'}
            width={width - 2}
            height={heights.wallets}
            moves={() => {
              a().setList('wallets');
              return a();
            }}
          />
        ) : (
          <Text dimColor={theme.dim}>
            {walletView.filter && data.wallets?.length
              ? `No wallet matches “${screenText(walletView.filter)}”: ${keyNames.back} clears the filter.`
              : `No wallets yet: ${keyNames['account.addWallet']} adds one.`}
          </Text>
        )}
        {heights.hints ? (
          <Text dimColor={theme.dim} wrap="truncate">
            {`${keyNames.open} makes the selected wallet the payout wallet · ${keyNames['account.addWallet']} adds a wallet · ${keyNames['account.remove']} removes it · ${keyNames['account.setWallet']} sets one by id`}
          </Text>
        ) : null}
      </Box>
    );
  } else if (loading) body = <Spinner label="loading the wallets…" />;
  else body = <Text dimColor={theme.dim}>{error ? `not known yet (${keyNames.refresh} retries)` : ''}</Text>;

  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1}>
        {error && !noToken ? (
          <ErrorLine
            error={error}
            width={width}
            prefix={data ? 'refresh failed, showing the last answer' : 'wallets'}
          />
        ) : (
          <Text> </Text>
        )}
      </Box>
      <Box height={1} gap={2} overflowY="hidden">
        <Text bold color={theme.accent} underline={list === 'wallets'}>
          {`Wallets${data ? ` (${countShown(data.wallets?.length ?? 0, shownWallets.length)})` : ''}${data && selected && list === 'wallets' ? ` · ${rowOf(shownWallets.indexOf(selected), shownWallets.length)}` : ''}`}
        </Text>
        <ListFilter list={walletList(account)} view={walletView} width={filterWidth(width)} />
      </Box>
      <Box paddingLeft={2} flexDirection="column">
        {body}
      </Box>
      <ApiKeySection
        width={width}
        height={heights.keys}
        active={list === 'apiKeys'}
        spaced={heights.roomy}
        hint={heights.hints}
      />
      {heights.roomy ? (
        <Box marginTop={1} flexDirection="column">
          <Text bold color={theme.accent}>
            Feedback
          </Text>
          <Box paddingLeft={2}>
            <Text dimColor={theme.dim} wrap="truncate">
              {`Tell the network what you use it for and what you need: ${keyNames['account.feedback']} opens the form.`}
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
});
