// What the Devices pane shows, apart from React: the status line, what stands in for the
// lists when there are none, the columns and the text of each line of the lists (the
// list asks only for the lines in sight), the line under them, a row's detail (enter),
// and why each of its keys cannot act now. The component (devices-pane.tsx) draws it;
// test/ui/devices-view.test.ts reads its words without Ink.
import { isNoToken, serviceMessage } from '../../../api/error-words.ts';
import type { NetworkClients } from '../../../contract/schemas.ts';
import { countOf, formatClockTime, formatPeriod, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { clientsById } from '../../../store/clients.ts';
import {
  type DeviceAction,
  type DeviceRow,
  type DeviceSection,
  type DevicesState,
  rowRefusal,
  SECTION_TITLES,
  selectedRow,
  visibleDeviceRows,
} from '../../../store/devices.ts';
import type { Stores } from '../../../store/index.ts';
import { lastSeenIn, type StaleState, seenText } from '../../../store/stale.ts';
import type { HeaderColumn } from '../../components/list-view.tsx';
import { listRowWidth } from '../../components/list-window.ts';
import type { PaneStatus } from '../../components/pane-status.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, noTokenReason, notNow } from '../../keys/key-reasons.ts';
import { displayWidth, fitParts, padCells } from '../../text.ts';
import { staleReasons } from '../stale-reasons.ts';
import type { PaneActionOf } from '../types.ts';

/** The filter box's id: the session's focus while it has the keys. */
export const DEVICES_FILTER = 'devices-filter';

/** What the pane reads of the stores: each field a store's own value, so equal states draw alike. */
export interface DevicesPaneState
  extends Pick<
    DevicesState,
    'data' | 'fetchedAt' | 'asOf' | 'loading' | 'error' | 'selectedKey' | 'detailKey' | 'only' | 'view'
  > {
  /** This network's own devices and every device's name (GET /network/clients). */
  clients: NetworkClients | undefined;
  /** The stale view shows here: only the network's own stale devices. */
  staleOn: boolean;
  stale: Pick<StaleState, 'periodMs' | 'marked' | 'staleIds' | 'events' | 'error'>;
  /** The network's token was given (every change needs it). */
  hasToken: boolean;
}

/** The pane's state in the stores (the one hook of the component reads it shallowly). */
export function devicesState({ devices, clients, stale, session }: Stores): DevicesPaneState {
  const d = devices.getState();
  const s = stale.getState();
  return {
    data: d.data,
    fetchedAt: d.fetchedAt,
    asOf: d.asOf,
    loading: d.loading,
    error: d.error,
    selectedKey: d.selectedKey,
    detailKey: d.detailKey,
    only: d.only,
    view: d.view,
    clients: clients.getState().data,
    staleOn: s.views.devices,
    // The stale store's state as it stands: any change of it draws the pane again.
    stale: s,
    hasToken: session.getState().hasToken,
  };
}

/** The rows shown as of the store's `asOf` (an expired adoption's row has left by then). */
export const devicesRows = (state: DevicesPaneState): DeviceRow[] =>
  visibleDeviceRows(state, state.asOf, state.clients);

/** The row the keys act on: the detail's while it shows (none once it left the lists), else the one under the cursor. */
export function rowInView(state: Pick<DevicesPaneState, 'detailKey' | 'selectedKey'>, rows: DeviceRow[]) {
  return state.detailKey === undefined
    ? selectedRow(rows, state.selectedKey)
    : rows.find((row) => row.key === state.detailKey);
}

type DevicesAction = PaneActionOf<'devices'>;
const reason = (why: string | undefined) => (why === undefined ? undefined : notNow(why));

/** Why each key of the pane cannot act now. */
export function devicesReasons(state: DevicesPaneState, keys: KeyNames): KeyReasons<DevicesAction> {
  const rows = devicesRows(state);
  const row = rowInView(state, rows);
  const inDetail = state.detailKey !== undefined;
  const noToken = (what: string) => (state.hasToken ? undefined : noTokenReason(what, keys));
  // No token first (nothing would work), then a row of the wrong kind.
  const onRow = (kind: DeviceAction['kind'], what: string) =>
    noToken(what) ??
    rowRefusal(kind, row, (action) => (action === 'refresh' ? keys.refresh : keys[`devices.${action}`]));
  // In the stale view only the network's own devices show: what acts on associations says so.
  const onAssociation = (kind: DeviceAction['kind'], what: string) =>
    state.staleOn
      ? `the stale view shows only the network’s own devices (${keys['devices.staleView']} shows all)`
      : onRow(kind, what);
  /** The detail hides the lists: a key that acts on them would act unseen. */
  const listsHidden = (what: string) =>
    inDetail ? `${what} the lists, which are not shown here (${keys.back} goes back to them)` : undefined;
  const stale = staleReasons(
    'devices',
    {
      on: state.staleOn,
      hasToken: state.hasToken,
      periodMs: state.stale.periodMs,
      staleIds: state.stale.staleIds,
      shown: rows.filter((r) => r.clientId).length,
      selected: row?.clientId,
    },
    keys,
  );
  return {
    addCode: reason(noToken('Adding a code')),
    share: reason(noToken('Sharing a device')),
    confirm: reason(onAssociation('confirm', 'Confirming a share')),
    remove: reason(onAssociation('remove', 'Removing an association')),
    rename: reason(onAssociation('rename', 'Renaming an association')),
    setName: reason(onRow('setName', 'Renaming a device')),
    qr: reason(onRow('qr', 'A QR code of a code')),
    staleView: reason(
      listsHidden(`${keys['devices.staleView']} shows the stale clients of`) ?? stale.staleView,
    ),
    staleRemove: reason(
      listsHidden(`${keys['devices.staleRemove']} removes stale clients of`) ?? stale.staleRemove,
    ),
    select: reason(listsHidden(`${keys.select} marks clients of`) ?? stale.select),
    search: reason(listsHidden(`${keys.search} filters`)),
    sort: reason(listsHidden(`${keys.sort} sorts`)),
    reverse: reason(listsHidden(`${keys.reverse} reverses`)),
    open: reason(
      inDetail
        ? `this row is open already (${keys.back} goes back to the lists)`
        : row
          ? undefined
          : 'no row here: the lists are empty',
    ),
  };
}

/** A line of the lists: a section's title, "none" under an empty one, or a row. */
export type Line =
  | { kind: 'title'; section: DeviceSection; count: number }
  | { kind: 'none' }
  | { kind: 'row'; row: DeviceRow };

const SECTIONS: DeviceSection[] = ['pending', 'incoming', 'outgoing', 'own'];

/** The lines of the lists; `ownOnly` (the stale view): the network's own devices alone, titled even when none. */
function listLines(rows: DeviceRow[], ownOnly: boolean): Line[] {
  if (ownOnly)
    return [
      { kind: 'title', section: 'own', count: rows.length },
      ...rows.map((row) => ({ kind: 'row' as const, row })),
    ];
  const lines: Line[] = [];
  for (const section of SECTIONS) {
    const mine = rows.filter((row) => row.section === section);
    // Own devices come from /network/clients: no title until it has answered.
    if (section === 'own' && mine.length === 0) continue;
    lines.push({ kind: 'title', section, count: mine.length });
    if (mine.length === 0) lines.push({ kind: 'none' });
    for (const row of mine) lines.push({ kind: 'row', row });
  }
  return lines;
}

/** Column widths for rows `width` wide: the client id shortens below 110 columns. */
function deviceColumns(width: number) {
  const id = width >= 110 ? 36 : 13;
  const rest = Math.max(24, width - 2 - id - 3);
  const name = Math.max(10, Math.floor(rest * 0.35));
  const network = Math.max(8, Math.floor(rest * 0.28));
  return { name, id, network, state: Math.max(6, rest - name - network) };
}
type Columns = ReturnType<typeof deviceColumns>;

/** The header's columns (one cell apart), each sorting the lists (within their sections). */
function deviceHeader(cols: Columns): HeaderColumn[] {
  return [
    { label: '', width: 1 },
    { label: 'DEVICE', width: cols.name, sort: 'name' },
    { label: 'CLIENT ID', width: cols.id, sort: 'clientId' },
    { label: 'NETWORK', width: cols.network, sort: 'network' },
    { label: 'STATE', width: cols.state, sort: 'state' },
  ];
}

/** When a client was last seen, as the stale view's events and the clients tell, in words (as of the lists' answer). */
function lastSeenText(state: DevicesPaneState, row: DeviceRow): string {
  const { events } = state.stale;
  return seenText(lastSeenIn({ events }, clientsById(state.clients), row.clientId), { events }, state.asOf);
}

/**
 * A row's state in words; in the stale view, when it was last seen. A pending adoption
 * says the clock time its code expires at: minutes left would have to be redrawn as they pass.
 */
function stateText(state: DevicesPaneState, row: DeviceRow, keys: KeyNames): string {
  if (state.staleOn) return `○ seen ${lastSeenText(state, row)}`;
  if (row.section === 'own') return row.online ? '● online' : '○ offline';
  if (row.section === 'pending') return `pending until ${formatClockTime(row.expiresAt ?? state.asOf)}`;
  if (row.section === 'outgoing' && !row.networkName) return 'waiting for a guest';
  if (!row.pending) return 'confirmed';
  return row.section === 'incoming'
    ? 'pending, owner confirms'
    : `guest added: ${keys['devices.confirm']} confirms`;
}

/** How a line stands out: a title, a "none", a marked stale client, a pending association. */
export type LineTone = 'title' | 'dim' | 'marked' | 'warn' | undefined;

/** A line's text: the cursor row starts with `›`, a marked stale client with `✓`. */
function lineText(state: DevicesPaneState, cols: Columns, keys: KeyNames) {
  return (line: Line, selected: boolean): { text: string; tone: LineTone } => {
    if (line.kind === 'title') {
      const title = state.staleOn
        ? `Stale for ${formatPeriod(state.stale.periodMs)}`
        : SECTION_TITLES[line.section];
      return { text: `${title} (${line.count})`, tone: 'title' };
    }
    if (line.kind === 'none') return { text: '  none', tone: 'dim' };
    const { row } = line;
    const marked = state.staleOn && row.clientId !== undefined && state.stale.marked.has(row.clientId);
    const text =
      `${selected ? '›' : ' '}${marked ? '✓' : ' '}` +
      padCells(screenText(row.deviceName || '(no name)'), cols.name) +
      ' ' +
      padCells(row.clientId ? screenText(row.clientId) : '–', cols.id) +
      ' ' +
      padCells(row.networkName ? screenText(row.networkName) : '–', cols.network) +
      ' ' +
      padCells(stateText(state, row, keys), cols.state);
    return { text, tone: marked ? 'marked' : row.pending ? 'warn' : undefined };
  };
}

/** The status line: none without a token, a failure, what is loading, or where the cursor is with the keys that fit. */
type DevicesStatus = PaneStatus | { kind: 'none' };

function statusOf(
  state: DevicesPaneState,
  rows: DeviceRow[],
  row: DeviceRow | undefined,
  keys: KeyNames,
  width: number,
): DevicesStatus {
  // The pane says what is missing in its place.
  if (isNoToken(state.error)) return { kind: 'none' };
  if (state.error)
    return {
      kind: 'error',
      error: state.error,
      prefix: state.data ? 'refresh failed, showing the last lists' : 'device associations',
    };
  if (state.loading && !state.data) return { kind: 'loading', label: 'loading device associations…' };
  // What does not fit goes whole, the least needed first (the footer and ? have every key).
  const position = row ? rowOf(rows.indexOf(row), rows.length) : undefined;
  const parts: [number, string | undefined][] = state.staleOn
    ? [
        [0, position],
        [1, `stale for ${formatPeriod(state.stale.periodMs)} (${keys['devices.stalePeriod']})`],
        [2, countOf(rows.length, 'device')],
        [3, state.stale.marked.size ? `${state.stale.marked.size} marked` : `${keys.select} marks`],
        [4, `${keys['devices.staleRemove']} removes`],
        [5, `${keys['devices.staleView']} all`],
      ]
    : [
        [0, position],
        [1, `${rows.filter((r) => r.section !== 'own').length} associations`],
        [2, `${keys['devices.addCode']} adds a code`],
        [3, `${keys['devices.share']} shares`],
        [6, `${keys['devices.confirm']} confirms a guest`],
        [7, `${keys['devices.remove']} removes`],
        [8, `${keys['devices.rename']}/${keys['devices.setName']} rename`],
        [9, `${keys['devices.qr']} QR code`],
        [5, `${keys['devices.staleView']} stale`],
      ];
  return { kind: 'text', tone: 'dim', text: fitParts(parts, width) };
}

/** What stands where the lists go: the lists, or why there are none. */
export type DevicesBody =
  | { kind: 'lists' }
  | { kind: 'noToken' }
  | { kind: 'message'; text: string }
  | { kind: 'empty'; lines: [string, string] };

function bodyOf(state: DevicesPaneState, rows: DeviceRow[], keys: KeyNames): DevicesBody {
  const stalePeriod = keys['devices.stalePeriod'];
  const staleView = keys['devices.staleView'];
  if (isNoToken(state.error)) return { kind: 'noToken' };
  if (!state.data)
    return { kind: 'message', text: state.error ? `no lists yet (${keys.refresh} retries)` : '' };
  if (state.staleOn && rows.length === 0) {
    const { staleIds, periodMs, error } = state.stale;
    const text = staleIds
      ? `No device is stale for ${formatPeriod(periodMs)}: none is offline and unseen that long. ${stalePeriod} sets another period, ${staleView} shows them all.`
      : error
        ? `Could not ask when each was last seen: ${screenText(serviceMessage(error))}. ${keys.refresh} asks again, ${staleView} shows them all.`
        : 'Asking the service when each device was last seen…';
    return { kind: 'message', text };
  }
  if (rows.length === 0)
    return {
      kind: 'empty',
      lines: [
        'No device associations yet.',
        `Press ${keys['devices.addCode']} to add an adoption or share code, or ${keys['devices.share']} to share one of your devices.`,
      ],
    };
  return { kind: 'lists' };
}

/** The line under the lists: the row's code or device id, and what to do with it. */
function hintText(row: DeviceRow | undefined, keys: KeyNames): string {
  if (row?.code)
    return `code: ${screenText(row.code)}  (${keys['devices.copy']} copies it, ${keys['devices.qr']} shows it as a QR code)`;
  if (row?.deviceId)
    return `device id: ${screenText(row.deviceId)}  (${keys['devices.setName']} renames the device)`;
  return '';
}

/** The cells of a detail's labels. */
const LABEL = 12;

/** `text` in lines of at most `width` cells, broken between words where it can be. */
function wrapCells(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line) lines.push(line);
    line = '';
  };
  for (const word of text.split(' ')) {
    const joined = line ? `${line} ${word}` : word;
    if (displayWidth(joined) <= width) {
      line = joined;
      continue;
    }
    push();
    // A word wider than the line (an id on a narrow terminal) is cut where it must be.
    let rest = word;
    while (displayWidth(rest) > width) {
      let cut = 0;
      let cells = 0;
      for (const char of rest) {
        if (cells + displayWidth(char) > width) break;
        cells += displayWidth(char);
        cut += char.length;
      }
      lines.push(rest.slice(0, Math.max(1, cut)));
      rest = rest.slice(Math.max(1, cut));
    }
    line = rest;
  }
  push();
  return lines.length ? lines : [''];
}

/** The network a row names: the owner of a device shared with this one, the guest of one it shares. */
const NETWORK_LABELS: Record<DeviceSection, string> = {
  pending: 'network',
  incoming: 'owner',
  outgoing: 'guest',
  own: 'network',
};

/** What `y`, `Q`, `c`, `x`, `R` and `N` do with this row, as far as each can. */
function detailKeys(row: DeviceRow, keys: KeyNames): string {
  return [
    row.code
      ? `${keys['devices.copy']} copies the code`
      : row.clientId
        ? `${keys['devices.copy']} copies the client id`
        : undefined,
    row.code ? `${keys['devices.qr']} shows it as a QR code` : undefined,
    row.section === 'outgoing' && row.pending && row.networkName
      ? `${keys['devices.confirm']} confirms the guest`
      : undefined,
    row.code ? `${keys['devices.remove']} removes it` : undefined,
    row.code ? `${keys['devices.rename']} renames it` : undefined,
    row.deviceId ? `${keys['devices.setName']} renames the device` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A row's detail `width` wide: its list in the title, every name, code and id whole (long ones over several lines). */
function detailOf(state: DevicesPaneState, row: DeviceRow | undefined, keys: KeyNames, width: number) {
  const back = `${keys.back} back`;
  if (!row)
    return {
      title: `No longer in the lists  ·  ${back}`,
      lines: ['It was removed, or its code expired, since the detail opened.'],
      hint: '',
    };
  const fields: [string, string | undefined][] = [
    ['device', screenText(row.deviceName || '(no name)')],
    ['state', stateText(state, row, keys).replace(/^[●○] /, '')],
    ['code', row.code && screenText(row.code)],
    ['client id', row.clientId && screenText(row.clientId)],
    ['device id', row.deviceId && screenText(row.deviceId)],
    [NETWORK_LABELS[row.section], row.networkName && screenText(row.networkName)],
    // When an offline device of the network was last seen (what the stale view goes by).
    [
      'last seen',
      row.section === 'own' && !row.online && !state.staleOn ? lastSeenText(state, row) : undefined,
    ],
  ];
  const room = Math.max(8, width - LABEL);
  const lines = fields.flatMap(([label, value]) =>
    value === undefined
      ? []
      : wrapCells(value, room).map((part, i) => `${padCells(i === 0 ? label : '', LABEL)}${part}`),
  );
  return {
    // The name is on a line of its own, whole: the title keeps room for the way back.
    title: `${SECTION_TITLES[row.section]}  ·  ${back}`,
    lines,
    hint: detailKeys(row, keys),
  };
}

/** The size the pane draws in. */
export interface DevicesRoom {
  width: number;
  /** Rows of the lists (the pane less its top line, header and the two lines under). */
  listHeight: number;
}

/** What the pane shows, naming the user's `keys`. */
export function devicesView(state: DevicesPaneState, keys: KeyNames, { width, listHeight }: DevicesRoom) {
  const rows = devicesRows(state);
  const row = rowInView(state, rows);
  const lines = listLines(rows, state.staleOn);
  // A scrollbar in the last column when the lines do not fit, as every long list has.
  const cols = deviceColumns(listRowWidth(width, lines.length, listHeight));
  return {
    status: statusOf(state, rows, row, keys, width),
    body: bodyOf(state, rows, keys),
    /** The header, once there are rows to head. */
    header: state.data && rows.length > 0 ? deviceHeader(cols) : undefined,
    lines,
    /** The line of the row under the cursor. */
    cursor: Math.max(
      0,
      lines.findIndex((line) => line.kind === 'row' && line.row.key === row?.key),
    ),
    /** A line's text; the list asks for the lines in sight only. */
    line: lineText(state, cols, keys),
    hint: hintText(row, keys),
    /** The row's detail while it shows (enter). */
    detail: state.detailKey === undefined ? undefined : detailOf(state, row, keys, width),
    reasons: devicesReasons(state, keys),
  };
}
