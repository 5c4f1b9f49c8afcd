// The account store against the real simulator: payout wallet (valid, malformed, not
// owned) and feedback (the simulator stores exactly the flags chosen).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { FEEDBACK_NEEDS } from '../../src/contract/schemas.ts';
import {
  type AccountStore,
  checkWalletId,
  createAccountStore,
  FEEDBACK_FIELDS,
} from '../../src/store/account.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { TEST_WORLD } from '../simulator/integration/harness.ts';

let sim: Simulator;
let clock: ManualClock;
let client: ApiClient;
let store: AccountStore;

beforeEach(async () => {
  clock = new ManualClock();
  sim = await createSimulator({
    seed: 7,
    era: 'current',
    clock,
    ...TEST_WORLD,
  });
  client = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
  store = createAccountStore({ client, clock, connection: createConnectionStore(), demo: sim.demo });
  await store.getState().start();
});
afterEach(async () => {
  store.getState().stop();
  await client.close();
  await sim.close();
});

/** `w`: the id typed, enter (the question asked, or why not), then y. */
const typeWallet = async (text: string) => {
  store.getState().setWalletInput(text);
  if (store.getState().askTypedWallet()) await store.getState().answer(true);
};

describe('payout wallet', () => {
  it('shows the current wallet, then takes another of the account’s wallets after the question', async () => {
    const before = store.getState().data?.wallet_id;
    const wallet = sim.admin.codes().wallets.find((w) => w.wallet_id !== before)?.wallet_id ?? '';
    expect(wallet).not.toBe('');
    store.getState().setWalletInput(` ${wallet.toUpperCase()} `);
    expect(store.getState().askTypedWallet()).toBe(true);
    // The question enter asks in the list, about the wallet typed (now also the selected one),
    // with its chain and address as listed: the question says them once the list has changed.
    const listed = store.getState().data?.wallets?.find((w) => w.wallet_id === wallet);
    expect(store.getState().question).toEqual({
      kind: 'payout',
      walletId: wallet,
      blockchain: listed?.blockchain,
      address: listed?.wallet_address,
      phase: 'ask',
    });
    expect(store.getState().selectedWallet).toBe(wallet);
    await store.getState().answer(true);
    expect(store.getState().question).toMatchObject({ phase: 'done' });
    expect(store.getState().question?.message).toContain(wallet);
    expect(store.getState().data?.wallet_id).toBe(wallet);
  });

  it('refuses a malformed id before asking, keeping the text', async () => {
    await typeWallet('not-a-wallet');
    expect(store.getState().wallet).toMatchObject({ phase: 'malformed', input: 'not-a-wallet' });
    expect(store.getState().wallet.message).toContain('UUID');
    expect(store.getState().question).toBeUndefined();
    expect(checkWalletId('').ok).toBe(false);
  });

  it('refuses a Bittensor (TAO) wallet before asking: it cannot be the payout wallet', async () => {
    const tao = store.getState().data?.wallets?.find((w) => w.blockchain === 'TAO');
    expect(tao?.wallet_id).toBeDefined();
    await typeWallet(tao!.wallet_id!);
    expect(store.getState().wallet).toMatchObject({ phase: 'malformed' });
    expect(store.getState().wallet.message).toMatch(/^Bittensor wallets cannot be the payout wallet\./);
    expect(store.getState().question).toBeUndefined();
  });

  it('shows the service’s answer for a wallet the network does not own', async () => {
    const before = store.getState().data?.wallet_id;
    await typeWallet('11111111-2222-4333-8444-555555555555');
    expect(store.getState().question).toMatchObject({
      phase: 'failed',
      message: 'Wallet must be an active wallet owned by the network.',
    });
    expect(store.getState().data?.wallet_id).toBe(before);
  });
});

describe('feedback form', () => {
  it('sends exactly the flags chosen and the other text', async () => {
    const s = () => store.getState();
    s().toggleFeedback(); // focus starts on uses.personal
    s().focusFeedback('needs.block_ads');
    s().toggleFeedback();
    s().moveFeedbackFocus(1); // needs.focus
    s().toggleFeedback();
    s().toggleFeedback('needs.visualize');
    s().toggleFeedback('needs.visualize'); // on and off again
    s().setFeedbackOther('  a dark theme  ');
    await s().submitFeedback();
    expect(s().feedback.phase).toBe('sent');

    const received = sim.engine.world.feedback;
    expect(received).toHaveLength(1);
    const needs = Object.fromEntries(
      FEEDBACK_NEEDS.map((need) => [need, need === 'block_ads' || need === 'focus']),
    );
    expect(received[0].body).toEqual({
      uses: { personal: true, business: false },
      needs: { ...needs, other: 'a dark theme' },
    });
  });

  it('focus wraps around the flags, the text field and submit', () => {
    store.getState().moveFeedbackFocus(-1);
    expect(FEEDBACK_FIELDS[store.getState().feedback.focus]).toBe('submit');
    store.getState().moveFeedbackFocus(1);
    expect(FEEDBACK_FIELDS[store.getState().feedback.focus]).toBe('uses.personal');
  });

  it('refuses an empty form before sending, as the command does, and says why', async () => {
    const store = createAccountStore({ client, clock, connection: createConnectionStore() });
    await store.getState().submitFeedback();
    expect(store.getState().feedback).toMatchObject({ phase: 'failed' });
    expect(store.getState().feedback.message).toContain('Nothing to send');
    expect(sim.engine.world.feedback).toHaveLength(0);
    store.getState().toggleFeedback('uses.personal');
    await store.getState().submitFeedback();
    expect(store.getState().feedback.phase).toBe('sent');
    expect(sim.engine.world.feedback).toHaveLength(1);
  });

  it('without a token explains what is missing', async () => {
    const anonymous = createClient({ baseUrl: sim.url, retries: 0 });
    const bare = createAccountStore({ client: anonymous, clock, connection: createConnectionStore() });
    bare.getState().toggleFeedback('uses.personal');
    await bare.getState().submitFeedback();
    expect(bare.getState().feedback).toMatchObject({ phase: 'failed', noToken: true });
    expect(bare.getState().feedback.message).toContain('NETDECK_TOKEN');
    expect(sim.engine.world.feedback).toHaveLength(0);
    await anonymous.close();
  });
});
