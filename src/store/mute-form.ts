// `m` in My providers: the short dialog that mutes the provider under the cursor for a
// time (1h, 8h or 24h as ↑/↓ pick, or any length typed as `netdeck mute --for` takes it),
// and the footer says until when. A mute that cannot be written (the state folder refused) says why
// and nothing changes. Unmuting needs no dialog (the pane's `m` on a muted provider).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { parsePeriod } from '../format/numbers.ts';
import type { ConsoleMutes } from './console-mutes.ts';
import { DEFAULT_MUTE, MUTE_CHOICES, MUTE_LENGTH_RULE } from './mutes.ts';

/** The provider the dialog mutes. */
export interface MuteTarget {
  clientId: string;
  /** Its device name, if it has one. */
  name?: string;
}

export interface MuteFormState {
  target?: MuteTarget;
  /** The length as typed (or picked). */
  text: string;
  /** Why the length or the write failed. */
  problem?: string;
  open(target: MuteTarget): void;
  setText(text: string): void;
  /** The next (or previous) of MUTE_CHOICES. */
  step(delta: 1 | -1): void;
  /** Mutes for the length typed: when the mute ends, or undefined when it cannot (the problem says why). */
  submit(): number | undefined;
  close(): void;
}
export type MuteFormStore = StoreApi<MuteFormState>;

export function createMuteForm(mutes: ConsoleMutes): MuteFormStore {
  return createStore<MuteFormState>()((set, get) => ({
    text: DEFAULT_MUTE,
    open: (target) => set({ target, text: DEFAULT_MUTE, problem: undefined }),
    setText: (text) => set({ text, problem: undefined }),
    step(delta) {
      const at = MUTE_CHOICES.findIndex((choice) => parsePeriod(choice) === parsePeriod(get().text));
      const next = at < 0 ? (delta > 0 ? 0 : MUTE_CHOICES.length - 1) : at + delta;
      set({ text: MUTE_CHOICES[(next + MUTE_CHOICES.length) % MUTE_CHOICES.length], problem: undefined });
    },
    submit() {
      const { target, text } = get();
      if (!target) return undefined;
      const ms = parsePeriod(text);
      if (ms === undefined) {
        set({ problem: `a mute lasts ${MUTE_LENGTH_RULE}, up to 366 days` });
        return undefined;
      }
      try {
        return mutes.store.getState().mute(target.clientId, ms);
      } catch (error) {
        set({ problem: `the mute cannot be kept: ${(error as Error).message}` });
        return undefined;
      }
    },
    close: () => set({ target: undefined, problem: undefined }),
  }));
}
