// The stale view's keys, the same in My providers and Devices: O shows only the stale
// clients (or all again), space marks the one under the cursor, X asks before removing
// the marked ones (all shown when none is marked), P sets the period. Each says why it
// cannot act where it cannot (the footer shows it).
import { formatPeriod } from '../../format/numbers.ts';
import type { StaleView } from '../../store/stale.ts';
import { tokenMissing } from '../components/no-token.tsx';
import { QUESTION_DIALOG } from '../components/question.tsx';
import { STALE_PERIOD_DIALOG } from '../components/stale-dialogs.tsx';
import { useKeyNames, useStores } from '../context.tsx';
import { useDialogs } from '../input/dispatcher.tsx';
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
  const on = () => s().views[view];
  // The view is its pane's: its keys go by the pane's names (`devices.staleView`).
  const key = (action: 'staleView' | 'staleRemove') => keys[`${view}.${action}` as const];
  return {
    staleView: () => tokenMissing(stores, 'The stale view', keys) ?? s().toggle(view),
    staleRemove: () => {
      if (!on()) return `${key('staleRemove')} removes stale clients: ${key('staleView')} shows them first`;
      const missing = tokenMissing(stores, 'Removing clients', keys);
      if (missing) return missing;
      if (!s().staleIds) return `the stale clients are not known yet (${keys.refresh} asks again)`;
      const shown = rows.shown();
      if (!shown.length)
        return `no client here is stale for ${formatPeriod(s().periodMs)}: nothing to remove`;
      s().ask(shown);
      dialogs.open(QUESTION_DIALOG);
    },
    stalePeriod: () => {
      s().editPeriod();
      dialogs.open(STALE_PERIOD_DIALOG);
    },
    /** space: marks the client under the cursor, then moves down (the stale view only). */
    select: markAndMoveDown(
      () => {
        if (!on()) return `${keys.select} marks clients in the stale view (${key('staleView')} shows it)`;
        const id = rows.selected();
        if (!id) return 'no client here to mark';
        s().toggleMark(id);
      },
      // The view is its pane's list: the cursor moves there.
      () => stores[view].getState(),
    ),
  };
}
