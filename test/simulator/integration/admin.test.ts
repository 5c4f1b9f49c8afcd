// Admin routes against the real engine, over HTTP: token, names (hostile data), advance,
// codes, reset, faults.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimCodes } from '../../../src/contract/admin.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim();
});
afterEach(async () => {
  await h.close();
});

const HOSTILE = '\u001b[31mred\u001b[0m\u0007 \u202eevil\ttab\nnewline';

describe('admin routes on the real simulator', () => {
  it('token mints a working token for a new network', async () => {
    const res = await raw(h.sim, 'POST', '/__sim/token', { network_name: 'partner' });
    expect(res.status).toBe(200);
    const { token, network_id } = JSON.parse(res.text);
    expect(h.sim.engine.network(network_id)?.name).toBe('partner');
    expect((await raw(h.sim, 'GET', '/device/associations', undefined, token)).status).toBe(200);
  });

  it('names sets hostile device and network names that the API then serves as they are', async () => {
    const own = await h.client.providerStats();
    const clientId = own.providers![own.providers!.length - 1].client_id!;
    const device = await raw(h.sim, 'POST', '/__sim/names', { client_id: clientId, device_name: HOSTILE });
    expect(device.status).toBe(200);
    const clients = await h.client.networkClients();
    expect(clients.clients?.find((c) => c.client_id === clientId)?.device_name).toBe(HOSTILE);
    // A share code made without a name keeps none, as the service's (the device's is not taken).
    const { share_code } = await h.client.createShareCode({ client_id: clientId });
    const outgoing = () =>
      h.client
        .deviceAssociations()
        .then((result) => result.outgoing_shared_devices?.find((entry) => entry.code === share_code));
    expect(await outgoing()).not.toHaveProperty('device_name');

    const guest = h.sim.admin.token('guest');
    await h.clientFor(guest.token).addDevice({ code: share_code });
    const renamed = await raw(h.sim, 'POST', '/__sim/names', {
      network_id: guest.network_id,
      network_name: HOSTILE,
    });
    expect(renamed.status).toBe(200);
    expect((await outgoing())?.network_name).toBe(HOSTILE);

    const unknown = await raw(h.sim, 'POST', '/__sim/names', {
      client_id: '00000000-0000-4000-8000-000000000000',
      device_name: 'x',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/^client_id: /);
  });

  it('advance runs every due tick and answers the new simulated time', async () => {
    const ticks = h.sim.engine.world.ticks;
    const res = await raw(h.sim, 'POST', '/__sim/advance', { seconds: 150 });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ now: '2026-01-01T00:02:30.000Z', now_ms: h.clock.now() });
    expect(h.sim.engine.world.ticks).toBe(ticks + 2);
  });

  it('codes lists addable codes and the demo wallets, in the SimCodes shape', async () => {
    const res = await raw(h.sim, 'GET', '/__sim/codes');
    const codes = SimCodes.parse(JSON.parse(res.text));
    expect(codes).toEqual(h.sim.admin.codes());
    expect(codes.adopt_codes.length).toBeGreaterThan(0);
    expect(codes.wallets.length).toBeGreaterThan(0);
    expect((await h.client.addDevice({ code: codes.adopt_codes[0].code })).code_type).toBe('adopt');
  });

  it('reset with a new seed gives a new world and a new demo token', async () => {
    const before = await raw(h.sim, 'GET', '/network/provider-locations');
    const oldToken = h.sim.token;
    const res = await raw(h.sim, 'POST', '/__sim/reset', { seed: 43 });
    expect(res.status).toBe(200);
    expect(h.sim.seed).toBe(43);
    expect(h.sim.demo.seed).toBe(43);
    expect((await raw(h.sim, 'GET', '/network/provider-locations')).text).not.toBe(before.text);
    expect((await raw(h.sim, 'GET', '/stats/providers', undefined, oldToken)).status).toBe(401);
    expect((await raw(h.sim, 'GET', '/stats/providers', undefined, h.sim.token)).status).toBe(200);
    // Back to the first seed: the same world as at the start.
    await raw(h.sim, 'POST', '/__sim/reset', { seed: 42 });
    expect((await raw(h.sim, 'GET', '/network/provider-locations')).text).toBe(before.text);
  });

  it('faults fail the operations the client calls until they are turned off', async () => {
    await raw(h.sim, 'POST', '/__sim/faults', { error_rate: 1, status: 503, retry_after_s: 2 });
    const error = await h.client
      .providerStats()
      .catch((e: unknown) => e as { status?: number; details: object });
    expect(error.status).toBe(503);
    expect(error.details).toMatchObject({ retryAfterMs: 2000 });
    await raw(h.sim, 'POST', '/__sim/faults', {});
    expect((await h.client.providerStats()).providers!.length).toBeGreaterThan(0);
  });

  it('providers connects or disconnects one provider now: /stats/providers and /network/clients say so at once', async () => {
    const own = await h.client.providerStats();
    const { client_id } = own.providers!.find((p) => p.connected)!;
    const off = await raw(h.sim, 'POST', '/__sim/providers', { client_id, connected: false });
    expect(off.status).toBe(200);
    expect(JSON.parse(off.text)).toEqual({ client_id, connected: false, changed: true });
    const stats = await h.client.providerStats();
    expect(stats.providers!.find((p) => p.client_id === client_id)!.connected).toBe(false);
    const clients = await h.client.networkClients();
    expect(clients.clients!.find((c) => c.client_id === client_id)!.connections).toBeUndefined();
    // A connection event, in the route that lists events as they happen.
    const lastN = await h.client.providersLastN({ last_n: 1 });
    expect(lastN.providers!.find((p) => p.client_id === client_id)!.connected_events_last_24h).toContainEqual(
      {
        event_time: new Date(h.clock.now()).toISOString(),
        connected: false,
      },
    );
    // Again: nothing changes. Back on: connected again.
    const again = await raw(h.sim, 'POST', '/__sim/providers', { client_id, connected: false });
    expect(JSON.parse(again.text).changed).toBe(false);
    await raw(h.sim, 'POST', '/__sim/providers', { client_id, connected: true });
    expect(
      (await h.client.networkClients()).clients!.find((c) => c.client_id === client_id)!.connections,
    ).toHaveLength(1);

    const unknown = await raw(h.sim, 'POST', '/__sim/providers', {
      client_id: '00000000-0000-4000-8000-000000000000',
      connected: false,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/^client_id: no provider/);
    const bad = await raw(h.sim, 'POST', '/__sim/providers', { client_id, connected: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^connected: /);
  });

  it('providers will not connect a stale client (its device came back under another id): 400 saying why', async () => {
    const world = h.sim.engine.world;
    const stale = world.providers.ids.id(world.fleet.staleFrom);
    const res = await raw(h.sim, 'POST', '/__sim/providers', { client_id: stale, connected: true });
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      `client_id: ${stale} cannot connect: it is a stale client: its device came back under another client id\n`,
    );
    // Disconnecting it is no change, and allowed.
    const off = await raw(h.sim, 'POST', '/__sim/providers', { client_id: stale, connected: false });
    expect(JSON.parse(off.text)).toEqual({ client_id: stale, connected: false, changed: false });
  });
});
