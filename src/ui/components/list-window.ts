// Which rows of a long list are in sight, apart from React: the window's first row, and
// the cells a row has beside the scrollbar. The list (virtual-list.tsx) and the panes'
// views use it alike.

/** Whether a list of `count` rows shown `height` at a time has a scrollbar. */
export const hasScrollbar = (count: number, height: number): boolean => height > 0 && count > height;

/** The cells a row may take in a list `width` wide: one less while the scrollbar shows. */
export const listRowWidth = (width: number, count: number, height: number): number =>
  hasScrollbar(count, height) ? Math.max(0, width - 1) : width;

/** First visible index so that `cursor` is in view, moving `previous` as little as possible. */
export function windowStart(previous: number, cursor: number, height: number, count: number): number {
  if (height <= 0 || count <= height) return 0;
  let start = Math.min(previous, count - height);
  if (cursor < start) start = cursor;
  if (cursor >= start + height) start = cursor - height + 1;
  return Math.max(0, Math.min(start, count - height));
}
