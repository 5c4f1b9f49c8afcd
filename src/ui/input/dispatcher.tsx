// The one input dispatcher. A single Ink useInput here decides who gets each key:
//   ctrl-c (quit, always)
//   > the help, event log or palette overlay (scope 'dialog:help', 'dialog:events',
//     'dialog:palette': its search box first), or the top open dialog: `tab`/`shift-tab` go
//     to the dialog (moving between its fields), then a focused text input, then the
//     dialog's bindings; nothing behind a dialog gets the key
//   > a focused text input (every printable key is text: a `q` or `1` typed is text;
//     ←/→, Home/End and Delete edit the line, so they never reach the pane behind;
//     enter submits, esc leaves; other keys such as up/down fall through). The focused
//     one is the mounted input whose id is `session.focus` (set by the action that opens
//     it, so the keys after `/` in one chunk already go to the box), else the last
//     mounted input that is focused by default (a dialog's only field)
//   > the active pane's bindings
//   > global bindings (the active pane's handler for that action first, so a pane
//     implements `down`, `select`, `search`... for itself; then the global handler).
// A key the active pane's view gives a reason for (it cannot act now, or the service
// lacks what it asks: the pane's `keyReasons`) says that reason instead of reaching the
// pane's handler, from the keyboard and from the palette alike.
// A `sort` handler gives back its list's columns (a SortChoice) instead of sorting: the
// key after it, before anyone else gets it, picks a column by its letter, steps to the
// next column when it is the sort key again, or cancels (esc); any other key then acts
// as itself. No timer: it waits as long as the user does.
// Handlers are kept in refs updated on every render and should read stores through
// getState(), so fast key sequences never act on stale state; keys that arrive together
// are handled one per render (key-queue.ts), so each finds the handlers the one before set up.
// The key table and the active pane's scope come from the frame (src/ui/app.tsx): this
// file knows no pane, so the panes can use it without an import loop.
import { useInput, usePaste, useStdin } from 'ink';
import type React from 'react';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { Stores } from '../../store/index.ts';
import { useStores } from '../context.tsx';
import {
  type Binding,
  dialogScope,
  type Handlers,
  type KeyOutcome,
  type Scope,
  type SortChoice,
} from '../keys/bindings.ts';
import type { FrameHandlers, PaneHandlers } from '../keys/global-keys.ts';
import { type KeyNames, keyNamesOf } from '../keys/key-names.ts';
import type { KeyReasons } from '../keys/key-reasons.ts';
import { type SortLetter, sortLetters } from '../keys/sort-letters.ts';
import { KeyQueue } from './key-queue.ts';
import { isPrintable, keyName, pastedLine, splitKeys } from './keys.ts';
import type { MouseEvent } from './mouse.ts';
import { onMouse } from './terminal-input.ts';
import { MouseProvider, MouseTargets } from './use-mouse.tsx';

export type Actions = Readonly<Record<string, () => KeyOutcome>>;
/**
 * What the footer offers of a scope's keys now, where that differs from the table: an
 * action's hint in other words (a question answered: `y` closes), or false to leave out
 * a key that does nothing in this state (sorting a table that a detail hides).
 */
export type KeyOffer = Readonly<Record<string, string | false>>;
/** What the dispatcher asks the frame about the pane shown: its key scope, and why its keys cannot act. */
export interface ShownPane {
  scope(stores: Stores): Scope;
  /** The shown pane's key reasons now (its definition's `keyReasons`), in the words of `keys`. */
  reasons(stores: Stores, keys: KeyNames): KeyReasons | undefined;
}
/** A sort waiting for its column (the sort key was pressed): the next key decides. */
export interface SortWait {
  /** The keys of the sort that started it: pressed again, the list steps to its next column. */
  readonly keys: readonly string[];
  /** The columns' letters, as the footer lists them. */
  readonly letters: readonly SortLetter[];
  readonly choice: SortChoice;
}

/** A focused text input's key handler: true when it took the key. */
export type TextKeyHandler = (name: string | undefined, input: string) => boolean;

interface TextEntry {
  id: string;
  handle: { current: TextKeyHandler };
  /** Focused without session.focus naming it (the TextInput's `focused` prop). */
  auto: { current: boolean };
}

/** The binding of `key` in `scope`, if any. */
export function bindingFor(table: readonly Binding[], scope: Scope, key: string): Binding | undefined {
  return table.find((b) => b.scope === scope && b.keys.includes(key));
}

export class KeyRegistry {
  private readonly actions = new Map<Scope, { current: Actions; offer?: KeyOffer }[]>();
  private readonly texts: TextEntry[] = [];
  private readonly textListeners = new Set<() => void>();
  /** An action chosen in the palette for a pane whose handlers are not mounted yet. */
  private pending?: { scope: Scope; action: string; say: (why: string) => void };
  /** The sort waiting for the next key, if one is. */
  private waiting?: SortWait;

  /** The sort waiting for its column now (the footer lists the letters). */
  sortWait(): SortWait | undefined {
    return this.waiting;
  }

  /** Stops waiting for a sort's column (esc, the next key, a click). */
  cancelSortWait(): void {
    if (!this.waiting) return;
    this.waiting = undefined;
    this.textsChanged();
  }

  /**
   * Tells the footer a text box gained or lost the keys (useTyping), an offer changed
   * (useKeyOffer), or a sort began or stopped waiting for its column (useSortWait).
   */
  readonly subscribeTexts = (listener: () => void) => {
    this.textListeners.add(listener);
    return () => this.textListeners.delete(listener);
  };
  textsChanged(): void {
    for (const listener of this.textListeners) listener();
  }

  /** The footer's offer of `scope` now: the mounted handlers' offers together. */
  offer(scope: Scope): KeyOffer | undefined {
    const offers = (this.actions.get(scope) ?? []).flatMap((entry) => (entry.offer ? [entry.offer] : []));
    return offers.length ? Object.assign({}, ...offers) : undefined;
  }

  /** The names of the table's keys, for the reasons' sentences. */
  private readonly names: KeyNames;

  constructor(
    /** Every binding (src/ui/keys/keymap.ts), with the user's keys. */
    private readonly keymap: readonly Binding[],
    /** The pane shown now. */
    private readonly pane: ShownPane,
  ) {
    this.names = keyNamesOf(keymap);
  }

  /** The actions mounted components handle in `scope` now (tests compare them with the table). */
  handled(scope: Scope): string[] {
    return [...new Set((this.actions.get(scope) ?? []).flatMap((ref) => Object.keys(ref.current)))];
  }

  addActions(scope: Scope, ref: { current: Actions; offer?: KeyOffer }): () => void {
    const list = this.actions.get(scope) ?? [];
    list.push(ref);
    this.actions.set(scope, list);
    const chosen = this.pending;
    if (chosen?.scope === scope && ref.current[chosen.action]) {
      this.pending = undefined;
      // After the commit that mounted the pane, as a key would come.
      queueMicrotask(() => this.run(chosen.scope, chosen.action, chosen.say));
    }
    return () => {
      const at = list.indexOf(ref);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /**
   * Runs `action` of `scope` if some mounted component handles it; the latest registered
   * wins. A handler's reason for not acting goes to `say` (the footer).
   */
  run(scope: Scope, action: string, say?: (why: string) => void): boolean {
    const list = this.actions.get(scope) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const fn = list[i].current[action];
      if (fn) {
        const outcome = fn();
        if (typeof outcome === 'string') say?.(outcome);
        else if (typeof outcome === 'object') this.waitForColumn(scope, action, outcome);
        return true;
      }
    }
    return false;
  }

  /** Waits for the key that picks one of `choice`'s columns (see the top of this file). */
  private waitForColumn(scope: Scope, action: string, choice: SortChoice): void {
    // The sort's own keys: the scope's binding of the action, else the global one a pane takes over.
    const own = this.keymap.filter((b) => b.scope === scope && b.action === action);
    const bound = own.length ? own : this.keymap.filter((b) => b.scope === 'global' && b.action === action);
    const keys = bound.flatMap((b) => b.keys);
    this.waiting = { keys, letters: sortLetters(choice.columns, keys), choice };
    this.textsChanged();
  }

  /** The key after the sort key: true when it picked a column, stepped or cancelled. */
  private pickSort(waiting: SortWait, name: string | undefined): boolean {
    this.cancelSortWait();
    if (name === 'esc') return true;
    if (name !== undefined && waiting.keys.includes(name)) {
      waiting.choice.next();
      return true;
    }
    const letter = waiting.letters.find((l) => l.key === name);
    if (!letter) return false;
    waiting.choice.by(letter.column);
    return true;
  }

  /**
   * Runs `action` in the pane shown, as run() does, unless the pane's view gives it a
   * reason: then says that (and it counts as handled).
   */
  private runInPane(stores: Stores, action: string, say: (why: string) => void): boolean {
    const reason = this.pane.reasons(stores, this.names)?.[action];
    if (!reason) return this.run(this.pane.scope(stores), action, say);
    say(reason.why);
    return true;
  }

  /**
   * Runs an action the palette chose as its key would: a global one by the active pane's
   * handler first; a pane's at once, or as soon as that pane (just switched to) mounts.
   */
  runChosen(stores: Stores, scope: Scope, action: string, say: (why: string) => void): void {
    this.pending = undefined;
    if (scope === 'global') {
      if (this.runInPane(stores, action, say) || this.run('global', action, say)) return;
      const help = this.keymap.find((b) => b.scope === 'global' && b.action === action)?.help ?? action;
      say(`${help}: does nothing in this pane`);
      return;
    }
    if (
      scope === this.pane.scope(stores) ? !this.runInPane(stores, action, say) : !this.run(scope, action, say)
    )
      this.pending = { scope, action, say };
  }

  focusText(entry: TextEntry): () => void {
    this.texts.push(entry);
    this.textsChanged();
    return () => {
      const at = this.texts.indexOf(entry);
      if (at >= 0) this.texts.splice(at, 1);
      this.textsChanged();
    };
  }

  /** The focused text input (see the order at the top of this file). */
  focusedText(stores: Stores): TextEntry | undefined {
    const named = stores.session.getState().focus;
    const latest = [...this.texts].reverse();
    return (named ? latest.find((t) => t.id === named) : undefined) ?? latest.find((t) => t.auto.current);
  }

  /** Routes one key (see the order at the top of this file). */
  dispatch(stores: Stores, name: string | undefined, input: string): void {
    const session = stores.session.getState();
    this.pending = undefined;
    // The reason a key could not act stays up until the next key.
    if (session.said !== undefined) session.say(undefined);
    if (name === 'ctrl-c') {
      session.quit();
      return;
    }
    const waiting = this.waiting;
    if (waiting && this.pickSort(waiting, name)) return;
    const find = (scope: Scope, key: string) => bindingFor(this.keymap, scope, key);
    const text = this.focusedText(stores);
    if (session.overlay) {
      const scope = dialogScope(session.overlay);
      if (text?.handle.current(name, input)) return;
      const b = name && find(scope, name);
      if (b) this.run(scope, b.action);
      return;
    }
    const dialog = session.dialogs[session.dialogs.length - 1];
    if (dialog) {
      const scope = dialogScope(dialog);
      const b = name && find(scope, name);
      if (b && (name === 'tab' || name === 'shift-tab') && this.run(scope, b.action)) return;
      if (text?.handle.current(name, input)) return;
      if (b) this.run(scope, b.action);
      return;
    }
    if (text?.handle.current(name, input)) return;
    if (!name) return;
    const say = (why: string) => stores.session.getState().say(why);
    const own = find(this.pane.scope(stores), name);
    if (own && this.runInPane(stores, own.action, say)) return;
    const global = find('global', name);
    if (!global || this.runInPane(stores, global.action, say) || this.run('global', global.action, say))
      return;
    // A key of the table that nothing here takes (`/` where there is nothing to search).
    say(`${name} (${global.help}) does nothing in this pane`);
  }
}

const RegistryContext = createContext<KeyRegistry | null>(null);

function useRegistry(): KeyRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('key handlers need <InputProvider> above them');
  return registry;
}

/** The wheel moves the list under it (the active one) by this many rows. */
export const WHEEL_ROWS = 3;

/**
 * A mouse report: the wheel is WHEEL_ROWS presses of ↓ or ↑ (so it scrolls whatever those
 * move: the pane's list, the help, a dialog's list); a left click goes to the box under
 * the pointer, unless a dialog or the help covers the pane.
 */
function routeMouse(
  event: MouseEvent,
  stores: Stores,
  targets: MouseTargets,
  queue: KeyQueue,
  registry: KeyRegistry,
): void {
  if (event.kind === 'wheelUp' || event.kind === 'wheelDown') {
    const name = event.kind === 'wheelDown' ? 'down' : 'up';
    queue.push(Array.from({ length: WHEEL_ROWS }, () => ({ name, input: '' })));
    return;
  }
  const session = stores.session.getState();
  if (event.kind !== 'press' || event.button !== 0 || session.overlay || session.dialogs.length) return;
  // A click is no column's letter: a sort waiting for one stops (a click on a header sorts by itself).
  registry.cancelSortWait();
  targets.click(event);
}

/** Listens to the keyboard (needs a TTY stdin) and routes every key; mouse reports too. */
export function InputProvider({
  keymap,
  pane,
  registry: given,
  children,
}: {
  keymap: readonly Binding[];
  pane: ShownPane;
  /** A registry of the caller's (tests read what is handled); default a new one. */
  registry?: KeyRegistry;
  children: React.ReactNode;
}) {
  const stores = useStores();
  const registry = useRef(given ?? new KeyRegistry(keymap, pane)).current;
  const targets = useRef(new MouseTargets()).current;
  const queue = useRef<KeyQueue | null>(null);
  queue.current ??= new KeyQueue((key) => {
    if ('name' in key) {
      registry.dispatch(stores, key.name, key.input);
      return;
    }
    // A paste goes whole to a focused box; with none, it is the keys it holds, unless the
    // terminal said it was a paste (bracketed): then it is no keys at all.
    const text = registry.focusedText(stores);
    const session = stores.session.getState();
    if (!text || session.overlay) {
      if (!('pasted' in key)) return splitKeys(key.text);
      session.say('a paste goes into a text box: none takes it here');
      return;
    }
    text.handle.current(undefined, key.text);
  });
  // The bytes of the event Ink is about to hand to useInput (keyName tells Delete from
  // Backspace by them): this listener goes before useInput's, which Ink adds on each render.
  const raw = useRef('');
  const stdin = useStdin();
  // Ink's own event emitter, outside its public types since Ink 7.
  const events = (stdin as { internal_eventEmitter?: NodeJS.EventEmitter }).internal_eventEmitter;
  useEffect(() => {
    const keep = (data: string) => {
      raw.current = data;
    };
    events?.prependListener('input', keep);
    return () => {
      events?.removeListener('input', keep);
    };
  }, [events]);
  // Mouse reports come on their own (terminal-input.ts): Ink hands no such sequence to useInput.
  useEffect(
    () => onMouse(stdin.stdin, (event) => routeMouse(event, stores, targets, queue.current!, registry)),
    [stdin.stdin, stores, targets, registry],
  );
  // Bracketed paste (Ink turns it on while this listens): a pasted code's newline is no enter,
  // and a paste of several lines stays in the box as one.
  usePaste((pasted) => {
    const text = pastedLine(pasted);
    if (text) queue.current!.push([{ text, pasted: true }]);
  });
  useInput((input, key) => {
    const name = keyName(input, key, raw.current);
    // esc then a key in one chunk reads as alt+key; no binding uses alt, so it is the two keys.
    if (name?.startsWith('alt-') && [...input].length === 1) {
      queue.current!.push([
        { name: 'esc', input: '\u001b' },
        { name: input === ' ' ? 'space' : input, input },
      ]);
      return;
    }
    if (name !== undefined || [...input].length <= 1) return queue.current!.push([{ name, input }]);
    // Several keys in one chunk: a paste, or keys typed faster than they are read.
    queue.current!.push(isPrintable(input) ? [{ text: input }] : splitKeys(input));
  });
  return (
    <RegistryContext.Provider value={registry}>
      <MouseProvider targets={targets}>{children}</MouseProvider>
    </RegistryContext.Provider>
  );
}

// Registration happens in layout effects: at commit, before the next key can arrive.

/**
 * What a scope's handlers must be: the frame's for `global`, a dialog's every action, a
 * pane's every action plus any global one it takes over (global-keys.ts).
 */
export type ScopeHandlers<T extends readonly Binding[], S extends string> = S extends 'global'
  ? FrameHandlers
  : S extends `dialog:${string}`
    ? Handlers<T, S>
    : PaneHandlers<T, S>;

/**
 * Supplies the handlers of `scope`'s actions in `table` while the calling component is
 * mounted: one for each, and no other (the compiler checks both).
 */
export function useKeyActions<const T extends readonly Binding[], const S extends T[number]['scope']>(
  table: T,
  scope: S,
  actions: ScopeHandlers<T, S>,
  /** What the footer offers now where it differs from the table (see KeyOffer). */
  offer?: { readonly [A in keyof ScopeHandlers<T, S>]?: string | false },
): void {
  const registry = useRegistry();
  const ref = useRef<{ current: Actions; offer?: KeyOffer }>({ current: actions as Actions });
  ref.current.current = actions as Actions;
  ref.current.offer = offer as KeyOffer | undefined;
  void table; // it only types `actions`
  useLayoutEffect(() => registry.addActions(scope, ref.current), [registry, scope]);
  // The footer draws the offer: it hears when it changes.
  const offered = JSON.stringify(offer ?? null);
  useLayoutEffect(() => {
    void offered;
    registry.textsChanged();
  }, [registry, offered]);
}

/**
 * Registers a text input's key handler while mounted. It gets keys when
 * `session.focus` names `id`, or, with `autoFocus`, when it is the last such input mounted.
 */
export function useTextFocus(id: string, autoFocus: boolean, handle: TextKeyHandler): void {
  const registry = useRegistry();
  const ref = useRef(handle);
  ref.current = handle;
  const auto = useRef(autoFocus);
  auto.current = autoFocus;
  useLayoutEffect(() => registry.focusText({ id, handle: ref, auto }), [registry, id]);
  useLayoutEffect(() => {
    void autoFocus;
    registry.textsChanged();
  }, [registry, autoFocus]);
}

/** Runs an action of the key table as the palette chose it (KeyRegistry.runChosen). */
export function useRunChosen(): (scope: Scope, action: string) => void {
  const registry = useRegistry();
  const stores = useStores();
  return (scope, action) =>
    registry.runChosen(stores, scope, action, (why) => stores.session.getState().say(why));
}

/** The footer's offer of `scope` now (see KeyOffer). */
export function useKeyOffer(scope: Scope): KeyOffer | undefined {
  const registry = useRegistry();
  const key = useSyncExternalStore(registry.subscribeTexts, () =>
    JSON.stringify(registry.offer(scope) ?? null),
  );
  return (JSON.parse(key) as KeyOffer | null) ?? undefined;
}

/** The sort waiting for its column's letter now, if one is (the footer lists the letters). */
export function useSortWait(): SortWait | undefined {
  const registry = useRegistry();
  return useSyncExternalStore(registry.subscribeTexts, () => registry.sortWait());
}

/** Whether a text box has the keys now (the footer then offers no printable key). */
export function useTyping(): boolean {
  const registry = useRegistry();
  const stores = useStores();
  return useSyncExternalStore(registry.subscribeTexts, () => registry.focusedText(stores) !== undefined);
}

/** Open and close dialogs by id; the top one gets keys in scope `dialog:<id>`. */
export function useDialogs() {
  const { session } = useStores();
  return {
    open: (id: string) => session.getState().openDialog(id),
    close: (id?: string) => session.getState().closeDialog(id),
    isOpen: (id: string) => session.getState().dialogs.includes(id),
    top: () => session.getState().dialogs.at(-1),
  };
}
