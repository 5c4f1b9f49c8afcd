// The My providers table as plain cells: which columns fit a width, and the text of the
// header, each provider row and the totals row. The pane only paints them. Two columns
// come only where they say something: a provider's note (idle, muted: provider-notes.ts)
// when one has one, and the profile of each row in the view merged over every profile.
import { type ProviderStats, provideModeName } from '../../../contract/schemas.ts';
import { formatCount, formatDecimal, MISSING } from '../../../format/numbers.ts';
import type { ListSort } from '../../../store/list-sort-filter.ts';
import { deviceNameOf, type MyProvidersSortColumn, type TrackedField } from '../../../store/my-providers.ts';
import { meterBar } from '../../charts/bar.ts';
import { connectionTimeline, DAY_CELLS, halveTimeline, renderTimeline } from '../../charts/timeline.ts';
import { headerLabel, markOf } from '../../components/list-view.tsx';
import type { Glyphs } from '../../glyphs.ts';
import { displayWidth, padCells } from '../../text.ts';
import { noteForms, noteText, type ProviderNote } from './provider-notes.ts';

export type ColumnKey =
  | 'state'
  | 'profile'
  | 'id'
  | 'name'
  | 'note'
  | 'uptime'
  | 'timeline'
  | 'transfer'
  | 'payout'
  | 'search'
  | 'contracts'
  | 'clients'
  | 'mode';

export interface Column {
  key: ColumnKey;
  header: string;
  width: number;
  align: 'left' | 'right';
  /** `stats providers`' header, in place of `header` where the table has room for it. */
  wide?: string;
  /** The figure whose change highlights this cell. */
  field?: TrackedField;
  /** The sort column this one shows (the profile's: the merged view's). */
  sort?: MyProvidersSortColumn | 'profile';
}

export interface Cell {
  key: ColumnKey;
  /** Exactly the column's width. */
  text: string;
  changed?: boolean;
  tone?: 'on' | 'off' | 'dim' | 'marked' | 'warn';
}

const COLUMNS: Column[] = [
  { key: 'state', header: ' ', width: 1, align: 'left', field: 'connected', sort: 'connected' },
  // The merged view's: whose provider it is (laid out as wide as the names need).
  { key: 'profile', header: 'PROFILE', width: 0, align: 'left', sort: 'profile' },
  { key: 'id', header: 'CLIENT', width: 8, align: 'left', sort: 'clientId' },
  // The device's name from /network/clients.
  { key: 'name', header: 'DEVICE', width: 18, align: 'left', sort: 'name' },
  // Idle, muted (provider-notes.ts): laid out as wide as the rows' notes need, none without one.
  { key: 'note', header: 'NOTE', width: 0, align: 'left' },
  // Hours of the connections open now (what the service counts) and a bar out of 24 h: "12.0h ███░░░".
  { key: 'uptime', header: 'UP NOW', width: 12, align: 'left', field: 'uptime_last_24h', sort: 'uptime' },
  { key: 'timeline', header: 'LAST 24 H, 30 MIN A CELL', width: 48, align: 'left' },
  {
    key: 'transfer',
    header: 'GiB',
    wide: 'TRANSFER GiB',
    width: 8,
    align: 'right',
    field: 'transfer_data_last_24h',
    sort: 'transfer',
  },
  {
    key: 'payout',
    header: 'USD',
    wide: 'PAYOUT USD',
    width: 7,
    align: 'right',
    field: 'payout_last_24h',
    sort: 'payout',
  },
  {
    key: 'search',
    header: 'SEARCH',
    wide: 'SEARCHES',
    width: 6,
    align: 'right',
    field: 'search_interest_last_24h',
    sort: 'search',
  },
  {
    key: 'contracts',
    header: 'CONTR',
    wide: 'CONTRACTS',
    width: 5,
    align: 'right',
    field: 'contracts_last_24h',
    sort: 'contracts',
  },
  { key: 'clients', header: 'CLIENTS', width: 7, align: 'right', field: 'clients_last_24h', sort: 'clients' },
  { key: 'mode', header: 'MODE', width: 16, align: 'left', field: 'provide_mode', sort: 'mode' },
];

/** Full client ids when there is room for them. */
const FULL_ID = 36;

/** The note's short forms ("idle, muted") fit this; the longer ones say until when. */
const NOTE_SHORT = 11;
/** A profile's name gets at most this (a longer one is cut with …). */
const PROFILE_MAX = 16;

type Step = [ColumnKey, number];
/**
 * Applied in order until the row fits: shrink first, narrow the timeline (an hour a
 * cell, then two), then drop (width 0) by priority. The device name is what a person knows
 * a provider by: it goes last, every other column but the state and the id going (the
 * timeline narrowing) before a name is cut.
 */
const STEPS: Step[] = [
  ['mode', 8],
  ['uptime', 10],
  ['timeline', DAY_CELLS / 2],
  ['clients', 0],
  ['contracts', 0],
  ['search', 0],
  ['mode', 0],
  ['note', NOTE_SHORT],
  ['uptime', 5],
  ['timeline', DAY_CELLS / 4],
  ['payout', 0],
  ['timeline', 0],
  ['uptime', 0],
  ['transfer', 0],
  ['profile', 8],
  ['note', 0],
  ['name', 12],
  ['name', 8],
];
/** Device names get what room is left, up to this. */
const NAME_MAX = 24;
/** The names' column without rows to measure (only the header shows then). */
const NAME_DEFAULT = 12;

/** The timeline's header at its width: what a cell stands for. */
const TIMELINE_HEADERS: Record<number, string> = {
  [DAY_CELLS]: 'LAST 24 H, 30 MIN A CELL',
  [DAY_CELLS / 2]: 'LAST 24 H, 1 H A CELL',
  [DAY_CELLS / 4]: '24 H BY 2 H',
};

/** The figure columns: how many decimals each shows, and what its totals cell sums. */
const FIGURES: Partial<
  Record<ColumnKey, { decimals: number; of: (p: ProviderStats) => number | undefined }>
> = {
  transfer: { decimals: 2, of: (p) => p.transfer_data_last_24h },
  payout: { decimals: 4, of: (p) => p.payout_last_24h },
  search: { decimals: 0, of: (p) => p.search_interest_last_24h },
  contracts: { decimals: 0, of: (p) => p.contracts_last_24h },
  clients: { decimals: 0, of: (p) => p.clients_last_24h },
};

type FigureOf = (p: ProviderStats) => number | undefined;
/** The sums taken, by rows and figure: a key press draws the totals of the same rows again. */
const sums = new WeakMap<readonly ProviderStats[], Map<FigureOf, number>>();

/**
 * The sum of a figure over `rows`, added smallest first: the same rows give the same sum
 * in any order (floating-point addition is not associative, and a total once read 10.9h
 * sorted one way and 10.8h the other). Once per rows (the rows of an answer are not
 * changed in place): sorting 2 000 figures five times was a third of a key press's work.
 */
function sumOf(rows: readonly ProviderStats[], of: FigureOf): number {
  let byFigure = sums.get(rows);
  if (!byFigure) {
    byFigure = new Map();
    sums.set(rows, byFigure);
  }
  let sum = byFigure.get(of);
  if (sum === undefined) {
    sum = rows
      .map((p) => of(p) ?? 0)
      .sort((a, b) => a - b)
      .reduce((total, n) => total + n, 0);
    byFigure.set(of, sum);
  }
  return sum;
}
const uptimeOf: FigureOf = (p) => p.uptime_last_24h;

/** The names' column as wide as the longest name of `rows` needs (its header and sort mark at least), up to NAME_MAX. */
function nameWidth(rows: readonly ProviderStats[], least: number): number {
  if (!rows.length) return Math.max(least, NAME_DEFAULT);
  const longest = Math.max(0, ...rows.map((p) => displayWidth(deviceNameOf(p) ?? MISSING)));
  return Math.min(NAME_MAX, Math.max(least, longest));
}

const rowWidth = (columns: Column[]) =>
  columns.reduce((sum, c) => sum + c.width, 0) + Math.max(0, columns.length - 1);

/** A sortable column has room for its header and the sort mark beside it (the counts' labels fill theirs). */
const widest = (c: Column) =>
  c.sort && c.key !== 'state' ? Math.max(c.width, displayWidth(c.header) + 1) : c.width;

/** Uptime squeezed to its figure alone says `UP`: `UP NOW` and a sort mark need 7 cells. */
const UPTIME_SHORT = 'UP';

/** What the rows carry beside their figures: a note (idle, muted) as of `now`, and (merged) a profile. */
export interface RowExtras {
  note?(p: ProviderStats): ProviderNote | undefined;
  /** When a mute is told from (the figures' time: nothing moves between refreshes). */
  now?: number;
  profile?(p: ProviderStats): string;
}

/** The totals' note: how many of the rows are idle. */
function idleCount(rows: readonly ProviderStats[], extras: RowExtras): string {
  const idle = extras.note ? rows.filter((p) => extras.note?.(p)?.idle).length : 0;
  return idle ? `${formatCount(idle)} idle` : '';
}

/** The note column's width: the longest note's (and the totals'), none when no row has one. */
function noteWidth(rows: readonly ProviderStats[], extras: RowExtras): number {
  if (!extras.note) return 0;
  let longest = 0;
  for (const p of rows) {
    const note = extras.note(p);
    if (note) longest = Math.max(longest, displayWidth(noteForms(note, extras.now ?? 0)[0]));
  }
  return longest && Math.max(longest, displayWidth('NOTE'), displayWidth(idleCount(rows, extras)));
}

/** The profile column's width: the longest profile name's (none outside the merged view). */
function profileWidth(rows: readonly ProviderStats[], extras: RowExtras): number {
  const { profile } = extras;
  if (!profile) return 0;
  const names = new Set(rows.map(profile));
  return Math.min(PROFILE_MAX, Math.max(displayWidth('PROFILE') + 1, ...[...names].map(displayWidth)));
}

/**
 * The columns that fit `width` characters (one space between columns); a figure column
 * is as wide as the totals of `rows` need, so the totals row is never cut.
 */
export function layoutProviderColumns(
  width: number,
  rows: readonly ProviderStats[] = [],
  extras: RowExtras = {},
): Column[] {
  let columns = COLUMNS.map((c) => {
    const figure = FIGURES[c.key];
    const wide = widest(c);
    if (c.key === 'name') return { ...c, width: nameWidth(rows, displayWidth(c.header) + 1) };
    if (c.key === 'note') return { ...c, width: noteWidth(rows, extras) };
    if (c.key === 'profile') return { ...c, width: profileWidth(rows, extras) };
    if (!figure || !rows.length) return { ...c, width: wide };
    return { ...c, width: Math.max(wide, formatDecimal(sumOf(rows, figure.of), figure.decimals).length) };
  }).filter((c) => c.width > 0);
  for (const [key, size] of STEPS) {
    if (rowWidth(columns) <= width) break;
    columns = columns
      .map((c) => (c.key === key ? { ...c, width: Math.min(c.width, size) } : c))
      .filter((c) => c.width > 0);
  }
  const uptime = columns.find((c) => c.key === 'uptime');
  if (uptime && uptime.width <= displayWidth(uptime.header)) uptime.header = UPTIME_SHORT;
  const timeline = columns.find((c) => c.key === 'timeline');
  if (timeline) timeline.header = TIMELINE_HEADERS[timeline.width] ?? timeline.header;
  // The room left goes to the device names.
  const spare = width - rowWidth(columns);
  const name = columns.find((c) => c.key === 'name');
  if (name) name.width = Math.max(name.width, Math.min(NAME_MAX, name.width + spare));
  const id = columns.find((c) => c.key === 'id');
  // A whole id under `stats providers`' header; a prefix (as a short git hash) under a short one.
  if (id && rowWidth(columns) + FULL_ID - id.width <= width)
    Object.assign(id, { width: FULL_ID, header: 'CLIENT ID' });
  return withWideHeaders(columns, width);
}

/**
 * The command's header (`TRANSFER GiB`) in each column whose room for it is left over in
 * `width`, left to right; the others keep their short one (`GiB`).
 */
function withWideHeaders(columns: Column[], width: number): Column[] {
  let spare = width - rowWidth(columns);
  return columns.map((c) => {
    if (!c.wide) return c;
    const wide = widest({ ...c, header: c.wide });
    if (wide - c.width > spare) return c;
    spare -= wide - c.width;
    return { ...c, header: c.wide, width: wide };
  });
}

export function tableWidth(columns: Column[]): number {
  return rowWidth(columns);
}

/** Exactly `width` terminal cells (a wide character takes two), cut with `…`. */
const fitText = (text: string, width: number, align: 'left' | 'right'): string =>
  padCells(text, width, align);

/** A number with as many of `decimals` as fit the width (then none, then compact). */
export function fitNumber(n: number | undefined, width: number, decimals: number): string {
  if (n === undefined || !Number.isFinite(n)) return MISSING;
  for (let d = decimals; d >= 0; d--) {
    const text = formatDecimal(n, d);
    if (displayWidth(text) <= width) return text;
  }
  return formatDecimal(n, 0);
}

/** "12.0h" then, if the column is wider, a bar of the hours out of 24. */
function uptimeText(hours: number | undefined, width: number): string {
  if (hours === undefined || !Number.isFinite(hours)) return MISSING;
  const text = `${hours.toFixed(1)}h`.padStart(5);
  return width > 6 ? `${text} ${meterBar(hours, 24, width - 6)}` : text;
}

/**
 * Header cells; the sorted column carries ▼ (descending) or ▲ within its width (the state
 * column, one cell wide, is the mark alone); the stale view's timeline is `LAST SEEN`.
 */
export function headerCells(
  columns: Column[],
  sort: ListSort | undefined,
  glyphs: Pick<Glyphs, 'descending' | 'ascending'>,
  stale = false,
): Cell[] {
  return columns.map((c) => {
    const header = stale && c.key === 'timeline' ? 'LAST SEEN' : c.header.trim();
    return { key: c.key, text: headerLabel(header, c.width, c.align, markOf(sort, c.sort), glyphs) };
  });
}

export interface RowContext {
  /** End of the timeline window: when the figures were computed. */
  now: number;
  /** Is this figure of this provider highlighted? */
  changed(field: TrackedField): boolean;
  /** Server strings pass through here before they are drawn. */
  clean(text: string): string;
  /** The stale view: when each was last seen (in place of the timeline), and which are marked (✓). */
  stale?: { lastSeen(p: ProviderStats): string; marked(p: ProviderStats): boolean };
  /** Its note and (merged) its profile. */
  extras?: RowExtras;
}

export function providerCells(p: ProviderStats, columns: Column[], ctx: RowContext): Cell[] {
  const connected = p.connected === true;
  return columns.map((c): Cell => {
    const cell = (text: string, tone?: Cell['tone']): Cell => ({
      key: c.key,
      text: fitText(text, c.width, c.align),
      changed: c.field ? ctx.changed(c.field) : false,
      tone,
    });
    const figure = FIGURES[c.key];
    if (figure) return cell(fitNumber(figure.of(p) ?? 0, c.width, figure.decimals));
    switch (c.key) {
      case 'state':
        if (ctx.stale?.marked(p)) return cell('✓', 'marked');
        return cell(connected ? '●' : '○', connected ? 'on' : 'off');
      case 'id':
        // A prefix of the id (like a short git hash) rather than an ellipsis.
        return cell(
          Array.from(ctx.clean(p.client_id ?? MISSING))
            .slice(0, c.width)
            .join(''),
        );
      case 'name':
        return cell(ctx.clean(deviceNameOf(p) || MISSING));
      case 'profile':
        return cell(ctx.extras?.profile?.(p) ?? '');
      case 'note': {
        const note = ctx.extras?.note?.(p);
        return cell(noteText(note, ctx.extras?.now ?? 0, c.width), note?.idle ? 'warn' : 'dim');
      }
      case 'uptime':
        return cell(uptimeText(p.uptime_last_24h, c.width));
      case 'timeline': {
        if (ctx.stale) return cell(ctx.stale.lastSeen(p));
        let cells = connectionTimeline(p.connected_events_last_24h, { now: ctx.now, connected });
        while (cells.length > c.width && cells.length > 1) cells = halveTimeline(cells);
        return cell(renderTimeline(cells));
      }
      default: // mode
        return cell(provideModeName(p.provide_mode));
    }
  });
}

/**
 * Sums of the figures of `rows`; uptime is their average (so the bar still reads out of
 * 24 h). `label`: what the profile column says (merged: the profile's name, or `all`).
 */
export function totalsCells(
  rows: readonly ProviderStats[],
  columns: Column[],
  extras: RowExtras = {},
  label = '',
): Cell[] {
  const average = rows.length ? sumOf(rows, uptimeOf) / rows.length : 0;
  const online = rows.filter((p) => p.connected === true).length;
  return columns.map((c): Cell => {
    const cell = (text: string): Cell => ({ key: c.key, text: fitText(text, c.width, c.align) });
    const figure = FIGURES[c.key];
    if (figure) return cell(fitNumber(sumOf(rows, figure.of), c.width, figure.decimals));
    switch (c.key) {
      case 'state':
        return cell('Σ');
      case 'id':
        return cell('total');
      case 'profile':
        return cell(label);
      case 'note':
        return cell(idleCount(rows, extras));
      case 'uptime':
        return cell(uptimeText(average, c.width));
      case 'timeline': {
        // As many words as the column has room for: a narrow timeline keeps the count whole.
        const count = `${formatCount(online)}/${formatCount(rows.length)}`;
        const words = [`${count} connected now`, `${count} on`, count];
        return cell(words.find((text) => displayWidth(text) <= c.width) ?? count);
      }
      default: // name, mode
        return cell('');
    }
  });
}

/** The cells as one line (for tests and plain output). */
export function joinCells(cells: readonly Cell[]): string {
  return cells.map((c) => c.text).join(' ');
}
