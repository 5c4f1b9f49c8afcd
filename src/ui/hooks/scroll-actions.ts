// The keys of an overlay that scrolls a list of lines (help, the event log): one home for
// how far each key moves, `room` lines shown of `maxTop + room`.
import type { Dispatch, SetStateAction } from 'react';

export function scrollActions(
  setTop: Dispatch<SetStateAction<number>>,
  room: number,
  maxTop: number,
  close: () => void,
) {
  const scroll = (by: number) => setTop((t) => Math.min(maxTop, Math.max(0, Math.min(t, maxTop) + by)));
  return {
    close,
    down: () => scroll(1),
    up: () => scroll(-1),
    pageDown: () => scroll(room - 1),
    pageUp: () => scroll(-(room - 1)),
    top: () => setTop(0),
    bottom: () => setTop(maxTop),
  };
}
