// Account: the network's wallets with the payout wallet marked (`enter` makes the
// selected one the payout wallet, `a` adds one, `x` removes one, each changing one after
// a y/n question; `w` sets the payout wallet by id) and the feedback form (`f`); `L` logs
// in where no token was given.
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { isNoToken } from '../../../api/error-words.ts';
import { rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { walletRows } from '../../../store/account.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { LOGIN_DIALOG, LoginDialog, useOpenLogin } from '../../components/login-dialog.tsx';
import { NoToken, tokenMissing } from '../../components/no-token.tsx';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { definePane, type PaneProps } from '../types.ts';
import { ADD_WALLET_DIALOG, AddWalletDialog } from './add-wallet-dialog.tsx';
import { FEEDBACK_DIALOG, FeedbackDialog } from './feedback-dialog.tsx';
import { accountKeys } from './keys.ts';
import { WALLET_DIALOG, WalletDialog } from './wallet-dialog.tsx';
import { WalletList } from './wallet-list.tsx';

/** Rows around the wallet list: status, title, hint lines, feedback. */
const CHROME_ROWS = 9;

/** The y/n question about the selected wallet (payout or remove), then its outcome. */
function WalletQuestion({ width, height }: { width: number; height: number }) {
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
      width={width}
      height={height}
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
  const { account, session } = stores;
  const theme = useTheme();
  const dialogs = useDialogs();
  const data = useStore(account, (s) => s.data);
  const loading = useStore(account, (s) => s.loading);
  const error = useStore(account, (s) => s.error);
  const selectedWallet = useStore(account, (s) => s.selectedWallet);
  const lastSet = useStore(account, (s) => (s.wallet.phase === 'saved' ? s.wallet.message : undefined));
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const openLogin = useOpenLogin();
  const listHeight = Math.max(1, height - CHROME_ROWS);
  const a = () => account.getState();
  // No token: a dialog would only fail on submit; the footer says so and offers L instead.
  const missing = (what: string) => tokenMissing(stores, what);
  const copy = useCopy();
  const ask = (kind: 'payout' | 'remove') => {
    const noToken = missing(kind === 'payout' ? 'Setting the payout wallet' : 'Removing a wallet');
    if (noToken) return noToken;
    if (!walletRows(a()).selected)
      return `no wallet here to ${kind === 'payout' ? 'make the payout wallet' : 'remove'} (a adds one)`;
    a().ask(kind);
    dialogs.open(QUESTION_DIALOG);
  };
  useKeyActions(accountKeys, 'account', {
    ...useListKeys(a, listHeight),
    refresh: () => void a().refresh(),
    open: () => ask('payout'),
    removeWallet: () => ask('remove'),
    copy: () => session.getState().notify(copy(walletRows(a()).selected?.wallet_id, 'wallet id')),
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
    login: openLogin,
  });

  if (dialog === WALLET_DIALOG) return <WalletDialog width={width} height={height} />;
  if (dialog === FEEDBACK_DIALOG) return <FeedbackDialog width={width} height={height} />;
  if (dialog === ADD_WALLET_DIALOG) return <AddWalletDialog width={width} height={height} />;
  if (dialog === QUESTION_DIALOG) return <WalletQuestion width={width} height={height} />;
  if (dialog === LOGIN_DIALOG) return <LoginDialog width={width} height={height} />;

  const noToken = isNoToken(error);
  const { wallets, selected } = walletRows({ data, selectedWallet });
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
            <Text color={theme.warn}>No payout wallet set: select one and press enter.</Text>
          )}
        </Text>
        {wallets.length ? (
          <WalletList
            wallets={wallets}
            payoutId={data.wallet_id}
            selectedId={selected?.wallet_id}
            width={width - 2}
            height={listHeight}
            moves={() => account.getState()}
          />
        ) : (
          <Text dimColor={theme.dim}>No wallets yet: a adds one.</Text>
        )}
        <Text dimColor={theme.dim} wrap="truncate">
          enter makes the selected wallet the payout wallet · a adds a wallet · x removes it · w sets one by
          id
        </Text>
        {lastSet ? <Text color={theme.ok}>{`✓ ${screenText(lastSet)}`}</Text> : null}
      </Box>
    );
  } else if (loading) body = <Spinner label="loading the wallets…" />;
  else body = <Text dimColor={theme.dim}>{error ? 'not known yet (r retries)' : ''}</Text>;

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
      <Text bold color={theme.accent}>
        {`Wallets${data ? ` (${wallets.length})` : ''}${data && selected ? ` · ${rowOf(wallets.indexOf(selected), wallets.length)}` : ''}`}
      </Text>
      <Box paddingLeft={2} flexDirection="column">
        {body}
      </Box>
      <Box marginTop={1}>
        <Text bold color={theme.accent}>
          Feedback
        </Text>
      </Box>
      <Box paddingLeft={2}>
        <Text dimColor={theme.dim}>
          Tell the network what you use it for and what you need: f opens the form.
        </Text>
      </Box>
    </Box>
  );
}

/** The pane as the registry lists it. */
export const accountPane = definePane({
  id: 'account',
  keys: accountKeys,
  store: 'account',
  Component: Account,
  count: (stores) => stores.account.getState().data?.wallets?.length,
  onEnter: (stores) => void stores.account.getState().refresh(),
});
