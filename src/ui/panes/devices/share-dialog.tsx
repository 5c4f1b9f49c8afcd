// `s`: share one of the network's own devices. Pick it by name (from /network/clients),
// name the share (prefilled with the device's name), and get a share code set out large
// enough to read aloud, or shown as a QR code (`Q`).
import { Box, Text } from 'ink';
import type React from 'react';
import { useState } from 'react';
import { useStore } from 'zustand';
import type { NetworkClient } from '../../../contract/schemas.ts';
import { screenText } from '../../../sanitize.ts';
import { isConnected } from '../../../store/clients.ts';
import { defaultShareName } from '../../../store/devices.ts';
import { distinctKeys } from '../../../store/distinct-keys.ts';
import { DialogFocus, DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { DialogList, dialogListRows, listPosition } from '../../components/dialog-list.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useCopyInDialog } from '../../hooks/use-copy.ts';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { padCells } from '../../text.ts';
import { readAloudLines, wordsPerLine } from './code-text.ts';
import { devicesKeys } from './keys.ts';
import { QrView } from './qr-code.tsx';

export const SHARE_DIALOG = 'share';

function deviceLine(device: NetworkClient, width: number): string {
  const state = isConnected(device) ? '● online ' : '○ offline';
  const name = padCells(screenText(device.device_name) || '(no name)', Math.max(12, width - 52));
  return `${state}  ${name}  ${screenText(device.client_id)}`;
}

/** The share code boxed, numbered and letter-spaced. */
function BigCode({ code, width }: { code: string; width: number }) {
  const theme = useTheme();
  const lines = readAloudLines(code, wordsPerLine(code, width - 6));
  return (
    <Box
      borderStyle="double"
      borderColor={theme.ok}
      paddingX={2}
      paddingY={1}
      flexDirection="column"
      alignSelf="center"
    >
      {lines.map((line) => (
        <Text key={line} bold>
          {line}
        </Text>
      ))}
    </Box>
  );
}

export function ShareDialog() {
  const theme = useTheme();
  const keys = useKeyNames();
  const [share, d, close, store] = useStoreDialog(SHARE_DIALOG, 'devices', { show: (s) => s.share });
  const data = useStore(store, (s) => s.data);
  const [notice, copy] = useCopyInDialog();
  const [qr, setQr] = useState(false);
  // Once the code is shown, ↓/↑ scroll a dialog taller than the pane: to what follows the code, and back.
  const [below, setBelow] = useState(false);
  const room = useDialogRoom();

  // What each step offers: the code's keys once there is a code, enter's and esc's words by step.
  const offers = {
    pick: { copy: false, qr: false, next: 'choose the device' },
    name: {
      next: 'create the code',
      back: 'back to the devices',
      down: false,
      up: false,
      copy: false,
      qr: false,
    },
    sending: { next: false, copy: false, qr: false },
    done: { next: 'close', down: false, up: false, qr: qr ? 'the code as words' : 'the code as a QR code' },
    failed: { next: false, copy: false, qr: false },
  } as const;
  useKeyActions(
    devicesKeys,
    'dialog:share',
    {
      down: () => (d().share.step === 'done' ? setBelow(true) : d().shareMoves.move(1)),
      up: () => (d().share.step === 'done' ? setBelow(false) : d().shareMoves.move(-1)),
      next: () => {
        const { step } = d().share;
        if (step === 'pick') d().pickShareDevice();
        else if (step === 'done') close();
      },
      copy: () => {
        if (d().share.step === 'done') copy(d().share.code);
      },
      qr: () => {
        if (d().share.step === 'done') setQr((shown) => !shown);
      },
      back: () => {
        const { step } = d().share;
        if (step === 'failed' && d().share.devices) d().backToPick();
        else close();
      },
    },
    offers[share.step],
  );

  let body: React.ReactNode;
  if (share.step === 'pick') {
    const list = share.devices ?? [];
    const rows = dialogListRows(room.rows, 1);
    body = share.loadingDevices ? (
      <Spinner label="loading this network's devices…" />
    ) : list.length === 0 ? (
      <DialogText>This network has no devices of its own to share.</DialogText>
    ) : (
      <Box flexDirection="column">
        <Text dimColor={theme.dim} wrap="truncate">
          {`Which of this network's ${list.length} devices?${listPosition(share.cursor, list.length, rows)} ↑/↓ (j/k) then enter.`}
        </Text>
        <DialogList
          lines={list.map((device) => deviceLine(device, room.inner))}
          keys={distinctKeys(list.map((device) => device.client_id ?? ''))}
          cursor={share.cursor}
          rows={rows}
        />
      </Box>
    );
  } else if (share.step === 'name' || share.step === 'sending') {
    body = (
      <Box flexDirection="column">
        <DialogText>{`Device "${screenText(share.devices?.[share.cursor]?.device_name ?? '')}" (${screenText(share.clientId)})`}</DialogText>
        <DialogText dimColor={theme.dim}>
          The name the other network will see (enter creates the code, esc goes back):
        </DialogText>
        <LabeledInput
          label="Name: "
          id="share-name"
          value={share.name}
          focused={share.step === 'name'}
          placeholder={share.clientId ? defaultShareName(data, share.clientId) : ''}
          onChange={(value) => d().setShareName(value)}
          onSubmit={() => void d().submitShare()}
          onCancel={() => d().backToPick()}
        />
        {share.step === 'sending' ? <Spinner label="creating a share code…" /> : null}
      </Box>
    );
  } else if (share.step === 'done' && share.code && qr) {
    return (
      <QrView
        code={screenText(share.code)}
        title={`Share code for "${screenText(share.name)}"`}
        copyAction="share.copy"
        notice={notice?.replaceAll('\n', ' ')}
      />
    );
  } else if (share.step === 'done' && share.code) {
    const code = screenText(share.code);
    body = (
      <Box flexDirection="column">
        <DialogFocus active={!below && !notice}>
          <DialogText>{`Share code for "${screenText(share.name)}" (${screenText(share.clientId)}):`}</DialogText>
          <BigCode code={code} width={room.inner} />
        </DialogFocus>
        <DialogFocus active={below || Boolean(notice)}>
          <DialogText>{code}</DialogText>
          <DialogText dimColor={theme.dim}>
            {`Read it out, press ${keys['share.copy']} to copy it or ${keys['share.qr']} for a QR code. It is listed under "Shared by this network", waiting for a guest until another network adds it; then ${keys['devices.confirm']} there confirms the guest.`}
          </DialogText>
          {notice ? <DialogText color={theme.ok}>{notice}</DialogText> : null}
        </DialogFocus>
      </Box>
    );
  } else if (share.noToken) {
    body = <NoToken what="Sharing a device needs your network's token" width={room.inner} />;
  } else {
    body = (
      <DialogText
        color={theme.error}
      >{`✗ ${screenText(share.message ?? 'The share code could not be created.')}`}</DialogText>
    );
  }

  return <DialogFrame title="Share a device">{body}</DialogFrame>;
}
