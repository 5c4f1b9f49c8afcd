// Account pane: the payout wallet (a 60 s live resource), setting another one, and the
// feedback form (every flag, the free text, which field has the focus, the outcome).
import type { StoreApi } from 'zustand/vanilla';
import {
  FEEDBACK_NEEDS,
  FEEDBACK_USES,
  type FeedbackNeed,
  type FeedbackUse,
  type PayoutWallet,
  UUID_PATTERN,
} from '../contract/schemas.ts';
import type { StoreDeps } from './deps.ts';
import { createResourceStore, extendResource, REFRESH_EVERY_MS, type ResourceState } from './resource.ts';
import { isNoToken, serviceMessage } from './service-message.ts';

export type WalletCheck = { ok: true; walletId: string } | { ok: false; problem: string };

/** A wallet id is a UUID; case and surrounding spaces are forgiven. */
export function checkWalletId(input: string): WalletCheck {
  const walletId = input.trim().toLowerCase();
  if (!walletId) return { ok: false, problem: 'Type a wallet id.' };
  if (!UUID_PATTERN.test(walletId)) {
    return {
      ok: false,
      problem: `"${input.trim()}" is not a wallet id: one is a UUID, 36 characters like 1b4e28ba-2fa1-41d2-883f-0016d3cca427.`,
    };
  }
  return { ok: true, walletId };
}

export interface WalletDialog {
  input: string;
  phase: 'editing' | 'sending' | 'saved' | 'malformed' | 'failed';
  message?: string;
  noToken?: boolean;
}

/** The form's fields in focus order: each flag, the free text, the submit button. */
export type FeedbackField = `uses.${FeedbackUse}` | `needs.${FeedbackNeed}` | 'other' | 'submit';
export const FEEDBACK_FIELDS: readonly FeedbackField[] = [
  ...FEEDBACK_USES.map((use) => `uses.${use}` as const),
  ...FEEDBACK_NEEDS.map((need) => `needs.${need}` as const),
  'other',
  'submit',
];

export interface FeedbackForm {
  uses: Record<FeedbackUse, boolean>;
  needs: Record<FeedbackNeed, boolean>;
  other: string;
  focus: number;
  phase: 'editing' | 'sending' | 'sent' | 'failed';
  message?: string;
  noToken?: boolean;
}

export interface AccountView {
  wallet: WalletDialog;
  feedback: FeedbackForm;
  resetWallet(): void;
  setWalletInput(input: string): void;
  /** Checks the UUID form, sends it, shows the service's answer, reloads the wallet. */
  setWallet(): Promise<void>;
  resetFeedback(): void;
  /** Moves the focus by `delta` fields, wrapping around. */
  moveFeedbackFocus(delta: number): void;
  focusFeedback(field: FeedbackField): void;
  /** Toggles the focused flag (or the given one). */
  toggleFeedback(field?: FeedbackField): void;
  setFeedbackOther(text: string): void;
  submitFeedback(): Promise<void>;
}
export type AccountState = ResourceState<PayoutWallet> & AccountView;
export type AccountStore = StoreApi<AccountState>;

const allFalse = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;
const emptyFeedback = (): FeedbackForm => ({
  uses: allFalse(FEEDBACK_USES),
  needs: allFalse(FEEDBACK_NEEDS),
  other: '',
  focus: 0,
  phase: 'editing',
});
const EMPTY_WALLET: WalletDialog = { input: '', phase: 'editing' };

/** The request body: every flag sent as true or false; `other` only when something was typed. */
export function feedbackBody(form: FeedbackForm) {
  const other = form.other.trim();
  return { uses: { ...form.uses }, needs: { ...form.needs, ...(other ? { other } : {}) } };
}

export function createAccountStore(deps: StoreDeps): AccountStore {
  const { client } = deps;
  const resource = createResourceStore<PayoutWallet>(deps, {
    load: (signal) => client.getPayoutWallet({ signal }),
    refreshEveryMs: REFRESH_EVERY_MS,
  });
  return extendResource<PayoutWallet, AccountView>(resource, (set, get) => {
    const setWalletDialog = (patch: Partial<WalletDialog>) => set({ wallet: { ...get().wallet, ...patch } });
    const setForm = (patch: Partial<FeedbackForm>) => set({ feedback: { ...get().feedback, ...patch } });
    return {
      wallet: EMPTY_WALLET,
      feedback: emptyFeedback(),
      resetWallet: () => set({ wallet: EMPTY_WALLET }),
      setWalletInput: (input) => {
        if (get().wallet.phase !== 'sending') set({ wallet: { input, phase: 'editing' } });
      },
      async setWallet() {
        const { wallet } = get();
        if (wallet.phase === 'sending') return;
        const check = checkWalletId(wallet.input);
        if (!check.ok) {
          setWalletDialog({ phase: 'malformed', message: check.problem, noToken: false });
          return;
        }
        setWalletDialog({ phase: 'sending', message: undefined, noToken: false });
        try {
          await client.setPayoutWallet({ wallet_id: check.walletId });
          setWalletDialog({ phase: 'saved', message: `Payout wallet set to ${check.walletId}.` });
          await get().refresh();
        } catch (error) {
          setWalletDialog({ phase: 'failed', message: serviceMessage(error), noToken: isNoToken(error) });
        }
      },
      resetFeedback: () => set({ feedback: emptyFeedback() }),
      moveFeedbackFocus(delta) {
        const count = FEEDBACK_FIELDS.length;
        setForm({ focus: (((get().feedback.focus + delta) % count) + count) % count });
      },
      focusFeedback(field) {
        const at = FEEDBACK_FIELDS.indexOf(field);
        if (at >= 0) setForm({ focus: at });
      },
      toggleFeedback(field) {
        const form = get().feedback;
        if (form.phase === 'sending') return;
        const target = field ?? FEEDBACK_FIELDS[form.focus];
        const [group, key] = target.split('.') as ['uses' | 'needs', string];
        if (group === 'uses' && key in form.uses) {
          setForm({ uses: { ...form.uses, [key]: !form.uses[key as FeedbackUse] }, phase: 'editing' });
        } else if (group === 'needs' && key in form.needs) {
          setForm({ needs: { ...form.needs, [key]: !form.needs[key as FeedbackNeed] }, phase: 'editing' });
        }
      },
      setFeedbackOther(other) {
        if (get().feedback.phase !== 'sending') setForm({ other, phase: 'editing' });
      },
      async submitFeedback() {
        const form = get().feedback;
        if (form.phase === 'sending') return;
        setForm({ phase: 'sending', message: undefined, noToken: false });
        try {
          await client.sendFeedback(feedbackBody(form));
          setForm({ phase: 'sent', message: 'Thank you: your feedback was sent.' });
        } catch (error) {
          setForm({ phase: 'failed', message: serviceMessage(error), noToken: isNoToken(error) });
        }
      },
    };
  });
}
