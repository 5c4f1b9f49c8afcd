// The list controller: the move keys of every list (down/up, top/bottom and Home/End,
// page down/up by the rows shown) as handlers over a store's list cursor
// (src/store/list-cursor.ts), `space` in a list that marks, and the pick list of a
// dialog's suggestions.
import { useRef, useState } from 'react';
import type { ListMoves } from '../../store/list-cursor.ts';
import type { KeyOutcome } from '../keys/bindings.ts';

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
 * `space` in a list that marks (Discover's places, Providers' destinations, the stale
 * clients): the row under the cursor marked or unmarked, then the cursor on the next row,
 * so that `space` held marks a run of rows. A mark that says why it cannot act (a
 * sentence for the footer) moves nothing.
 */
export function markAndMoveDown(mark: () => KeyOutcome, list: () => ListMoves): () => KeyOutcome {
  return () => {
    const refused = mark();
    if (refused) return refused;
    list().move(1);
  };
}

/**
 * A dialog's suggestions (demo codes, the account's wallets): the `values` that ↑/↓ walk
 * round, none picked at first, each pick put in the dialog's box by `set`, as typing
 * does (PickField). `reset` forgets the pick.
 */
export function usePickList(values: readonly string[], set: (value: string) => void) {
  // The latest pick, ahead of the state when keys come faster than renders.
  const pick = useRef(-1);
  const [picked, setPicked] = useState(-1);
  const choose = (index: number) => {
    pick.current = index;
    setPicked(index);
  };
  return {
    values,
    set,
    picked,
    move(delta: 1 | -1) {
      if (values.length === 0) return;
      const at = pick.current;
      const next =
        at < 0 ? (delta > 0 ? 0 : values.length - 1) : (at + delta + values.length) % values.length;
      choose(next);
      set(values[next]);
    },
    reset: () => choose(-1),
  };
}

export type PickList = ReturnType<typeof usePickList>;

/**
 * The handlers of codeFieldBindings (src/ui/keys/bindings.ts): enter sends the code
 * (`send`), and the next ↓ starts from the first code to try again; ↓/↑ put the next or
 * previous code in the box; esc closes.
 */
export const codeFieldActions = (pick: PickList, send: () => void, close: () => void) => ({
  submit: () => {
    pick.reset();
    send();
  },
  nextCode: () => pick.move(1),
  previousCode: () => pick.move(-1),
  close,
});
