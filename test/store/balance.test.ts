// The Account pane's data balance and its redeem dialog (issue 34), against the simulator:
// a code that cannot be one refused before any request, a code checked (what it holds)
// before it is redeemed, the balance loaded again after, the service's words for a code it
// does not know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { createBalanceStore } from '../../src/store/balance.ts';
import { createConnectionStore } from '../../src/store/connection.ts';

let sim: Simulator;
const clock = new ManualClock();
beforeAll(async () => {
  sim = await createSimulator({ seed: 3, clock, providers: 300, locations: 40, ownProviders: 3 });
});
afterAll(() => sim.close());

const balanceStore = () =>
  createBalanceStore({
    client: createClient({ baseUrl: sim.url, token: sim.token, retries: 0, clock }),
    clock,
    connection: createConnectionStore(),
  });

describe('the data balance and the redeem dialog', () => {
  it('checks a code first, redeems it on the second enter, and loads the balance again', async () => {
    const store = balanceStore();
    await store.getState().refresh();
    const before = store.getState().data!.start_balance_byte_count!;
    const code = sim.demo.codes().balance_codes[0]!;
    store.getState().openRedeem();
    store.getState().setCode(code.secret);
    await store.getState().submit();
    expect(store.getState().form).toMatchObject({
      phase: 'confirm',
      holds: expect.stringMatching(/^\d[\d.]* [KMGT]?i?B until /),
    });
    await store.getState().submit();
    expect(store.getState().form).toMatchObject({
      phase: 'done',
      message: expect.stringMatching(/^Redeemed: /),
    });
    expect(store.getState().data!.start_balance_byte_count).toBe(before + code.balance_byte_count);
  });

  it('refuses what cannot be a code before asking; the service’s words for one it does not know', async () => {
    const store = balanceStore();
    store.getState().openRedeem();
    store.getState().setCode('two words');
    await store.getState().submit();
    expect(store.getState().form).toMatchObject({
      phase: 'failed',
      message: expect.stringMatching(/^A balance code is printable/),
    });
    store.getState().setCode('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    await store.getState().submit();
    expect(store.getState().form).toMatchObject({
      phase: 'failed',
      message: expect.stringContaining('Unknown balance code.'),
    });
  });
});
