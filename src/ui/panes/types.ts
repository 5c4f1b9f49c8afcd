// What a pane gives the frame: one definition per pane, in its folder's index.ts, listed
// once in src/ui/panes/registry.ts (which gives it its digit and its place in the tabs).
import type React from 'react';
import type { StoreName, Stores } from '../../store/index.ts';
import type { Binding } from '../input/bindings.ts';

export interface PaneProps {
  width: number;
  height: number;
}

export interface PaneDefinition<Id extends string = string> {
  /** Its key scope and the session's name for it. */
  id: Id;
  title: string;
  /** A shorter title for the compact layout (below 80 columns). */
  shortTitle: string;
  /** Its bindings (scope `id`) and those of its own dialogs (`dialog:<name>`). */
  keys: readonly Binding[];
  /** The store it shows; when that is a live resource the header shows its refresh and `r` reloads it. */
  store: StoreName;
  /** Draws exactly `height` rows of `width` columns. Mounted only while the pane is shown. */
  Component: React.FC<PaneProps>;
  /** The number in the tab bar (rows, providers seen...); undefined shows none. */
  count?(stores: Stores): number | undefined;
  /** What `/` does here (the footer offers it only then): search or filter. */
  search?: 'search' | 'filter';
  /** Called when the pane becomes the active one (e.g. refresh stale data). */
  onEnter?(stores: Stores): void;
}

/** A pane's definition with its id kept as a literal type (the registry derives PaneId from it). */
export function definePane<const Id extends string>(pane: PaneDefinition<Id>): PaneDefinition<Id> {
  return pane;
}
