// `w`: set the payout wallet. The UUID form is checked before sending; the service's
// answer is shown as it came. In demo mode the account's wallets are listed and ↑/↓
// puts one in the box.
import { Box, Text } from 'ink';
import type React from 'react';
import { useMemo, useRef, useState } from 'react';
import { screenText } from '../../../sanitize.ts';
import { DialogFrame, dialogInnerWidth } from '../../components/DialogFrame.tsx';
import { NoToken } from '../../components/NoToken.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useDemo, useStoreState, useStores, useTheme } from '../../context.tsx';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/LabeledInput.tsx';

export const WALLET_DIALOG = 'wallet';

export function WalletDialog({ width, height }: { width: number; height: number }) {
  const { account } = useStores();
  const theme = useTheme();
  const demo = useDemo();
  const dialogs = useDialogs();
  const wallet = useStoreState(account, (s) => s.wallet);
  const current = useStoreState(account, (s) => s.data?.wallet_id);
  const wallets = useMemo(() => demo?.codes().wallets.map((w) => w.wallet_id) ?? [], [demo]);
  const pick = useRef(-1);
  const [picked, setPicked] = useState(-1);
  const inner = dialogInnerWidth(width);
  const a = () => account.getState();

  const move = (delta: number) => {
    if (wallets.length === 0) return;
    const next =
      pick.current < 0
        ? delta > 0
          ? 0
          : wallets.length - 1
        : (pick.current + delta + wallets.length) % wallets.length;
    pick.current = next;
    setPicked(next);
    a().setWalletInput(wallets[next]);
  };
  const submit = () => void a().setWallet();
  // The outcome stays in the store so the pane can repeat a success; `w` starts afresh.
  const close = () => dialogs.close(WALLET_DIALOG);
  useKeyActions(`dialog:${WALLET_DIALOG}`, {
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
      <Text dimColor={theme.dim}>{`Now: ${current ? screenText(current) : 'none set'}`}</Text>
      <Text dimColor={theme.dim}>The id of one of your account's wallets (a UUID).</Text>
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
      {wallets.length > 0 ? (
        <Box flexDirection="column" marginTop={1}>
          <Text dimColor={theme.dim}>
            {"The account's wallets (demo simulator), ↑/↓ puts one in the box:"}
          </Text>
          {wallets.map((id, i) => (
            <Text key={id} inverse={i === picked}>
              {`${i === picked ? '›' : ' '} ${screenText(id)}${id === current ? '  (current)' : ''}`}
            </Text>
          ))}
        </Box>
      ) : null}
    </DialogFrame>
  );
}
