// Account pane: the payout wallet and the network's wallets (a live resource), which of
// the pane's lists (wallets, API keys) the cursor is in, the wallet under the cursor, making it the payout wallet or removing it after a y/n
// question, adding one (its address checked as the service checks it), setting the
// payout wallet by id, and the feedback form (every flag, the free text, which field has
// the focus, the outcome).
import type { StoreApi } from 'zustand/vanilla';
import { isNoToken, serviceMessage } from '../api/error-words.ts';
import { REFUSALS_AS_500 } from '../contract/messages.ts';
import {
  type AccountWallet,
  BLOCKCHAIN_ALIASES,
  BLOCKCHAINS,
  FEEDBACK_NEEDS,
  FEEDBACK_USES,
  type FeedbackNeed,
  type FeedbackUse,
  type PayoutWallet,
  UUID_PATTERN,
} from '../contract/schemas.ts';
import { walletRefusal } from '../contract/wallet-address.ts';
import { answerQuestion, questionSlot } from './asked-question.ts';
import type { StoreDeps } from './deps.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

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

/** Why a wallet cannot be the payout wallet (the service refuses Bittensor ones), else undefined. */
export function payoutRefusal(wallet: AccountWallet | undefined): string | undefined {
  if (wallet && BLOCKCHAIN_ALIASES[(wallet.blockchain ?? '').toUpperCase()] === 'TAO')
    return `${REFUSALS_AS_500.taoPayout} This one is a TAO wallet: pick a SOL, MATIC or ETHEREUM one.`;
  return undefined;
}

/** The payout wallet and the network's active wallets, loaded together. */
export type AccountData = PayoutWallet & { wallets?: AccountWallet[] };

/** A y/n question about the wallet under the cursor, then its outcome. */
export interface WalletQuestion {
  kind: 'payout' | 'remove';
  walletId: string;
  /**
   * The wallet's chain and address as listed when asked: the question says the same
   * words once the wallet is gone from the list (after it was removed).
   */
  blockchain?: string;
  address?: string;
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

/** The add-a-wallet dialog: a chain picked from the service's four, an address typed. */
export interface AddWalletForm {
  chain: (typeof BLOCKCHAINS)[number];
  address: string;
  phase: 'editing' | 'sending' | 'added' | 'invalid' | 'failed';
  message?: string;
}

/** `w`: a wallet id typed or picked, checked, then the y/n question `enter` asks. */
export interface WalletDialog {
  input: string;
  phase: 'editing' | 'malformed';
  message?: string;
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

/** The pane's two lists: the cursor keys move in one of them. */
export type AccountList = 'wallets' | 'apiKeys';

export interface AccountView extends ListMoves {
  /** Which list the cursor keys move in (the API keys' cursor is the apiKeys store's). */
  list: AccountList;
  setList(list: AccountList): void;
  wallet: WalletDialog;
  feedback: FeedbackForm;
  /** The wallet under the cursor in the list, by id. */
  selectedWallet?: string;
  /** The wallets' filter and sort (WALLETS_LIST). */
  walletView: ListView;
  setWalletView(view: ListView): void;
  question?: WalletQuestion;
  addWallet: AddWalletForm;
  /** Asks (y/n) about the selected wallet: make it the payout wallet, or remove it. */
  ask(kind: WalletQuestion['kind']): void;
  /** The answer to the question: yes sends it, no forgets it. */
  answer(yes: boolean): Promise<void>;
  resetAddWallet(): void;
  cycleChain(delta: number): void;
  setAddress(address: string): void;
  /** Checks the address as the service does, then adds the wallet and reloads the list. */
  submitAddWallet(): Promise<void>;
  resetWallet(): void;
  setWalletInput(input: string): void;
  /**
   * Checks the typed id (a UUID, not a wallet that cannot be the payout wallet), then asks
   * the question `enter` asks about it; true when asked.
   */
  askTypedWallet(): boolean;
  resetFeedback(): void;
  /** Moves the focus by `delta` fields, wrapping around. */
  moveFeedbackFocus(delta: number): void;
  focusFeedback(field: FeedbackField): void;
  /** Toggles the focused flag (or the given one). */
  toggleFeedback(field?: FeedbackField): void;
  setFeedbackOther(text: string): void;
  submitFeedback(): Promise<void>;
}
export type AccountState = ResourceState<AccountData> & AccountView;
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
const EMPTY_ADD: AddWalletForm = { chain: 'SOL', address: '', phase: 'editing' };

/** The wallets: the payout one, the chain, the address, the id. */
export const WALLETS_LIST: ListSpec<AccountWallet> = {
  columns: [
    { id: 'chain', label: 'chain', value: (w) => w.blockchain },
    { id: 'address', label: 'address', value: (w) => w.wallet_address },
  ],
  text: (w) => [w.blockchain, w.wallet_address, w.wallet_id],
};

const NO_WALLETS: AccountWallet[] = [];

/** The wallets shown (the view's), and the one under the cursor (the selected one if still there, else the first). */
export function walletRows(state: Pick<AccountState, 'data' | 'selectedWallet' | 'walletView'>) {
  const wallets = viewRows(state.data?.wallets ?? NO_WALLETS, WALLETS_LIST, state.walletView);
  const selected = wallets.find((w) => w.wallet_id === state.selectedWallet) ?? wallets[0];
  return { wallets, selected };
}

/** What a question says of the wallet it is about, as listed now. */
const questionAbout = (wallet: AccountWallet | undefined) => ({
  walletId: wallet?.wallet_id ?? '',
  blockchain: wallet?.blockchain,
  address: wallet?.wallet_address,
});

/** The request body: every flag sent as true or false; `other` only when something was typed. */
function feedbackBody(form: FeedbackForm) {
  const other = form.other.trim();
  return { uses: { ...form.uses }, needs: { ...form.needs, ...(other ? { other } : {}) } };
}

export function createAccountStore(deps: StoreDeps): AccountStore {
  const { client } = deps;
  const resource = createResourceStore<AccountData>(deps, {
    load: async (signal) => {
      const [payout, list] = await Promise.all([
        client.getPayoutWallet({ signal }),
        client.accountWallets({ signal }),
      ]);
      return { ...payout, wallets: list.wallets ?? [] };
    },
  });
  return extendResource<AccountData, AccountView>(resource, (set, get) => {
    const setWalletDialog = (patch: Partial<WalletDialog>) => set({ wallet: { ...get().wallet, ...patch } });
    const setAdd = (patch: Partial<AddWalletForm>) => set({ addWallet: { ...get().addWallet, ...patch } });
    const setForm = (patch: Partial<FeedbackForm>) => set({ feedback: { ...get().feedback, ...patch } });
    return {
      list: 'wallets',
      setList: (list) => set({ list }),
      wallet: EMPTY_WALLET,
      feedback: emptyFeedback(),
      addWallet: EMPTY_ADD,
      walletView: NO_VIEW,
      setWalletView: (walletView) => set({ walletView }),
      ...listMoves({
        length: () => walletRows(get()).wallets.length,
        index: () => {
          const { wallets, selected } = walletRows(get());
          return selected ? wallets.indexOf(selected) : 0;
        },
        select: (index) => set({ selectedWallet: walletRows(get()).wallets[index].wallet_id }),
      }),
      ask(kind) {
        const { selected } = walletRows(get());
        if (selected?.wallet_id) set({ question: { ...questionAbout(selected), kind, phase: 'ask' } });
      },
      answer: (yes) =>
        answerQuestion(yes, questionSlot(get, set), {
          async act(question) {
            if (question.kind === 'payout') {
              await send(deps, () => client.setPayoutWallet({ wallet_id: question.walletId }));
              return `Payout wallet set to ${question.walletId}.`;
            }
            const result = await send(deps, () => client.removeWallet({ wallet_id: question.walletId }));
            if (!result.success) throw new Error(`The service did not remove wallet ${question.walletId}.`);
            return `Wallet ${question.walletId} removed.`;
          },
          failure: serviceMessage,
          after: () => get().refresh(),
        }),
      resetAddWallet: () => set({ addWallet: EMPTY_ADD }),
      cycleChain(delta) {
        const { addWallet } = get();
        if (addWallet.phase === 'sending') return;
        const at = BLOCKCHAINS.indexOf(addWallet.chain);
        setAdd({
          chain: BLOCKCHAINS[(at + delta + BLOCKCHAINS.length) % BLOCKCHAINS.length],
          phase: 'editing',
        });
      },
      setAddress(address) {
        if (get().addWallet.phase !== 'sending') setAdd({ address, phase: 'editing', message: undefined });
      },
      async submitAddWallet() {
        const { addWallet } = get();
        if (addWallet.phase === 'sending') return;
        const address = addWallet.address.trim();
        const refusal = walletRefusal(addWallet.chain, address);
        if (refusal) {
          const why =
            addWallet.chain === 'TAO'
              ? 'a TAO address is an ss58 address (5…)'
              : 'the service takes a Solana address (base58, 32 bytes) for every chain but TAO';
          setAdd({ phase: 'invalid', message: `${refusal}: ${why}.` });
          return;
        }
        setAdd({ phase: 'sending', message: undefined });
        try {
          const { wallet_id } = await send(deps, () =>
            client.createWallet({ blockchain: addWallet.chain, wallet_address: address }),
          );
          set({
            addWallet: {
              ...EMPTY_ADD,
              chain: addWallet.chain,
              phase: 'added',
              message: `Wallet ${wallet_id} added.`,
            },
            selectedWallet: wallet_id,
          });
          await get().refresh();
        } catch (error) {
          setAdd({ phase: 'failed', message: serviceMessage(error) });
        }
      },
      resetWallet: () => set({ wallet: EMPTY_WALLET }),
      setWalletInput: (input) => set({ wallet: { input, phase: 'editing' } }),
      askTypedWallet() {
        const check = checkWalletId(get().wallet.input);
        const listed = check.ok
          ? get().data?.wallets?.find((w) => w.wallet_id === check.walletId)
          : undefined;
        const problem = check.ok ? payoutRefusal(listed) : check.problem;
        if (problem || !check.ok) {
          setWalletDialog({ phase: 'malformed', message: problem });
          return false;
        }
        set({
          question: { ...questionAbout(listed), walletId: check.walletId, kind: 'payout', phase: 'ask' },
          ...(listed ? { selectedWallet: check.walletId } : {}),
        });
        return true;
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
        // As the command does: a form with nothing ticked and nothing typed is not sent.
        const body = feedbackBody(form);
        if (!Object.values(body.uses).some(Boolean) && !Object.values(body.needs).some(Boolean)) {
          setForm({
            phase: 'failed',
            message: 'Nothing to send: tick a use or a need (space), or write something under Other.',
            noToken: false,
          });
          return;
        }
        setForm({ phase: 'sending', message: undefined, noToken: false });
        try {
          await send(deps, () => client.sendFeedback(body));
          setForm({ phase: 'sent', message: 'Thank you: your feedback was sent.' });
        } catch (error) {
          setForm({ phase: 'failed', message: serviceMessage(error), noToken: isNoToken(error) });
        }
      },
    };
  });
}
