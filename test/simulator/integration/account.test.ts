// The API client against the real simulator: payout wallet, feedback, stats and tokens
// (operations 3, 4, 6, 7, 11).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api/errors.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim();
});
afterEach(async () => {
  await h.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

describe('payout wallet', () => {
  it('sets one of the account wallets, and refuses a malformed id (400) or a foreign one (500, current era)', async () => {
    await h.close();
    h = await startSim({ era: 'current' });
    const wallets = h.sim.admin.codes().wallets;
    expect(wallets.length).toBeGreaterThan(0);
    const chosen = wallets[1].wallet_id;
    expect(await h.client.setPayoutWallet({ wallet_id: chosen })).toEqual({});
    expect((await h.client.getPayoutWallet()).wallet_id).toBe(chosen);

    const malformed = await failure(h.client.setPayoutWallet({ wallet_id: 'not-a-wallet' }));
    expect(malformed.kind).toBe('http');
    expect(malformed.status).toBe(400);
    expect(malformed.details.body).toBe('invalid length for UUID: 14\n');

    const foreign = await failure(
      h.client.setPayoutWallet({ wallet_id: '11111111-2222-4333-8444-555555555555' }),
    );
    expect(foreign.status).toBe(500);
    expect(foreign.details.body).toBe('Wallet must be an active wallet owned by the network.\n');
    expect((await h.client.getPayoutWallet()).wallet_id).toBe(chosen);
  });

  it('stores any id in the seed era', async () => {
    await h.close();
    h = await startSim({ era: 'seed' });
    const any = '11111111-2222-4333-8444-555555555555';
    expect(await h.client.setPayoutWallet({ wallet_id: any })).toEqual({});
    expect((await h.client.getPayoutWallet()).wallet_id).toBe(any);
  });

  it("is per network: another network's token does not see the demo wallet", async () => {
    await h.close();
    h = await startSim({ era: 'current' });
    const chosen = h.sim.admin.codes().wallets[0].wallet_id;
    await h.client.setPayoutWallet({ wallet_id: chosen });
    const other = h.clientFor(h.sim.admin.token('acme').token);
    expect((await other.getPayoutWallet()).wallet_id).not.toBe(chosen);
    const refused = await failure(other.setPayoutWallet({ wallet_id: chosen }));
    expect(refused.status).toBe(500);
  });
});

describe('feedback', () => {
  it('is accepted and stored exactly as sent (seed era: answered with {})', async () => {
    await h.close();
    h = await startSim({ era: 'seed' });
    const feedback = {
      uses: { personal: true, business: false },
      needs: { private: true, visualize: true, other: 'späť \u2014 "quoted" <b>' },
    };
    expect(await h.client.sendFeedback(feedback)).toEqual({});
    const stored = h.sim.engine.world.feedback.at(-1);
    expect(stored?.body).toEqual(feedback);
    expect(stored?.networkName).toBe('demo');
  });
});

describe('statistics', () => {
  it("gives each network its own providers' 24 h stats", async () => {
    const demo = await h.client.providerStats();
    expect(demo.providers!.length).toBeGreaterThan(0);
    for (const provider of demo.providers!) {
      expect(provider.uptime_last_24h).toBeGreaterThanOrEqual(0);
      if (!provider.connected) expect(provider.uptime_last_24h).toBe(0);
    }
    const other = await h.clientFor(h.sim.admin.token('acme').token).providerStats();
    const demoIds = new Set(demo.providers!.map((provider) => provider.client_id));
    for (const provider of other.providers ?? []) expect(demoIds.has(provider.client_id)).toBe(false);
  });

  it('gives 90 days of daily series keyed YYYY-MM-DD and created_time in Unix ms', async () => {
    const stats = await h.client.networkStats();
    expect(stats.lookback).toBe(90);
    expect(stats.created_time).toBeLessThanOrEqual(h.clock.now());
    expect(stats.created_time).toBeGreaterThan(h.clock.now() - 120_000);
    const days = Object.keys(stats.providers_data!).sort();
    expect(days.length).toBeGreaterThanOrEqual(89);
    for (const day of days) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(days.at(-1)).toBe(new Date(h.clock.now()).toISOString().slice(0, 10));
  });

  it('/stats/providers and /stats/last-90 change after 60 simulated seconds and not after 59', async () => {
    // The providers' traffic figures, without what the service tells at the request's time
    // (`created_time`, and the uptime of the connections open then).
    const traffic = (text: string) =>
      JSON.stringify(
        (JSON.parse(text).providers as { uptime_last_24h?: number }[]).map(
          ({ uptime_last_24h: _, ...figures }) => figures,
        ),
      );
    const read = async () => {
      const providers = (await raw(h.sim, 'GET', '/stats/providers', undefined, h.sim.token)).text;
      return {
        providers: traffic(providers),
        answer: providers,
        network: (await raw(h.sim, 'GET', '/stats/last-90')).text,
      };
    };
    const before = await read();
    await h.advance(59);
    const after59 = await read();
    expect(after59.providers).toBe(before.providers);
    expect(JSON.parse(after59.answer).created_time).toBe(new Date(h.clock.now()).toISOString());
    expect(after59.network).toBe(before.network);
    await h.advance(1);
    const after60 = await read();
    expect(after60.providers).not.toBe(before.providers);
    expect(after60.network).not.toBe(before.network);
    expect(JSON.parse(after60.network).created_time).toBe(h.clock.now());
  });
});

describe('tokens against the real engine', () => {
  it('expire after 30 simulated days', async () => {
    const token = h.sim.token;
    expect((await raw(h.sim, 'GET', '/stats/providers', undefined, token)).status).toBe(200);
    h.sim.engine.stop(); // a month of 60 s ticks is not what this test is about
    await h.clock.advance(31 * 24 * 3600 * 1000);
    const res = await raw(h.sim, 'GET', '/stats/providers', undefined, token);
    expect(res.status).toBe(401);
    expect(res.text).toBe('Not authorized.\n');
  });

  it('survive a restart with the same seed and key (--key-file), for the demo network and a minted one', async () => {
    const signingKey = new Uint8Array(32).fill(1);
    await h.close();
    h = await startSim({ signingKey });
    const demoToken = h.sim.token;
    const acme = h.sim.admin.token('acme');
    const before = (await raw(h.sim, 'GET', '/stats/providers', undefined, acme.token)).text;
    await h.close();
    h = await startSim({ signingKey });
    expect((await raw(h.sim, 'GET', '/stats/providers', undefined, demoToken)).status).toBe(200);
    const again = await raw(h.sim, 'GET', '/stats/providers', undefined, acme.token);
    expect(again.status).toBe(200);
    expect(again.text).toBe(before);
  });
});
