// `w`: set the payout wallet by id. The id is checked (a UUID, not a Bittensor wallet, which
// the service refuses as payout wallet), then the question `enter` asks in the list is
// asked. The account's wallets are listed by chain and address, and ↑/↓ puts one in the box;
// those that cannot be the payout wallet are named apart, with why.
import { Text } from 'ink';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { AccountWallet } from '../../../contract/schemas.ts';
import { screenText } from '../../../sanitize.ts';
import { payoutRefusal } from '../../../store/account.ts';
import { DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { dialogListRows, PickField } from '../../components/dialog-list.tsx';
import { FailedLine } from '../../components/outcome-lines.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import { useStores, useTheme } from '../../context.tsx';
import { usePickList } from '../../hooks/use-list-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { padCells } from '../../text.ts';
import { accountKeys } from './keys.ts';

export const WALLET_DIALOG = 'wallet';

export function WalletDialog() {
  const { account } = useStores();
  const theme = useTheme();
  const dialogs = useDialogs();
  const wallet = useStore(account, (s) => s.wallet);
  const current = useStore(account, (s) => s.data?.wallet_id);
  // Not loaded (or refused): the payout wallet is not known, which is not "none set".
  const known = useStore(account, (s) => s.data !== undefined);
  const all = useStore(account, (s) => s.data?.wallets);
  const wallets = useMemo(() => (all ?? []).filter((w) => w.wallet_id && !payoutRefusal(w)), [all]);
  const refused = (all ?? []).filter((w) => payoutRefusal(w));
  const ids = useMemo(() => wallets.map((w) => w.wallet_id ?? ''), [wallets]);
  const rows = dialogListRows(useDialogRoom().rows, 4 + (refused.length ? 1 : 0));
  const a = () => account.getState();
  const pick = usePickList(ids, (id) => a().setWalletInput(id));
  // The same question as enter in the list: this dialog gives way to it.
  const submit = () => {
    if (!a().askTypedWallet()) return;
    dialogs.close(WALLET_DIALOG);
    dialogs.open(QUESTION_DIALOG);
  };
  const close = () => dialogs.close(WALLET_DIALOG);
  useKeyActions(accountKeys, 'dialog:wallet', {
    submit,
    nextWallet: () => pick.move(1),
    previousWallet: () => pick.move(-1),
    close,
  });

  const label = (w: AccountWallet) =>
    `${padCells(screenText(w.blockchain ?? '?'), 9)}${screenText(w.wallet_address ?? w.wallet_id ?? '')}`;
  return (
    <DialogFrame title="Set the payout wallet">
      <DialogText
        dimColor={theme.dim}
      >{`Now: ${current ? screenText(current) : known ? 'none set' : 'unknown (not loaded yet)'}`}</DialogText>
      <DialogText dimColor={theme.dim}>
        The id of one of your account's wallets (a UUID); enter asks before it is set.
      </DialogText>
      <PickField
        label="Wallet: "
        id="wallet-id"
        value={wallet.input}
        placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
        onSubmit={submit}
        onCancel={close}
        pick={pick}
        heading="The account's wallets"
        lines={wallets.map((w) => `${label(w)}${w.wallet_id === current ? '  (current)' : ''}`)}
        rows={rows}
      >
        {wallet.phase === 'malformed' ? <FailedLine message={wallet.message} /> : null}
      </PickField>
      {refused.length ? (
        <Text dimColor={theme.dim} wrap="truncate">
          {`Not listed: ${refused.map((w) => screenText(w.blockchain ?? '')).join(', ')} (Bittensor wallets cannot be the payout wallet)`}
        </Text>
      ) : null}
    </DialogFrame>
  );
}
