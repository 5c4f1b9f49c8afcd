// What the My providers pane shows, apart from React: the summary line, the table's
// columns, header, rows (the list asks only for the rows in sight) and totals, what an
// empty table says, the line under it, and why each of its keys cannot act now. The
// component (my-providers-pane.tsx) draws it; test/ui/my-providers-view.test.ts reads its
// words without Ink.
import { isNoToken, serviceMessage } from '../../../api/error-words.ts';
import type { NetworkClients, ProviderStats, ProvidersStats } from '../../../contract/schemas.ts';
import { countOf, formatPeriod, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { clientsById } from '../../../store/clients.ts';
import type { HistoryWindow } from '../../../store/history.ts';
import { type IdleProvidersState, idleIds } from '../../../store/idle-providers.ts';
import type { Stores } from '../../../store/index.ts';
import { sortOf, sortWords } from '../../../store/list-sort-filter.ts';
import type { MutesState } from '../../../store/mutes.ts';
import {
  isChanged,
  MY_PROVIDERS_LIST,
  type MyProvidersState as MyProvidersStoreState,
  selectedIndex,
  visibleProviders,
} from '../../../store/my-providers.ts';
import { lastSeenIn, type StaleState, seenText } from '../../../store/stale.ts';
import { type FreshnessLine, type LiveFields, liveFields, liveStatus } from '../../components/freshness.ts';
import { listRowWidth } from '../../components/list-window.ts';
import type { Glyphs } from '../../glyphs.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, notNow } from '../../keys/key-reasons.ts';
import { displayWidth, truncate } from '../../text.ts';
import { fieldsOf } from '../../view-fields.ts';
import type { PaneActionOf } from '../types.ts';
import { dataTime } from './data-time.ts';
import { noteReader } from './provider-notes.ts';
import {
  type Cell,
  headerCells,
  layoutProviderColumns,
  providerCells,
  totalsCells,
} from './provider-table.ts';

/** The filter box's id (the session's focus names it while it has the keys). */
export const MY_PROVIDERS_FILTER = 'myProviders-filter';

/** Rows around the list: summary line, header, totals, status. */
export const CHROME_ROWS = 4;

/** A line under the rows: totals (of a profile, or of all), or what a profile says instead (failed, loading). */
export interface TotalLine {
  key: string;
  cells?: Cell[];
  text?: string;
  tone?: 'error' | 'dim';
}

/** What the pane reads of the stores: each field a store's own value, so equal states draw alike. */
export interface MyProvidersState
  extends LiveFields<ProvidersStats>,
    Pick<MyProvidersStoreState, 'view' | 'selectedId' | 'detailId' | 'changed' | 'lit' | 'only' | 'idle'> {
  /** The history window shown (`t`): the 24-hour table or 7 or 30 days. */
  window: HistoryWindow;
  /** The stale view is on (`O`), and what it knows. */
  staleOn: boolean;
  stalePeriodMs: StaleState['periodMs'];
  staleMarked: StaleState['marked'];
  staleEvents: StaleState['events'];
  staleIds: StaleState['staleIds'];
  staleError: StaleState['error'];
  /** The network's clients (their names, and when each was last seen). */
  clients: NetworkClients | undefined;
  /** The filter box has the keys. */
  filtering: boolean;
  /** The idle verdicts (`idleVerdicts.data`), the hours they cover, and `i`'s filter. */
  idleVerdicts: IdleProvidersState['data'];
  idleHours: number;
  idleOnly: boolean;
  idleError: IdleProvidersState['error'];
  /** The mutes as last read (the file `netdeck mute` writes). */
  mutes: MutesState['mutes'];
  /** The view merged over every profile is shown (`a`; then merged-providers-view.ts says what). */
  merged: boolean;
}

/** The pane's state in the stores (the component's one hook reads it shallowly). */
export function myProvidersState({
  myProviders,
  stale,
  clients,
  history,
  session,
  idle,
  mutes,
  everyProfile,
}: Stores): MyProvidersState {
  const m = myProviders.getState();
  const s = stale.getState();
  const i = idle.getState();
  return {
    ...liveFields(m),
    ...fieldsOf(m, ['view', 'selectedId', 'detailId', 'changed', 'lit', 'only', 'idle']),
    window: history.view.getState().window,
    staleOn: s.views.myProviders,
    stalePeriodMs: s.periodMs,
    staleMarked: s.marked,
    staleEvents: s.events,
    staleIds: s.staleIds,
    staleError: s.error,
    // Only the stale view reads them (when each was last seen): the table's names are in `data`.
    clients: s.views.myProviders ? clients.getState().data : undefined,
    filtering: session.getState().focus === MY_PROVIDERS_FILTER,
    idleVerdicts: i.data,
    idleHours: i.hours,
    idleOnly: i.only,
    idleError: i.error,
    mutes: mutes.store.getState().mutes,
    merged: everyProfile.getState().on,
  };
}

/** The detail or a history view hides the table: its keys would act unseen. */
export const tableHidden = (state: Pick<MyProvidersState, 'window' | 'detailId'>): boolean =>
  state.window !== '24h' || state.detailId !== undefined;

/** Why each key of the pane cannot act now (the stale view's own keys say theirs: use-stale-keys.ts). */
export function myProvidersReasons(
  state: MyProvidersState,
  keys: KeyNames,
): KeyReasons<PaneActionOf<'myProviders'>> {
  const hidden = (what: string) => {
    if (state.window !== '24h')
      return notNow(
        `${what} the 24-hour table, which is not shown here (${keys['myProviders.cycleWindow']} to 24 hours shows it)`,
      );
    if (state.detailId !== undefined)
      return notNow(`${what} the 24-hour table, which is not shown here (${keys.back} goes back to it)`);
    return undefined;
  };
  const sorts = `${keys.sort} and ${keys.reverse} sort`;
  const rows = visibleProviders(state).length;
  const underCursor = state.detailId ?? visibleProviders(state)[selectedIndex(state)]?.client_id;
  return {
    idle:
      hidden(`${keys['myProviders.idle']} shows only the idle providers of`) ??
      (state.staleOn
        ? notNow(
            `the stale view shows providers that are offline, and an idle one is connected: ${keys['myProviders.staleView']} leaves it`,
          )
        : undefined),
    mute:
      state.window !== '24h'
        ? hidden(`${keys['myProviders.mute']} mutes a provider of`)
        : underCursor
          ? undefined
          : notNow('no provider here to mute'),
    everyProfile: hidden(`${keys['myProviders.everyProfile']} merges every profile's`),
    export:
      hidden(`${keys['myProviders.export']} exports`) ??
      (rows ? undefined : notNow('nothing to export: no provider shown')),
    sort: hidden(sorts),
    reverse: hidden(sorts),
    search: hidden(`${keys.search} filters`),
    staleView: hidden(`${keys['myProviders.staleView']} shows the stale clients of`),
    open:
      state.detailId !== undefined
        ? notNow(`this provider is open already (${keys.back} goes back to the list)`)
        : rows
          ? undefined
          : notNow('no provider here to open'),
  };
}

/** The stale view's part of the summary line: its period, how many, what is marked, its keys. */
function staleParts(state: MyProvidersState, shown: number, all: number, keys: KeyNames): string[] {
  const period = formatPeriod(state.stalePeriodMs);
  if (state.staleError && !state.staleIds)
    return [`stale for ${period}: the request failed (${keys.refresh} retries)`];
  if (!state.staleIds)
    return [`stale for ${period} (${keys['myProviders.stalePeriod']}): asking when each was last seen…`];
  return [
    `stale for ${period} (${keys['myProviders.stalePeriod']}) · ${shown} of ${countOf(all, 'provider')}`,
    state.staleMarked.size ? `${state.staleMarked.size} marked` : `${keys.select} marks`,
    `${keys['myProviders.staleRemove']} removes · ${keys['myProviders.staleView']} all`,
  ];
}

/** The idle filter's part of the summary line, or how many are idle (and the key that shows them). */
function idleParts(state: MyProvidersState, shown: number, all: number, keys: KeyNames): string[] {
  const hours = `${state.idleHours}h`;
  const key = keys['myProviders.idle'];
  if (state.idleOnly) return [`idle for ${hours}: ${shown} of ${countOf(all, 'provider')} (${key} all)`];
  const idle = idleIds(state.idleVerdicts).size;
  return idle ? [`${idle} idle (${key})`] : [];
}

/** The filter box's width: room to type while it has the keys, else its text's (the merged view's too). */
export const filterBoxWidth = (filtering: boolean, text: string, width: number): number =>
  filtering ? Math.max(12, Math.min(32, Math.floor(width / 3))) : displayWidth(text);

/** The summary line after the filter box: what the table holds, its order, the cursor's row. */
function summaryOf(state: MyProvidersState, keys: KeyNames, width: number, glyphs: Glyphs) {
  const rows = visibleProviders(state);
  const shown = rows.length;
  const all = state.data?.providers ?? [];
  const cursor = selectedIndex(state);
  const { filter } = state.view;
  const sort = sortOf(MY_PROVIDERS_LIST, state.view);
  const placeholder = state.filtering ? 'client id, device name or provide mode' : 'filter';
  const inputWidth = filterBoxWidth(state.filtering, filter || placeholder, width);
  const position = shown ? rowOf(cursor, shown) : undefined;
  const parts = !state.data
    ? ['My providers, last 24 hours']
    : state.staleOn
      ? [...staleParts(state, shown, all.length, keys), position]
      : [
          filter
            ? `${shown} of ${all.length} match${state.filtering ? '' : ` (${keys.back} clears)`}`
            : undefined,
          ...(state.idleOnly ? [] : [countOf(all.length, 'provider')]),
          ...idleParts(state, shown, all.length, keys),
          `${all.filter((p) => p.connected === true).length} connected`,
          `sort ${sortWords(MY_PROVIDERS_LIST, state.view)} ${sort?.descending ? glyphs.descending : glyphs.ascending} (${keys.sort}, ${keys.reverse})`,
          position,
        ];
  return {
    view: state.view,
    placeholder,
    inputWidth,
    text: truncate(` · ${parts.filter(Boolean).join(' · ')}`, Math.max(0, width - inputWidth - 3)),
  };
}

/** What the table says instead of rows; undefined when it has some (or lacks a token: the pane says so). */
function emptyText(state: MyProvidersState, shown: number, keys: KeyNames): string | undefined {
  const total = state.data?.providers?.length ?? 0;
  if (!state.data)
    return state.error
      ? `No figures yet: the request failed (below); it is retried on its own, ${keys.refresh} retries now.`
      : '';
  if (!total)
    return 'No providers in this network yet. A device of the network that provides shows up here (add devices in 3).';
  if (shown) return undefined;
  if (state.staleOn) {
    if (state.staleIds)
      return `No provider is stale for ${formatPeriod(state.stalePeriodMs)}: none is offline and unseen that long. ${keys['myProviders.stalePeriod']} sets another period, ${keys['myProviders.staleView']} shows them all.`;
    if (state.staleError)
      return `Could not ask when each was last seen: ${screenText(serviceMessage(state.staleError))}. ${keys.refresh} asks again, ${keys['myProviders.staleView']} shows them all.`;
    return 'Asking the service when each provider was last seen…';
  }
  if (state.idleOnly) {
    const hours = `${state.idleHours} hour${state.idleHours === 1 ? '' : 's'}`;
    if (state.idleVerdicts)
      return `No provider is idle: none has been connected ${hours} without a search, a contract or any transfer${state.view.filter ? ` and matches “${screenText(state.view.filter)}”` : ''}. ${keys['myProviders.idle']} shows them all.`;
    if (state.idleError)
      return `Could not ask for the providers' last ${hours}: ${screenText(serviceMessage(state.idleError))}. ${keys.refresh} asks again, ${keys['myProviders.idle']} shows them all.`;
    return `Asking the service for the providers' last ${hours}…`;
  }
  return `No provider matches “${screenText(state.view.filter)}”. ${keys.back} clears the filter.`;
}

/** The 24-hour table in `width` x `height`: its columns, rows in sight, totals, or why it has none. */
function tableOf(state: MyProvidersState, keys: KeyNames, width: number, height: number, glyphs: Glyphs) {
  const rows = visibleProviders(state);
  const listHeight = Math.max(1, height - CHROME_ROWS);
  // When the figures were computed: the timelines end there and ages are told from there,
  // so nothing on screen moves between refreshes. Mutes are told as of the last load (they
  // are read again with it).
  const end = dataTime(state);
  const noteOf = noteReader(state.idleVerdicts, state.mutes, state.fetchedAt ?? 0);
  const extras = { note: (p: ProviderStats) => noteOf(p.client_id), now: state.fetchedAt ?? 0 };
  // The rows leave the scrollbar its column; the header and totals line up with them.
  const columns = layoutProviderColumns(listRowWidth(width, rows.length, listHeight), rows, extras);
  const known = clientsById(state.clients);
  const stale = state.staleOn
    ? {
        lastSeen: (p: ProviderStats) =>
          seenText(
            lastSeenIn({ events: state.staleEvents }, known, p.client_id),
            { events: state.staleEvents },
            end,
          ),
        marked: (p: ProviderStats) => p.client_id !== undefined && state.staleMarked.has(p.client_id),
      }
    : undefined;
  return {
    noToken: !state.data && isNoToken(state.error),
    listHeight,
    columns,
    header: headerCells(columns, sortOf(MY_PROVIDERS_LIST, state.view), glyphs, state.staleOn),
    rows,
    cursor: selectedIndex(state),
    /** A provider's cells: asked for the rows in sight only. */
    cells: (p: ProviderStats) =>
      providerCells(p, columns, {
        now: end,
        changed: (field) => isChanged(state, p.client_id, field),
        clean: (text) => screenText(text),
        stale,
        extras,
      }),
    totals: rows.length ? [{ key: 'total', cells: totalsCells(rows, columns, extras) }] : ([] as TotalLine[]),
    empty: emptyText(state, rows.length, keys),
  };
}

/** The legend beside the status line, where there is room. */
const legendText = (glyphs: Glyphs) =>
  `${glyphs.timelineOn} connected  ${glyphs.timelineMixed} part  ${glyphs.timelineOff} off  Σ up now is the average`;
const LEGEND_WIDTH = 52;

/** What the 24-hour pane shows in `width` x `height`, naming the user's `keys` (`speed`: the store clock's). */
export function myProvidersView(
  state: MyProvidersState,
  keys: KeyNames,
  size: { width: number; height: number; speed: number; glyphs: Glyphs },
) {
  const { width, glyphs } = size;
  // Without a token the pane itself says what is missing and how to give it: no line under it.
  const status: FreshnessLine | undefined = isNoToken(state.error)
    ? undefined
    : liveStatus(state, size.speed, keys);
  const legend = width >= 100 && !state.error ? legendText(glyphs) : undefined;
  return {
    summary: summaryOf(state, keys, width, glyphs),
    table: tableOf(state, keys, width, size.height, glyphs),
    status,
    statusWidth: legend ? width - LEGEND_WIDTH : width,
    legend,
  };
}
export type MyProvidersView = ReturnType<typeof myProvidersView>;
