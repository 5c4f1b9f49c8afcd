// The panes in tab order: the one list. Pane ids, the digit that selects each pane (its
// place here, from 1), the tab bar and the key scopes all come from it.
//
// HOW TO ADD A PANE: a folder src/ui/panes/<pane>/ with its component, its keys (keys.ts,
// see src/ui/input/bindings.ts) and an index.ts exporting `definePane({...})`
// (src/ui/panes/types.ts); then one entry below. test/ui/panes.test.tsx checks that every
// pane has a title, keys and a store, and that every binding has a handler.
import { accountPane } from './account/index.ts';
import { devicesPane } from './devices/index.ts';
import { discoverPane } from './discover/index.ts';
import { myProvidersPane } from './my-providers/index.ts';
import { networkPane } from './network/index.ts';
import { providersPane } from './providers/index.ts';
import type { PaneDefinition } from './types.ts';

export const PANES = [
  discoverPane,
  providersPane,
  devicesPane,
  myProvidersPane,
  networkPane,
  accountPane,
] as const satisfies readonly PaneDefinition[];

export type PaneId = (typeof PANES)[number]['id'];
export type Pane = PaneDefinition<PaneId>;

const PANE_IDS: readonly PaneId[] = PANES.map((pane) => pane.id);

/** The pane of this id; an id no pane has is a mistake in the code, not a state to show. */
export function paneById(id: string): Pane {
  const pane = PANES.find((p) => p.id === id);
  if (!pane) throw new Error(`no pane "${id}" (the panes: ${PANE_IDS.join(', ')})`);
  return pane;
}

/** The pane the session shows: the first one until another is chosen. */
export function activePane(state: { activePane?: string }): Pane {
  return paneById(state.activePane ?? PANES[0].id);
}

/** The digit that selects a pane: its place in the tabs. */
export const digitOf = (pane: Pane): string => String(PANES.indexOf(pane) + 1);

/** The next (+1) or previous (-1) pane in tab order, wrapping around. */
export function paneAfter(id: string, delta: 1 | -1): Pane {
  const at = PANES.indexOf(paneById(id));
  return PANES[(at + delta + PANES.length) % PANES.length];
}
