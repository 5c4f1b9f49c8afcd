// What netdeck reads out of the service's earnings answers, for the console, the commands
// and the exporter alike: a payment's state in words, its amount in USD, points as points,
// the last payout, the payouts by week. A leaf: it reads the contract's types only.
import { dateOf } from '../clock.ts';
import { lastPayoutAt, nextPayoutAt, PAYOUT_WEEK_MS } from '../contract/payout-schedule.ts';
import type { AccountPayment, AccountPoint, AccountPoints } from '../contract/schemas.ts';

/** Nano cents are 1e-9 USD (reference-operators.md, "Units"). */
const NANO_PER_USD = 1e9;
/** 1 point is 1 000 000 nano points. */
const NANO_PER_POINT = 1e6;

/**
 * Where a payment is: it waits for a payout wallet (the network had none when it was
 * planned), is planned, submitted to Circle (a transfer id), sent (a transaction hash),
 * completed, or canceled.
 */
export const PAYMENT_STATES = [
  'waiting for a wallet',
  'planned',
  'submitted',
  'sent',
  'completed',
  'canceled',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export function paymentState(payment: AccountPayment): PaymentState {
  if (payment.completed) return 'completed';
  if (payment.canceled) return 'canceled';
  if (payment.tx_hash) return 'sent';
  if (payment.payment_record) return 'submitted';
  return payment.wallet_id ? 'planned' : 'waiting for a wallet';
}

/** The payout in USD (what the network earned; the token sent is that less Circle's fee). */
export const paymentUsd = (payment: AccountPayment): number | undefined =>
  payment.payout_nano_cents === undefined ? undefined : payment.payout_nano_cents / NANO_PER_USD;

/** The rows of /account/points: `network_points`, or its deprecated twin. */
export const pointRows = (points: AccountPoints | undefined): AccountPoint[] =>
  points?.network_points ?? points?.account_points ?? [];

/** Every point the network has, in points. */
export const totalPoints = (points: AccountPoints | undefined): number =>
  pointRows(points).reduce((sum, row) => sum + (row.point_value ?? 0), 0) / NANO_PER_POINT;

/** The points a payment brought (its rows by payment id), in points. */
export function pointsByPayment(points: AccountPoints | undefined): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of pointRows(points)) {
    if (!row.account_payment_id) continue;
    sums.set(
      row.account_payment_id,
      (sums.get(row.account_payment_id) ?? 0) + (row.point_value ?? 0) / NANO_PER_POINT,
    );
  }
  return sums;
}

const timeOf = (text: string | undefined) => dateOf(text)?.getTime();

/** The newest completed payment: the last money that arrived. */
export function lastPayout(payments: readonly AccountPayment[]): AccountPayment | undefined {
  let last: AccountPayment | undefined;
  for (const payment of payments) {
    if (!payment.completed) continue;
    const at = timeOf(payment.complete_time) ?? timeOf(payment.create_time) ?? 0;
    const best = last ? (timeOf(last.complete_time) ?? timeOf(last.create_time) ?? 0) : -Infinity;
    if (at > best) last = payment;
  }
  return last;
}

/**
 * The next Sunday 10:00 UTC run after `now`, and never at or before the newest payment's:
 * a service whose clock runs ahead of this one (a simulator sped up with --speed in
 * another process) has made that run already.
 */
export function nextPayout(payments: readonly AccountPayment[], now: number): number {
  const newest = Math.max(now, ...payments.map((payment) => timeOf(payment.create_time) ?? now));
  return nextPayoutAt(newest);
}

/** Payments not completed yet (nor canceled). */
export const pendingPayments = (payments: readonly AccountPayment[]): AccountPayment[] =>
  payments.filter((payment) => !payment.completed && !payment.canceled);

/**
 * USD paid out by payout week (the Sunday 10:00 UTC runs: each payment counts in the week
 * of the run that planned it), oldest first, the weeks without one at 0, up to the week of
 * `now`; at most `weeks` of them. Labels are the runs' dates (YYYY-MM-DD).
 */
export function weeklyPayouts(
  payments: readonly AccountPayment[],
  now: number,
  weeks = 26,
): { days: string[]; values: number[] } {
  const sums = new Map<number, number>();
  let oldest = Infinity;
  for (const payment of payments) {
    const at = timeOf(payment.create_time);
    const usd = paymentUsd(payment);
    if (at === undefined || usd === undefined || payment.canceled) continue;
    const run = lastPayoutAt(at);
    sums.set(run, (sums.get(run) ?? 0) + usd);
    oldest = Math.min(oldest, run);
  }
  if (!sums.size) return { days: [], values: [] };
  const newest = Math.max(lastPayoutAt(now), ...sums.keys());
  const first = Math.max(oldest, newest - (weeks - 1) * PAYOUT_WEEK_MS);
  const days: string[] = [];
  const values: number[] = [];
  for (let run = first; run <= newest; run += PAYOUT_WEEK_MS) {
    days.push(dateOf(run)?.toISOString().slice(0, 10) ?? '?');
    values.push(sums.get(run) ?? 0);
  }
  return { days, values };
}
