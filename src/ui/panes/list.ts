// The panes in tab order, apart from React: the one list. Each pane's place here is its
// digit (from 1) and its place in the tab bar. The registry (registry.ts) joins each entry
// to its definition; the console's first paint (src/cli/console/first-paint.ts) draws the tab bar
// from this list before Ink, React and the panes have loaded; the key table
// (src/ui/keys/keymap.ts), and through it the configuration's check of remapped keys, reads
// each pane's bindings from it; the tests read it too.
//
// HOW TO ADD A PANE: one entry below (its id, its title and a short one for the compact
// layout, its keys), a folder src/ui/panes/<pane>/ with its keys (keys.ts) and its
// component, which also exports its definition (`definePane`), and that definition in
// registry.ts.
import { accountKeys } from './account/keys.ts';
import { devicesKeys } from './devices/keys.ts';
import { discoverKeys } from './discover/keys.ts';
import { earningsKeys } from './earnings/keys.ts';
import { myProvidersKeys } from './my-providers/keys.ts';
import { networkKeys } from './network/keys.ts';
import { providersKeys } from './providers/keys.ts';
import { proxiesKeys } from './proxies/keys.ts';

const ENTRIES = [
  { id: 'discover', title: 'Discover', shortTitle: 'Disc', keys: discoverKeys },
  { id: 'providers', title: 'Providers', shortTitle: 'Prov', keys: providersKeys },
  { id: 'devices', title: 'Devices', shortTitle: 'Devices', keys: devicesKeys },
  { id: 'myProviders', title: 'My providers', shortTitle: 'Mine', keys: myProvidersKeys },
  { id: 'network', title: 'Network', shortTitle: 'Net', keys: networkKeys },
  { id: 'account', title: 'Account', shortTitle: 'Acct', keys: accountKeys },
  { id: 'earnings', title: 'Earnings', shortTitle: 'Earn', keys: earningsKeys },
  { id: 'proxies', title: 'Proxies', shortTitle: 'Prox', keys: proxiesKeys },
] as const;

/** A binding of a pane or of its dialogs, with its scope and action as literal types. */
export type PaneBinding = (typeof ENTRIES)[number]['keys'][number];

/** A pane's id: its key scope and the session's name for it. */
export type PaneId = (typeof ENTRIES)[number]['id'];

export interface PaneEntry {
  id: PaneId;
  title: string;
  /** A shorter title for the compact layout (below 80 columns). */
  shortTitle: string;
  /** The key that shows it: its place in the list, from 1. */
  digit: string;
  /** Its bindings (scope `id`) and those of its own dialogs (`dialog:<name>`), as the key table has them by default. */
  keys: readonly PaneBinding[];
}

export const PANE_LIST: readonly PaneEntry[] = ENTRIES.map((entry, i) => ({
  ...entry,
  digit: String(i + 1),
}));

/** The entry of this id; undefined for an id no pane has (a remembered pane since removed). */
export const paneEntry = (id: string | undefined): PaneEntry | undefined =>
  PANE_LIST.find((entry) => entry.id === id);
