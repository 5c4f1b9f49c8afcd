// Account (6): the payout wallet of this network (`w` sets another) and the feedback
// form (`f`).
import { Box, Text } from 'ink';
import type React from 'react';
import { screenText } from '../../sanitize.ts';
import { isNoToken } from '../../store/service-message.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { NoToken } from '../components/NoToken.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useStoreState, useStores, useTheme } from '../context.tsx';
import { useDialogs, useKeyActions } from '../input/dispatcher.tsx';
import { FEEDBACK_DIALOG, FeedbackDialog } from './account/FeedbackDialog.tsx';
import { WALLET_DIALOG, WalletDialog } from './account/WalletDialog.tsx';
import type { PaneDefinition } from './types.ts';

function Account({ width, height }: { width: number; height: number }) {
  const { account, session } = useStores();
  const theme = useTheme();
  const dialogs = useDialogs();
  const data = useStoreState(account, (s) => s.data);
  const loading = useStoreState(account, (s) => s.loading);
  const error = useStoreState(account, (s) => s.error);
  const lastSet = useStoreState(account, (s) => (s.wallet.phase === 'saved' ? s.wallet.message : undefined));
  const dialog = useStoreState(session, (s) => s.dialogs.at(-1));
  const a = () => account.getState();
  useKeyActions('account', {
    refresh: () => void a().refresh(),
    setWallet: () => {
      a().resetWallet();
      dialogs.open(WALLET_DIALOG);
    },
    feedback: () => {
      if (a().feedback.phase === 'sent') a().resetFeedback();
      dialogs.open(FEEDBACK_DIALOG);
    },
  });

  if (dialog === WALLET_DIALOG) return <WalletDialog width={width} height={height} />;
  if (dialog === FEEDBACK_DIALOG) return <FeedbackDialog width={width} height={height} />;

  const noToken = isNoToken(error);
  let wallet: React.ReactNode;
  if (noToken) wallet = <NoToken what="The payout wallet needs your network's token" width={width - 2} />;
  else if (data) {
    wallet = data.wallet_id ? (
      <Text bold>{screenText(data.wallet_id)}</Text>
    ) : (
      <Text dimColor={theme.dim}>none set</Text>
    );
  } else if (loading) wallet = <Spinner label="loading the payout wallet…" />;
  else wallet = <Text dimColor={theme.dim}>{error ? 'not known yet (r retries)' : ''}</Text>;

  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1}>
        {error && !noToken ? (
          <ErrorLine
            error={error}
            width={width}
            prefix={data ? 'refresh failed, showing the last answer' : 'payout wallet'}
          />
        ) : (
          <Text> </Text>
        )}
      </Box>
      <Text bold color={theme.accent}>
        Payout wallet
      </Text>
      <Box paddingLeft={2} flexDirection="column">
        {wallet}
        <Text dimColor={theme.dim}>
          What this network's providers earn is paid to this wallet. w sets another.
        </Text>
        {lastSet ? <Text color={theme.ok}>{`✓ ${screenText(lastSet)}`}</Text> : null}
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

export const accountPane: PaneDefinition = {
  id: 'account',
  key: '6',
  title: 'Account',
  shortTitle: 'Acct',
  Component: Account,
  resource: (stores) => stores.account,
  onEnter: (stores) => void stores.account.getState().refresh(),
};
