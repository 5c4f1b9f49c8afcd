// What the whole console shares: where it points, which pane is shown, and what is
// layered over it (the help overlay, open dialogs). No React: the UI reads it through
// src/ui/context.tsx and key handlers call its actions via getState().
import { createStore, type StoreApi } from 'zustand/vanilla';
import { decodeToken } from '../api/auth.ts';

export type SessionTarget = { kind: 'demo'; seed: number } | { kind: 'api'; url: string };

export interface SessionState {
  target: SessionTarget;
  /** The configuration's profile in use, which the header names (as k9s names its context); none for the plain demo. */
  profile?: string;
  /** From the token's claims (never verified, display only). */
  networkName?: string;
  /** A token was given (or the console's login got one): the actions that need it can run. */
  hasToken: boolean;
  /**
   * The pane shown, by id; undefined shows the first. Which panes exist, their order and
   * their ids are the UI's (src/ui/panes/list.ts): the store only keeps the choice.
   */
  activePane?: string;
  /** Over the pane: the `?` help, the `!` event log, or the `:` command palette. */
  overlay?: 'help' | 'events' | 'palette';
  /** Open dialogs, the last one on top and the one that gets keys. */
  dialogs: string[];
  /**
   * The id of the text input that gets typed keys, set by the action that opens it (so
   * keys typed in the same chunk as `/` already go to the box). Cleared on pane change.
   */
  focus?: string;
  /** Why the last key could not act (the footer shows it until the next key). */
  said?: string;
  /** Set by `q`/ctrl-c; the app unmounts when it sees it. */
  quitting: boolean;
  /** A line for the footer for a few seconds (what `y` did); `seq` tells a repeat apart. */
  notice?: { text: string; seq: number };
  setPane(id: string): void;
  toggleHelp(): void;
  toggleEvents(): void;
  /** Opens the `:` command palette over the pane (it closes as the other overlays do). */
  openPalette(): void;
  closeOverlay(): void;
  openDialog(id: string): void;
  /** Closes `id`, or the top dialog when no id is given. */
  closeDialog(id?: string): void;
  setFocus(id: string | undefined): void;
  /** Shows why a key could not act; undefined clears it. */
  say(why: string | undefined): void;
  /** After a login in the console: the header shows the token's network. */
  setToken(token: string): void;
  quit(): void;
  /** Shows `text` in the footer for a few seconds (a toast). */
  notify(text: string): void;
}
export type SessionStore = StoreApi<SessionState>;

export interface SessionOptions {
  target: SessionTarget;
  profile?: string;
  token?: string;
  /** Whether the client has a token (default: whether `token` is given). */
  hasToken?: boolean;
  pane?: string;
}

export function createSessionStore(options: SessionOptions): SessionStore {
  const networkName = options.token ? decodeToken(options.token)?.networkName : undefined;
  return createStore<SessionState>()((set, get) => ({
    target: options.target,
    profile: options.profile,
    networkName,
    hasToken: options.hasToken ?? Boolean(options.token),
    activePane: options.pane,
    dialogs: [],
    quitting: false,
    setPane: (id) => set({ activePane: id, focus: undefined, said: undefined, notice: undefined }),
    // An overlay's own box (its search) has the keys only while it is open.
    toggleHelp: () => set({ overlay: get().overlay === 'help' ? undefined : 'help', focus: undefined }),
    toggleEvents: () => set({ overlay: get().overlay === 'events' ? undefined : 'events', focus: undefined }),
    openPalette: () => set({ overlay: 'palette', focus: undefined }),
    closeOverlay: () => set({ overlay: undefined, focus: undefined }),
    openDialog: (id) => set({ dialogs: [...get().dialogs.filter((d) => d !== id), id] }),
    closeDialog: (id) => {
      const { dialogs } = get();
      set({ dialogs: id === undefined ? dialogs.slice(0, -1) : dialogs.filter((d) => d !== id) });
    },
    setFocus: (id) => set({ focus: id }),
    say: (said) => set({ said }),
    setToken: (token) => set({ networkName: decodeToken(token)?.networkName, hasToken: Boolean(token) }),
    quit: () => set({ quitting: true }),
    notify: (text) => set({ notice: { text, seq: (get().notice?.seq ?? 0) + 1 } }),
  }));
}
