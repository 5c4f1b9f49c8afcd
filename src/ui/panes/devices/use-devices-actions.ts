// The Devices pane's key handlers: each a store action, or a dialog opened on the row the
// keys act on (the one under the cursor, or the detail's). Where a key cannot act, the
// view says why (devicesReasons) and the dispatcher says that instead of calling it.
import type { DeviceRow } from '../../../store/devices.ts';
import { DEVICES_LIST } from '../../../store/devices.ts';
import { refreshLive } from '../../../store/index.ts';
import { storeList, useListView } from '../../components/list-view.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import type { useScrolledLines } from '../../components/scrolled-lines.tsx';
import { useStores } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useStaleKeys } from '../../hooks/use-stale-keys.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { shownStores } from '../types.ts';
import { QR_DIALOG, RENAME_DIALOG } from './action-dialogs.tsx';
import { ADD_CODE_DIALOG } from './add-code-dialog.tsx';
import { DEVICES_FILTER, devicesRows, devicesState, rowInView } from './devices-view.ts';
import { devicesKeys } from './keys.ts';
import { SHARE_DIALOG } from './share-dialog.tsx';

export interface DevicesActionsRoom {
  listHeight: number;
  /** The detail's scroll: the move keys move it while the detail shows. */
  scroll: ReturnType<typeof useScrolledLines>;
  /** What `y` did, for the line under the lists (undefined clears it). */
  say(notice: string | undefined): void;
  /** The stores the pane draws: `r` reloads them. */
  shown: Parameters<typeof shownStores>[0];
}

export function useDevicesActions({ listHeight, scroll, say, shown }: DevicesActionsRoom) {
  const stores = useStores();
  const { devices, stale } = stores;
  const dialogs = useDialogs();
  const copy = useCopy();
  const listView = useListView(storeList(devices, DEVICES_LIST, DEVICES_FILTER));
  const d = () => devices.getState();
  const rows = () => devicesRows(devicesState(stores));
  const row = (): DeviceRow | undefined => rowInView(d(), rows());
  const inDetail = () => d().detailKey !== undefined;
  /** Opens dialog `id` after `start` readies its state in the store. */
  const open = (id: string, start: () => unknown) => {
    say(undefined);
    void start();
    dialogs.open(id);
  };
  const listKeys = useListKeys(d, listHeight);
  // The detail scrolls with the move keys; the lists move their cursor.
  const move = (action: keyof typeof listKeys) => () =>
    inDetail() ? scroll.keys()[action]() : listKeys[action]();
  const staleKeys = useStaleKeys('devices', {
    shown: () => rows().flatMap((r) => (r.clientId ? [r.clientId] : [])),
    selected: () => row()?.clientId,
  });
  useKeyActions(devicesKeys, 'devices', {
    down: move('down'),
    up: move('up'),
    top: move('top'),
    bottom: move('bottom'),
    pageDown: move('pageDown'),
    pageUp: move('pageUp'),
    ...staleKeys,
    search: listView.search,
    sort: listView.sort,
    reverse: listView.reverse,
    open: () => {
      scroll.reset();
      d().openDetail();
    },
    back: () => {
      if (inDetail()) d().closeDetail();
      else listView.clearFilter();
    },
    refresh: () => {
      if (stale.getState().views.devices) void stale.getState().load();
      refreshLive(stores, shownStores(shown));
    },
    addCode: () => open(ADD_CODE_DIALOG, () => d().resetAdd(true)),
    // The dialog starts at the device of the pane's row (an own device's, or a share's).
    share: () => open(SHARE_DIALOG, () => d().openShare(row()?.clientId)),
    // A code where the row has one (an association), else the device's client id.
    copy: () => {
      const here = row();
      say(here?.code ? copy(here.code) : copy(here?.clientId, 'code or client id'));
    },
    confirm: () => open(QUESTION_DIALOG, () => d().startConfirm(row())),
    remove: () => open(QUESTION_DIALOG, () => d().startRemove(row())),
    rename: () => open(RENAME_DIALOG, () => d().startRename(row())),
    setName: () => open(RENAME_DIALOG, () => d().startSetName(row())),
    qr: () => open(QR_DIALOG, () => d().showQr(row())),
  });
}
