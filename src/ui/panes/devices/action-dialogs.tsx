// What `c`, `x`, `R`, `N` and `Q` open on the selected row: the y/n questions before
// confirming a guest or removing an association (or, in the stale view, X's), the name
// boxes of an association and of a device, and the code as a QR code. Each is drawn
// while the store holds the row's action; the pane's definition lists them by their ids.
import { Box } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import type { DeviceAction } from '../../../store/devices.ts';
import { DialogFrame, DialogText } from '../../components/dialog-frame.tsx';
import { DoneLine, FailedLine } from '../../components/outcome-lines.tsx';
import { AskedQuestion } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { RemoveStaleQuestion } from '../../components/stale-dialogs.tsx';
import { useKeyNames, useStores } from '../../context.tsx';
import { useCloseDialog } from '../../hooks/use-close-dialog.ts';
import { useCopyInDialog } from '../../hooks/use-copy.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { devicesKeys } from './keys.ts';
import { QrView } from './qr-code.tsx';

export const RENAME_DIALOG = 'rename';
export const QR_DIALOG = 'qr';

type Props = { action: DeviceAction };

/** Closes dialog `id` and lets go of the store's action. */
function useClose(id: string) {
  const { devices } = useStores();
  return useCloseDialog(id, () => devices.getState().closeAction());
}

/** The action the store holds now, if any. */
const useAction = () => useStore(useStores().devices, (s) => s.action);

/** The y/n question of the pane: X's in the stale view, else `c`'s or `x`'s on the selected row. */
export function DevicesQuestion() {
  const removingStale = useStore(useStores().stale, (s) => s.question !== undefined);
  const action = useAction();
  if (removingStale) return <RemoveStaleQuestion />;
  return action ? <AssociationQuestion action={action} /> : null;
}

/** `c` and `x`: y/n, then the outcome. */
function AssociationQuestion({ action }: Props) {
  const { devices } = useStores();
  const name = `"${screenText(action.deviceName || 'the device')}"`;
  const confirming = action.kind === 'confirm';
  const lines = confirming
    ? [
        `Network ${screenText(action.guest ?? '…')} added the share code of ${name}.`,
        `Confirm it, and ${screenText(action.guest ?? 'that network')} can use the device.`,
      ]
    : [
        `Remove the association of ${name}?`,
        `Code: ${screenText(action.code)}`,
        'It leaves the lists of both networks; the code stops working.',
      ];
  return (
    <AskedQuestion
      title={confirming ? 'Confirm the guest' : 'Remove the association'}
      lines={action.phase === 'checking' ? [`Asking who added the share code of ${name}…`] : lines}
      question={confirming ? `Let ${screenText(action.guest)} use it?` : 'Remove it?'}
      asked={action}
      answer={(yes) => devices.getState().answer(yes)}
      forget={() => devices.getState().closeAction()}
    />
  );
}

/** `R` and `N`: a name box. */
export function RenameDialog() {
  const action = useAction();
  return action ? <NameBox action={action} /> : null;
}

function NameBox({ action }: Props) {
  const { devices } = useStores();
  const keys = useKeyNames();
  const close = useClose(RENAME_DIALOG);
  const d = () => devices.getState();
  const submit = () => {
    if (d().action?.phase === 'done') close();
    else void d().submitAction();
  };
  useKeyActions(
    devicesKeys,
    'dialog:rename',
    { submit, close },
    action.phase === 'done'
      ? { submit: 'close' }
      : action.phase === 'sending'
        ? { submit: false }
        : undefined,
  );
  const device = action.kind === 'setName';
  let outcome: React.ReactNode = null;
  if (action.phase === 'sending') outcome = <Spinner label="saving the name…" />;
  else if (action.phase === 'done')
    outcome = <DoneLine message={action.message} closes={[keys['rename.submit'], keys['rename.close']]} />;
  else if (action.phase === 'failed') outcome = <FailedLine message={action.message} />;
  return (
    <DialogFrame title={device ? 'Rename the device' : 'Rename the association'}>
      <DialogText>
        {device
          ? `The device's name, shown everywhere (device ${screenText(action.deviceId)}):`
          : `This network's own name for the association (the other network keeps its own). Code: ${screenText(action.code)}`}
      </DialogText>
      {action.deviceId || action.code ? (
        <Box marginTop={1}>
          <LabeledInput
            label="Name: "
            id="rename-name"
            value={action.input}
            focused={action.phase === 'editing' || action.phase === 'failed'}
            onChange={(value) => d().setActionInput(value)}
            onSubmit={submit}
            onCancel={close}
          />
        </Box>
      ) : null}
      {outcome}
    </DialogFrame>
  );
}

/** `Q`: the code as a QR code, with the link it holds. */
export function QrDialog() {
  const action = useAction();
  return action ? <QrOfCode action={action} /> : null;
}

/** A pending adoption's code is the new device's: no other network's phone is meant to scan it. */
const ADOPTION_SCAN_HINT = 'Scan it with the app, or read the six words out.';

function QrOfCode({ action }: Props) {
  const [notice, copy] = useCopyInDialog();
  const close = useClose(QR_DIALOG);
  useKeyActions(devicesKeys, 'dialog:qr', { close, copy: () => copy(action.code) });
  return (
    <QrView
      code={screenText(action.code)}
      title={action.codeType === 'adopt' ? 'Adoption code as a QR code' : 'Share code as a QR code'}
      scanHint={action.codeType === 'adopt' ? ADOPTION_SCAN_HINT : undefined}
      copyAction="qr.copy"
      notice={notice?.replaceAll('\n', ' ')}
    />
  );
}
