// The key a sentence names ("r retries", "X removes"): the user's first key for the
// action (the configuration's `keys` may remap it), so no hint names a key that does
// nothing. One object holds every action's name, built once from the key table the
// console runs on and handed down through the app's context (src/ui/context.tsx); a
// function that words a sentence takes it as an argument. Actions go by the names the
// configuration uses (remap.ts): `refresh`, `devices.qr`; the compiler checks each one.
import type { Binding } from './bindings.ts';
import { type KeymapBinding, keyLabel } from './keymap.ts';
import { actionName } from './remap.ts';

/** The name the configuration's `keys` gives a binding of the table (remap.ts, actionName). */
type NameOf<B> = B extends { scope: infer S extends string; action: infer A extends string }
  ? S extends 'global'
    ? A
    : S extends `dialog:${infer D}`
      ? `${D}.${A}`
      : `${S}.${A}`
  : never;

/** Every action of the key table by the name the configuration uses. */
export type ActionName = NameOf<KeymapBinding>;

/** Each action's key as a sentence names it: the first of the user's keys, as the hints write it. */
export type KeyNames = { readonly [A in ActionName]: string };

/** The names of `table`'s keys (the user's table: the defaults with the configuration's remaps). */
export function keyNamesOf(table: readonly Binding[]): KeyNames {
  const names: Record<string, string> = {};
  for (const b of table) {
    const name = actionName(b);
    const key = b.keys[0];
    names[name] = key === undefined ? `(${name}: no key)` : keyLabel(key);
  }
  return names as KeyNames;
}
