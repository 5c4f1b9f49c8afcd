// Earnings' words without Ink: why each key cannot act now (or at all on a service without
// ranks), which lines are in sight and which payout is under the cursor there, and the
// line under them; every key it names is the user's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { AccountPayment } from '../../src/contract/schemas.ts';
import type { EarningsData } from '../../src/store/earnings.ts';
import { NO_VIEW } from '../../src/store/list-sort-filter.ts';
import { UNICODE_GLYPHS } from '../../src/ui/glyphs.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import {
  type EarningsState,
  earningsReasons,
  earningsView,
  earningsWindow,
  topShowing,
} from '../../src/ui/panes/earnings/earnings-view.ts';

const keys = keyNamesOf(keymap);
const NOW = Date.parse('2026-01-01T00:00:00Z');

const payment = (week: number): AccountPayment => ({
  payment_id: `p-${week}`,
  create_time: new Date(NOW - (week + 1) * 7 * 86_400_000).toISOString(),
  payout_nano_cents: 1e9 * (week + 1),
  payout_byte_count: 2 ** 30,
  completed: true,
});

/** Twelve weekly payouts, a rank, points and a reliability window with nothing in it. */
const DATA: EarningsData = {
  payments: { account_payments: Array.from({ length: 12 }, (_, week) => payment(week)) },
  transfer: { paid_bytes_provided: 2 ** 40, unpaid_bytes_provided: 2 ** 30 },
  points: { data: {} },
  referral: { data: { referral_code: 'ABC123', total_referrals: 3 } },
  reliability: { data: {} },
  ranking: { data: { leaderboard_rank: 7, net_mib_count: 1024, leaderboard_public: false } },
};

function state(over: Partial<EarningsState> = {}): EarningsState {
  return {
    data: DATA,
    error: undefined,
    loading: false,
    fetchedAt: NOW,
    nextAt: NOW + 120_000,
    everyMs: 120_000,
    chosen: undefined,
    selectedPayment: undefined,
    paymentsView: NO_VIEW,
    detailId: undefined,
    top: 0,
    cursorShown: true,
    hasToken: true,
    ...over,
  };
}

const why = (s: EarningsState, action: keyof ReturnType<typeof earningsReasons>, names = keys) =>
  earningsReasons(s, names)[action];

describe('Earnings: why a key cannot act', () => {
  it('every key acts on a loaded network with a token and a payout in view', () => {
    expect(Object.values(earningsReasons(state(), keys)).filter(Boolean)).toEqual([]);
  });

  it('a service without ranks cannot serve b or v: they leave the footer, saying why', () => {
    const seed = state({ data: { ...DATA, ranking: { missing: true } } });
    expect(why(seed, 'leaderboard')).toEqual({ why: 'this service has no leaderboard', unserved: true });
    expect(why(seed, 'visibility')).toEqual({
      why: 'this service has no leaderboard visibility',
      unserved: true,
    });
  });

  it('v waits for the rank; without a token b and v say how to log in', () => {
    const noRank = state({ data: { ...DATA, ranking: {} } });
    expect(why(noRank, 'visibility')).toEqual({ why: 'the rank is not loaded yet (r reloads)' });
    expect(why(state({ hasToken: false }), 'leaderboard')?.why).toBe(
      "The leaderboard needs your network's token, and none was given: L logs in with an auth code",
    );
  });

  it('in a payment whole, the payouts’ keys say they act on the list; enter says it is open', () => {
    const detail = state({ detailId: 'p-0' });
    expect(why(detail, 'search')?.why).toBe(
      '/ filters the payouts, which are not shown here (esc goes back to them)',
    );
    expect(why(detail, 'sort')?.why).toBe(
      'o sorts the payouts, which are not shown here (esc goes back to them)',
    );
    expect(why(detail, 'open')?.why).toBe('this is the payment already (esc goes back)');
  });

  it('enter and y act on the payout under the cursor: none without payouts, none when none is in view', () => {
    const none = state({ data: { ...DATA, payments: { account_payments: [] } } });
    expect(why(none, 'open')?.why).toBe('no payment here to show');
    expect(why(none, 'copy')?.why).toBe('no payment here: nothing to copy');
    expect(why(state({ cursorShown: false }), 'open')?.why).toBe(
      'no payout in view: j/k bring the payouts back',
    );
    const { table } = remapKeys(keymap, { down: ['n'], up: ['p'] });
    expect(why(state({ cursorShown: false }), 'copy', keyNamesOf(table))?.why).toBe(
      'no payout in view: n/p bring the payouts back',
    );
  });
});

describe('Earnings: the lines in sight and the cursor among them', () => {
  const window = (s: EarningsState, rows: number) => earningsWindow(s, keys, 80, rows, UNICODE_GLYPHS);

  it('the cursor is on the payout selected while it is in view, else on the nearest in view, else on none', () => {
    const tall = window(state({ selectedPayment: 'p-3' }), 60);
    expect(tall.cursor).toBe(3);
    expect(tall.cursorId).toBe('p-3');
    // 14 rows from the top: the payouts start lower down.
    const short = window(state({ selectedPayment: 'p-0' }), 14);
    expect(short.top).toBe(0);
    expect(short.cursor).toBeUndefined();
    // Scrolled to the payouts: the selected one out of view, the nearest one in view instead.
    const first = short.lineOf(0);
    const scrolled = window(state({ selectedPayment: 'p-11', top: first }), 5);
    expect(scrolled.cursor).toBe(4);
  });

  it('the scroll stays within the lines, and topShowing scrolls as little as shows a line', () => {
    const w = window(state({ top: 10_000 }), 14);
    expect(w.top).toBe(w.maxTop);
    expect(w.lines.length - w.top).toBe(14);
    expect(topShowing({ top: 0, rows: 14, maxTop: 40 }, 20)).toBe(7);
    expect(topShowing({ top: 10, rows: 14, maxTop: 40 }, 5)).toBe(5);
    expect(topShowing({ top: 10, rows: 14, maxTop: 40 }, 12)).toBe(10);
  });

  it('draws the cursor’s line with › and the others of the payouts indented; times as of the answer', () => {
    const view = earningsView(state({ selectedPayment: 'p-1' }), keys, {
      width: 80,
      height: 60,
      speed: 1,
      glyphs: UNICODE_GLYPHS,
    });
    const marked = view.shown.filter((line) => line.selected);
    expect(marked).toHaveLength(1);
    expect(marked[0].text).toMatch(/^› 12-18 /);
    expect(view.shown.find((line) => line.key === 'next')?.text).toBe(
      'Next payout  2026-01-04 10:00 UTC (Sunday) · in 3 days and 10 hours',
    );
  });

  it('the line under the lines: live, or stale with when the data was fetched and when it retries', () => {
    const size = { width: 120, height: 40, speed: 1, glyphs: UNICODE_GLYPHS };
    expect(earningsView(state(), keys, size).status).toEqual({
      kind: 'text',
      tone: 'muted',
      text: 'live, every 2 min · r refreshes now',
    });
    const error = new ApiError('http', 'HTTP 500: simulated failure', { status: 500 });
    expect(earningsView(state({ error, nextAt: NOW + 5_000 }), keys, size).status).toMatchObject({
      tone: 'warn',
      text: '⚠ stale · data fetched at 00:00:00 · retrying at 00:00:05 · HTTP 500',
    });
    expect(earningsView(state({ data: undefined, loading: true }), keys, size).status).toEqual({
      kind: 'loading',
    });
  });
});
