// When the service pays: its payout task runs every Sunday at 10:00 UTC, each run
// scheduling the next Sunday's (server: taskworker/work/account_payment_work.go
// nextPayoutTime, SchedulePayout). The simulator plans its payments by it; the console
// and `netdeck earnings` count down to it.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const PAYOUT_WEEK_MS = 7 * DAY;
/** The hour (UTC) of the Sunday run. */
const PAYOUT_HOUR_UTC = 10;
/** 1970-01-04 was a Sunday: the first Sunday 10:00 UTC of the epoch, in ms. */
const FIRST_RUN = 3 * DAY + PAYOUT_HOUR_UTC * HOUR;

/** The first Sunday 10:00 UTC strictly after `at` (epoch ms). */
export function nextPayoutAt(at: number): number {
  const runs = Math.floor((at - FIRST_RUN) / PAYOUT_WEEK_MS) + 1;
  return FIRST_RUN + runs * PAYOUT_WEEK_MS;
}

/** The last Sunday 10:00 UTC at or before `at`. */
export const lastPayoutAt = (at: number): number => nextPayoutAt(at) - PAYOUT_WEEK_MS;
