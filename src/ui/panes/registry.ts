// The panes as the frame shows them: each entry of the pane list (list.ts: id, titles,
// digit, tab order, keys) joined to its definition (component, store...), which the pane's
// component file exports. A list entry without a definition, or a definition under
// another pane's id, does not compile.
import { accountPane } from './account/account-pane.tsx';
import { devicesPane } from './devices/devices-pane.tsx';
import { discoverPane } from './discover/discover-pane.tsx';
import { earningsPane } from './earnings/earnings-pane.tsx';
import { PANE_LIST, type PaneId } from './list.ts';
import { myProvidersPane } from './my-providers/my-providers-pane.tsx';
import { networkPane } from './network/network-pane.tsx';
import { providersPane } from './providers/providers-pane.tsx';
import { proxiesPane } from './proxies/proxies-pane.tsx';
import type { Pane, PaneDefinition } from './types.ts';

const DEFINITIONS: { [Id in PaneId]: PaneDefinition<Id> } = {
  discover: discoverPane,
  providers: providersPane,
  devices: devicesPane,
  myProviders: myProvidersPane,
  network: networkPane,
  account: accountPane,
  earnings: earningsPane,
  proxies: proxiesPane,
};

/** The panes in tab order. */
export const PANES: readonly Pane[] = PANE_LIST.map((entry) => ({
  ...entry,
  ...DEFINITIONS[entry.id],
}));

/** The pane of this id; an id no pane has is a mistake in the code, not a state to show. */
export function paneById(id: string): Pane {
  const pane = PANES.find((p) => p.id === id);
  if (!pane) throw new Error(`no pane "${id}" (the panes: ${PANES.map((p) => p.id).join(', ')})`);
  return pane;
}

/** The pane the session shows: the first one until another is chosen. */
export function activePane(state: { activePane?: string }): Pane {
  return paneById(state.activePane ?? PANES[0].id);
}

/** The next (+1) or previous (-1) pane in tab order, wrapping around. */
export function paneAfter(id: string, delta: 1 | -1): Pane {
  const at = PANES.indexOf(paneById(id));
  return PANES[(at + delta + PANES.length) % PANES.length];
}
