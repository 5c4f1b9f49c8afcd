// The key a sentence names ("r retries", "X removes"): the user's first key for the
// action (the configuration's `keys` may remap it), so no hint names a key that does
// nothing. Actions go by the names the configuration uses (keys/remap.ts): `refresh`,
// `devices.qr`. The console's table is set as the app's context provider renders, once
// per console; until then (and in tests that render no app) it is the table's own.
import type { Binding } from './bindings.ts';
import { keyLabel, keymap } from './keymap.ts';
import { actionName } from './remap.ts';

/** Action name -> its binding, for the table the console runs on (built once per table). */
let byAction = new Map<string, Binding>();
let table: readonly Binding[] | undefined;

/** The key table the sentences name keys from (the user's). */
export function nameKeysFrom(userTable: readonly Binding[]): void {
  if (userTable === table) return;
  table = userTable;
  byAction = new Map(userTable.map((b) => [actionName(b), b]));
}

/** The key a sentence names for `action`; test/ui/key-names.test.ts checks every name used. */
export function keyOf(action: string): string {
  if (!table) nameKeysFrom(keymap);
  const binding = byAction.get(action);
  if (!binding) throw new Error(`keyOf: no action "${action}" in the key table`);
  const key = binding.keys[0];
  return key === undefined ? `(${action}: no key)` : keyLabel(key);
}
