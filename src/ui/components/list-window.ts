// How many cells a list's rows get: with more rows than fit, its last column is a
// scrollbar. No React: a pane's view (<pane>-view.ts) lays its columns out by it too.

/** Whether a list of `count` rows shown `height` at a time has a scrollbar. */
export const hasScrollbar = (count: number, height: number): boolean => height > 0 && count > height;

/** The cells a row may take in a list `width` wide: one less while the scrollbar shows. */
export const listRowWidth = (width: number, count: number, height: number): number =>
  hasScrollbar(count, height) ? Math.max(0, width - 1) : width;
