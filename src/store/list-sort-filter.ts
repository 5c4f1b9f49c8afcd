// Filter and sort, the same for every list the console shows (Providers, Devices, My
// providers, the wallets and API keys, the payments, the leaderboard, the event log): a
// list says what it has in a ListSpec (the columns it sorts by, the text `/` looks in),
// keeps a ListView (what is typed after `/`, the column it is sorted by) beside its rows
// and cursor, and `viewRows` gives the rows shown. The keys (`/`, `o`, `I`, a click on a
// column's header) change the view through the functions below; the UI's controller is
// src/ui/hooks/use-list-view.ts. The cursor moves over the rows shown (list-cursor.ts).

export interface ListColumn<T> {
  /** The column's id (a pane's header names the columns it draws by these). */
  id: string;
  /** The column in words: "sorted by client id". */
  label: string;
  /** What the rows are ordered by; `index` is the row's place as the list came. Undefined goes last. */
  value(row: T, index: number): string | number | undefined;
  /** Largest (or Z) first when first sorted by it (figures); default smallest (A-Z) first. */
  descendingFirst?: boolean;
}

export interface ListSort {
  column: string;
  descending: boolean;
}

export interface ListSpec<T> {
  columns: readonly ListColumn<T>[];
  /** The texts the filter looks in (case does not matter; every word typed must be in one). */
  text(row: T): readonly (string | number | undefined)[];
  /** The order before one is chosen; none: the rows as they came. */
  initial?: ListSort;
  /** Ties of the sort by this, then by where the rows came. */
  tie?(row: T): string;
}

export interface ListView {
  /** What was typed after `/`. */
  filter: string;
  /** The column chosen (`o`, a click on its header); undefined: the list's initial order. */
  sort?: ListSort;
}

export const NO_VIEW: ListView = { filter: '' };

/** The order the list is in: the one chosen, else its initial one (undefined: as the rows came). */
export const sortOf = <T>(spec: ListSpec<T>, view: ListView): ListSort | undefined =>
  view.sort ?? spec.initial;

/** The column's words of the order, for a status line: "name ▲"-less, as "name, A-Z first". */
export function sortWords<T>(spec: ListSpec<T>, view: ListView): string | undefined {
  const sort = sortOf(spec, view);
  const column = sort && spec.columns.find((c) => c.id === sort.column);
  return column?.label;
}

function compare(a: string | number | undefined, b: string | number | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Not numeric: client ids are hex, and `52fa…` goes after `6ca3…` as people read them.
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base' });
}

/** Does `row` have every word of `filter` in one of its texts? */
export function matchesFilter<T>(spec: ListSpec<T>, row: T, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const texts = spec
    .text(row)
    .filter((t) => t !== undefined)
    .map((t) => String(t).toLowerCase());
  return words.every((word) => texts.some((t) => t.includes(word)));
}

const cache = new WeakMap<ListSpec<never>, WeakMap<readonly unknown[], { key: string; rows: unknown[] }>>();

/**
 * The rows shown: those the filter matches, in the view's order (ties as `spec.tie` says,
 * then as they came). Memoised on the rows and the view, so a key press re-sorts nothing.
 */
export function viewRows<T>(rows: readonly T[], spec: ListSpec<T>, view: ListView): readonly T[] {
  const sort = sortOf(spec, view);
  if (!view.filter.trim() && !sort) return rows;
  let byRows = cache.get(spec as ListSpec<never>);
  if (!byRows) {
    byRows = new WeakMap();
    cache.set(spec as ListSpec<never>, byRows);
  }
  const key = `${view.filter}\u0000${sort?.column ?? ''}\u0000${sort?.descending ?? ''}`;
  const cached = byRows.get(rows);
  if (cached?.key === key) return cached.rows as T[];
  const column = sort && spec.columns.find((c) => c.id === sort.column);
  const sign = sort?.descending ? -1 : 1;
  const indexed = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => matchesFilter(spec, row, view.filter));
  if (column) {
    const values = new Map(indexed.map(({ row, index }) => [index, column.value(row, index)]));
    indexed.sort((a, b) => {
      const va = values.get(a.index);
      const vb = values.get(b.index);
      // Rows without a value go last whichever way the list is sorted.
      if (va === undefined || vb === undefined) {
        if (va !== vb) return va === undefined ? 1 : -1;
      } else {
        const order = sign * compare(va, vb);
        if (order) return order;
      }
      return (spec.tie ? compare(spec.tie(a.row), spec.tie(b.row)) : 0) || a.index - b.index;
    });
  }
  const shown = indexed.map(({ row }) => row);
  byRows.set(rows, { key, rows: shown });
  return shown;
}

/** Sorted by `column`: by it again reverses it; another starts in its own first direction. */
export function sortedBy<T>(spec: ListSpec<T>, view: ListView, column: string): ListView {
  const current = sortOf(spec, view);
  const target = spec.columns.find((c) => c.id === column);
  if (!target) return view;
  if (current?.column === column) return { ...view, sort: { column, descending: !current.descending } };
  return { ...view, sort: { column, descending: target.descendingFirst === true } };
}

/** Sorted by the column after the one it is sorted by (the first after the last). */
export function nextSort<T>(spec: ListSpec<T>, view: ListView): ListView {
  const current = sortOf(spec, view);
  const at = spec.columns.findIndex((c) => c.id === current?.column);
  const next = spec.columns[(at + 1) % spec.columns.length];
  return { ...view, sort: { column: next.id, descending: next.descendingFirst === true } };
}

/** The order reversed; undefined when the list is in no column's order (as the rows came). */
export function reversedSort<T>(spec: ListSpec<T>, view: ListView): ListView | undefined {
  const current = sortOf(spec, view);
  return current && { ...view, sort: { ...current, descending: !current.descending } };
}

export const withFilter = (view: ListView, filter: string): ListView => ({ ...view, filter });
