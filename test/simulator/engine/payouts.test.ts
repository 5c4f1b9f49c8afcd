// The world's payouts over days, tick by tick without HTTP (the routes' answers over
// sockets are test/simulator/integration/earnings.test.ts): a payment planned on Sunday
// at 10:00 UTC goes planned, submitted, sent, completed, and unpaid bytes fall only when a
// payment completes; a network without a payout wallet gets a payment that waits until a
// later run's sweep picks it up; the demo network keeps its rank among the world's.
import { describe, expect, it } from 'vitest';
import { type Caller, createEngine, type Engine } from '../../../simulator/engine/index.ts';
import type { Clock } from '../../../src/clock.ts';
import type { AccountPayment } from '../../../src/contract/schemas.ts';
import { paymentState } from '../../../src/format/payments.ts';
import { withEra } from './helpers.ts';

const MINUTE = 60_000;

/** An engine whose ticks the test runs itself, a simulated minute each (fast: no timers, no I/O). */
function world(start: string) {
  let time = Date.parse(start);
  const none = { cancel() {} };
  const clock: Clock = {
    speed: 1,
    now: () => time,
    setTimeout: () => none,
    setInterval: () => none,
    sleep: () => new Promise(() => {}),
  };
  const engine: Engine = createEngine(
    withEra({ seed: 42, clock, providers: 1500, locations: 150, ownProviders: 8 }),
  );
  const demo: Caller = { networkId: engine.demoNetwork.id, networkName: engine.demoNetwork.name };
  return {
    engine,
    demo,
    now: () => time,
    /** Runs the ticks of the next `minutes` minutes. */
    minutes(minutes: number) {
      for (let k = 0; k < minutes; k++) {
        time += MINUTE;
        engine.tick();
      }
    },
    payments: (): AccountPayment[] =>
      engine.handle('accountPayments', undefined, demo).account_payments ?? [],
    /** /transfer/stats as computed now (its 60 s cache left behind by asking a minute later each time). */
    unpaid: () => engine.handle('transferStats', undefined, demo).unpaid_bytes_provided!,
    paid: () => engine.handle('transferStats', undefined, demo).paid_bytes_provided!,
  };
}

describe('the payout task', () => {
  it('plans on Sunday at 10:00 UTC; the payment goes planned, submitted, sent, completed; unpaid falls only then', () => {
    const w = world('2026-01-04T09:00:00Z');
    const before = w.payments();
    let completed = before.filter((p) => p.completed).length;
    let unpaid = w.unpaid();
    let paid = w.paid();
    const seen: string[] = [];
    let falls = 0;
    for (let minute = 1; minute <= 8 * 60; minute++) {
      w.minutes(1);
      const list = w.payments();
      const done = list.filter((p) => p.completed).length;
      const nowUnpaid = w.unpaid();
      const nowPaid = w.paid();
      if (nowUnpaid < unpaid) {
        // Bytes leave unpaid only when a payment completed, and go to paid.
        expect(done, `unpaid fell at minute ${minute} without a payment completing`).toBeGreaterThan(
          completed,
        );
        expect(nowPaid - paid).toBeGreaterThan(0);
        falls++;
      }
      if (list.length > before.length) {
        const state = paymentState(list[0]);
        if (seen.at(-1) !== state) seen.push(state);
      }
      completed = done;
      unpaid = nowUnpaid;
      paid = nowPaid;
    }
    const after = w.payments();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0].create_time).toBe('2026-01-04T10:00:00.000Z');
    expect(after[0].wallet_id).toBe(before[0].wallet_id);
    expect(seen).toEqual(['planned', 'submitted', 'sent', 'completed']);
    // The token fields come with the submission, the hash with SENT, the time with COMPLETE.
    expect(after[0]).toMatchObject({ token_type: 'USDC', completed: true });
    expect(Date.parse(after[0].payment_time!)).toBeGreaterThanOrEqual(Date.parse('2026-01-04T10:05:00Z'));
    expect(Date.parse(after[0].complete_time!)).toBeGreaterThan(Date.parse(after[0].payment_time!));
    // Its bytes and the stuck one's: the newest two completed while watching.
    expect(falls).toBeGreaterThanOrEqual(1);
  });

  it('gives a network without a payout wallet a payment that waits, picked up by a later run once one is set', () => {
    const w = world('2026-01-04T09:30:00Z');
    const { demo, engine } = w;
    const wallet = engine.handle('getPayoutWallet', undefined, demo).wallet_id!;
    engine.handle('removeWallet', { wallet_id: wallet }, demo);
    w.minutes(60);
    const [waiting] = w.payments();
    expect(waiting.create_time).toBe('2026-01-04T10:00:00.000Z');
    expect(waiting.wallet_id).toBeNull();
    expect(paymentState(waiting)).toBe('waiting for a wallet');
    const other = engine.handle('accountWallets', undefined, demo).wallets![0].wallet_id!;
    engine.handle('setPayoutWallet', { wallet_id: other }, demo);
    // Nothing moves it until the next Sunday's run.
    w.minutes(6 * 24 * 60);
    expect(w.payments()[0].wallet_id).toBeNull();
    w.minutes(29 * 60);
    const list = w.payments();
    const swept = list.find((p) => p.payment_id === waiting.payment_id)!;
    expect(swept.wallet_id).toBe(other);
    expect(swept.completed).toBe(true);
    expect(list[0].create_time).toBe('2026-01-11T10:00:00.000Z');
    expect(list[0].wallet_id).toBe(other);
  });

  it('holds a planned payment whose wallet is removed before it is submitted', () => {
    const w = world('2026-01-04T09:59:00Z');
    const { demo, engine } = w;
    w.minutes(2);
    const [planned] = w.payments();
    expect(paymentState(planned)).toBe('planned');
    engine.handle('removeWallet', { wallet_id: planned.wallet_id }, demo);
    w.minutes(3 * 60);
    const [held] = w.payments();
    // Its wallet stays the one it had (now inactive); nothing is submitted.
    expect(held).toMatchObject({ wallet_id: planned.wallet_id, completed: false });
    expect(held.payment_record).toBeNull();
  });

  it('keeps ranks among the world’s networks: the demo network’s above 0 after a run too', () => {
    const w = world('2026-01-04T09:00:00Z');
    const rank = () =>
      w.engine.handle('networkRanking', undefined, w.demo).network_ranking!.leaderboard_rank!;
    expect(rank()).toBeGreaterThan(0);
    w.minutes(2 * 60);
    expect(rank()).toBeGreaterThan(0);
    const { earners } = w.engine.handle('leaderboard', {}, w.demo);
    expect(earners!.length).toBeGreaterThan(30);
    expect(
      earners!.filter((e) => !e.is_public).every((e) => e.network_id === '' && e.network_name === ''),
    ).toBe(true);
  });
});
