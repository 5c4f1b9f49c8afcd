// `a`: type a code (six words, any spacing or case), see what it added or why not. In
// demo mode the simulator's live codes are listed and ↑/↓ puts one in the box.

import type React from 'react';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { SimCodes } from '../../../contract/admin.ts';
import { formatTimeLeft } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { type AddedDevice, RATE_HINT_AFTER, RATE_LIMIT_HINT } from '../../../store/devices.ts';
import { DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { dialogListRows, PickField } from '../../components/dialog-list.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { FailedLine } from '../../components/outcome-lines.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDemo, useTheme } from '../../context.tsx';
import { codeFieldActions, usePickList } from '../../hooks/use-list-keys.ts';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { padCells } from '../../text.ts';
import { devicesKeys } from './keys.ts';

export const ADD_CODE_DIALOG = 'addCode';
/** At most this many live codes are listed. */
const MAX_TRY = 8;

interface TryCode {
  kind: 'adopt' | 'share';
  code: string;
  label: string;
}

function codesToTry(codes: SimCodes | undefined): TryCode[] {
  if (!codes) return [];
  return [
    ...codes.adopt_codes.map((c) => ({
      kind: 'adopt' as const,
      code: c.code,
      label: screenText(c.device_name),
    })),
    ...codes.share_codes.map((c) => ({
      kind: 'share' as const,
      code: c.code,
      label: `${screenText(c.device_name)} of ${screenText(c.network_name)}`,
    })),
  ];
}

function addedText(added: AddedDevice): string {
  const name = `"${screenText(added.deviceName || 'a device')}"`;
  if (added.codeType === 'share') {
    const owner = added.networkName ? ` of network ${screenText(added.networkName)}` : '';
    return `✓ Share added: ${name}${owner}, pending until its owner confirms.`;
  }
  const left =
    added.durationMinutes === undefined
      ? ''
      : `; it has ${formatTimeLeft(added.durationMinutes * 60_000)} to confirm`;
  return `✓ Adoption added: ${name} is pending${left}.`;
}

export function AddCodeDialog() {
  const theme = useTheme();
  const demo = useDemo();
  const [add, d, close, store] = useStoreDialog(ADD_CODE_DIALOG, 'devices', {
    show: (s) => s.add,
    forget: (s) => s.resetAdd(s.add.phase === 'added'),
  });
  const failures = useStore(store, (s) => s.addFailures);
  // Re-read the live codes whenever an add finishes: a claimed code leaves the list.
  const tries = useMemo(
    () => (add.phase === 'sending' ? [] : codesToTry(demo?.codes()).slice(0, MAX_TRY)),
    [demo, add.phase],
  );
  const room = useDialogRoom();
  // In a short pane the codes get the description's rows (the box's example says it).
  const roomy = room.rows >= 12;
  const rows = dialogListRows(room.rows, roomy ? 5 : 3);
  const codeWidth = Math.max(0, ...tries.map((t) => t.code.length));
  const pick = usePickList(
    tries.map((t) => t.code),
    (code) => d().setAddInput(code),
  );
  const actions = codeFieldActions(pick, () => void d().addCode(), close);
  useKeyActions(devicesKeys, 'dialog:addCode', actions);

  let outcome: React.ReactNode = null;
  if (add.phase === 'sending') outcome = <Spinner label="adding…" />;
  else if (add.phase === 'added' && add.added)
    outcome = <DialogText color={theme.ok}>{addedText(add.added)}</DialogText>;
  else if (add.phase === 'malformed') outcome = <FailedLine message={add.message} />;
  else if (add.phase === 'failed' && add.noToken)
    outcome = <NoToken what="Adding a code needs your network's token" width={room.inner} />;
  else if (add.phase === 'failed') outcome = <FailedLine message={add.message} />;

  return (
    <DialogFrame title="Add a code">
      {roomy ? (
        <DialogText dimColor={theme.dim}>
          The six words of an adoption or share code, any spacing or case.
        </DialogText>
      ) : null}
      <PickField
        label="Code: "
        id="add-code"
        value={add.input}
        placeholder="e.g. abandon ability able about above absent"
        onSubmit={actions.submit}
        onCancel={close}
        pick={pick}
        heading="Codes to try (demo simulator)"
        lines={tries.map((t) => `${padCells(t.kind, 6)} ${padCells(t.code, codeWidth)} ${t.label}`)}
        rows={rows}
      >
        {outcome}
        {add.phase === 'failed' && !add.noToken && failures >= RATE_HINT_AFTER ? (
          <DialogText color={theme.warn}>{RATE_LIMIT_HINT}</DialogText>
        ) : null}
      </PickField>
    </DialogFrame>
  );
}
