// The event source and the network's earnings: payouts planned and completed while it
// watches (not the ones it found), and the rank and the mean reliability past the limits
// given, each once when it starts and once when it ends, and never without a limit.
import { describe, expect, it } from 'vitest';
import type { AccountPayment } from '../../../src/contract/schemas.ts';
import {
  DEFAULT_EVENT_OPTIONS,
  deriveEvents,
  EMPTY_WATCH_STATE,
  type WatchState,
} from '../../../src/store/events/event-source.ts';
import type { Observation } from '../../../src/store/observe.ts';

const T0 = Date.parse('2026-01-04T10:00:00Z');
const WALLET = '5a6b7c8d-9e01-4b9f-8d1e-1c2a4e8b9f00';

function payment(id: string, patch: Partial<AccountPayment> = {}): AccountPayment {
  return {
    payment_id: id,
    wallet_id: WALLET,
    wallet_address: 'AWNEkCrfNkyCJAsDALwtB8GwQLmUFWKtacq1S6K9DfMv',
    payout_nano_cents: 35_456_777_668,
    payout_byte_count: 755_480_947_573,
    create_time: '2026-01-04T10:00:03Z',
    completed: false,
    ...patch,
  };
}

const look = (at: number, results: Observation['results']): Observation => ({ at, results });
const payments = (rows: AccountPayment[]): Observation['results'] => ({
  accountPayments: { ok: true, data: { account_payments: rows } },
});

describe('payout events', () => {
  it('learns the payouts at the first look; then a new one is planned, and later completes', () => {
    const old = payment('p-old', { completed: true, tx_hash: 'x' });
    let { state, events } = deriveEvents(EMPTY_WATCH_STATE, look(T0 - 60_000, payments([old])));
    expect(events).toEqual([]);
    ({ state, events } = deriveEvents(state, look(T0, payments([payment('p-new'), old]))));
    expect(events).toEqual([
      {
        type: 'payout_planned',
        severity: 'info',
        time: new Date(T0).toISOString(),
        message: 'a payout of 35.46 USD was planned to AWNEkCrfNkyCJAsDALwtB8GwQLmUFWKtacq1S6K9DfMv',
        payment_id: 'p-new',
        amount_usd: 35.456777668,
        state: 'planned',
      },
    ]);
    ({ state, events } = deriveEvents(
      state,
      look(T0 + 60_000, payments([payment('p-new', { payment_record: 'r' }), old])),
    ));
    expect(events).toEqual([]);
    const done = payment('p-new', {
      completed: true,
      tx_hash: '5xHash',
      complete_time: '2026-01-04T11:30:00Z',
    });
    ({ state, events } = deriveEvents(state, look(T0 + 2 * 60_000, payments([done, old]))));
    expect(events.map((e) => [e.type, e.payment_id, e.tx_hash])).toEqual([
      ['payout_completed', 'p-new', '5xHash'],
    ]);
    expect(events[0].message).toBe('a payout of 35.46 USD is complete (transaction 5xHash)');
    // A look that failed keeps what was seen: the next one is no news.
    ({ state, events } = deriveEvents(
      state,
      look(T0 + 3 * 60_000, { accountPayments: { ok: false, error: new Error('down') } }),
    ));
    ({ events } = deriveEvents(state, look(T0 + 4 * 60_000, payments([done, old]))));
    expect(events.filter((e) => e.type.startsWith('payout'))).toEqual([]);
  });

  it('says a payout without a wallet waits; one planned and completed between two looks is both', () => {
    const { state } = deriveEvents(EMPTY_WATCH_STATE, look(T0, payments([])));
    const waiting = payment('p-1', { wallet_id: undefined, wallet_address: undefined });
    const quick = payment('p-2', { completed: true, tx_hash: 'h' });
    const { events } = deriveEvents(state, look(T0 + 60_000, payments([quick, waiting])));
    expect(events.map((e) => [e.type, e.payment_id])).toEqual([
      ['payout_planned', 'p-1'],
      ['payout_planned', 'p-2'],
      ['payout_completed', 'p-2'],
    ]);
    expect(events[0].message).toBe(
      'a payout of 35.46 USD was planned, but the network has no payout wallet: it waits until one is set',
    );
  });
});

describe('rank and reliability limits', () => {
  const ranking = (rank: number): Observation['results'] => ({
    networkRanking: {
      ok: true,
      data: { network_ranking: { leaderboard_rank: rank, net_mib_count: 1, leaderboard_public: false } },
    },
  });
  const reliability = (mean: number): Observation['results'] => ({
    networkReliability: { ok: true, data: { reliability_window: { mean_reliability_weight: mean } } },
  });
  const options = { ...DEFAULT_EVENT_OPTIONS, rankWorseThan: 10, reliabilityBelow: 5 };

  it('reports each once when it passes its limit and once when it is back; a rank of 0 is none', () => {
    const seen: string[] = [];
    let state: WatchState = EMPTY_WATCH_STATE;
    for (const [rank, mean] of [
      [5, 6],
      [12, 6],
      [14, 4.5],
      [0, 4],
      [3, 5],
    ]) {
      const result = deriveEvents(state, look(T0, { ...ranking(rank), ...reliability(mean) }), options);
      state = result.state;
      seen.push(
        ...result.events.map((e) => `${e.type} ${e.rank ?? e.reliability} of ${e.threshold}: ${e.message}`),
      );
    }
    expect(seen).toEqual([
      "rank_dropped 12 of 10: the network's rank is #12, out of the top 10",
      "reliability_dropped 4.5 of 5: the network's mean reliability weight is 4.50, below 5",
      "rank_recovered 3 of 10: the network's rank is #3, in the top 10 again",
      "reliability_recovered 5 of 5: the network's mean reliability weight is 5.00, at least 5 again",
    ]);
    const none = deriveEvents(EMPTY_WATCH_STATE, look(T0, ranking(0)), options);
    expect(none.events[0].message).toBe(
      'the network has no rank (no payment in the last 4 payouts), so it is out of the top 10',
    );
  });

  it('watches neither without its limit', () => {
    const { events, state } = deriveEvents(
      EMPTY_WATCH_STATE,
      look(T0, { ...ranking(500), ...reliability(0) }),
    );
    expect(events).toEqual([]);
    expect(state.open.size).toBe(0);
  });
});
