// Devices pane: the three association lists (a live resource) and the network's own
// devices (from the clients store), the row under the cursor, and the dialogs' state:
// adding a code, sharing one of the network's own devices, and acting on the selected
// row (confirm the guest of a share, remove, rename an association, rename a device,
// show a share code as a QR code). Dialog state lives here, not in components, so fast
// keys never act on a stale copy and a failed add keeps what was typed.
import type { StoreApi } from 'zustand/vanilla';
import { isNoToken, serviceMessage } from '../api/error-words.ts';
import { isApiError } from '../api/errors.ts';
import { isProxyClient } from '../api/proxy-secrets.ts';
import type { DeviceAssociations, NetworkClient, NetworkClients } from '../contract/schemas.ts';
import { type ClientsStore, clientsById, isConnected } from './clients.ts';
import { checkCode } from './codes.ts';
import type { StoreDeps } from './deps.ts';
import { distinctKeys } from './distinct-keys.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';
import { type RowFilter, rowFilter } from './row-filter.ts';
import { keepRowsAsOf } from './rows-as-of.ts';

export type DeviceSection = 'pending' | 'incoming' | 'outgoing' | 'own';
export const SECTION_TITLES: Record<DeviceSection, string> = {
  pending: 'Pending adoption',
  incoming: 'Shared with this network',
  outgoing: 'Shared by this network',
  own: "This network's devices",
};

export interface DeviceRow {
  section: DeviceSection;
  /** Unique within the lists: section and code (or index when a code is missing). */
  key: string;
  code?: string;
  deviceName?: string;
  clientId?: string;
  /** Incoming: the owner's network; outgoing: the guest's, once one has added the code. */
  networkName?: string;
  pending: boolean;
  /** Pending adoptions: when the code expires, on the store clock. */
  expiresAt?: number;
  /** The network's own devices (and its shared ones): the device id set-name takes. */
  deviceId?: string;
  /** Own devices: an open connection now. */
  online?: boolean;
}

/** What `c`, `x`, `R`, `N` and `Q` do with the selected row, step by step. */
export interface DeviceAction {
  kind: 'confirm' | 'remove' | 'rename' | 'setName' | 'qr';
  code?: string;
  deviceId?: string;
  /** The name shown for the row when the action started. */
  deviceName?: string;
  /** confirm: the guest network that added the code (from share-status). */
  guest?: string;
  /** qr: whose code it is: a pending adoption's (the new device's) or a share's. */
  codeType?: 'adopt' | 'share';
  phase: 'checking' | 'ask' | 'editing' | 'sending' | 'done' | 'failed';
  /** rename, setName: the new name as typed. */
  input: string;
  message?: string;
}

/** Failed adds in a row after which the rate limit is mentioned. */
export const RATE_HINT_AFTER = 3;
export const RATE_LIMIT_HINT =
  'The service allows 10 add attempts per 30 minutes, failed ones included, and answers "Invalid code." past that: wait a while before trying again.';

export interface AddedDevice {
  codeType: 'adopt' | 'share';
  code: string;
  deviceName?: string;
  /** Share codes: the owner's network. */
  networkName?: string;
  clientId?: string;
  durationMinutes?: number;
}

export interface AddDialog {
  /** What is typed; kept after a failure so nothing is lost. */
  input: string;
  phase: 'editing' | 'sending' | 'added' | 'malformed' | 'failed';
  message?: string;
  /** Set when a token is missing (the view explains how to give one). */
  noToken?: boolean;
  added?: AddedDevice;
}

export interface ShareDialog {
  step: 'pick' | 'name' | 'sending' | 'done' | 'failed';
  /** The network's own devices, from /network/clients. */
  devices?: NetworkClient[];
  loadingDevices: boolean;
  cursor: number;
  clientId?: string;
  name: string;
  code?: string;
  message?: string;
  noToken?: boolean;
}

export interface DevicesView extends ListMoves {
  selectedKey?: string;
  /** The row whose detail shows (enter; esc closes it), by its key. */
  detailKey?: string;
  /** Shows the detail of the row under the cursor. */
  openDetail(): void;
  closeDetail(): void;
  /**
   * The store clock's time the lists are shown as of: the last answer's, or the moment a
   * pending adoption's code expired since (its row leaves then). Rows are computed at it,
   * so nothing redraws the lists between those moments.
   */
  asOf: number;
  /** The filter and the sort within each section (DEVICES_LIST). */
  view: ListView;
  setView(view: ListView): void;
  /** Only these of the network's own devices are shown, and no associations (the stale view); undefined: all. */
  only?: RowFilter;
  showOnly(ids: ReadonlySet<string> | undefined): void;
  add: AddDialog;
  /** Consecutive failed adds (the service's answer, not a typo caught here). */
  addFailures: number;
  share: ShareDialog;
  action?: DeviceAction;
  /**
   * The codes this console removed (`x`): a pending adoption gone from the next list was
   * removed, not confirmed (the event log tells the two apart by it).
   */
  removedCodes: ReadonlySet<string>;
  select(key: string | undefined): void;
  /** Clears the add dialog's outcome; `clearInput` also empties the text. */
  resetAdd(clearInput?: boolean): void;
  setAddInput(input: string): void;
  /** Checks the typed code, sends it if it can be one, refreshes the lists on success. */
  addCode(): Promise<void>;
  /** Starts the share dialog at its first step and loads the network's devices. */
  /** Lists the network's devices to share, the cursor on `clientId` (the pane's row) when listed. */
  openShare(clientId?: string): Promise<void>;
  /** The cursor of the share dialog's device list. */
  shareMoves: ListMoves;
  /** Takes the device under the share cursor and goes to naming it. */
  pickShareDevice(): void;
  setShareName(name: string): void;
  /** Back from naming to picking. */
  backToPick(): void;
  submitShare(): Promise<void>;
  // Each of these starts nothing on a row of the wrong kind (rowRefusal says why).
  /** `c` on one of this network's shares: asks share-status who added it, then y/n. */
  startConfirm(row: DeviceRow | undefined): Promise<void>;
  /** `x` on an association: y/n. */
  startRemove(row: DeviceRow | undefined): void;
  /** `R` on an association: its name for this network, typed. */
  startRename(row: DeviceRow | undefined): void;
  /** `N` on one of this network's devices: its device name, typed. */
  startSetName(row: DeviceRow | undefined): void;
  /** `Q` on a row with a code. */
  showQr(row: DeviceRow | undefined): void;
  /** The y/n answer of confirm and remove. */
  answer(yes: boolean): Promise<void>;
  setActionInput(input: string): void;
  /** Sends the typed name (rename, setName). */
  submitAction(): Promise<void>;
  closeAction(): void;
}
export type DevicesState = ResourceState<DeviceAssociations> & DevicesView;
export type DevicesStore = StoreApi<DevicesState>;

/** When a pending adoption's code expires: `duration_minutes` after the answer that gave them. */
const expiryOf = (durationMinutes: number | undefined, fetchedAt: number): number =>
  fetchedAt + (durationMinutes ?? 0) * 60_000;

/** When each pending adoption of the last answer expires. */
const pendingExpiries = (state: Pick<DevicesState, 'data' | 'fetchedAt' | 'asOf'>): number[] =>
  (state.data?.pending_adoption_devices ?? []).map((d) =>
    expiryOf(d.duration_minutes, state.fetchedAt ?? state.asOf),
  );

const sortedClients = new WeakMap<NetworkClients, NetworkClient[]>();

/** The network's clients by device name (sorted once per response: the rows are built at every key). */
function byName(clients: NetworkClients | undefined): NetworkClient[] {
  if (!clients?.clients) return [];
  let sorted = sortedClients.get(clients);
  if (!sorted) {
    sorted = [...clients.clients].sort(
      (a, b) =>
        (a.device_name ?? '').localeCompare(b.device_name ?? '') ||
        (a.client_id ?? '').localeCompare(b.client_id ?? ''),
    );
    sortedClients.set(clients, sorted);
  }
  return sorted;
}

/**
 * The rows the pane shows, in section order; the network's own devices last, from
 * /network/clients. A pending adoption whose time has run out is left out at once (the
 * next refresh would drop it anyway).
 */
export function deviceRows(
  state: Pick<DevicesState, 'data' | 'fetchedAt' | 'only'>,
  now: number,
  clients?: NetworkClients,
): DeviceRow[] {
  const data = state.data;
  if (!data) return [];
  const only = state.only?.ids;
  if (only) return ownRows(clients).filter((row) => row.clientId !== undefined && only.has(row.clientId));
  const byId = clientsById(clients);
  const rows: DeviceRow[] = [];
  const fetchedAt = state.fetchedAt ?? now;
  (data.pending_adoption_devices ?? []).forEach((d, i) => {
    const expiresAt = expiryOf(d.duration_minutes, fetchedAt);
    if (expiresAt <= now) return;
    rows.push({
      section: 'pending',
      key: `pending:${d.code ?? i}`,
      code: d.code,
      deviceName: d.device_name,
      clientId: typeof d.client_id === 'string' ? d.client_id : undefined,
      pending: d.pending ?? true,
      expiresAt,
    });
  });
  for (const section of ['incoming', 'outgoing'] as const) {
    const list = section === 'incoming' ? data.incoming_shared_devices : data.outgoing_shared_devices;
    (list ?? []).forEach((d, i) => {
      rows.push({
        section,
        key: `${section}:${d.code ?? d.client_id ?? i}`,
        code: d.code,
        deviceName: d.device_name,
        clientId: d.client_id,
        networkName: d.network_name,
        pending: d.pending ?? false,
        deviceId: d.client_id ? byId.get(d.client_id)?.device_id : undefined,
      });
    });
  }
  rows.push(...ownRows(clients));
  const keys = distinctKeys(rows.map((row) => row.key));
  return rows.map((row, i) => (row.key === keys[i] ? row : { ...row, key: keys[i] }));
}

/** The network's own devices, by name, from /network/clients. */
function ownRows(clients: NetworkClients | undefined): DeviceRow[] {
  return byName(clients).map((client) => ({
    section: 'own',
    key: `own:${client.client_id ?? client.device_id}`,
    deviceName: client.device_name,
    clientId: client.client_id,
    deviceId: client.device_id,
    pending: false,
    online: isConnected(client),
  }));
}

/** A row's state in a word, for the sort (the pane says more). */
export function deviceState(row: DeviceRow): string {
  if (row.section === 'own') return row.online ? 'online' : 'offline';
  if (row.section === 'outgoing' && !row.networkName) return 'waiting';
  return row.pending ? 'pending' : 'confirmed';
}

/** The lists' filter (name, client id, network, code, state) and sort, within each section. */
export const DEVICES_LIST: ListSpec<DeviceRow> = {
  columns: [
    { id: 'name', label: 'device name', value: (row) => row.deviceName?.toLowerCase() },
    { id: 'clientId', label: 'client id', value: (row) => row.clientId },
    { id: 'network', label: 'network', value: (row) => row.networkName?.toLowerCase() },
    { id: 'state', label: 'state', value: (row) => deviceState(row) },
  ],
  text: (row) => [row.deviceName, row.clientId, row.networkName, row.code, deviceState(row)],
};

const SECTION_ORDER: readonly DeviceSection[] = ['pending', 'incoming', 'outgoing', 'own'];

/** The rows shown: deviceRows filtered and sorted by the view, each section still together in its place. */
export function visibleDeviceRows(
  state: Pick<DevicesState, 'data' | 'fetchedAt' | 'only' | 'view'>,
  now: number,
  clients?: NetworkClients,
): DeviceRow[] {
  const rows = viewRows(deviceRows(state, now, clients), DEVICES_LIST, state.view);
  return SECTION_ORDER.flatMap((section) => rows.filter((row) => row.section === section));
}

/** The row under the cursor: the selected one if still there, else the first. */
export function selectedRow(rows: DeviceRow[], selectedKey: string | undefined): DeviceRow | undefined {
  return rows.find((row) => row.key === selectedKey) ?? rows[0];
}

/** The name a share starts with: the one it already has under outgoing shares, else `device-` + 8 chars. */
export function defaultShareName(data: DeviceAssociations | undefined, clientId: string): string {
  const known = data?.outgoing_shared_devices?.find((d) => d.client_id === clientId && d.device_name);
  return known?.device_name ?? `device-${clientId.slice(0, 8)}`;
}

/** Whether `kind` can act on `row` (the store's own check: no words needed). */
const actsOn = (kind: DeviceAction['kind'], row: DeviceRow | undefined) =>
  rowRefusal(kind, row, () => '') === undefined;

/** The key the console gives an action (the user's: the store knows no keys). */
export type KeyOfAction = (action: DeviceAction['kind'] | 'refresh') => string;

/**
 * Why `kind` cannot act on `row`, which is of the wrong kind (the footer says it and no
 * dialog opens, naming the keys by `key`); undefined when it can.
 */
export function rowRefusal(
  kind: DeviceAction['kind'],
  row: DeviceRow | undefined,
  key: KeyOfAction,
): string | undefined {
  if (!row) return 'no row here: the lists are empty';
  const what = ROW_KINDS[row.section];
  switch (kind) {
    case 'confirm':
      if (row.section !== 'outgoing' || !row.code)
        return `${key('confirm')} confirms the guest of a share of this network: ${what}`;
      if (!row.networkName)
        return `waiting for a guest: no network has added this code yet (${key('refresh')} reloads)`;
      if (!row.pending) return `already confirmed: ${row.networkName} can use it`;
      return undefined;
    case 'remove':
      return row.code ? undefined : `${key('remove')} removes an adoption or a share: ${what}`;
    case 'rename':
      return row.code
        ? undefined
        : `${key('rename')} renames an adoption or a share (${key('setName')} a device): ${what}`;
    case 'setName':
      return row.deviceId
        ? undefined
        : `Only this network's own devices can be renamed (${key('setName')}): ${what}`;
    case 'qr':
      return row.code ? undefined : `${key('qr')} shows a code: ${what}, which has none`;
  }
}

/** What a row is, for the keys that cannot act on it. */
const ROW_KINDS: Record<DeviceSection, string> = {
  pending: 'this is a pending adoption',
  incoming: 'this device was shared with this network',
  outgoing: 'this is a share of this network',
  own: "this is one of the network's own devices",
};

const EMPTY_ADD: AddDialog = { input: '', phase: 'editing' };
const EMPTY_SHARE: ShareDialog = { step: 'pick', loadingDevices: false, cursor: 0, name: '' };

export function createDevicesStore(deps: StoreDeps, options: { clients?: ClientsStore } = {}): DevicesStore {
  const { client, clock } = deps;
  const clientsData = () => options.clients?.getState().data;
  const resource = createResourceStore<DeviceAssociations>(deps, {
    load: (signal) => client.deviceAssociations({ signal }),
  });
  const store = extendResource<DeviceAssociations, DevicesView>(resource, (set, get) => {
    const rows = () => visibleDeviceRows(get(), get().asOf, clientsData());
    const setAction = (patch: Partial<DeviceAction>) => {
      const { action } = get();
      if (action) set({ action: { ...action, ...patch } });
    };
    const start = (row: DeviceRow | undefined, action: Omit<DeviceAction, 'input'> & { input?: string }) =>
      set({ action: { input: '', deviceName: row?.deviceName, ...action } });
    const failed = (message: string) => setAction({ phase: 'failed', message });
    /** Lists again, and the clients (names, the network's own devices) with them. */
    const reload = async () => {
      await Promise.all([get().refresh(), options.clients?.getState().refresh()]);
    };
    const setAdd = (patch: Partial<AddDialog>) => set({ add: { ...get().add, ...patch } });
    const setShare = (patch: Partial<ShareDialog>) => set({ share: { ...get().share, ...patch } });

    return {
      add: EMPTY_ADD,
      addFailures: 0,
      share: EMPTY_SHARE,
      removedCodes: new Set(),
      select: (key) => set({ selectedKey: key }),
      openDetail: () => set({ detailKey: selectedRow(rows(), get().selectedKey)?.key }),
      closeDetail: () => set({ detailKey: undefined }),
      asOf: clock.now(),
      view: NO_VIEW,
      setView: (view) => set({ view }),
      showOnly: (ids) => set({ only: rowFilter(ids) }),
      ...listMoves({
        length: () => rows().length,
        index: () =>
          Math.max(
            0,
            rows().findIndex((row) => row.key === get().selectedKey),
          ),
        select: (index) => set({ selectedKey: rows()[index].key }),
      }),
      resetAdd: (clearInput = false) =>
        set({ add: { ...EMPTY_ADD, input: clearInput ? '' : get().add.input } }),
      // Typing again leaves the last outcome's screen but keeps a failure's message visible
      // only until the text changes.
      setAddInput: (input) =>
        set({ add: get().add.phase === 'sending' ? get().add : { input, phase: 'editing' } }),
      async addCode() {
        const { add } = get();
        if (add.phase === 'sending') return;
        const check = checkCode(add.input);
        if (!check.ok) {
          setAdd({ phase: 'malformed', message: check.problem, added: undefined, noToken: false });
          return;
        }
        setAdd({ phase: 'sending', message: undefined, added: undefined, noToken: false });
        try {
          const result = await send(deps, () => client.addDevice({ code: check.code }));
          const codeType = result.code_type === 'share' ? 'share' : 'adopt';
          set({
            addFailures: 0,
            add: {
              input: '',
              phase: 'added',
              added: {
                codeType,
                code: result.code ?? check.code,
                deviceName: result.device_name,
                networkName: result.associated_network_name,
                clientId: result.client_id,
                durationMinutes: result.duration_minutes,
              },
            },
          });
          await reload();
        } catch (error) {
          // Only the service's refusals count as attempts it may be rate limiting.
          const refused = isApiError(error) && (error.kind === 'business' || error.status === 429);
          set({
            addFailures: refused ? get().addFailures + 1 : get().addFailures,
            add: { ...get().add, phase: 'failed', message: serviceMessage(error), noToken: isNoToken(error) },
          });
        }
      },
      async openShare(clientId) {
        set({ share: { ...EMPTY_SHARE, loadingDevices: true } });
        try {
          const { clients } = await send(deps, () => client.networkClients());
          // A hosted proxy's client is no device to share.
          const devices = (clients ?? [])
            .filter((c) => c.client_id && !isProxyClient(c))
            .sort((a, b) => (a.device_name ?? '').localeCompare(b.device_name ?? ''));
          const at = devices.findIndex((c) => c.client_id === clientId);
          setShare({ devices, loadingDevices: false, cursor: Math.max(0, at) });
        } catch (error) {
          setShare({
            loadingDevices: false,
            step: 'failed',
            message: serviceMessage(error),
            noToken: isNoToken(error),
          });
        }
      },
      shareMoves: listMoves({
        length: () => get().share.devices?.length ?? 0,
        index: () => get().share.cursor,
        select: (cursor) => setShare({ cursor }),
      }),
      pickShareDevice() {
        const { share, data } = get();
        const device = share.devices?.[share.cursor];
        if (share.step !== 'pick' || !device?.client_id) return;
        setShare({
          step: 'name',
          clientId: device.client_id,
          name: device.device_name || defaultShareName(data, device.client_id),
        });
      },
      setShareName: (name) => {
        if (get().share.step === 'name') setShare({ name });
      },
      backToPick: () => {
        if (get().share.step === 'name' || get().share.step === 'failed')
          setShare({ step: 'pick', message: undefined });
      },
      async submitShare() {
        const { share } = get();
        if (share.step !== 'name' || !share.clientId) return;
        const name = share.name.trim() || defaultShareName(get().data, share.clientId);
        setShare({ step: 'sending', name, message: undefined });
        try {
          const result = await send(deps, () =>
            client.createShareCode({ client_id: share.clientId, device_name: name }),
          );
          setShare({ step: 'done', code: result.share_code });
          await get().refresh();
        } catch (error) {
          setShare({ step: 'failed', message: serviceMessage(error), noToken: isNoToken(error) });
        }
      },
      async startConfirm(row) {
        if (!actsOn('confirm', row) || !row?.code) return;
        const code = row.code;
        start(row, { kind: 'confirm', code, phase: 'checking' });
        // The lists may be older than the share: the service says who added the code.
        try {
          const status = await send(deps, () => client.shareStatus({ share_code: code }));
          if (get().action?.code !== code) return;
          const guest = status.associated_network_name;
          if (!guest) failed('No network has added this code yet: nothing to confirm.');
          else if (!status.pending)
            setAction({ phase: 'done', guest, message: `Already confirmed: ${guest} can use it.` });
          else setAction({ phase: 'ask', guest });
        } catch (error) {
          failed(serviceMessage(error));
        }
      },
      startRemove(row) {
        if (!actsOn('remove', row) || !row?.code) return;
        start(row, { kind: 'remove', code: row.code, phase: 'ask' });
      },
      startRename(row) {
        if (!actsOn('rename', row) || !row?.code) return;
        start(row, { kind: 'rename', code: row.code, phase: 'editing', input: row.deviceName ?? '' });
      },
      startSetName(row) {
        if (!actsOn('setName', row) || !row?.deviceId) return;
        const own = row.clientId ? clientsById(clientsData()).get(row.clientId)?.device_name : undefined;
        start(row, {
          kind: 'setName',
          deviceId: row.deviceId,
          phase: 'editing',
          input: own ?? row.deviceName ?? '',
        });
      },
      showQr(row) {
        if (!actsOn('qr', row) || !row?.code) return;
        start(row, {
          kind: 'qr',
          code: row.code,
          phase: 'done',
          codeType: row.section === 'pending' ? 'adopt' : 'share',
        });
      },
      async answer(yes) {
        const { action } = get();
        if (action?.phase !== 'ask' || !action.code) return;
        if (!yes) {
          set({ action: undefined });
          return;
        }
        setAction({ phase: 'sending' });
        try {
          if (action.kind === 'confirm') {
            const result = await send(deps, () =>
              client.confirmShare({ share_code: action.code!, associated_network_name: action.guest }),
            );
            setAction({
              phase: 'done',
              message: `Confirmed: ${result.associated_network_name ?? action.guest} can use it.`,
            });
          } else {
            await send(deps, () => client.removeAssociation({ code: action.code }));
            set({ removedCodes: new Set(get().removedCodes).add(action.code) });
            setAction({ phase: 'done', message: 'Removed.' });
          }
          await reload();
        } catch (error) {
          failed(serviceMessage(error));
        }
      },
      setActionInput(input) {
        const { action } = get();
        if (action && (action.phase === 'editing' || action.phase === 'failed') && action.kind !== 'qr')
          setAction({ input, phase: 'editing', message: undefined });
      },
      async submitAction() {
        const { action } = get();
        if (action?.phase !== 'editing') return;
        const name = action.input.trim();
        if (!name) {
          failed('Type a name.');
          return;
        }
        setAction({ phase: 'sending', input: name });
        try {
          if (action.kind === 'rename' && action.code) {
            await send(deps, () => client.setAssociationName({ code: action.code, device_name: name }));
            setAction({ phase: 'done', message: `Renamed to "${name}".` });
            await reload();
          } else if (action.kind === 'setName' && action.deviceId) {
            await send(deps, () => client.setDeviceName({ device_id: action.deviceId, device_name: name }));
            setAction({ phase: 'done', message: `The device is now "${name}".` });
            await reload();
          }
        } catch (error) {
          failed(serviceMessage(error));
        }
      },
      closeAction: () => set({ action: undefined }),
    };
  });
  keepRowsAsOf(
    store,
    clock,
    pendingExpiries,
    (state, previous) => state.data !== previous.data || state.fetchedAt !== previous.fetchedAt,
  );
  return store;
}
