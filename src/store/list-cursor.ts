// The cursor of a list, for every list a store keeps (rows of a pane, a dialog's
// choices): moves by rows and to either end, always on a row while there are rows. The
// keys that call these are src/ui/hooks/use-list-keys.ts.

export type Edge = 'top' | 'bottom';

export interface ListMoves {
  /** By `delta` rows (a page is many), stopping at either end. */
  move(delta: number): void;
  moveTo(edge: Edge): void;
  /** To row `index` (a click on it), within the list. */
  moveToRow(index: number): void;
}

/** `index` kept within a list of `length` rows (0 when there are none). */
export const clampIndex = (index: number, length: number): number => Math.max(0, Math.min(length - 1, index));

/**
 * The moves of a list whose position is read by `index` and set by `select` (an index,
 * or the key of the row there: a selection by key stays on its row when rows re-sort).
 */
export function listMoves(list: {
  length(): number;
  index(): number;
  select(index: number): void;
}): ListMoves {
  const to = (index: number) => {
    const length = list.length();
    if (length > 0) list.select(clampIndex(index, length));
  };
  return {
    move: (delta) => to(list.index() + delta),
    moveTo: (edge) => to(edge === 'top' ? 0 : list.length() - 1),
    moveToRow: to,
  };
}
