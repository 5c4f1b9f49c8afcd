// What a key binding is, and the handler objects typed from a table of them: a pane or
// dialog that forgets an action of its table, or handles one the table does not have,
// does not compile. No imports: every key table and the dispatcher build on this file.
//
// Key names: single characters as typed ('a', 'S', '<', '+'), and 'enter', 'esc', 'tab',
// 'shift-tab', 'space', 'up', 'down', 'left', 'right', 'pgup', 'pgdn', 'home', 'end',
// 'backspace', 'ctrl-c'. `footer: true` shows the binding in the footer hints (keep
// those few); a string there is the footer's shorter word for it.

/** `global`, a pane id, or `dialog:<id>` (the help overlay is `dialog:help`). */
export type Scope = string;

export interface Binding {
  readonly scope: Scope;
  readonly keys: readonly string[];
  /** The handler's name in the handlers object of the scope. */
  readonly action: string;
  readonly help: string;
  /** In the footer hints: true with `help`, a string with that shorter word. */
  readonly footer?: boolean | string;
}

/** A table of bindings with its scopes and actions kept as literal types. */
export function bindings<const T extends readonly Binding[]>(table: T): T {
  return table;
}

/** What a list's scroll keys say they move to: the next row, the previous, the ends. */
interface ScrollWords {
  down: string;
  up: string;
  top: string;
  bottom: string;
}

/** A text's words; a list says what it moves to where they differ. */
const SCROLL_WORDS: ScrollWords = {
  down: 'scroll down',
  up: 'scroll up',
  top: 'to the top',
  bottom: 'to the bottom',
};

/**
 * The keys every long list or text moves with in `scope` (j/k or the arrows, the pages,
 * g/G or home/end): written once, so every list answers them alike.
 */
export function scrollBindings<const S extends Scope>(scope: S, own: Partial<ScrollWords> = {}) {
  const words = { ...SCROLL_WORDS, ...own };
  return [
    { scope, keys: ['j', 'down'], action: 'down', help: words.down },
    { scope, keys: ['k', 'up'], action: 'up', help: words.up },
    { scope, keys: ['pgdn', 'space'], action: 'pageDown', help: 'a page down' },
    { scope, keys: ['pgup'], action: 'pageUp', help: 'a page up' },
    { scope, keys: ['g', 'home'], action: 'top', help: words.top },
    { scope, keys: ['G', 'end'], action: 'bottom', help: words.bottom },
  ] as const;
}

/**
 * The keys that filter and sort a list in `scope` (/, o, I), as the global ones do in a
 * pane; `words` say what the filter matches and what the sort goes by.
 */
export function filterSortBindings<const S extends Scope>(scope: S, words: { filter: string; sort: string }) {
  return [
    { scope, keys: ['/'], action: 'search', help: words.filter },
    { scope, keys: ['o'], action: 'sort', help: words.sort },
    { scope, keys: ['I'], action: 'reverse', help: 'reverse the sort' },
  ] as const;
}

/**
 * The keys of a dialog that is one form in `scope`: enter sends it (`submit` says what
 * that does), esc closes it (`close` says what stays).
 */
export function formBindings<const S extends Scope>(scope: S, submit: string, close = 'close') {
  return [
    { scope, keys: ['enter'], action: 'submit', help: submit },
    { scope, keys: ['esc'], action: 'close', help: close },
  ] as const;
}

/**
 * The keys of a dialog where a code is typed with the demo's codes to try listed under it
 * (redeeming one, adding one): enter sends it (`submit` says what that does), ↓/↑ put the
 * next or previous code in the box (←/→ move in the text), esc closes.
 */
export function codeFieldBindings<const S extends Scope>(scope: S, submit: string) {
  return [
    { scope, keys: ['enter'], action: 'submit', help: submit },
    { scope, keys: ['down'], action: 'nextCode', help: 'next code to try (demo)' },
    { scope, keys: ['up'], action: 'previousCode', help: 'previous code to try (demo)' },
    { scope, keys: ['esc'], action: 'close', help: 'close' },
  ] as const;
}

/**
 * The keys of a dialog that shows a QR code (QrView): `y` copies what it encodes (`copy`
 * says what that is), esc or enter closes it.
 */
export function qrBindings<const S extends Scope>(scope: S, copy: string) {
  return [
    { scope, keys: ['y'], action: 'copy', help: copy },
    { scope, keys: ['esc', 'enter'], action: 'close', help: 'close' },
  ] as const;
}

/** The actions `table` binds in `scope`. */
export type ActionsOf<T extends readonly Binding[], S extends string> = Extract<
  T[number],
  { scope: S }
>['action'];

/**
 * The columns a list sorts by, given back by its `sort` handler instead of sorting: the
 * dispatcher then waits for the next key, which picks a column by its letter (`o` `c`),
 * or steps to the next column when it is the sort key again (`o` `o`).
 */
export interface SortChoice {
  /** The list's sort columns in its order, with the words the footer gives them. */
  readonly columns: readonly { readonly id: string; readonly label: string }[];
  /** Sorted by `column`, as a click on its header sorts (by it again: reversed). */
  by(column: string): void;
  /** Sorted by the column after the one it is sorted by. */
  next(): void;
}

/**
 * What a handler gives back: nothing when it acted, a line saying why it could not (the
 * footer shows it until the next key), so no key is ever silently ignored, or the columns
 * the next key chooses from (`sort`).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that acts returns what its action returns (often void)
export type KeyOutcome = string | undefined | void | SortChoice;

/** One handler for every action of `scope` in `table`, and nothing else. */
export type Handlers<T extends readonly Binding[], S extends string> = {
  [A in ActionsOf<T, S>]: () => KeyOutcome;
};

/** The dialog of a scope, as the session names it (`dialog:share` is `share`). */
export const dialogScope = (dialog: string): Scope => `dialog:${dialog}`;
export const isDialogScope = (scope: Scope): boolean => scope.startsWith('dialog:');
