// The stale view's keys, the same in My providers and Devices: O shows only the stale
// clients (or all again), space marks the one under the cursor and moves down, X asks
// before removing the marked ones (all shown when none is marked), P sets the period.
// Each says why it cannot act where it cannot (the footer shows it; the words are
// src/ui/panes/stale-reasons.ts, which a pane's view gives as its key reasons too).
import type { StaleView } from '../../store/stale.ts';
import { QUESTION_DIALOG } from '../components/question.tsx';
import { STALE_PERIOD_DIALOG } from '../components/stale-dialogs.tsx';
import { useKeyNames, useStores } from '../context.tsx';
import { useDialogs } from '../input/dispatcher.tsx';
import { staleReasons } from '../panes/stale-reasons.ts';
import { markAndMoveDown } from './use-list-keys.ts';

export interface StaleRows {
  /** The client ids of the rows shown now, in order. */
  shown(): string[];
  /** The client id under the cursor. */
  selected(): string | undefined;
}

export function useStaleKeys(view: StaleView, rows: StaleRows) {
  const stores = useStores();
  const keys = useKeyNames();
  const dialogs = useDialogs();
  const s = () => stores.stale.getState();
  /** Why each key cannot act now, as of this key press. */
  const reasons = () => {
    const { views, periodMs, staleIds } = s();
    const { hasToken } = stores.session.getState();
    const shown = rows.shown().length;
    return staleReasons(
      view,
      { on: views[view], hasToken, periodMs, staleIds, shown, selected: rows.selected() },
      keys,
    );
  };
  return {
    staleView: () => reasons().staleView ?? s().toggle(view),
    staleRemove: () => {
      const refused = reasons().staleRemove;
      if (refused) return refused;
      s().ask(rows.shown());
      dialogs.open(QUESTION_DIALOG);
    },
    stalePeriod: () => {
      s().editPeriod();
      dialogs.open(STALE_PERIOD_DIALOG);
    },
    // The view is its pane's list: the cursor moves down there.
    select: markAndMoveDown(
      () => {
        const refused = reasons().select;
        if (refused) return refused;
        s().toggleMark(rows.selected() ?? '');
      },
      () => stores[view].getState(),
    ),
  };
}
