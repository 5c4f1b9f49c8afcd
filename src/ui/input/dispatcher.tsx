// The one input dispatcher. A single Ink useInput here decides who gets each key:
//   ctrl-c (quit, always)
//   > the help overlay (scope 'dialog:help'), or the top open dialog: `tab`/`shift-tab` go
//     to the dialog (moving between its fields), then a focused text input, then the
//     dialog's bindings; nothing behind a dialog gets the key
//   > a focused text input (every printable key is text: a `q` or `1` typed is text;
//     enter submits, esc leaves; other keys such as up/down fall through). The focused
//     one is the mounted input whose id is `session.focus` (set by the action that opens
//     it, so the keys after `/` in one chunk already go to the box), else the last
//     mounted input that is focused by default (a dialog's only field)
//   > the active pane's bindings
//   > global bindings (the active pane's handler for that action first, so a pane
//     implements `down`, `select`, `search`... for itself; then the global handler).
// Handlers are kept in refs updated on every render and should read stores through
// getState(), so fast key sequences never act on stale state; keys that arrive together
// are handled one per render (keyQueue.ts), so each finds the handlers the one before set up.
import { useInput } from 'ink';
import type React from 'react';
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { Stores } from '../../store/index.ts';
import { useStores } from '../context.tsx';
import { bindingFor, type Scope } from '../keymap.ts';
import { KeyQueue } from './keyQueue.ts';
import { isPrintable, keyName, splitKeys } from './keys.ts';

export type Actions = Record<string, () => void>;
/** A focused text input's key handler: true when it took the key. */
export type TextKeyHandler = (name: string | undefined, input: string) => boolean;

interface TextEntry {
  id: string;
  handle: { current: TextKeyHandler };
  /** Focused without session.focus naming it (the TextInput's `focused` prop). */
  auto: { current: boolean };
}

export class KeyRegistry {
  private readonly actions = new Map<Scope, { current: Actions }[]>();
  private readonly texts: TextEntry[] = [];

  addActions(scope: Scope, ref: { current: Actions }): () => void {
    const list = this.actions.get(scope) ?? [];
    list.push(ref);
    this.actions.set(scope, list);
    return () => {
      const at = list.indexOf(ref);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Runs `action` of `scope` if some mounted component handles it; the latest registered wins. */
  run(scope: Scope, action: string): boolean {
    const list = this.actions.get(scope) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const fn = list[i].current[action];
      if (fn) {
        fn();
        return true;
      }
    }
    return false;
  }

  focusText(entry: TextEntry): () => void {
    this.texts.push(entry);
    return () => {
      const at = this.texts.indexOf(entry);
      if (at >= 0) this.texts.splice(at, 1);
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
    if (name === 'ctrl-c') {
      session.quit();
      return;
    }
    if (session.overlay === 'help') {
      const b = name && bindingFor('dialog:help', name);
      if (b) this.run('dialog:help', b.action);
      return;
    }
    const text = this.focusedText(stores);
    const dialog = session.dialogs[session.dialogs.length - 1];
    if (dialog) {
      const scope: Scope = `dialog:${dialog}`;
      const b = name && bindingFor(scope, name);
      if (b && (name === 'tab' || name === 'shift-tab') && this.run(scope, b.action)) return;
      if (text?.handle.current(name, input)) return;
      if (b) this.run(scope, b.action);
      return;
    }
    if (text?.handle.current(name, input)) return;
    if (!name) return;
    const pane = session.activePane;
    const own = bindingFor(pane, name);
    if (own && this.run(pane, own.action)) return;
    const global = bindingFor('global', name);
    if (global && !this.run(pane, global.action)) this.run('global', global.action);
  }
}

const RegistryContext = createContext<KeyRegistry | null>(null);

function useRegistry(): KeyRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('key handlers need <InputProvider> above them');
  return registry;
}

/** Listens to the keyboard (needs a TTY stdin) and routes every key. */
export function InputProvider({ children }: { children: React.ReactNode }) {
  const stores = useStores();
  const registry = useRef(new KeyRegistry()).current;
  const queue = useRef<KeyQueue | null>(null);
  queue.current ??= new KeyQueue((key) => {
    if ('name' in key) {
      registry.dispatch(stores, key.name, key.input);
      return;
    }
    // A paste goes whole to a focused box; with none, it is the keys it holds.
    const text = registry.focusedText(stores);
    if (!text || stores.session.getState().overlay) return splitKeys(key.text);
    text.handle.current(undefined, key.text);
  });
  useInput((input, key) => {
    const name = keyName(input, key);
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
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

// Registration happens in layout effects: at commit, before the next key can arrive.

/** Supplies handlers for the actions of `scope` while the calling component is mounted. */
export function useKeyActions(scope: Scope, actions: Actions): void {
  const registry = useRegistry();
  const ref = useRef(actions);
  ref.current = actions;
  useLayoutEffect(() => registry.addActions(scope, ref), [registry, scope]);
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
