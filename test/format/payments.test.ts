// Reading the earnings answers: the payout task's Sundays, a payment's state in words, the
// next payout (never before a payout the service made already), payouts by week, a wait
// in words.
import { describe, expect, it } from 'vitest';
import { lastPayoutAt, nextPayoutAt } from '../../src/contract/payout-schedule.ts';
import type { AccountPayment } from '../../src/contract/schemas.ts';
import { formatWaitInWords } from '../../src/format/numbers.ts';
import { lastPayout, nextPayout, paymentState, weeklyPayouts } from '../../src/format/payments.ts';

const at = (text: string) => Date.parse(text);

describe('the payout schedule', () => {
  it('is every Sunday at 10:00 UTC, the next one strictly after now', () => {
    expect(new Date(nextPayoutAt(at('2026-01-01T00:00:00Z'))).toISOString()).toBe('2026-01-04T10:00:00.000Z');
    expect(new Date(nextPayoutAt(at('2026-01-04T09:59:59Z'))).toISOString()).toBe('2026-01-04T10:00:00.000Z');
    expect(new Date(nextPayoutAt(at('2026-01-04T10:00:00Z'))).toISOString()).toBe('2026-01-11T10:00:00.000Z');
    expect(new Date(lastPayoutAt(at('2026-01-04T10:00:00Z'))).toISOString()).toBe('2026-01-04T10:00:00.000Z');
    expect(new Date(lastPayoutAt(at('2026-01-10T23:00:00Z'))).toISOString()).toBe('2026-01-04T10:00:00.000Z');
  });

  it('never counts down to a run the service made already (its clock ahead of ours)', () => {
    const made: AccountPayment[] = [{ create_time: '2026-01-11T10:00:02Z' }];
    expect(new Date(nextPayout(made, at('2026-01-05T00:00:00Z'))).toISOString()).toBe(
      '2026-01-18T10:00:00.000Z',
    );
    expect(new Date(nextPayout([], at('2026-01-05T00:00:00Z'))).toISOString()).toBe(
      '2026-01-11T10:00:00.000Z',
    );
  });
});

describe('payments', () => {
  it('each in the words of its state', () => {
    const base = { wallet_id: 'w' };
    expect(paymentState({})).toBe('waiting for a wallet');
    expect(paymentState(base)).toBe('planned');
    expect(paymentState({ ...base, payment_record: 'r' })).toBe('submitted');
    expect(paymentState({ ...base, payment_record: 'r', tx_hash: 'h' })).toBe('sent');
    expect(paymentState({ ...base, completed: true })).toBe('completed');
    expect(paymentState({ ...base, canceled: true })).toBe('canceled');
  });

  it('the last payout is the newest completed; the weeks between payouts read 0', () => {
    const rows: AccountPayment[] = [
      { payment_id: 'c', create_time: '2026-01-18T10:00:01Z', payout_nano_cents: 3e9 },
      {
        payment_id: 'b',
        create_time: '2026-01-04T10:00:01Z',
        payout_nano_cents: 2e9,
        completed: true,
        complete_time: '2026-01-04T11:00:00Z',
      },
      {
        payment_id: 'a',
        create_time: '2025-12-28T10:00:01Z',
        payout_nano_cents: 1.5e9,
        completed: true,
        complete_time: '2025-12-28T11:00:00Z',
      },
    ];
    expect(lastPayout(rows)?.payment_id).toBe('b');
    expect(weeklyPayouts(rows, at('2026-01-20T00:00:00Z'))).toEqual({
      days: ['2025-12-28', '2026-01-04', '2026-01-11', '2026-01-18'],
      values: [1.5, 2, 0, 3],
    });
    expect(weeklyPayouts([], at('2026-01-20T00:00:00Z'))).toEqual({ days: [], values: [] });
  });
});

describe('a wait in words', () => {
  it('says its two largest units', () => {
    expect(formatWaitInWords(30_000)).toBe('less than a minute');
    expect(formatWaitInWords(61_000)).toBe('1 minute');
    expect(formatWaitInWords(2 * 3_600_000 + 5 * 60_000)).toBe('2 hours and 5 minutes');
    expect(formatWaitInWords(3 * 86_400_000 + 10 * 3_600_000 + 7 * 60_000)).toBe('3 days and 10 hours');
    expect(formatWaitInWords(86_400_000 + 30 * 60_000)).toBe('1 day');
  });
});
