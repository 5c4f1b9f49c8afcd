// The network's data balance (issue 34) for the Account pane: GET /subscription/balance in
// bytes (not the wallet's USDC), and the dialog that redeems a balance code: the code typed
// (or, in the demo, one the simulator offers), checked first (check-balance-code: what it
// holds), then redeemed after a second enter. Not live: it loads with the pane.
import type { StoreApi } from 'zustand/vanilla';
import { serviceMessage } from '../api/error-words.ts';
import type { SubscriptionBalance } from '../contract/schemas.ts';
import { formatBytes, formatTimestamp } from '../format/numbers.ts';
import { balanceCodeProblem } from './balance-code.ts';
import type { StoreDeps } from './deps.ts';
import { send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

/** The redeem dialog: the code, then what it holds (asked to confirm), then the outcome. */
export interface RedeemForm {
  code: string;
  phase: 'editing' | 'checking' | 'confirm' | 'sending' | 'done' | 'failed';
  /** What the code holds, once checked: `1 TiB until 2027-12-04 18:40 UTC`. */
  holds?: string;
  message?: string;
}

export interface BalanceView {
  form?: RedeemForm;
  openRedeem(): void;
  setCode(code: string): void;
  /** Enter: checks the code, or (once checked) redeems it, or (once done) closes. */
  submit(): Promise<void>;
  closeRedeem(): void;
}

export type BalanceState = ResourceState<SubscriptionBalance> & BalanceView;
export type BalanceStore = StoreApi<BalanceState>;

export function createBalanceStore(deps: StoreDeps): BalanceStore {
  const { client } = deps;
  const resource = createResourceStore<SubscriptionBalance>(deps, {
    load: (signal) => client.subscriptionBalance({ signal }),
  });
  return extendResource<SubscriptionBalance, BalanceView>(resource, (set, get) => {
    const setForm = (patch: Partial<RedeemForm>) => {
      const form = get().form;
      if (form) set({ form: { ...form, ...patch } });
    };
    const failed = (error: unknown) => setForm({ phase: 'failed', message: serviceMessage(error) });
    return {
      openRedeem: () => set({ form: { code: '', phase: 'editing' } }),
      setCode(code) {
        const phase = get().form?.phase;
        // A new code is checked again.
        if (phase === 'editing' || phase === 'failed' || phase === 'confirm')
          setForm({ code, phase: 'editing', holds: undefined, message: undefined });
      },
      async submit() {
        const form = get().form;
        if (!form) return;
        if (form.phase === 'editing' || form.phase === 'failed') {
          // Its case is kept: the service matches a code exactly.
          const problem = balanceCodeProblem(form.code);
          if (problem)
            return setForm({ phase: 'failed', message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.` });
          setForm({ phase: 'checking', message: undefined });
          try {
            const held = (await send(deps, () => client.checkBalanceCode({ secret: form.code }))).balance;
            setForm({
              phase: 'confirm',
              holds: `${formatBytes(held?.balance_byte_count)} until ${formatTimestamp(held?.end_time)}`,
            });
          } catch (error) {
            failed(error);
          }
          return;
        }
        if (form.phase === 'confirm') {
          setForm({ phase: 'sending' });
          try {
            const made = (await send(deps, () => client.redeemBalanceCode({ secret: form.code })))
              .transfer_balance;
            setForm({
              phase: 'done',
              message: `Redeemed: ${formatBytes(made?.balance_byte_count)} added to the data balance.`,
            });
            await get().refresh();
          } catch (error) {
            failed(error);
          }
        }
      },
      closeRedeem: () => set({ form: undefined }),
    };
  });
}
