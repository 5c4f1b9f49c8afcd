// A list narrowed to some of its rows by client id (the stale view of My providers and
// Devices: src/store/stale.ts sets it). `seq` tells one set from the next, for memos.

export interface RowFilter {
  ids: ReadonlySet<string>;
  seq: number;
}

let seq = 0;
/** A filter to these ids, or none. */
export const rowFilter = (ids: ReadonlySet<string> | undefined): RowFilter | undefined =>
  ids ? { ids, seq: ++seq } : undefined;
