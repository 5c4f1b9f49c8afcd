// My providers merged over every profile (`a`; src/store/every-profile.ts), apart from
// React: one table of every profile's providers with a profile column, sorted and filtered
// together, then a totals line per profile (or why it has none: it failed, with its reason,
// or it is loading) and one of them all. The component (merged-providers.tsx) draws it with
// the one-profile table's pieces; test/ui/my-providers-view.test.ts reads its words.
import type { ProviderStats } from '../../../contract/schemas.ts';
import { countOf, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import {
  type EveryProfileState,
  MERGED_PROVIDERS_LIST,
  mergedIndex,
  mergedRows,
  type ProfileSnapshot,
  profileOfRow,
  visibleMerged,
} from '../../../store/every-profile.ts';
import type { Stores } from '../../../store/index.ts';
import { sortOf, sortWords } from '../../../store/list-sort-filter.ts';
import type { Mutes } from '../../../store/mutes.ts';
import { isChanged } from '../../../store/my-providers.ts';
import { listRowWidth } from '../../components/list-window.ts';
import {
  type ProfileResource,
  profileFailure,
  profileFailureWords,
  profilesStatus,
} from '../../components/profiles-freshness.ts';
import type { Glyphs } from '../../glyphs.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, notNow } from '../../keys/key-reasons.ts';
import { truncate } from '../../text.ts';
import { fieldsOf } from '../../view-fields.ts';
import type { PaneActionOf } from '../types.ts';
import { dataTime } from './data-time.ts';
import { filterBoxWidth, type MyProvidersView, type TotalLine } from './my-providers-view.ts';
import { noteReader, type ProviderNote } from './provider-notes.ts';
import {
  type Column,
  headerCells,
  layoutProviderColumns,
  providerCells,
  totalsCells,
} from './provider-table.ts';

/** The merged table's filter box (the session's focus names it while it has the keys). */
export const MERGED_PROVIDERS_FILTER = 'every-profile-filter';

/** Rows around the list besides the totals: summary line, header, status. */
const CHROME_ROWS = 3;

/** What the merged view reads of the stores: each field a store's own value. */
export interface MergedProvidersState
  extends Pick<EveryProfileState, 'profiles' | 'view' | 'selectedKey' | 'idleOnly'> {
  mutes: Mutes;
  /** The filter box has the keys. */
  filtering: boolean;
  /** The profile the console runs on (the one `a` goes back to). */
  current: string | undefined;
}

export function mergedProvidersState({ everyProfile, mutes, session }: Stores): MergedProvidersState {
  const e = everyProfile.getState();
  const s = session.getState();
  return {
    ...fieldsOf(e, ['profiles', 'view', 'selectedKey', 'idleOnly']),
    mutes: mutes.store.getState().mutes,
    filtering: s.focus === MERGED_PROVIDERS_FILTER,
    current: s.profile,
  };
}

/** The profile the console runs on, as sentences name it. */
const oneProfile = (state: { current: string | undefined }) =>
  state.current ? `profile ${screenText(state.current)}` : 'the profile in use';

/** Why each key cannot act in the merged view: those of one profile's views say how to get back to one. */
export function mergedProvidersReasons(
  state: MergedProvidersState,
  keys: KeyNames,
): KeyReasons<PaneActionOf<'myProviders'>> {
  const back = `${keys['myProviders.everyProfile']} goes back to ${oneProfile(state)}, ${keys.profiles} to another`;
  const oneOnly = (what: string) => notNow(`${what} one profile's view: ${back}`);
  const rows = visibleMerged(state).length;
  return {
    open: oneOnly("a provider's detail is"),
    cycleWindow: oneOnly('the 7- and 30-day views are'),
    staleView: oneOnly('the stale view is'),
    staleRemove: oneOnly('removing stale clients is'),
    stalePeriod: oneOnly('the stale view is'),
    select: oneOnly('marking stale clients is'),
    export: oneOnly('the export is'),
    mute: rows ? undefined : notNow('no provider here to mute'),
    copy: rows ? undefined : notNow('no provider here: nothing to copy'),
  };
}

/** A profile's My providers; a profile with no providers to show, and why. */
const providersOf: ProfileResource = (p) => p.myProviders;
const failureOf = (p: ProfileSnapshot) => profileFailure(p, providersOf);
const failedProfile = (p: ProfileSnapshot) => failureOf(p) !== undefined;

/** The profiles by name (their rows' cells read their own stores). */
const byName = (profiles: readonly ProfileSnapshot[]) => new Map(profiles.map((p) => [p.profile, p]));

/** Each row's note (idle by its own profile's verdicts, muted by the one mutes file), as of its profile's last load. */
function notesOf(state: MergedProvidersState, profiles: Map<string, ProfileSnapshot>) {
  const readers = new Map(
    [...profiles.values()].map((p) => [
      p.profile,
      noteReader(p.idle?.data, state.mutes, p.myProviders?.fetchedAt ?? 0),
    ]),
  );
  return (p: ProviderStats): ProviderNote | undefined => readers.get(profileOfRow(p))?.(p.client_id);
}

/** Every profile's fetch time, for mutes told as of then: the latest of them. */
const latestFetch = (profiles: readonly ProfileSnapshot[]) =>
  Math.max(0, ...profiles.map((p) => p.myProviders?.fetchedAt ?? 0));

/**
 * The columns and totals of the rows shown, worked out once per rows, width, mutes and what
 * each profile stands at (its idle verdicts, its last load, whether it failed): a key press
 * moves the cursor only, and a profile's loading flag or highlight changes neither.
 */
let layoutCache: { inputs: unknown[]; columns: Column[]; totals: TotalLine[] } | undefined;

/** What the columns and totals are worked out from. */
const layoutInputs = (
  state: MergedProvidersState,
  rows: readonly ProviderStats[],
  width: number,
): unknown[] => [
  rows,
  width,
  state.mutes,
  ...state.profiles.flatMap((p) => [
    p.profile,
    p.idle?.data,
    p.myProviders?.fetchedAt,
    failureOf(p),
    p.myProviders?.data,
  ]),
];
const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, k) => value === b[k]);

/** A line per profile (its total, or why it has none) and one of them all. */
function totalLines(
  state: MergedProvidersState,
  rows: readonly ProviderStats[],
  columns: Column[],
  extras: Parameters<typeof totalsCells>[2],
  width: number,
): TotalLine[] {
  const lines: TotalLine[] = state.profiles.map((p): TotalLine => {
    const key = `profile ${p.profile}`;
    const name = screenText(p.profile);
    const failure = failureOf(p);
    if (failure)
      return {
        key,
        tone: 'error',
        text: truncate(`✗ ${name}: ${profileFailureWords(p.profile, failure)}`, width),
      };
    if (!p.myProviders?.data) return { key, tone: 'dim', text: truncate(`… ${name}: loading`, width) };
    const own = rows.filter((row) => profileOfRow(row) === p.profile);
    return { key, cells: totalsCells(own, columns, extras, name) };
  });
  if (rows.length) lines.push({ key: 'total', cells: totalsCells(rows, columns, extras, 'all') });
  return lines;
}

/** How many of the rows are connected, once per rows (the summary is drawn at each key). */
const connectedCounts = new WeakMap<readonly ProviderStats[], number>();
function connectedOf(rows: readonly ProviderStats[]): number {
  let count = connectedCounts.get(rows);
  if (count === undefined) {
    count = rows.filter((p) => p.connected === true).length;
    connectedCounts.set(rows, count);
  }
  return count;
}

function summaryOf(state: MergedProvidersState, keys: KeyNames, width: number, glyphs: Glyphs) {
  const rows = visibleMerged(state);
  const all = mergedRows({ profiles: state.profiles, idleOnly: false });
  const { filter } = state.view;
  const sort = sortOf(MERGED_PROVIDERS_LIST, state.view);
  const placeholder = state.filtering ? 'profile, client id, device name or provide mode' : 'filter';
  const inputWidth = filterBoxWidth(state.filtering, filter || placeholder, width);
  const failed = state.profiles.filter(failedProfile);
  const parts = [
    `every profile (${state.profiles.length}${failed.length ? `, ${failed.length} failed` : ''}; ${keys['myProviders.everyProfile']} one)`,
    filter ? `${rows.length} match${state.filtering ? '' : ` (${keys.back} clears)`}` : undefined,
    state.idleOnly
      ? `${rows.length} idle (${keys['myProviders.idle']} all)`
      : countOf(all.length, 'provider'),
    `${connectedOf(all)} connected`,
    `sort ${sortWords(MERGED_PROVIDERS_LIST, state.view)} ${sort?.descending ? glyphs.descending : glyphs.ascending} (${keys.sort}, ${keys.reverse})`,
    rows.length ? rowOf(mergedIndex(state), rows.length) : undefined,
  ];
  return {
    view: state.view,
    placeholder,
    inputWidth,
    text: truncate(` · ${parts.filter(Boolean).join(' · ')}`, Math.max(0, width - inputWidth - 3)),
  };
}

/** What the merged view shows in `width` x `height`, naming the user's `keys`. */
export function mergedProvidersView(
  state: MergedProvidersState,
  keys: KeyNames,
  size: { width: number; height: number; speed: number; glyphs: Glyphs },
): MyProvidersView {
  const { width, glyphs } = size;
  const rows = visibleMerged(state);
  const profiles = byName(state.profiles);
  const listHeight = Math.max(1, size.height - CHROME_ROWS - state.profiles.length - (rows.length ? 1 : 0));
  const rowWidth = listRowWidth(width, rows.length, listHeight);
  const note = notesOf(state, profiles);
  const extras = { note, now: latestFetch(state.profiles), profile: profileOfRow };
  const inputs = layoutInputs(state, rows, rowWidth);
  let laid = layoutCache && sameInputs(layoutCache.inputs, inputs) ? layoutCache : undefined;
  if (!laid) {
    const columns = layoutProviderColumns(rowWidth, rows, extras);
    laid = { inputs, columns, totals: totalLines(state, rows, columns, extras, width) };
    layoutCache = laid;
  }
  const { columns } = laid;
  const empty = !state.profiles.length
    ? 'Opening every profile…'
    : rows.length
      ? undefined
      : state.view.filter
        ? `No provider of any profile matches “${screenText(state.view.filter)}”. ${keys.back} clears the filter.`
        : state.idleOnly
          ? `No provider of any profile is idle. ${keys['myProviders.idle']} shows them all.`
          : mergedRows({ profiles: state.profiles, idleOnly: false }).length
            ? ''
            : 'No providers in any profile yet (or none has answered: below).';
  return {
    summary: summaryOf(state, keys, width, glyphs),
    table: {
      noToken: false,
      listHeight,
      columns,
      header: headerCells(columns, sortOf(MERGED_PROVIDERS_LIST, state.view), glyphs),
      rows,
      cursor: mergedIndex(state),
      cells: (p: ProviderStats) => {
        const own = profiles.get(profileOfRow(p))?.myProviders;
        return providerCells(p, columns, {
          now: own ? dataTime(own) : 0,
          changed: (field) => (own ? isChanged(own, p.client_id, field) : false),
          clean: (text) => screenText(text),
          extras,
        });
      },
      totals: laid.totals,
      empty,
    },
    status: profilesStatus(state.profiles, providersOf, keys, size.speed),
    statusWidth: width,
    legend: undefined,
  };
}
