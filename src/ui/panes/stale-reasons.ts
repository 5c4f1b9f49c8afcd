// Why the stale view's keys (O, X, space) cannot act, the same in My providers and
// Devices: words for a pane's view (its key reasons) and for the keys' handlers
// (src/ui/hooks/use-stale-keys.ts). No React: views are pure.
import { formatPeriod } from '../../format/numbers.ts';
import type { StaleState, StaleView } from '../../store/stale.ts';
import type { KeyNames } from '../keys/key-names.ts';
import { noTokenReason } from '../keys/key-reasons.ts';

/** What the reasons read: the stale store's, the session's token, and the pane's rows. */
export interface StaleKeysState extends Pick<StaleState, 'periodMs' | 'staleIds'> {
  /** The pane shows only its stale clients. */
  on: boolean;
  hasToken: boolean;
  /** How many clients the pane shows now. */
  shown: number;
  /** The client id under the cursor. */
  selected: string | undefined;
}

/** Why O, X and space cannot act in the stale view of `view`'s pane; undefined where they can. */
export function staleReasons(view: StaleView, state: StaleKeysState, keys: KeyNames) {
  // The view is its pane's: its keys go by the pane's names (`devices.staleView`).
  const showIt = keys[`${view}.staleView`];
  const removeKey = keys[`${view}.staleRemove`];
  const noToken = (what: string) => (state.hasToken ? undefined : noTokenReason(what, keys));
  const removal = (): string | undefined => {
    if (!state.on) return `${removeKey} removes stale clients: ${showIt} shows them first`;
    const missing = noToken('Removing clients');
    if (missing) return missing;
    if (!state.staleIds) return `the stale clients are not known yet (${keys.refresh} asks again)`;
    if (!state.shown) return `no client here is stale for ${formatPeriod(state.periodMs)}: nothing to remove`;
  };
  const marking = (): string | undefined => {
    if (!state.on) return `${keys.select} marks clients in the stale view (${showIt} shows it)`;
    if (!state.selected) return 'no client here to mark';
  };
  return { staleView: noToken('The stale view'), staleRemove: removal(), select: marking() };
}
