// Devices: pending adoptions with the time each expires, devices shared with this network
// and by it, and this network's own devices by name; a row's detail (enter); `a` adds a
// code, `s` shares an own device, `y` copies the selected code, `c` confirms the guest of
// a share, `x` removes an association, `R` renames one, `N` renames a device, `Q` shows a
// code as a QR code; `O` shows only the stale devices (space marks, `X` removes, `P` sets
// the period). What it shows and why a key cannot act are its view's (devices-view.ts);
// here they are drawn, and each key goes to a store action (use-devices-actions.ts).
import { Box, Text } from 'ink';
import { useState } from 'react';
import { DEVICES_LIST } from '../../../store/devices.ts';
import { refreshLive } from '../../../store/index.ts';
import { filterWidth, ListFilter, ListHeader, storeList } from '../../components/list-view.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { PaneStatusLine } from '../../components/pane-status.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import { useScrolledLines } from '../../components/scrolled-lines.tsx';
import { STALE_PERIOD_DIALOG, StalePeriodDialog } from '../../components/stale-dialogs.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { truncate } from '../../text.ts';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { DevicesQuestion, QR_DIALOG, QrDialog, RENAME_DIALOG, RenameDialog } from './action-dialogs.tsx';
import { ADD_CODE_DIALOG, AddCodeDialog } from './add-code-dialog.tsx';
import { DeviceDetail } from './device-detail.tsx';
import { DeviceLists } from './device-lists.tsx';
import { DEVICES_FILTER, devicesReasons, devicesState, devicesView } from './devices-view.ts';
import { SHARE_DIALOG, ShareDialog } from './share-dialog.tsx';
import { useDevicesActions } from './use-devices-actions.ts';

export function Devices({ width, height }: PaneProps) {
  const { devices } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const state = useStoresState(devicesState);
  const [notice, setNotice] = useState<string>();
  const scroll = useScrolledLines();
  const listHeight = Math.max(1, height - 4);
  useDevicesActions({ listHeight, scroll, say: setNotice, shown: devicesPane });
  const view = devicesView(state, keys, { width, listHeight });
  const list = storeList(devices, DEVICES_LIST, DEVICES_FILTER);
  const under = (
    <Box height={2} overflow="hidden">
      <Text color={notice ? theme.ok : undefined} wrap="wrap">
        {truncate(notice ?? view.detail?.hint ?? view.hint, width * 2)}
      </Text>
    </Box>
  );
  if (view.detail)
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        <DeviceDetail detail={view.detail} width={width} height={height - 2} scroll={scroll} />
        {under}
      </Box>
    );

  const { body } = view;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1} gap={2} overflowY="hidden">
        <ListFilter list={list} view={state.view} width={filterWidth(width)} />
        {view.status.kind === 'none' ? null : <PaneStatusLine status={view.status} width={width} />}
      </Box>
      {view.header ? (
        <ListHeader list={list} view={state.view} columns={view.header} gap={1} />
      ) : (
        <Text> </Text>
      )}
      <Box height={listHeight} flexDirection="column" overflow="hidden">
        {body.kind === 'noToken' ? (
          <NoToken what="Device associations need your network's token" width={width} />
        ) : body.kind === 'message' ? (
          <Text dimColor={theme.dim} wrap="wrap">
            {body.text}
          </Text>
        ) : body.kind === 'empty' ? (
          <Box flexDirection="column">
            <Text>{body.lines[0]}</Text>
            <Text dimColor={theme.dim}>{body.lines[1]}</Text>
          </Box>
        ) : (
          <DeviceLists
            lines={view.lines}
            cursor={view.cursor}
            lineText={view.line}
            width={width}
            height={listHeight}
            onPick={(key) => devices.getState().select(key)}
          />
        )}
      </Box>
      {under}
    </Box>
  );
}

/** The pane as the registry lists it. */
export const devicesPane = definePane({
  id: 'devices',
  store: 'devices',
  search: 'filter',
  sorts: true,
  // This network's own devices and every device's name.
  reads: ['clients'],
  Component: Devices,
  count: (stores) => {
    const data = stores.devices.getState().data;
    if (!data) return undefined;
    return (
      (data.pending_adoption_devices?.length ?? 0) +
      (data.incoming_shared_devices?.length ?? 0) +
      (data.outgoing_shared_devices?.length ?? 0)
    );
  },
  onEnter: (stores) => void refreshLive(stores, shownStores(devicesPane)),
  keyReasons: (stores, keys) => devicesReasons(devicesState(stores), keys),
  dialogs: {
    [ADD_CODE_DIALOG]: AddCodeDialog,
    [SHARE_DIALOG]: ShareDialog,
    [QUESTION_DIALOG]: DevicesQuestion,
    [RENAME_DIALOG]: RenameDialog,
    [QR_DIALOG]: QrDialog,
    [STALE_PERIOD_DIALOG]: StalePeriodDialog,
  },
});
