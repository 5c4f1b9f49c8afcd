// Devices pane: the three association lists (a 60 s live resource), the row under the
// cursor, and the two dialogs' state: adding a code, sharing one of the network's own
// devices. Dialog state lives here, not in components, so fast keys never act on a
// stale copy and a failed add keeps what was typed.
import type { StoreApi } from 'zustand/vanilla';
import { isApiError } from '../api/errors.ts';
import type { DeviceAssociations, ProviderStats } from '../contract/schemas.ts';
import { checkCode } from './codes.ts';
import type { StoreDeps } from './deps.ts';
import { distinctKeys } from './distinct-keys.ts';
import { createResourceStore, extendResource, REFRESH_EVERY_MS, type ResourceState } from './resource.ts';
import { isNoToken, serviceMessage } from './service-message.ts';

export type DeviceSection = 'pending' | 'incoming' | 'outgoing';
export const SECTION_TITLES: Record<DeviceSection, string> = {
  pending: 'Pending adoption',
  incoming: 'Shared with this network',
  outgoing: 'Shared by this network',
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
  /** Pending adoptions: ms left until the code expires, on the store clock. */
  timeLeftMs?: number;
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
  /** The network's own devices, from /stats/providers. */
  devices?: ProviderStats[];
  loadingDevices: boolean;
  cursor: number;
  clientId?: string;
  name: string;
  code?: string;
  message?: string;
  noToken?: boolean;
}

export interface DevicesView {
  selectedKey?: string;
  add: AddDialog;
  /** Consecutive failed adds (the service's answer, not a typo caught here). */
  addFailures: number;
  share: ShareDialog;
  select(key: string | undefined): void;
  move(delta: number): void;
  moveTo(edge: 'top' | 'bottom'): void;
  /** Clears the add dialog's outcome; `clearInput` also empties the text. */
  resetAdd(clearInput?: boolean): void;
  setAddInput(input: string): void;
  /** Checks the typed code, sends it if it can be one, refreshes the lists on success. */
  addCode(): Promise<void>;
  /** Starts the share dialog at its first step and loads the network's devices. */
  openShare(): Promise<void>;
  moveShareCursor(delta: number): void;
  /** Takes the device under the share cursor and goes to naming it. */
  pickShareDevice(): void;
  setShareName(name: string): void;
  /** Back from naming to picking. */
  backToPick(): void;
  submitShare(): Promise<void>;
}
export type DevicesState = ResourceState<DeviceAssociations> & DevicesView;
export type DevicesStore = StoreApi<DevicesState>;

/** Ms left of a pending adoption: `duration_minutes` at fetch time, less what passed since. */
export function timeLeftMs(durationMinutes: number | undefined, fetchedAt: number, now: number): number {
  return Math.max(0, (durationMinutes ?? 0) * 60_000 - (now - fetchedAt));
}

/**
 * The rows the pane shows, in section order. A pending adoption whose time has run out
 * is left out at once (the next refresh would drop it anyway).
 */
export function deviceRows(state: Pick<DevicesState, 'data' | 'fetchedAt'>, now: number): DeviceRow[] {
  const data = state.data;
  if (!data) return [];
  const rows: DeviceRow[] = [];
  const fetchedAt = state.fetchedAt ?? now;
  (data.pending_adoption_devices ?? []).forEach((d, i) => {
    const left = timeLeftMs(d.duration_minutes, fetchedAt, now);
    if (left <= 0) return;
    rows.push({
      section: 'pending',
      key: `pending:${d.code ?? i}`,
      code: d.code,
      deviceName: d.device_name,
      clientId: typeof d.client_id === 'string' ? d.client_id : undefined,
      pending: d.pending ?? true,
      timeLeftMs: left,
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
      });
    });
  }
  const keys = distinctKeys(rows.map((row) => row.key));
  return rows.map((row, i) => (row.key === keys[i] ? row : { ...row, key: keys[i] }));
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

const EMPTY_ADD: AddDialog = { input: '', phase: 'editing' };
const EMPTY_SHARE: ShareDialog = { step: 'pick', loadingDevices: false, cursor: 0, name: '' };

export function createDevicesStore(deps: StoreDeps): DevicesStore {
  const { client, clock } = deps;
  const resource = createResourceStore<DeviceAssociations>(deps, {
    load: (signal) => client.deviceAssociations({ signal }),
    refreshEveryMs: REFRESH_EVERY_MS,
  });
  return extendResource<DeviceAssociations, DevicesView>(resource, (set, get) => {
    const rows = () => deviceRows(get(), clock.now());
    const moveBy = (delta: number) => {
      const list = rows();
      if (list.length === 0) return;
      const at = Math.max(
        0,
        list.findIndex((row) => row.key === get().selectedKey),
      );
      const next = Math.min(list.length - 1, Math.max(0, at + delta));
      set({ selectedKey: list[next].key });
    };
    const setAdd = (patch: Partial<AddDialog>) => set({ add: { ...get().add, ...patch } });
    const setShare = (patch: Partial<ShareDialog>) => set({ share: { ...get().share, ...patch } });

    return {
      add: EMPTY_ADD,
      addFailures: 0,
      share: EMPTY_SHARE,
      select: (key) => set({ selectedKey: key }),
      move: moveBy,
      moveTo: (edge) => moveBy(edge === 'top' ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER),
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
          const result = await client.addDevice({ code: check.code });
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
          await get().refresh();
        } catch (error) {
          // Only the service's refusals count as attempts it may be rate limiting.
          const refused = isApiError(error) && (error.kind === 'business' || error.status === 429);
          set({
            addFailures: refused ? get().addFailures + 1 : get().addFailures,
            add: { ...get().add, phase: 'failed', message: serviceMessage(error), noToken: isNoToken(error) },
          });
        }
      },
      async openShare() {
        set({ share: { ...EMPTY_SHARE, loadingDevices: true } });
        try {
          const stats = await client.providerStats();
          const devices = (stats.providers ?? []).filter((p) => p.client_id);
          setShare({ devices, loadingDevices: false });
        } catch (error) {
          setShare({
            loadingDevices: false,
            step: 'failed',
            message: serviceMessage(error),
            noToken: isNoToken(error),
          });
        }
      },
      moveShareCursor(delta) {
        const count = get().share.devices?.length ?? 0;
        if (count === 0) return;
        setShare({ cursor: Math.min(count - 1, Math.max(0, get().share.cursor + delta)) });
      },
      pickShareDevice() {
        const { share, data } = get();
        const device = share.devices?.[share.cursor];
        if (share.step !== 'pick' || !device?.client_id) return;
        setShare({
          step: 'name',
          clientId: device.client_id,
          name: defaultShareName(data, device.client_id),
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
          const result = await client.createShareCode({ client_id: share.clientId, device_name: name });
          setShare({ step: 'done', code: result.share_code });
          await get().refresh();
        } catch (error) {
          setShare({ step: 'failed', message: serviceMessage(error), noToken: isNoToken(error) });
        }
      },
    };
  });
}
