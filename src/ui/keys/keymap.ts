// The one key table, put together: the global keys (with a digit for each pane of the
// pane list), the help overlay's, each pane's own (with its dialogs'), and the dialogs
// several panes open. The footer hints, the `?` overlay and the `:` palette are generated
// from it (with the user's keys: keys/remap.ts); test/ui/keymap.test.ts fails on a
// duplicate key within a scope or a pane key that a global binding already uses,
// test/ui/panes.test.tsx on a binding without a handler.
// How a binding is written: src/ui/keys/bindings.ts. No React here: the configuration's
// check of remapped keys reads this table before Ink loads.

import { PANE_LIST } from '../panes/list.ts';
import type { Binding, Scope } from './bindings.ts';
import { loginKeys, profileKeys, questionKeys, stalePeriodKeys } from './dialog-keys.ts';
import { eventLogKeys, globalKeys, helpKeys, paletteKeys } from './global-keys.ts';

/** `1`..`9` select the panes in tab order. */
export const paneSwitchKeys: readonly Binding[] = PANE_LIST.map((pane) => ({
  scope: 'global',
  keys: [pane.digit],
  action: `pane:${pane.id}`,
  help: `show ${pane.title}`,
}));

export const globalTable: readonly Binding[] = [...paneSwitchKeys, ...globalKeys];

export const keymap: readonly Binding[] = [
  ...globalTable,
  ...helpKeys,
  ...eventLogKeys,
  ...paletteKeys,
  ...PANE_LIST.flatMap((pane) => pane.keys),
  ...loginKeys,
  ...questionKeys,
  ...stalePeriodKeys,
  ...profileKeys,
];

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

/** A binding as the footer hints show it: its keys, then its footer word (else its help). */
export function footerHint(b: Binding): string {
  return `${b.keys.map(keyLabel).join('/')} ${typeof b.footer === 'string' ? b.footer : b.help}`;
}

/** The scopes of the table in order of first appearance. */
export const scopesOf = (table: readonly Binding[]): Scope[] => [...new Set(table.map((b) => b.scope))];
