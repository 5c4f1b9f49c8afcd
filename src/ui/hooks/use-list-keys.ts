// The list controller: the move keys of every list (down/up, top/bottom and Home/End,
// page down/up by the rows shown) as handlers over a store's list cursor
// (src/store/list-cursor.ts), and the pick list of a dialog's suggestions.
import { useRef, useState } from 'react';
import type { ListMoves } from '../../store/list-cursor.ts';

export interface ListKeyHandlers {
  down(): void;
  up(): void;
  top(): void;
  bottom(): void;
  pageDown(): void;
  pageUp(): void;
}

/** Handlers for a pane's move keys; `list` is read at each key (getState()), `pageRows` at each render. */
export function useListKeys(list: () => ListMoves, pageRows: number): ListKeyHandlers {
  const page = useRef(pageRows);
  page.current = Math.max(1, pageRows);
  return {
    down: () => list().move(1),
    up: () => list().move(-1),
    top: () => list().moveTo('top'),
    bottom: () => list().moveTo('bottom'),
    pageDown: () => list().move(page.current),
    pageUp: () => list().move(-page.current),
  };
}

/**
 * A dialog's list of suggestions (demo codes, demo wallets) that ↑/↓ walk round, none
 * picked at first; each pick is handed to `onPick`. `reset` forgets the pick.
 */
export function usePickList<T>(items: readonly T[], onPick: (item: T) => void) {
  // The latest pick, ahead of the state when keys come faster than renders.
  const pick = useRef(-1);
  const [picked, setPicked] = useState(-1);
  const set = (index: number) => {
    pick.current = index;
    setPicked(index);
  };
  return {
    picked,
    move(delta: 1 | -1) {
      if (items.length === 0) return;
      const at = pick.current;
      const next = at < 0 ? (delta > 0 ? 0 : items.length - 1) : (at + delta + items.length) % items.length;
      set(next);
      onPick(items[next]);
    },
    reset: () => set(-1),
  };
}
