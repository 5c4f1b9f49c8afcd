// What the whole console shares: where it points, which pane is shown, and what is
// layered over it (the help overlay, open dialogs). No React: the UI reads it through
// src/ui/context.tsx and key handlers call its actions via getState().
import { createStore, type StoreApi } from 'zustand/vanilla';
import { decodeToken } from '../api/auth.ts';

/** The panes in tab order; `1`..`6` select them. */
export const PANE_IDS = ['discover', 'providers', 'devices', 'myProviders', 'network', 'account'] as const;
export type PaneId = (typeof PANE_IDS)[number];

export type SessionTarget = { kind: 'demo'; seed: number } | { kind: 'api'; url: string };

export interface SessionState {
  target: SessionTarget;
  /** From the token's claims (never verified, display only). */
  networkName?: string;
  activePane: PaneId;
  /** The `?` help overlay. */
  overlay?: 'help';
  /** Open dialogs, the last one on top and the one that gets keys. */
  dialogs: string[];
  /**
   * The id of the text input that gets typed keys, set by the action that opens it (so
   * keys typed in the same chunk as `/` already go to the box). Cleared on pane change.
   */
  focus?: string;
  /** Set by `q`/ctrl-c; the app unmounts when it sees it. */
  quitting: boolean;
  setPane(id: PaneId): void;
  /** Next (+1) or previous (-1) pane, wrapping around. */
  cyclePane(delta: 1 | -1): void;
  toggleHelp(): void;
  closeOverlay(): void;
  openDialog(id: string): void;
  /** Closes `id`, or the top dialog when no id is given. */
  closeDialog(id?: string): void;
  setFocus(id: string | undefined): void;
  /** After a login in the console: the header shows the token's network. */
  setToken(token: string): void;
  quit(): void;
}
export type SessionStore = StoreApi<SessionState>;

export interface SessionOptions {
  target: SessionTarget;
  token?: string;
  pane?: PaneId;
}

export function createSessionStore(options: SessionOptions): SessionStore {
  const networkName = options.token ? decodeToken(options.token)?.networkName : undefined;
  return createStore<SessionState>()((set, get) => ({
    target: options.target,
    networkName,
    activePane: options.pane ?? 'discover',
    dialogs: [],
    quitting: false,
    setPane: (id) => set({ activePane: id, focus: undefined }),
    cyclePane: (delta) => {
      const at = PANE_IDS.indexOf(get().activePane);
      set({ activePane: PANE_IDS[(at + delta + PANE_IDS.length) % PANE_IDS.length], focus: undefined });
    },
    toggleHelp: () => set({ overlay: get().overlay === 'help' ? undefined : 'help' }),
    closeOverlay: () => set({ overlay: undefined }),
    openDialog: (id) => set({ dialogs: [...get().dialogs.filter((d) => d !== id), id] }),
    closeDialog: (id) => {
      const { dialogs } = get();
      set({ dialogs: id === undefined ? dialogs.slice(0, -1) : dialogs.filter((d) => d !== id) });
    },
    setFocus: (id) => set({ focus: id }),
    setToken: (token) => set({ networkName: decodeToken(token)?.networkName }),
    quit: () => set({ quitting: true }),
  }));
}
