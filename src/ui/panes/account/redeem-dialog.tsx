// `b` in Account: redeem a balance code (issue 34). The code is typed (or, in the demo, one
// the simulator offers is put in the box with ↑/↓, as the add-code dialog offers adoption
// codes); enter checks it (what it holds), enter again redeems it; the data balance on the
// pane's first line loads again. Its case is kept: the service matches a code exactly.
import { Text } from 'ink';
import type React from 'react';
import { useMemo } from 'react';
import { formatBytes, formatTimestamp } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { dialogListRows, PickField } from '../../components/dialog-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDemo, useKeyNames, useTheme } from '../../context.tsx';
import { codeFieldActions, usePickList } from '../../hooks/use-list-keys.ts';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { accountKeys } from './keys.ts';

export const REDEEM_DIALOG = 'redeem';

export function RedeemDialog() {
  const theme = useTheme();
  const keys = useKeyNames();
  const demo = useDemo();
  const [form, b, close] = useStoreDialog(REDEEM_DIALOG, 'balance', {
    show: (s) => s.form,
    forget: (s) => s.closeRedeem(),
  });
  const room = useDialogRoom();
  // Re-read the demo's codes when a redeem ends: a redeemed one leaves the list.
  const tries = useMemo(
    () => (form?.phase === 'sending' ? [] : (demo?.codes().balance_codes ?? [])),
    [demo, form?.phase],
  );
  const pick = usePickList(
    tries.map((t) => t.secret),
    (code) => b().setCode(code),
  );
  // Enter checks the code, then redeems it; once it is redeemed, enter closes.
  const send = () => (b().form?.phase === 'done' ? close() : void b().submit());
  const actions = codeFieldActions(pick, send, close);
  useKeyActions(accountKeys, 'dialog:redeem', actions);
  if (!form) return null;

  let outcome: React.ReactNode = null;
  if (form.phase === 'checking') outcome = <Spinner label="checking the code…" />;
  else if (form.phase === 'sending') outcome = <Spinner label="redeeming…" />;
  else if (form.phase === 'confirm')
    outcome = (
      <DialogText bold color={theme.warn}>
        {`It holds ${form.holds}. ${keys['redeem.submit']} redeems it for this network · ${keys['redeem.close']} keeps it`}
      </DialogText>
    );
  else if (form.phase === 'done') outcome = <Text color={theme.ok}>{`✓ ${screenText(form.message)}`}</Text>;
  else if (form.phase === 'failed')
    outcome = <DialogText color={theme.error}>{`✗ ${screenText(form.message)}`}</DialogText>;

  return (
    <DialogFrame title="Redeem a balance code">
      <DialogText dimColor={theme.dim}>
        A balance code adds data (bytes) to the network's balance; its case matters.
      </DialogText>
      <PickField
        label="Code: "
        id="redeem-code"
        value={form.code}
        focused={form.phase !== 'sending' && form.phase !== 'done'}
        placeholder="26 letters and digits, as it was sent"
        onSubmit={actions.submit}
        onCancel={close}
        pick={pick}
        heading="Codes to try (demo simulator)"
        lines={tries.map(
          (t) => `${t.secret}  ${formatBytes(t.balance_byte_count)} until ${formatTimestamp(t.end_time)}`,
        )}
        rows={dialogListRows(room.rows, 5)}
      >
        {outcome}
      </PickField>
    </DialogFrame>
  );
}
