// What a dialog drawn from one store starts with: the part of the store it shows, the
// store's state as it is when a key comes (handlers read it then, not as it was drawn),
// and how the dialog closes.
import { type StoreApi, useStore } from 'zustand';
import type { StoreName, Stores } from '../../store/index.ts';
import { useStores } from '../context.tsx';
import { useCloseDialog } from './use-close-dialog.ts';

type StateOf<K extends StoreName> = Stores[K] extends StoreApi<infer S> ? S : never;

/**
 * Dialog `id` over store `name`, as `[shown, state, close, store]`: what `show` takes from
 * the store (the dialog draws again when it changes), the store's state now, a close that
 * lets go of the store's side through `forget` (if it has one) and closes the dialog, and
 * the store itself, for a dialog that shows more of it.
 */
export function useStoreDialog<K extends StoreName, T>(
  id: string,
  name: K,
  { show, forget }: { show: (state: StateOf<K>) => T; forget?: (state: StateOf<K>) => void },
) {
  const store = useStores()[name] as StoreApi<StateOf<K>>;
  const shown = useStore(store, show);
  const state = () => store.getState();
  const close = useCloseDialog(id, forget && (() => forget(state())));
  return [shown, state, close, store] as const;
}
