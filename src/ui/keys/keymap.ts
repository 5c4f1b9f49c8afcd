// The one key table, put together: the global keys (with a digit for each pane of the
// pane list), the help overlay's, each pane's own (with its dialogs'), and the dialogs
// several panes open. The footer hints, the `?` overlay and the `:` palette are generated
// from it (with the user's keys: keys/remap.ts); test/ui/keymap.test.ts fails on a
// duplicate key within a scope or a pane key that a global binding already uses,
// test/ui/panes.test.tsx on a binding without a handler.
// How a binding is written: src/ui/keys/bindings.ts. No React here: the configuration's
// check of remapped keys reads this table before Ink loads.
import { PANE_LIST, type PaneBinding } from '../panes/list.ts';
import type { Binding, Scope } from './bindings.ts';
import { exportKeys, loginKeys, profileKeys, questionKeys, stalePeriodKeys } from './dialog-keys.ts';
import { eventLogKeys, globalKeys, helpKeys, paletteKeys } from './global-keys.ts';

/** `1`..`9` select the panes in tab order. */
export const paneSwitchKeys = PANE_LIST.map((pane) => ({
  scope: 'global' as const,
  keys: [pane.digit] as readonly string[],
  action: `pane:${pane.id}` as const,
  help: `show ${pane.title}`,
}));

export const globalTable = [...paneSwitchKeys, ...globalKeys];

/** A binding of the table with its scope and action as literal types (key-names.ts names them). */
export type KeymapBinding =
  | (typeof paneSwitchKeys)[number]
  | (typeof globalKeys)[number]
  | (typeof helpKeys)[number]
  | (typeof eventLogKeys)[number]
  | (typeof paletteKeys)[number]
  | PaneBinding
  | (typeof loginKeys)[number]
  | (typeof questionKeys)[number]
  | (typeof stalePeriodKeys)[number]
  | (typeof profileKeys)[number]
  | (typeof exportKeys)[number];

const TABLE: readonly KeymapBinding[] = [
  ...globalTable,
  ...helpKeys,
  ...eventLogKeys,
  ...paletteKeys,
  ...PANE_LIST.flatMap((pane) => pane.keys),
  ...loginKeys,
  ...questionKeys,
  ...stalePeriodKeys,
  ...profileKeys,
  ...exportKeys,
];

/** Every binding, in the order the help lists them. */
export const keymap: readonly Binding[] = TABLE;

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

/** A binding as the footer offers it: `notNow` when the pane's view says it cannot act now. */
export type OfferedBinding = Binding & { readonly notNow?: boolean };

/**
 * A binding as the footer hints show it: its keys, then its footer word (else its help);
 * a key that cannot act now has its keys in brackets, `(p) send`, in every theme.
 */
export function footerHint(b: OfferedBinding): string {
  const keys = b.keys.map(keyLabel).join('/');
  return `${b.notNow ? `(${keys})` : keys} ${typeof b.footer === 'string' ? b.footer : b.help}`;
}

/** The scopes of the table in order of first appearance. */
export const scopesOf = (table: readonly Binding[]): Scope[] => [...new Set(table.map((b) => b.scope))];
