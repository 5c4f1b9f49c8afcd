// Issue 34: the consumer's data balance as the server answers it (2c9e92b4: model/
// transfer_balance_code_model.go, controller/subscription_controller.go,
// controller/transfer_balance_code_controller.go): the demo network's redeemed codes,
// the codes the simulator hands out to try, check and redeem with the server's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_SHAPES } from '../../contract/shapes.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeAll(async () => {
  h = await startSim();
});
afterAll(() => h.close());

const get = async (path: string, token = h.sim.token) =>
  JSON.parse((await raw(h.sim, 'GET', path, undefined, token)).text);
const post = async (path: string, body: unknown, token = h.sim.token) =>
  JSON.parse((await raw(h.sim, 'POST', path, body, token)).text);

describe('the demo network’s data balance', () => {
  it('has redeemed a few codes still running, listed with their secrets; its balance sums their bytes', async () => {
    const codes = await get('/account/balance-codes');
    expect(STRICT_SHAPES.current.balanceCodes!.safeParse(codes).success).toBe(true);
    expect(codes.balance_codes.length).toBe(3);
    const balance = await get('/subscription/balance');
    expect(STRICT_SHAPES.current.subscriptionBalance!.safeParse(balance).success).toBe(true);
    expect(Object.keys(balance)).toEqual([
      'start_balance_byte_count',
      'balance_byte_count',
      'open_transfer_byte_count',
      'active_transfer_balances',
      'pending_payout_usd_nano_cents',
      'update_time',
    ]);
    const granted = codes.balance_codes.reduce(
      (sum: number, code: { balance_byte_count: number }) => sum + code.balance_byte_count,
      0,
    );
    expect(balance.start_balance_byte_count).toBe(granted);
    expect(balance.balance_byte_count).toBeLessThanOrEqual(granted);
  });

  it('a network that redeemed none: `balance_codes: null`, no active balances listed, zeros', async () => {
    const other = h.sim.admin.token('no-codes-network').token;
    expect(await get('/account/balance-codes', other)).toEqual({ balance_codes: null });
    expect(await get('/subscription/balance', other)).toEqual({
      start_balance_byte_count: 0,
      balance_byte_count: 0,
      open_transfer_byte_count: 0,
      pending_payout_usd_nano_cents: 0,
      update_time: expect.any(String),
    });
  });
});

describe('check and redeem', () => {
  it('the simulator hands out unredeemed codes (/__sim/codes, the demo’s access): 26 characters of base32', async () => {
    const listed = JSON.parse((await raw(h.sim, 'GET', '/__sim/codes')).text).balance_codes;
    expect(listed.length).toBe(4);
    for (const code of listed) expect(code.secret).toMatch(/^[A-Z2-7]{26}$/);
    expect(h.sim.demo.codes().balance_codes).toEqual(listed);
  });

  it('check tells what a code holds and redeems nothing; redeem makes a balance; both then say "Unknown balance code."', async () => {
    const [code] = h.sim.demo.codes().balance_codes;
    const checked = await post('/subscription/check-balance-code', { secret: code.secret });
    expect(checked.balance).toEqual({
      start_time: expect.any(String),
      end_time: code.end_time,
      balance_byte_count: code.balance_byte_count,
    });
    expect(await post('/subscription/check-balance-code', { secret: code.secret })).toEqual(checked);
    const before = await get('/subscription/balance');
    const redeemed = await post('/subscription/redeem-balance-code', { secret: code.secret });
    // The answer has the code's own window, not the new balance's.
    expect(redeemed).toEqual({
      transfer_balance: {
        transfer_balance_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        start_time: checked.balance.start_time,
        end_time: checked.balance.end_time,
        balance_byte_count: code.balance_byte_count,
      },
    });
    const after = await get('/subscription/balance');
    expect(after.balance_byte_count - before.balance_byte_count).toBe(code.balance_byte_count);
    expect(
      (await get('/account/balance-codes')).balance_codes.map((c: { secret: string }) => c.secret),
    ).toContain(code.secret);
    const unknown = { error: { message: 'Unknown balance code.' } };
    expect(await post('/subscription/redeem-balance-code', { secret: code.secret })).toEqual(unknown);
    expect(await post('/subscription/check-balance-code', { secret: code.secret })).toEqual(unknown);
    expect(h.sim.demo.codes().balance_codes.map((c) => c.secret)).not.toContain(code.secret);
  });

  it('a code is matched exactly: lower case, spaces or an unknown one are unknown', async () => {
    const [code] = h.sim.demo.codes().balance_codes;
    for (const secret of [code.secret.toLowerCase(), ` ${code.secret}`, 'A'.repeat(26), ''])
      expect(await post('/subscription/redeem-balance-code', { secret })).toEqual({
        error: { message: 'Unknown balance code.' },
      });
    expect(h.sim.demo.codes().balance_codes[0].secret).toBe(code.secret);
  });

  it('check takes a pointer: a `null` body is a 500; redeem reads `null` as {}', async () => {
    expect((await raw(h.sim, 'POST', '/subscription/check-balance-code', null, h.sim.token)).status).toBe(
      500,
    );
    expect(await post('/subscription/redeem-balance-code', null)).toEqual({
      error: { message: 'Unknown balance code.' },
    });
  });
});
