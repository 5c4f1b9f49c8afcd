// `w`: set the payout wallet. The UUID form is checked before sending; the service's
// answer is shown as it came. In demo mode the account's wallets are listed and ↑/↓
// puts one in the box.
import { Box, Text } from 'ink';
import type React from 'react';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import { DialogFocus, DialogFrame, dialogInnerWidth } from '../../components/dialog-frame.tsx';
import { DialogList, dialogListRows, listPosition } from '../../components/dialog-list.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDemo, useStores, useTheme } from '../../context.tsx';
import { usePickList } from '../../hooks/use-list-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { accountKeys } from './keys.ts';

export const WALLET_DIALOG = 'wallet';

export function WalletDialog({ width, height }: { width: number; height: number }) {
  const { account } = useStores();
  const theme = useTheme();
  const demo = useDemo();
  const dialogs = useDialogs();
  const wallet = useStore(account, (s) => s.wallet);
  const current = useStore(account, (s) => s.data?.wallet_id);
  // Not loaded (or refused): the payout wallet is not known, which is not "none set".
  const known = useStore(account, (s) => s.data !== undefined);
  const wallets = useMemo(() => demo?.codes().wallets.map((w) => w.wallet_id) ?? [], [demo]);
  const inner = dialogInnerWidth(width);
  const rows = dialogListRows(height, 4);
  const a = () => account.getState();
  const { picked, move } = usePickList(wallets, (id) => a().setWalletInput(id));
  const submit = () => void a().setWallet();
  // The outcome stays in the store so the pane can repeat a success; `w` starts afresh.
  const close = () => dialogs.close(WALLET_DIALOG);
  useKeyActions(accountKeys, 'dialog:wallet', {
    submit,
    nextWallet: () => move(1),
    previousWallet: () => move(-1),
    close,
  });

  let outcome: React.ReactNode = null;
  if (wallet.phase === 'sending') outcome = <Spinner label="setting the wallet…" />;
  else if (wallet.phase === 'saved')
    outcome = <Text color={theme.ok}>{`✓ ${screenText(wallet.message)}`}</Text>;
  else if (wallet.noToken)
    outcome = <NoToken what="Setting the wallet needs your network's token" width={inner} />;
  else if (wallet.phase === 'malformed' || wallet.phase === 'failed')
    outcome = <Text color={theme.error}>{`✗ ${screenText(wallet.message)}`}</Text>;

  return (
    <DialogFrame title="Set the payout wallet" width={width} height={height}>
      <Text
        dimColor={theme.dim}
      >{`Now: ${current ? screenText(current) : known ? 'none set' : 'unknown (not loaded yet)'}`}</Text>
      <Text dimColor={theme.dim}>The id of one of your account's wallets (a UUID).</Text>
      <DialogFocus active={picked < 0}>
        <LabeledInput
          label="Wallet: "
          id="wallet-id"
          value={wallet.input}
          width={inner}
          placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
          onChange={(value) => a().setWalletInput(value)}
          onSubmit={submit}
          onCancel={close}
        />
        {outcome}
      </DialogFocus>
      {wallets.length > 0 ? (
        <Box flexDirection="column" marginTop={1}>
          <Text dimColor={theme.dim} wrap="truncate">
            {`The account's wallets (demo simulator)${listPosition(picked, wallets.length, rows)}, ↑/↓ puts one in the box:`}
          </Text>
          <DialogList
            lines={wallets.map((id) => `${screenText(id)}${id === current ? '  (current)' : ''}`)}
            keys={wallets}
            cursor={picked}
            rows={rows}
          />
        </Box>
      ) : null}
    </DialogFrame>
  );
}
