// GET /network/peers as the server serves it (model/peer_model.go, issue 35 item 5): the
// connected top-level clients and 5-minute disconnect markers; a client token sees all
// but itself; a network of more than 100 clients gets an empty list; the seed era has no
// such route. And POST /__sim/dark, the admin route that makes a provider dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeAll(async () => {
  h = await startSim();
});
afterAll(async () => {
  await h.close();
});

const peersOf = async (token?: string) =>
  JSON.parse((await raw(h.sim, 'GET', '/network/peers', undefined, token ?? h.sim.token)).text);

describe('GET /network/peers', () => {
  it('lists the connected providers, and one that disconnects as a marker for 5 minutes', async () => {
    const stats = (await h.client.providerStats()).providers!;
    const connected = stats.filter((p) => p.connected).map((p) => p.client_id);
    const first = await peersOf();
    expect(first.peers.map((p: { client_id: string }) => p.client_id).sort()).toEqual([...connected].sort());
    expect(first).not.toHaveProperty('disconnected');
    expect(first.disconnected_count).toBe(0);
    expect(first.peers[0]).toMatchObject({ client_id: expect.any(String), device_name: expect.any(String) });

    const gone = connected[0]!;
    await raw(h.sim, 'POST', '/__sim/providers', { client_id: gone, connected: false });
    const at = new Date(h.clock.now()).toISOString();
    const after = await h.client.networkPeers();
    expect(after.peers!.map((p) => p.client_id)).not.toContain(gone);
    expect(after.disconnected).toEqual([{ client_id: gone, disconnect_time: at }]);
    expect(after.disconnected_count).toBe(1);
    await h.advance(301);
    expect((await h.client.networkPeers()).disconnected ?? []).not.toContainEqual(
      expect.objectContaining({ client_id: gone }),
    );
    await raw(h.sim, 'POST', '/__sim/providers', { client_id: gone, connected: true });
  });

  it('gives a client token every peer but itself, and "Not allowed." to a client that is not the network’s', async () => {
    const stats = (await h.client.providerStats()).providers!;
    const self = stats.find((p) => p.connected)!.client_id!;
    const { token } = h.sim.admin.token('demo', self);
    const seen = await peersOf(token);
    expect(seen.peers.map((p: { client_id: string }) => p.client_id)).not.toContain(self);
    expect(seen.peers.length).toBe(stats.filter((p) => p.connected).length - 1);
    const stranger = h.sim.admin.token('demo', '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b').token;
    expect(await peersOf(stranger)).toEqual({
      peers: null,
      disconnected_count: 0,
      error: { message: 'Not allowed.' },
    });
  });

  it('answers an empty list for a network of more than 100 clients, however many are connected', async () => {
    const big = await startSim({ providers: 400, locations: 40, ownProviders: 120 });
    try {
      const connected = (await big.client.providerStats()).providers!.filter((p) => p.connected).length;
      expect(connected).toBeGreaterThan(50);
      expect(
        JSON.parse((await raw(big.sim, 'GET', '/network/peers', undefined, big.sim.token)).text),
      ).toEqual({
        peers: [],
        disconnected_count: 0,
      });
    } finally {
      await big.close();
    }
  });

  it('is not served by the seed era (404)', async () => {
    const seed = await startSim({ era: 'seed', providers: 300, locations: 40 });
    try {
      expect((await raw(seed.sim, 'GET', '/network/peers', undefined, seed.sim.token)).status).toBe(404);
    } finally {
      await seed.close();
    }
  });
});

describe('POST /__sim/dark', () => {
  it('makes a provider dark for some hours, or lit again with 0; an unknown id is a 400', async () => {
    const { client_id } = (await h.client.providerStats()).providers!.find((p) => p.connected)!;
    const dark = await raw(h.sim, 'POST', '/__sim/dark', { client_id, hours: 6 });
    expect(dark.status).toBe(200);
    expect(JSON.parse(dark.text)).toEqual({
      client_id,
      dark: true,
      until: new Date(h.clock.now() + 6 * 3_600_000).toISOString(),
    });
    const lit = JSON.parse((await raw(h.sim, 'POST', '/__sim/dark', { client_id, hours: 0 })).text);
    expect(lit).toEqual({ client_id, dark: false, until: new Date(h.clock.now()).toISOString() });
    const unknown = await raw(h.sim, 'POST', '/__sim/dark', {
      client_id: '00000000-0000-4000-8000-000000000000',
      hours: 1,
    });
    expect([unknown.status, unknown.text]).toEqual([400, expect.stringMatching(/^client_id: no provider/)]);
    expect((await raw(h.sim, 'POST', '/__sim/dark', { client_id, hours: 1000 })).status).toBe(400);
  });
});
