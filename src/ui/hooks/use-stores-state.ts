// What a component reads of several stores at once, through one subscription to them
// all: the tab bar's counts, a pane's state (its view's input), a pane's key reasons.
import { useMemo, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Stores } from '../../store/index.ts';
import { useKeyNames, useStores } from '../context.tsx';
import type { KeyReasons } from '../keys/key-reasons.ts';
import { type Pane, paneReasons } from '../panes/types.ts';

type Subscribable = { subscribe(listener: () => void): () => void };
const isStore = (value: unknown): value is Subscribable =>
  typeof value === 'object' && value !== null && typeof (value as Subscribable).subscribe === 'function';

/**
 * Calls `notify` on a change of any store, those of a group too (history: its view, whose
 * window My providers shows, and its resources).
 */
export function subscribeAll(stores: Stores) {
  return (notify: () => void) => {
    const offs = Object.values(stores)
      .flatMap((store): unknown[] => (isStore(store) ? [store] : Object.values(store)))
      .filter(isStore)
      .map((store) => store.subscribe(notify));
    return () => {
      for (const off of offs) off();
    };
  };
}

/**
 * What `select` takes of the stores, the same object while every field of it is the same
 * (zustand's useShallow): a pane renders only when something it shows changed. Fields
 * are a store's own values (its rows, its error), or values a render does not make anew.
 */
export function useStoresState<T extends object>(select: (stores: Stores) => T): T {
  const stores = useStores();
  const subscribe = useMemo(() => subscribeAll(stores), [stores]);
  const shallow = useShallow(select);
  return useSyncExternalStore(subscribe, () => shallow(stores));
}

/** Why the keys of `pane` cannot act now (its view's reasons), kept until one changes. */
export function usePaneReasons(pane: Pane): KeyReasons {
  const stores = useStores();
  const keys = useKeyNames();
  const subscribe = useMemo(() => subscribeAll(stores), [stores]);
  // As one string: React sees a change only when a reason does.
  const reasons = useSyncExternalStore(subscribe, () =>
    JSON.stringify(paneReasons(pane, stores, keys) ?? {}),
  );
  return useMemo(() => JSON.parse(reasons) as KeyReasons, [reasons]);
}

/** Whether My providers and Earnings show every profile merged (`a`): each pane draws one or the other. */
export function useEveryProfileOn(): boolean {
  return useStoresState(everyProfileOn).on;
}
const everyProfileOn = (stores: Stores) => ({ on: stores.everyProfile.getState().on });
