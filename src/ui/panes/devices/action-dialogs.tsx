// What `c`, `x`, `R`, `N` and `Q` open on the selected row: the y/n questions before
// confirming a guest or removing an association (or, in the stale view, X's), the name
// boxes of an association and of a device, and the code as a QR code. Each is drawn
// while the store holds the row's action; the pane's definition lists them by their ids.
import { Box } from 'ink';
import type React from 'react';
import { useState } from 'react';
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import type { DeviceAction } from '../../../store/devices.ts';
import { DialogFrame, DialogText } from '../../components/dialog-frame.tsx';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { RemoveStaleQuestion } from '../../components/stale-dialogs.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { devicesKeys } from './keys.ts';
import { QrView } from './qr-code.tsx';

export const RENAME_DIALOG = 'rename';
export const QR_DIALOG = 'qr';

type Props = { action: DeviceAction };

function useClose(id: string) {
  const { devices } = useStores();
  const dialogs = useDialogs();
  return () => {
    devices.getState().closeAction();
    dialogs.close(id);
  };
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
  const close = useClose(QUESTION_DIALOG);
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
    <Question
      title={confirming ? 'Confirm the guest' : 'Remove the association'}
      phase={action.phase}
      lines={action.phase === 'checking' ? [`Asking who added the share code of ${name}…`] : lines}
      question={confirming ? `Let ${screenText(action.guest)} use it?` : 'Remove it?'}
      message={action.message}
      onAnswer={(yes) => void devices.getState().answer(yes)}
      onClose={close}
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
  const theme = useTheme();
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
    outcome = (
      <DialogText
        color={theme.ok}
      >{`✓ ${screenText(action.message)}  (${keys['rename.submit']} or ${keys['rename.close']} closes)`}</DialogText>
    );
  else if (action.phase === 'failed')
    outcome = <DialogText color={theme.error}>{`✗ ${screenText(action.message)}`}</DialogText>;
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
  const copy = useCopy();
  const close = useClose(QR_DIALOG);
  const [notice, setNotice] = useState<string>();
  useKeyActions(devicesKeys, 'dialog:qr', { close, copy: () => setNotice(copy(action.code)) });
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
