// Devices: pending adoptions with their countdown, devices shared with this network
// and by it, and this network's own devices by name; `a` adds a code, `s` shares an own
// device, `y` copies the selected code, `c` confirms the guest of a share, `x` removes an
// association, `R` renames one, `N` renames a device, `Q` shows a code as a QR code,
// `L` logs in where no token was given; `O` shows only the stale devices (space marks,
// `X` removes, `P` sets the period).
import { Box, Text } from 'ink';
import type React from 'react';
import { useState } from 'react';
import { useStore } from 'zustand';
import { isNoToken, serviceMessage } from '../../../api/error-words.ts';
import { countOf, formatPeriod, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { clientsById } from '../../../store/clients.ts';
import {
  DEVICES_LIST,
  type DevicesStore,
  rowRefusal,
  selectedRow,
  visibleDeviceRows,
} from '../../../store/devices.ts';
import { refreshLive } from '../../../store/index.ts';
import { lastSeenIn, seenText } from '../../../store/stale.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { filterWidth, ListFilter, ListHeader, storeList, useListView } from '../../components/list-view.tsx';
import { NoToken, tokenMissing } from '../../components/no-token.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useStaleDialog } from '../../components/stale-dialogs.tsx';
import { listRowWidth } from '../../components/virtual-list.tsx';
import { useClock, useKeyNames, useNow, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStaleKeys } from '../../hooks/use-stale-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { fitParts, truncate } from '../../text.ts';
import { definePane, type PaneProps, shownStores } from '../types.ts';
import { AssociationQuestion, QR_DIALOG, QrDialog, RENAME_DIALOG, RenameDialog } from './action-dialogs.tsx';
import { ADD_CODE_DIALOG, AddCodeDialog } from './add-code-dialog.tsx';
import { DeviceLists, deviceHeader, listLines } from './device-lists.tsx';
import { devicesKeys } from './keys.ts';
import { SHARE_DIALOG, ShareDialog } from './share-dialog.tsx';

/** The lists as the list controller sees them. */
const devicesList = (store: DevicesStore) => storeList(store, DEVICES_LIST, 'devices-filter');

export function Devices({ width, height }: PaneProps) {
  const stores = useStores();
  const { devices, session, clients, stale } = stores;
  const theme = useTheme();
  const keys = useKeyNames();
  const clock = useClock();
  const dialogs = useDialogs();
  const copy = useCopy();
  // Once a second of the store clock: the adoption countdowns move.
  const now = useNow(1000);
  const data = useStore(devices, (s) => s.data);
  const fetchedAt = useStore(devices, (s) => s.fetchedAt);
  const loading = useStore(devices, (s) => s.loading);
  const error = useStore(devices, (s) => s.error);
  const selectedKey = useStore(devices, (s) => s.selectedKey);
  const action = useStore(devices, (s) => s.action);
  const own = useStore(clients, (s) => s.data);
  const only = useStore(devices, (s) => s.only);
  const view = useStore(devices, (s) => s.view);
  const list = devicesList(devices);
  const listView = useListView(list);
  const staleState = useStore(stale, (s) => s);
  const staleView = staleState.views.devices;
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const staleDialog = useStaleDialog(dialog);
  const [notice, setNotice] = useState<string>();

  const listHeight = Math.max(1, height - 4);
  const d = () => devices.getState();
  const current = () =>
    selectedRow(visibleDeviceRows(d(), clock.now(), clients.getState().data), d().selectedKey);
  const act = (id: string, start: () => unknown, what: string) => {
    // No token: the dialog would only fail on submit; say so and offer L instead.
    const missing = tokenMissing(stores, what, keys);
    if (missing) return missing;
    setNotice(undefined);
    void start();
    dialogs.open(id);
  };
  /** A dialog about the selected row: no token first (nothing would work), then a row of the wrong kind. */
  const onRow = (kind: Parameters<typeof rowRefusal>[0], id: string, start: () => unknown, what: string) =>
    tokenMissing(stores, what, keys) ??
    rowRefusal(kind, current(), (action) =>
      action === 'refresh' ? keys.refresh : keys[`devices.${action}` as const],
    ) ??
    act(id, start, what);
  const staleKeys = useStaleKeys('devices', {
    shown: () =>
      visibleDeviceRows(d(), clock.now(), clients.getState().data).flatMap((row) =>
        row.clientId ? [row.clientId] : [],
      ),
    selected: () => current()?.clientId,
  });
  /** In the stale view only the network's own devices show: what acts on associations says so. */
  const onAssociations = (act: () => string | undefined) => () =>
    stale.getState().views.devices
      ? `the stale view shows only the network’s own devices (${keys['devices.staleView']} shows all)`
      : act();
  useKeyActions(devicesKeys, 'devices', {
    ...useListKeys(d, listHeight),
    ...staleKeys,
    search: listView.search,
    sort: listView.sort,
    reverse: listView.reverse,
    back: () => void listView.clearFilter(),
    refresh: () => {
      if (stale.getState().views.devices) void stale.getState().load();
      refreshLive(stores, shownStores(devicesPane));
    },
    addCode: () =>
      act(
        ADD_CODE_DIALOG,
        () => {
          d().resetAdd(true);
        },
        'Adding a code',
      ),
    // The dialog starts at the device of the pane's row (an own device's, or a share's).
    share: () => act(SHARE_DIALOG, () => d().openShare(current()?.clientId), 'Sharing a device'),
    // A code where the row has one (an association), else the device's client id.
    copy: () => {
      const row = current();
      setNotice(row?.code ? copy(row.code) : copy(row?.clientId, 'code or client id'));
    },
    // On a row of the wrong kind these open nothing: the footer says why.
    confirm: onAssociations(() =>
      onRow('confirm', QUESTION_DIALOG, () => d().startConfirm(current()), 'Confirming a share'),
    ),
    remove: onAssociations(() =>
      onRow('remove', QUESTION_DIALOG, () => d().startRemove(current()), 'Removing an association'),
    ),
    rename: onAssociations(() =>
      onRow('rename', RENAME_DIALOG, () => d().startRename(current()), 'Renaming an association'),
    ),
    setName: () => onRow('setName', RENAME_DIALOG, () => d().startSetName(current()), 'Renaming a device'),
    qr: () => onRow('qr', QR_DIALOG, () => d().showQr(current()), 'A QR code of a code'),
  });

  if (dialog === ADD_CODE_DIALOG) return <AddCodeDialog />;
  if (dialog === SHARE_DIALOG) return <ShareDialog />;
  if (staleDialog) return staleDialog;
  if (action && dialog === QUESTION_DIALOG)
    return <AssociationQuestion action={action} dialog={QUESTION_DIALOG} />;
  if (action && dialog === RENAME_DIALOG) return <RenameDialog action={action} />;
  if (action && dialog === QR_DIALOG) return <QrDialog action={action} />;

  const rows = visibleDeviceRows({ data, fetchedAt, only, view }, now, own);
  const byId = clientsById(own);
  const selected = selectedRow(rows, selectedKey);
  const noToken = isNoToken(error);

  let status: React.ReactNode;
  if (noToken) status = null;
  else if (error)
    status = (
      <ErrorLine
        error={error}
        width={width}
        prefix={data ? 'refresh failed, showing the last lists' : 'device associations'}
      />
    );
  else if (loading && !data) status = <Spinner label="loading device associations…" />;
  else {
    // What does not fit goes whole, the least needed first (the footer and ? have every key).
    const position = selected ? rowOf(rows.indexOf(selected), rows.length) : undefined;
    const parts: [number, string | undefined][] = staleView
      ? [
          [0, position],
          [1, `stale for ${formatPeriod(staleState.periodMs)} (${keys['devices.stalePeriod']})`],
          [2, countOf(rows.length, 'device')],
          [3, staleState.marked.size ? `${staleState.marked.size} marked` : `${keys.select} marks`],
          [4, `${keys['devices.staleRemove']} removes`],
          [5, `${keys['devices.staleView']} all`],
        ]
      : [
          [0, position],
          [1, `${rows.filter((row) => row.section !== 'own').length} associations`],
          [2, `${keys['devices.addCode']} adds a code`],
          [3, `${keys['devices.share']} shares`],
          [6, `${keys['devices.confirm']} confirms a guest`],
          [7, `${keys['devices.remove']} removes`],
          [8, `${keys['devices.rename']}/${keys['devices.setName']} rename`],
          [9, `${keys['devices.qr']} QR code`],
          [5, `${keys['devices.staleView']} stale`],
        ];
    status = (
      <Text dimColor={theme.dim} wrap="truncate">
        {fitParts(parts, width)}
      </Text>
    );
  }

  let body: React.ReactNode;
  if (noToken) body = <NoToken what="Device associations need your network's token" width={width} />;
  else if (!data)
    body = <Text dimColor={theme.dim}>{error ? `no lists yet (${keys.refresh} retries)` : ''}</Text>;
  else if (staleView && rows.length === 0)
    body = (
      <Text dimColor={theme.dim} wrap="wrap">
        {staleState.staleIds
          ? `No device is stale for ${formatPeriod(staleState.periodMs)}: none is offline and unseen that long. ${keys['devices.stalePeriod']} sets another period, ${keys['devices.staleView']} shows them all.`
          : staleState.error
            ? `Could not ask when each was last seen: ${screenText(serviceMessage(staleState.error))}. ${keys.refresh} asks again, ${keys['devices.staleView']} shows them all.`
            : 'Asking the service when each device was last seen…'}
      </Text>
    );
  else if (rows.length === 0)
    body = (
      <Box flexDirection="column">
        <Text>No device associations yet.</Text>
        <Text dimColor={theme.dim}>
          {`Press ${keys['devices.addCode']} to add an adoption or share code, or ${keys['devices.share']} to share one of your devices.`}
        </Text>
      </Box>
    );
  else
    body = (
      <DeviceLists
        rows={rows}
        selectedKey={selected?.key}
        width={width}
        height={listHeight}
        onPick={(key) => devices.getState().select(key)}
        stale={
          staleView
            ? {
                title: `Stale for ${formatPeriod(staleState.periodMs)}`,
                lastSeen: (row) => seenText(lastSeenIn(staleState, byId, row.clientId), staleState, now),
                marked: (row) => row.clientId !== undefined && staleState.marked.has(row.clientId),
              }
            : undefined
        }
      />
    );

  const detail =
    notice ??
    (selected?.code
      ? `code: ${screenText(selected.code)}  (${keys['devices.copy']} copies it, ${keys['devices.qr']} shows it as a QR code)`
      : selected?.deviceId
        ? `device id: ${screenText(selected.deviceId)}  (${keys['devices.setName']} renames the device)`
        : '');
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1} gap={2} overflowY="hidden">
        <ListFilter list={list} view={view} width={filterWidth(width)} />
        {status}
      </Box>
      {data && rows.length > 0 ? (
        <ListHeader
          list={list}
          view={view}
          columns={deviceHeader(listRowWidth(width, listLines(rows, Boolean(staleView)).length, listHeight))}
          gap={1}
        />
      ) : (
        <Text> </Text>
      )}
      <Box height={listHeight} flexDirection="column" overflow="hidden">
        {body}
      </Box>
      <Box height={2} overflow="hidden">
        <Text color={notice ? theme.ok : undefined} wrap="wrap">
          {truncate(detail, width * 2)}
        </Text>
      </Box>
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
});
