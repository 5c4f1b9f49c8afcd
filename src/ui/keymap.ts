// The one key table, put together: the global keys (with a digit for each pane of the
// registry), the help overlay's, each pane's own (with its dialogs'), and the dialogs
// several panes open. The footer hints and the `?` overlay are generated from it;
// test/ui/keymap.test.ts fails on a duplicate key within a scope or a pane key that a
// global binding already uses, test/ui/panes.test.tsx on a binding without a handler.
// How a binding is written: src/ui/input/bindings.ts.
import { loginKeys, questionKeys, stalePeriodKeys } from './components/dialog-keys.ts';
import { profileKeys } from './components/profile-dialog.tsx';
import { type Binding, isDialogScope, type Scope } from './input/bindings.ts';
import { eventLogKeys, globalKeys, helpKeys } from './input/global-keys.ts';
import { PANES } from './panes/registry.ts';

/** `1`..`9` select the panes in tab order. */
export const paneSwitchKeys: readonly Binding[] = PANES.map((pane) => ({
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
  ...PANES.flatMap((pane) => pane.keys),
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

/** Problems a test reports: the same key twice in one scope, or a pane key that is global. */
export function keymapConflicts(table: readonly Binding[] = keymap): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const globals = new Set(table.filter((b) => b.scope === 'global').flatMap((b) => b.keys));
  for (const b of table) {
    for (const key of b.keys) {
      const id = `${b.scope} ${key}`;
      const other = seen.get(id);
      if (other) problems.push(`${b.scope}: '${key}' is bound to both ${other} and ${b.action}`);
      seen.set(id, b.action);
      if (b.scope !== 'global' && !isDialogScope(b.scope) && globals.has(key))
        problems.push(`${b.scope}: '${key}' (${b.action}) is already a global key`);
    }
  }
  return problems;
}

/** The scopes of the table in order of first appearance. */
export const scopesOf = (table: readonly Binding[]): Scope[] => [...new Set(table.map((b) => b.scope))];
