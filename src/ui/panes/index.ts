// The six panes in tab order (keys 1-6).
//
// HOW TO ADD OR REPLACE A PANE: the pane lives in src/ui/panes/<Name>.tsx and exports
// `<name>Pane: PaneDefinition` (src/ui/panes/types.ts): its Component draws exactly the
// width x height it is given, `count` feeds the tab bar, `resource` the header's refresh
// countdown, `onEnter` runs when the pane is selected. Its keys go in
// src/ui/panes/<paneId>.keys.ts (see src/ui/keymap.ts). Only the active pane is mounted.
import { accountPane } from './Account.tsx';
import { devicesPane } from './Devices.tsx';
import { discoverPane } from './Discover.tsx';
import { myProvidersPane } from './MyProviders.tsx';
import { networkPane } from './Network.tsx';
import { providersPane } from './Providers.tsx';
import type { PaneDefinition, PaneId } from './types.ts';

export const panes: PaneDefinition[] = [
  discoverPane,
  providersPane,
  devicesPane,
  myProvidersPane,
  networkPane,
  accountPane,
];

export function paneById(id: PaneId): PaneDefinition {
  return panes.find((p) => p.id === id) ?? panes[0];
}
