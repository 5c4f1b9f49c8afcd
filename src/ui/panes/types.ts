// What a pane gives the frame: one definition per pane, exported by its component's file
// and joined in src/ui/panes/registry.ts to its entry of the pane list (list.ts: id,
// titles, digit, bindings).
import type React from 'react';
import type { StoreName, Stores } from '../../store/index.ts';
import type { ActionsOf } from '../keys/bindings.ts';
import type { PaneAction } from '../keys/global-keys.ts';
import type { KeyNames } from '../keys/key-names.ts';
import type { KeyReasons } from '../keys/key-reasons.ts';
import type { PaneBinding, PaneEntry, PaneId } from './list.ts';

export interface PaneProps {
  width: number;
  height: number;
}

/** The actions a pane's keys run: its own, and the global ones it handles itself. */
export type PaneActionOf<Id extends PaneId> = ActionsOf<readonly PaneBinding[], Id> | PaneAction;

export interface PaneDefinition<Id extends PaneId = PaneId> {
  /** Its entry in the pane list (list.ts). */
  id: Id;
  /** The store it shows; when that is a live resource the header shows its refresh and `r` reloads it. */
  store: StoreName;
  /** Draws exactly `height` rows of `width` columns. Mounted only while the pane is shown. */
  Component: React.FC<PaneProps>;
  /** The other live resources it draws (device names, marks, API keys): `r` reloads them with `store`. */
  reads?: readonly StoreName[];
  /** The number in the tab bar (rows, providers seen...); undefined shows none. */
  count?(stores: Stores): number | undefined;
  /** What `/` does here (the footer offers it only then): search or filter. */
  search?: 'search' | 'filter';
  /** `o` and `I` sort its list (the footer offers `o` only then). */
  sorts?: boolean;
  /** Called when the pane becomes the active one (e.g. refresh stale data). */
  onEnter?(stores: Stores): void;
  /**
   * Why its keys cannot act now, or at all on this service: its view's reasons, from the
   * stores (any of them; the frame hears every change). A key with a reason says it
   * instead of running its handler; the footer and `?` mark it (`(p) send`, dim where
   * the theme dims), and one the service cannot serve leaves the footer, `?` and the
   * palette saying why.
   */
  keyReasons?(stores: Stores, keys: KeyNames): KeyReasons<PaneActionOf<Id>>;
  /** Its dialogs by the session's id: while one is the top dialog the frame draws it in place of the pane. */
  dialogs?: Readonly<Record<string, React.FC>>;
}

/** Every store a pane draws: `r` and coming back to the pane reload the live ones. */
export const shownStores = (pane: Pick<PaneDefinition, 'store' | 'reads'>): readonly StoreName[] => [
  pane.store,
  ...(pane.reads ?? []),
];

/** A pane as the frame shows it: its entry of the list (with its bindings) and its definition. */
export type Pane = PaneEntry & PaneDefinition;

/** Why the keys of `pane` cannot act now (its `keyReasons`), by action name; undefined: every key acts. */
export const paneReasons = (pane: Pane, stores: Stores, keys: KeyNames): KeyReasons | undefined =>
  pane.keyReasons?.(stores, keys);

/** A pane's definition with its id kept as a literal type (the registry checks it against the list). */
export function definePane<const Id extends PaneId>(pane: PaneDefinition<Id>): PaneDefinition<Id> {
  return pane;
}
