// What a pane gives the frame: one definition per pane, exported by its component's file
// and joined in src/ui/panes/registry.ts to its entry of the pane list (list.ts: id,
// titles, digit, bindings).
import type React from 'react';
import type { StoreName, Stores } from '../../store/index.ts';
import type { PaneEntry, PaneId } from './list.ts';

export interface PaneProps {
  width: number;
  height: number;
}

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
}

/** Every store a pane draws: `r` and coming back to the pane reload the live ones. */
export const shownStores = (pane: Pick<PaneDefinition, 'store' | 'reads'>): readonly StoreName[] => [
  pane.store,
  ...(pane.reads ?? []),
];

/** A pane as the frame shows it: its entry of the list (with its bindings) and its definition. */
export type Pane = PaneEntry & PaneDefinition;

/** A pane's definition with its id kept as a literal type (the registry checks it against the list). */
export function definePane<const Id extends PaneId>(pane: PaneDefinition<Id>): PaneDefinition<Id> {
  return pane;
}
