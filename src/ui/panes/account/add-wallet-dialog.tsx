// `a`: add a wallet. The chain is one of the service's four (↑/↓); the address is
// checked as the service checks it before anything is sent (a Solana address for every
// chain but TAO, an ss58 one for TAO).
import { Box, Text } from 'ink';
import type React from 'react';
import { BLOCKCHAINS } from '../../../contract/schemas.ts';
import { DialogFrame, DialogText } from '../../components/dialog-frame.tsx';
import { DoneLine, FailedLine } from '../../components/outcome-lines.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { accountKeys } from './keys.ts';

export const ADD_WALLET_DIALOG = 'addWallet';

export function AddWalletDialog() {
  const theme = useTheme();
  const keys = useKeyNames();
  const [form, a, close] = useStoreDialog(ADD_WALLET_DIALOG, 'account', { show: (s) => s.addWallet });
  const submit = () => {
    if (a().addWallet.phase === 'added') close();
    else void a().submitAddWallet();
  };
  useKeyActions(accountKeys, 'dialog:addWallet', {
    previousChain: () => a().cycleChain(-1),
    nextChain: () => a().cycleChain(1),
    submit,
    close,
  });

  let outcome: React.ReactNode = null;
  if (form.phase === 'sending') outcome = <Spinner label="adding the wallet…" />;
  else if (form.phase === 'added')
    outcome = (
      <DoneLine message={form.message} closes={[keys['addWallet.submit'], keys['addWallet.close']]} />
    );
  else if (form.phase === 'invalid' || form.phase === 'failed')
    outcome = <FailedLine message={form.message} />;

  return (
    <DialogFrame title="Add a wallet">
      <Box>
        <Text color={theme.accent}>{'Chain:   '}</Text>
        {BLOCKCHAINS.map((chain) => (
          <Text key={chain} inverse={chain === form.chain} bold={chain === form.chain}>
            {` ${chain} `}
          </Text>
        ))}
        <Text dimColor={theme.dim}>{'  ↑/↓'}</Text>
      </Box>
      <LabeledInput
        label="Address: "
        id="wallet-address"
        value={form.address}
        focused={form.phase !== 'added'}
        placeholder={form.chain === 'TAO' ? 'an ss58 address, 5…' : 'a Solana address (base58)'}
        onChange={(value) => a().setAddress(value)}
        onSubmit={submit}
        onCancel={close}
      />
      <DialogText dimColor={theme.dim}>
        Payouts are USDC on Solana or Polygon: the service takes a Solana address for every chain but TAO,
        whose wallets are kept for later and never the payout wallet. A network without a payout wallet gets
        this one.
      </DialogText>
      {outcome}
    </DialogFrame>
  );
}
