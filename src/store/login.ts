// The console's login (`L`, in every pane): an auth code exchanged with
// POST /auth/code-login. On success the client uses the new token at once, the CLI keeps
// it for the profile (as `netdeck login` does) and the panes that needed it load.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { tokenProblem } from '../api/auth.ts';
import { serviceMessage } from '../api/error-words.ts';
import type { StoreDeps } from './deps.ts';
import { send } from './request.ts';

export interface LoginDialog {
  /** The auth code as pasted (never drawn in clear). */
  input: string;
  phase: 'editing' | 'sending' | 'done' | 'failed';
  message?: string;
}

export interface LoginState {
  dialog: LoginDialog;
  setInput(input: string): void;
  reset(): void;
  submit(): Promise<void>;
}
export type LoginStore = StoreApi<LoginState>;

const EMPTY: LoginDialog = { input: '', phase: 'editing' };

export function createLoginStore(deps: StoreDeps, onLoggedIn: (token: string) => void): LoginStore {
  return createStore<LoginState>()((set, get) => {
    const patch = (next: Partial<LoginDialog>) => set({ dialog: { ...get().dialog, ...next } });
    return {
      dialog: EMPTY,
      setInput: (input) => {
        if (get().dialog.phase !== 'sending') set({ dialog: { input, phase: 'editing' } });
      },
      reset: () => set({ dialog: EMPTY }),
      async submit() {
        const { dialog } = get();
        if (dialog.phase === 'sending') return;
        const code = dialog.input.trim();
        if (!code) {
          patch({ phase: 'failed', message: 'Paste an auth code: "Copy an Auth Code" in the web app.' });
          return;
        }
        patch({ phase: 'sending', message: undefined });
        let token: string | undefined;
        try {
          token = (await send(deps, () => deps.client.authCodeLogin({ auth_code: code }))).by_jwt?.trim();
          if (!token) throw new Error('The service answered without a token.');
          // A token that cannot be sent would fail every request: neither used nor kept.
          const problem = tokenProblem(token);
          if (problem)
            throw new Error(
              `The service answered with a token netdeck cannot use: it ${problem}. Nothing was kept.`,
            );
        } catch (error) {
          patch({ phase: 'failed', message: serviceMessage(error) });
          return;
        }
        deps.client.setToken(token);
        let kept = 'The token is kept for the next start.';
        try {
          await deps.saveLogin?.(token);
          if (!deps.saveLogin) kept = 'The token is used until you quit.';
        } catch (error) {
          kept = `The token is used until you quit; it could not be kept: ${error instanceof Error ? error.message : String(error)}`;
        }
        // The code is spent; it is not kept in memory either.
        set({ dialog: { input: '', phase: 'done', message: `Logged in. ${kept}` } });
        onLoggedIn(token);
      },
    };
  });
}
