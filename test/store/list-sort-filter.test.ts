import { describe, expect, it } from 'vitest';
import {
  type ListSpec,
  matchesFilter,
  NO_VIEW,
  nextSort,
  reversedSort,
  sortedBy,
  viewRows,
  withFilter,
} from '../../src/store/list-sort-filter.ts';

interface Row {
  name?: string;
  speed?: number;
}
const SPEC: ListSpec<Row> = {
  columns: [
    { id: 'name', label: 'name', value: (r) => r.name?.toLowerCase() },
    { id: 'speed', label: 'speed', value: (r) => r.speed, descendingFirst: true },
  ],
  text: (r) => [r.name, r.speed],
};
const ROWS: Row[] = [
  { name: 'beta', speed: 5 },
  { name: 'Alpha' },
  { name: 'gamma', speed: 9 },
  { speed: 1 },
];
const names = (rows: readonly Row[]) => rows.map((r) => r.name ?? '-');

describe('list views', () => {
  it('shows the rows as they came until a filter or an order is chosen (the same array)', () => {
    expect(viewRows(ROWS, SPEC, NO_VIEW)).toBe(ROWS);
  });

  it('filters: every word typed in one of the texts, case aside', () => {
    expect(names(viewRows(ROWS, SPEC, withFilter(NO_VIEW, 'ALP')))).toEqual(['Alpha']);
    expect(names(viewRows(ROWS, SPEC, withFilter(NO_VIEW, 'a 9')))).toEqual(['gamma']);
    expect(matchesFilter(SPEC, ROWS[1], '  ')).toBe(true);
    expect(viewRows(ROWS, SPEC, withFilter(NO_VIEW, 'nothing'))).toEqual([]);
  });

  it('sorts by a column in its first direction, again reverses it; rows without a value go last both ways', () => {
    const byName = sortedBy(SPEC, NO_VIEW, 'name');
    expect(names(viewRows(ROWS, SPEC, byName))).toEqual(['Alpha', 'beta', 'gamma', '-']);
    const back = sortedBy(SPEC, byName, 'name');
    expect(back.sort).toEqual({ column: 'name', descending: true });
    expect(names(viewRows(ROWS, SPEC, back))).toEqual(['gamma', 'beta', 'Alpha', '-']);
    const bySpeed = sortedBy(SPEC, back, 'speed');
    expect(bySpeed.sort).toEqual({ column: 'speed', descending: true });
    expect(names(viewRows(ROWS, SPEC, bySpeed))).toEqual(['gamma', 'beta', '-', 'Alpha']);
    expect(sortedBy(SPEC, NO_VIEW, 'nope')).toBe(NO_VIEW);
  });

  it('o goes round the columns, I reverses; no order yet: nothing to reverse', () => {
    expect(reversedSort(SPEC, NO_VIEW)).toBeUndefined();
    const first = nextSort(SPEC, NO_VIEW);
    expect(first.sort).toEqual({ column: 'name', descending: false });
    expect(nextSort(SPEC, first).sort).toEqual({ column: 'speed', descending: true });
    expect(nextSort(SPEC, nextSort(SPEC, first)).sort?.column).toBe('name');
    expect(reversedSort(SPEC, first)?.sort).toEqual({ column: 'name', descending: true });
  });

  it('keeps the filter through a sort and the sort through a filter; a list can start in an order', () => {
    const view = withFilter(sortedBy(SPEC, NO_VIEW, 'speed'), 'a');
    expect(names(viewRows(ROWS, SPEC, view))).toEqual(['gamma', 'beta', 'Alpha']);
    const initial: ListSpec<Row> = { ...SPEC, initial: { column: 'name', descending: true } };
    expect(names(viewRows(ROWS, initial, NO_VIEW))).toEqual(['gamma', 'beta', 'Alpha', '-']);
  });
});
