// The *-last-n routes over HTTP, in both eras: the token, the 403 with its text, a
// malformed id, and what the client reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERAS } from '../../../src/contract/eras.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

describe.each(ERAS)('the *-last-n routes, %s era', (era) => {
  let h: SimHarness;
  beforeAll(async () => {
    h = await startSim({ era });
  });
  afterAll(() => h.close());

  it('want a token (401), and answer a provider of another network or none with 403 and its text', async () => {
    for (const path of [
      '/stats/providers-last-n',
      '/stats/provider-last-n',
      '/stats/providers-overview-last-n',
    ])
      expect((await raw(h.sim, 'POST', path, { last_n: 24 })).status, path).toBe(401);
    const other = h.sim.admin.token(h.sim.engine.world.networks.ref(3).name);
    const theirs = (await h.clientFor(other.token).providerStats()).providers!;
    expect(theirs.length).toBeGreaterThan(0);
    const own = (await h.client.providerStats()).providers!;
    const refused = [
      { client_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' },
      {},
      { client_id: theirs[0].client_id },
    ];
    for (const body of refused) {
      const res = await raw(h.sim, 'POST', '/stats/provider-last-n', body, h.sim.token);
      expect([res.status, res.text], JSON.stringify(body)).toEqual([
        403,
        'Not authorized to view this provider.\n',
      ]);
    }
    const malformed = await raw(h.sim, 'POST', '/stats/provider-last-n', { client_id: 'nope' }, h.sim.token);
    expect(malformed.status).toBe(400);
    // Upper-case hex is the same id.
    const upper = await raw(
      h.sim,
      'POST',
      '/stats/provider-last-n',
      { client_id: own[0].client_id!.toUpperCase(), last_n: 48 },
      h.sim.token,
    );
    expect(upper.status).toBe(200);
    expect(JSON.parse(upper.text).lookback).toBe(2);
  });

  it('give the client a week of days for the network and each provider', async () => {
    const overview = await h.client.providersOverviewLastN({ last_n: 168 });
    expect(Object.keys(overview.transfer_data!)).toHaveLength(8);
    const list = await h.client.providersLastN({ last_n: 168 });
    expect(list.providers!.length).toBe((await h.client.providerStats()).providers!.length);
    const one = await h.client.providerLastN({ client_id: list.providers![0].client_id, last_n: 168 });
    expect(one.lookback).toBe(7);
    expect(Object.keys(one.payout!)).toEqual(Object.keys(overview.payout!));
  });
});
