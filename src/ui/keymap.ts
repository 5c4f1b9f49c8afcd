// The one key table. The footer hints and the `?` overlay are generated from it, and
// test/ui/keymap.test.ts fails on a duplicate key within a scope or a pane key that a
// global binding already uses.
//
// HOW TO ADD A PANE'S KEYS: put them in src/ui/panes/<paneId>.keys.ts as one exported
// array of Binding with `scope: '<paneId>'` (dialogs: `scope: 'dialog:<id>'`), already
// imported below. In the pane component, `useKeyActions('<paneId>', { <action>: () => ... })`
// (src/ui/input/dispatcher.tsx) supplies the handlers; handlers read stores via
// getState(). A pane may also handle a global action (down, up, top, bottom, pageDown,
// pageUp, open, select, search, back, refresh) under its own scope: the dispatcher asks
// the active pane's handlers first. Key names: single characters as typed ('a', 'S', '<',
// '+'), and 'enter', 'esc', 'tab', 'shift-tab', 'space', 'up', 'down', 'left', 'right',
// 'pgup', 'pgdn', 'home', 'end', 'backspace', 'ctrl-c'. `footer: true` shows the binding in
// the footer hints (keep those few).
import { accountKeys } from './panes/account.keys.ts';
import { devicesKeys } from './panes/devices.keys.ts';
import { dialogKeys } from './panes/dialogs.keys.ts';
import { discoverKeys } from './panes/discover.keys.ts';
import { myProvidersKeys } from './panes/myProviders.keys.ts';
import { networkKeys } from './panes/network.keys.ts';
import { providersKeys } from './panes/providers.keys.ts';
import type { PaneId } from './panes/types.ts';

export type Scope = 'global' | PaneId | `dialog:${string}`;

export interface Binding {
  scope: Scope;
  keys: string[];
  action: string;
  help: string;
  footer?: boolean;
}

const PANE_KEYS: { key: string; id: PaneId; title: string }[] = [
  { key: '1', id: 'discover', title: 'Discover' },
  { key: '2', id: 'providers', title: 'Providers' },
  { key: '3', id: 'devices', title: 'Devices' },
  { key: '4', id: 'myProviders', title: 'My providers' },
  { key: '5', id: 'network', title: 'Network' },
  { key: '6', id: 'account', title: 'Account' },
];

export const globalKeys: Binding[] = [
  ...PANE_KEYS.map(
    ({ key, id, title }): Binding => ({
      scope: 'global',
      keys: [key],
      action: `pane:${id}`,
      help: `show ${title}`,
    }),
  ),
  { scope: 'global', keys: ['tab'], action: 'nextPane', help: 'next pane' },
  { scope: 'global', keys: ['shift-tab'], action: 'previousPane', help: 'previous pane' },
  { scope: 'global', keys: ['j', 'down'], action: 'down', help: 'move down' },
  { scope: 'global', keys: ['k', 'up'], action: 'up', help: 'move up' },
  { scope: 'global', keys: ['g'], action: 'top', help: 'go to the top' },
  { scope: 'global', keys: ['G'], action: 'bottom', help: 'go to the bottom' },
  { scope: 'global', keys: ['pgdn'], action: 'pageDown', help: 'page down' },
  { scope: 'global', keys: ['pgup'], action: 'pageUp', help: 'page up' },
  { scope: 'global', keys: ['enter'], action: 'open', help: 'open or act' },
  { scope: 'global', keys: ['space'], action: 'select', help: 'select / mark' },
  { scope: 'global', keys: ['/'], action: 'search', help: 'search or filter', footer: true },
  { scope: 'global', keys: ['esc'], action: 'back', help: 'close or cancel' },
  { scope: 'global', keys: ['r'], action: 'refresh', help: 'refresh now', footer: true },
  { scope: 'global', keys: ['?'], action: 'help', help: 'help: all keys', footer: true },
  { scope: 'global', keys: ['q', 'ctrl-c'], action: 'quit', help: 'quit', footer: true },
];

/** Help overlay's own keys (it takes every key while open). */
export const helpKeys: Binding[] = [
  { scope: 'dialog:help', keys: ['esc', '?', 'q'], action: 'close', help: 'close help' },
  { scope: 'dialog:help', keys: ['j', 'down'], action: 'down', help: 'scroll down' },
  { scope: 'dialog:help', keys: ['k', 'up'], action: 'up', help: 'scroll up' },
];

export const paneKeys: Record<PaneId, Binding[]> = {
  discover: discoverKeys,
  providers: providersKeys,
  devices: devicesKeys,
  myProviders: myProvidersKeys,
  network: networkKeys,
  account: accountKeys,
};

export const keymap: Binding[] = [
  ...globalKeys,
  ...helpKeys,
  ...Object.values(paneKeys).flat(),
  ...dialogKeys,
];

/** The binding of `key` in `scope`, if any. */
export function bindingFor(scope: Scope, key: string, table: Binding[] = keymap): Binding | undefined {
  return table.find((b) => b.scope === scope && b.keys.includes(key));
}

/** How a key is written in hints and help (arrows as arrows; names otherwise read better than symbols). */
export function keyLabel(key: string): string {
  const labels: Record<string, string> = {
    pgup: 'PgUp',
    pgdn: 'PgDn',
    up: '↑',
    down: '↓',
    left: '←',
    right: '→',
  };
  return labels[key] ?? key;
}

/** Problems a test reports: the same key twice in one scope, or a pane key that is global. */
export function keymapConflicts(table: Binding[] = keymap): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const globals = new Set(table.filter((b) => b.scope === 'global').flatMap((b) => b.keys));
  for (const b of table) {
    for (const key of b.keys) {
      const id = `${b.scope} ${key}`;
      const other = seen.get(id);
      if (other) problems.push(`${b.scope}: '${key}' is bound to both ${other} and ${b.action}`);
      seen.set(id, b.action);
      if (b.scope !== 'global' && !b.scope.startsWith('dialog:') && globals.has(key))
        problems.push(`${b.scope}: '${key}' (${b.action}) is already a global key`);
    }
  }
  return problems;
}
