// Earnings, reliability and rank over sockets (reference-operators.md sections 1 and 2):
// the refusals and auth of each route, the seed era without the routes it lacked, and a
// fresh world that lives them: completed and pending payments, unpaid bytes that grow with
// the providers' traffic, points, a reliability window, a rank. Days of it (the Sunday
// run, a payment waiting for a wallet) are test/simulator/engine/payouts.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../simulator/index.ts';
import { ManualClock } from '../../../src/clock.ts';
import { endpoints, type OperationName } from '../../../src/contract/endpoints.ts';
import { paymentState } from '../../../src/format/payments.ts';
import { raw, type SimHarness, startSim, TEST_WORLD } from './harness.ts';

const EARNINGS: OperationName[] = [
  'accountPayments',
  'transferStats',
  'accountPoints',
  'referralCode',
  'referralNetwork',
  'walletBalance',
  'networkReliability',
  'networkRanking',
  'setRankingVisibility',
  'leaderboard',
];
/** The early-2025 server had these four (they answer as today), not the others. */
const SEED_HAS: OperationName[] = ['accountPayments', 'transferStats', 'referralCode', 'walletBalance'];
const SEED_LACKS = EARNINGS.filter((name) => !SEED_HAS.includes(name));

type Payment = {
  payment_id: string;
  wallet_id: string | null;
  create_time: string;
  completed: boolean;
  payment_record: string | null;
  tx_hash?: string;
};

let h: SimHarness | undefined;
let sims: Simulator[] = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  await Promise.all(sims.map((sim) => sim.close()));
  sims = [];
});

/** A simulator whose clock starts at `start` (tests that need a Sunday soon). */
async function simAt(start: string, seed = 42): Promise<{ sim: Simulator; clock: ManualClock }> {
  const clock = new ManualClock(Date.parse(start));
  const sim = await createSimulator({ seed, clock, admin: true, ...TEST_WORLD });
  sims.push(sim);
  return { sim, clock };
}

async function json(sim: Simulator, method: 'GET' | 'POST', path: string, body?: unknown, token = sim.token) {
  const res = await raw(sim, method, path, body, token);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return JSON.parse(res.text);
}
const payments = async (sim: Simulator, token = sim.token): Promise<Payment[]> =>
  (await json(sim, 'GET', '/account/payments', undefined, token)).account_payments ?? [];
const unpaid = async (sim: Simulator): Promise<number> =>
  (await json(sim, 'GET', '/transfer/stats')).unpaid_bytes_provided;

describe('the earnings routes of today’s service', () => {
  it('want a token: 401 Not authorized. without one, or with a bad one', async () => {
    h = await startSim();
    for (const name of EARNINGS) {
      const { method, path } = endpoints[name];
      for (const token of [undefined, 'not.a.token']) {
        const res = await raw(h.sim, method, path, method === 'POST' ? {} : undefined, token);
        expect(res.status, `${name} ${token}`).toBe(401);
        expect(res.text.trim()).toBe('Not authorized.');
      }
    }
  });

  it('take a client token as the network', async () => {
    h = await startSim();
    const { providers } = await json(h.sim, 'GET', '/stats/providers');
    const minted = await json(h.sim, 'POST', '/__sim/token', {
      network_name: 'demo',
      client_id: providers[0].client_id,
    });
    expect(await payments(h.sim, minted.token)).toEqual(await payments(h.sim));
    const ranking = await json(h.sim, 'GET', '/network/ranking', undefined, minted.token);
    expect(ranking.network_ranking.leaderboard_rank).toBeGreaterThan(0);
  });

  it('refuse bodies as the Go handlers decode them', async () => {
    h = await startSim();
    const post = (path: string, body: string) =>
      fetch(`${h!.sim.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h!.sim.token}` },
        body,
      }).then(async (res) => ({ status: res.status, text: (await res.text()).trim() }));
    expect(await post('/stats/leaderboard', '')).toEqual({
      status: 400,
      text: 'unexpected end of JSON input',
    });
    expect(await post('/stats/leaderboard', '[]')).toEqual({
      status: 400,
      text: 'json: cannot unmarshal array into Go value of type controller.GetLeaderboardArgs',
    });
    // The leaderboard never reads its argument: null is fine, unknown keys are ignored.
    expect((await post('/stats/leaderboard', 'null')).status).toBe(200);
    expect((await post('/stats/leaderboard', '{"page": 2}')).status).toBe(200);
    expect(await post('/network/ranking-visibility', '{"is_public": "yes"}')).toEqual({
      status: 400,
      text: 'json: cannot unmarshal string into Go struct field SetNetworkRankingPublicArgs.is_public of type bool',
    });
    // A value argument: null, {} and absent all mean false.
    expect(await post('/network/ranking-visibility', 'null')).toEqual({ status: 200, text: '{}' });
    expect((await raw(h.sim, 'GET', '/network/ranking-visibility', undefined, h.sim.token)).status).toBe(405);
    expect((await raw(h.sim, 'POST', '/account/payments', {}, h.sim.token)).status).toBe(405);
  });

  it('answer the referrer, or the error when none referred the network', async () => {
    h = await startSim();
    expect(await json(h.sim, 'GET', '/account/referral-network')).toEqual({
      error: { message: 'No referral network found' },
    });
    const { referral_code, total_referrals } = await json(h.sim, 'GET', '/account/referral-code');
    expect(referral_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(total_referrals).toBe(3);
    // A network the demo network referred: its referrer, and the demo network's points for it.
    const { earners } = await json(h.sim, 'POST', '/stats/leaderboard', {});
    expect(earners.length).toBeGreaterThan(3);
    const referee = h.sim.engine.world.networks.names[1];
    const minted = await json(h.sim, 'POST', '/__sim/token', { network_name: referee });
    expect(await json(h.sim, 'GET', '/account/referral-network', undefined, minted.token)).toEqual({
      network: { id: h.sim.engine.demoNetwork.id, name: 'demo' },
    });
    const { network_points } = await json(h.sim, 'GET', '/account/points');
    const events = new Set(network_points.map((p: { event: string }) => p.event));
    expect(events).toEqual(new Set(['payout', 'payout_reliability', 'payout_linked_account']));
    expect(await json(h.sim, 'GET', '/wallet/balance')).toEqual({});
  });

  it('show a visibility change on the leaderboard at once, in the rank within 5 minutes', async () => {
    h = await startSim();
    const rankingOf = async () => (await json(h!.sim, 'GET', '/network/ranking')).network_ranking;
    const before = await rankingOf();
    expect(before.leaderboard_public).toBe(false);
    const ownRow = async () =>
      (await json(h!.sim, 'POST', '/stats/leaderboard', {})).earners[before.leaderboard_rank - 1];
    expect(await ownRow()).toMatchObject({ network_id: '', network_name: '', is_public: false });
    expect(await json(h.sim, 'POST', '/network/ranking-visibility', { is_public: true })).toEqual({});
    expect(await ownRow()).toMatchObject({
      network_id: h.sim.engine.demoNetwork.id,
      network_name: 'demo',
      is_public: true,
    });
    // The rank comes from a map the service keeps 5 minutes.
    expect((await rankingOf()).leaderboard_public).toBe(false);
    await h.advance(300);
    expect(await rankingOf()).toEqual({ ...before, leaderboard_public: true });
  });
});

describe('the seed era', () => {
  it('answers 404 for the routes its service lacked, and the others as today', async () => {
    h = await startSim({ era: 'seed' });
    for (const name of EARNINGS) {
      const { method, path } = endpoints[name];
      const res = await raw(h.sim, method, path, method === 'POST' ? {} : undefined, h.sim.token);
      expect(res.status, name).toBe(SEED_LACKS.includes(name) ? 404 : 200);
      if (SEED_LACKS.includes(name)) expect(res.text.trim()).toBe('404 page not found');
    }
    expect((await payments(h.sim)).length).toBeGreaterThan(0);
  });
});

describe('a world that lives its earnings', () => {
  it('starts with completed and pending payments, unpaid bytes that grow, points, a window, a rank', async () => {
    h = await startSim();
    const list = await payments(h.sim);
    const states = list.map((p) => paymentState(p as never));
    expect(states.filter((s) => s === 'completed').length).toBeGreaterThanOrEqual(10);
    expect(states.filter((s) => s !== 'completed').length).toBeGreaterThan(0);
    const before = await unpaid(h.sim);
    expect(before).toBeGreaterThan(0);
    await h.advance(120);
    expect(await unpaid(h.sim)).toBeGreaterThan(before);
    const { network_points } = await json(h.sim, 'GET', '/account/points');
    expect(
      network_points.reduce((sum: number, p: { point_value: number }) => sum + p.point_value, 0),
    ).toBeGreaterThan(0);
    const { reliability_window: window } = await json(h.sim, 'GET', '/network/reliability');
    expect(window.reliability_weights.length).toBeGreaterThan(1000);
    expect(window.mean_reliability_weight).toBeGreaterThan(0);
    expect(window.max_client_count).toBeLessThanOrEqual(TEST_WORLD.ownProviders);
    expect((await json(h.sim, 'GET', '/network/ranking')).network_ranking.leaderboard_rank).toBeGreaterThan(
      0,
    );
  });

  it("lists the caller's own country among the multipliers, as the service adds the caller IP's", async () => {
    h = await startSim(TEST_WORLD);
    const codes = async () =>
      (
        (await json(h!.sim, 'GET', '/network/reliability')).reliability_window.country_multipliers as {
          country_code: string;
        }[]
      ).map((m) => m.country_code);
    // A country none of the network's providers is in: listed only while the caller is there.
    const scored = new Set(await codes());
    const elsewhere = h.sim.engine.world.geo.countryCode.find((code) => code !== 'us' && !scored.has(code));
    expect(elsewhere).toBeDefined();
    h.sim.admin.setCallerCountry({ country_code: elsewhere! });
    expect(await codes()).toContain(elsewhere);
    h.sim.admin.setCallerCountry({ country_code: 'us' });
    expect(await codes()).not.toContain(elsewhere);
  });

  it('is the same world for the same seed, and each seed its own', async () => {
    const a = await simAt('2026-01-01T00:00:00Z', 7);
    const b = await simAt('2026-01-01T00:00:00Z', 7);
    const c = await simAt('2026-01-01T00:00:00Z', 8);
    expect(await payments(a.sim)).toEqual(await payments(b.sim));
    expect(await json(a.sim, 'POST', '/stats/leaderboard', {})).toEqual(
      await json(b.sim, 'POST', '/stats/leaderboard', {}),
    );
    expect((await payments(c.sim))[0].payment_id).not.toBe((await payments(a.sim))[0].payment_id);
  });
});
