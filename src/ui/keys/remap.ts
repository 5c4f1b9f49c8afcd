// The user's keys: the configuration's `keys` ({"devices.share": ["S"]}) put over the
// key table. An action is named by its scope and its name in the table: a global one by
// its name alone (`quit`, `refresh`, `pane:devices`), a pane's as `<pane>.<action>`
// (`devices.share`), a dialog's as `<dialog>.<action>` (`help.close`, `palette.run`). The
// keys given replace the action's default keys. No React: the configuration checks a
// remap (src/cli/profile/config.ts) before Ink loads.
import { echoed, quotedName } from '../../sanitize.ts';
import { type Binding, isDialogScope } from './bindings.ts';

/** Action name -> the keys it takes instead of its defaults. */
export type KeyRemaps = Readonly<Record<string, readonly string[]>>;

/** The name a binding goes by in the configuration's `keys`. */
export function actionName(b: Pick<Binding, 'scope' | 'action'>): string {
  if (b.scope === 'global') return b.action;
  return `${isDialogScope(b.scope) ? b.scope.slice('dialog:'.length) : b.scope}.${b.action}`;
}

/** Named keys beside single characters (keys.ts names them so). */
const NAMED_KEYS = new Set([
  'enter',
  'esc',
  'tab',
  'shift-tab',
  'space',
  'up',
  'down',
  'left',
  'right',
  'pgup',
  'pgdn',
  'home',
  'end',
  'backspace',
  'delete',
]);

/**
 * ctrl and a letter, but not those a terminal sends as another key (ctrl-h backspace,
 * ctrl-i tab, ctrl-j and ctrl-m enter), ctrl-c (quits, always) or ctrl-z (suspends).
 */
const CTRL_KEY = /^ctrl-[abdefgklnopqrstuvwxy]$/;

/** The one key no remap may take: it quits from anywhere. */
export const QUIT_KEY = 'ctrl-c';

/** Why `key` cannot be bound, or undefined when it can. */
export function keyProblem(key: string): string | undefined {
  if (key === QUIT_KEY) return 'ctrl-c always quits: it cannot be given to an action or taken from quit';
  if (NAMED_KEYS.has(key) || CTRL_KEY.test(key)) return undefined;
  // One printable character (a space is `space`): no control, format (bidi, invisible) or
  // line or paragraph separator, which the footer would draw raw.
  if ([...key].length === 1 && key > ' ' && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(key)) return undefined;
  return `${quotedName(key)} is not a key: a single character, ctrl-a … ctrl-y, or one of ${[...NAMED_KEYS].join(', ')}`;
}

export interface Remapped {
  table: Binding[];
  /** What is wrong with the remap (unknown actions, bad keys, conflicts); empty when it can be used. */
  problems: string[];
}

/**
 * `table` with the remapped actions' keys replaced (quit keeps ctrl-c whatever it is given).
 * `suggest` words the closest action name for one that does not exist.
 */
export function remapKeys(
  table: readonly Binding[],
  remaps: KeyRemaps,
  suggest: (name: string, known: readonly string[]) => string = () => '',
): Remapped {
  const problems: string[] = [];
  const known = table.map(actionName);
  for (const [name, keys] of Object.entries(remaps)) {
    if (!known.includes(name)) problems.push(`no action "${echoed(name)}"${suggest(name, known)}`);
    for (const key of keys) {
      const problem = keyProblem(key);
      if (problem) problems.push(`${name}: ${problem}`);
    }
  }
  const remapped = table.map((b): Binding => {
    const name = actionName(b);
    if (!Object.hasOwn(remaps, name)) return b;
    const keys = [...new Set(remaps[name].filter((key) => key !== QUIT_KEY))];
    return { ...b, keys: b.keys.includes(QUIT_KEY) ? [...keys, QUIT_KEY] : keys };
  });
  problems.push(...keymapConflicts(remapped));
  return { table: remapped, problems };
}

/**
 * Problems of a table: the same key for two actions of one scope, or a pane's key that is a
 * global one too (the pane would take it everywhere it is shown). Dialogs take every key,
 * so their keys may be global ones.
 */
export function keymapConflicts(table: readonly Binding[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, Binding>();
  const globals = new Map<string, Binding>();
  for (const b of table) if (b.scope === 'global') for (const key of b.keys) globals.set(key, b);
  for (const b of table) {
    for (const key of b.keys) {
      const id = `${b.scope} ${key}`;
      const other = seen.get(id);
      if (other && other !== b)
        problems.push(`'${key}' is bound to both ${actionName(other)} and ${actionName(b)}`);
      seen.set(id, b);
      const global = globals.get(key);
      if (b.scope !== 'global' && !isDialogScope(b.scope) && global)
        problems.push(`'${key}' of ${actionName(b)} is the global key of ${actionName(global)}`);
    }
  }
  return problems;
}
