// The list controller's UI, one for every list (the rows, their order and filter are
// src/store/list-sort-filter.ts): the keys (`/` filters, `o` then a column's letter sorts
// by that column and `o` `o` by the next, `I` reverses, esc clears the filter), the filter
// box, and the column header that marks the sorted column and sorts by the column a click
// lands on.
import { Box, type DOMElement, Text } from 'ink';
import type React from 'react';
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import {
  type ListSpec,
  type ListView,
  NO_VIEW,
  nextSort,
  reversedSort,
  sortedBy,
  sortOf,
  withFilter,
} from '../../store/list-sort-filter.ts';
import { useKeyNames, useStores, useTheme } from '../context.tsx';
import type { Glyphs } from '../glyphs.ts';
import { TextInput } from '../input/text-input.tsx';
import { useMouseTarget } from '../input/use-mouse.tsx';
import type { SortChoice } from '../keys/bindings.ts';
import { displayWidth, padCells, truncate } from '../text.ts';

/** Where a list keeps its view: read and written at each key (a store's getState()). */
export interface ViewHolder {
  view(): ListView;
  setView(view: ListView): void;
}

/** The view of a list no store keeps (an overlay's: the event log, the help), for as long as it is shown. */
export function useViewState(): [ListView, ViewHolder] {
  const [view, setView] = useState(NO_VIEW);
  // The latest view, ahead of the render when keys come faster than renders.
  const latest = useRef(NO_VIEW);
  const holder = useRef<ViewHolder>({
    view: () => latest.current,
    setView: (next) => {
      latest.current = next;
      setView(next);
    },
  }).current;
  return [view, holder];
}

export interface ListControl<T> {
  holder: ViewHolder;
  spec: ListSpec<T>;
  /** The filter box's id (the session's focus names it). */
  filterId: string;
}

/** A list whose view a store keeps as `view`, changed by its `setView`. */
export function storeList<T>(
  store: { getState(): { view: ListView; setView(view: ListView): void } },
  spec: ListSpec<T>,
  filterId: string,
): ListControl<T> {
  return {
    holder: {
      view: () => store.getState().view,
      setView: (view) => store.getState().setView(view),
    },
    spec,
    filterId,
  };
}

/** Whether the list's filter box has the keys (the session's focus is on it). */
export function useFilterEditing<T>(list: ListControl<T>): boolean {
  return useStore(useStores().session, (s) => s.focus === list.filterId);
}

/** The width of a filter box on a line `width` wide: a third of it, 30 cells at most. */
export const filterWidth = (width: number): number => Math.min(30, Math.floor(width / 3));

/**
 * The handlers of the global `search`, `sort` and `reverse` for a list, and what esc and a
 * header click do. `sort` gives the list's columns back for the key after it to choose
 * from (the dispatcher waits for it: `o` `c`, or `o` `o` for the next column).
 */
export function useListView<T>(list: ListControl<T>) {
  const { session } = useStores();
  const keys = useKeyNames();
  const { holder, spec } = list;
  const sortBy = (column: string) => holder.setView(sortedBy(spec, holder.view(), column));
  return {
    search: () => session.getState().setFocus(list.filterId),
    sort: (): SortChoice => ({
      columns: spec.columns,
      by: sortBy,
      next: () => holder.setView(nextSort(spec, holder.view())),
    }),
    reverse: () => {
      const reversed = reversedSort(spec, holder.view());
      if (!reversed) return `this list is in the order it came in: ${keys.sort} sorts it by a column`;
      holder.setView(reversed);
    },
    /** esc: clears the filter; false when there was none. */
    clearFilter(): boolean {
      if (!holder.view().filter) return false;
      holder.setView(withFilter(holder.view(), ''));
      return true;
    },
    /** A click on a column's header. */
    sortBy,
  };
}

/**
 * `/ ` and the filter being typed (or the one in force); nothing when there is none and
 * `always` is not set. `shown` of `count` rows match.
 */
export function ListFilter<T>({
  list,
  view,
  width,
  placeholder = 'filter',
  always = false,
}: {
  list: ListControl<T>;
  view: ListView;
  width: number;
  placeholder?: string;
  always?: boolean;
}) {
  const theme = useTheme();
  const { session } = useStores();
  const editing = useFilterEditing(list);
  if (!editing && !view.filter && !always) return null;
  const done = () => session.getState().setFocus(undefined);
  return (
    <Box flexShrink={0} width={editing ? width : undefined}>
      <Text color={theme.accent}>{'/ '}</Text>
      <TextInput
        id={list.filterId}
        focused="session"
        value={view.filter}
        // While not edited it shows what it holds whole (the line around it truncates).
        width={editing ? Math.max(4, width - 2) : undefined}
        placeholder={editing ? placeholder : 'filter'}
        onChange={(filter) => list.holder.setView(withFilter(list.holder.view(), filter))}
        onSubmit={done}
        onCancel={() => {
          list.holder.setView(withFilter(list.holder.view(), ''));
          done();
        }}
      />
    </Box>
  );
}

/** A column as a header draws it: `width` cells, its label, and the sort column it stands for. */
export interface HeaderColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
  /** The list's column this one sorts by (none: a click does nothing). */
  sort?: string;
}

/**
 * A column's label in `width` cells, with the sort mark (▼ descending, ▲ ascending) when
 * `sort` is its direction: before a right-aligned label, after a left-aligned one, inside
 * the width (a layout gives a sortable column room for both; a narrower one cuts the label).
 */
export function headerLabel(
  label: string,
  width: number,
  align: 'left' | 'right' = 'left',
  sort: 'descending' | 'ascending' | undefined,
  glyphs: Pick<Glyphs, 'descending' | 'ascending'>,
): string {
  if (!sort) return padCells(label, width, align);
  const mark = glyphs[sort];
  const cut = truncate(label, Math.max(0, width - displayWidth(mark)));
  return padCells(align === 'right' ? `${mark}${cut}` : `${cut}${mark}`, width, align);
}

/** The sort mark a column of `sort` shows, if it is the sorted one. */
export const markOf = (
  sort: { column: string; descending: boolean } | undefined,
  column: string | undefined,
): 'descending' | 'ascending' | undefined =>
  sort && column === sort.column ? (sort.descending ? 'descending' : 'ascending') : undefined;

/** The header's text: each label in its width, the sorted one marked. */
export function headerText(
  columns: readonly HeaderColumn[],
  sort: { column: string; descending: boolean } | undefined,
  glyphs: Pick<Glyphs, 'descending' | 'ascending'>,
  gap = 0,
): string {
  return columns
    .map((c) => headerLabel(c.label, c.width, c.align, markOf(sort, c.sort), glyphs))
    .join(' '.repeat(gap));
}

/** The sort column of the header cell at `column` (0-based), if any. */
export function headerColumnAt(
  columns: readonly HeaderColumn[],
  column: number,
  gap = 0,
): string | undefined {
  let left = 0;
  for (const c of columns) {
    if (column >= left && column < left + c.width) return c.sort;
    left += c.width + gap;
  }
  return undefined;
}

/** A header line (`children`, drawn as the columns lie) whose click sorts by the column under it. */
export function SortingHeader({
  columns,
  onSort,
  gap = 0,
  children,
}: {
  columns: readonly HeaderColumn[];
  onSort(column: string): void;
  gap?: number;
  children: React.ReactNode;
}) {
  const box = useRef<DOMElement>(null);
  useMouseTarget(box, ({ column }) => {
    const sort = headerColumnAt(columns, column, gap);
    if (sort) onSort(sort);
  });
  return (
    <Box ref={box} height={1} overflowY="hidden" flexShrink={0}>
      {children}
    </Box>
  );
}

/** A header line of columns: bold, the sorted one marked; a click on a column sorts by it. */
export function ListHeader<T>({
  columns,
  list,
  view,
  gap = 0,
}: {
  columns: readonly HeaderColumn[];
  list: ListControl<T>;
  view: ListView;
  gap?: number;
}) {
  const theme = useTheme();
  const controls = useListView(list);
  return (
    <SortingHeader columns={columns} onSort={controls.sortBy} gap={gap}>
      <Text bold wrap="truncate">
        {headerText(columns, sortOf(list.spec, view), theme.glyphs, gap)}
      </Text>
    </SortingHeader>
  );
}
