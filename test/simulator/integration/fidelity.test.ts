// Where the simulator was found to differ from the real service (issue 27), over sockets
// with the exact status and body: uptime as the service counts it, the payout wallet's
// null, blank association names, an unknown seed phrase, a client token's device id, and
// the days of /stats/last-90.
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { Era } from '../../../src/contract/eras.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
async function start(era: Era = 'current'): Promise<SimHarness> {
  h = await startSim({ era });
  return h;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Connection {
  connect_time: string;
}
interface Client {
  client_id: string;
  device_id: string;
  device_name: string;
  connections?: Connection[];
}
interface Stats {
  client_id: string;
  connected: boolean;
  uptime_last_24h: number;
}

const get = async <T>(h: SimHarness, path: string, token = h.sim.token): Promise<T> => {
  const res = await raw(h.sim, 'GET', path, undefined, token);
  expect(res.status, path).toBe(200);
  return JSON.parse(res.text) as T;
};
const post = async <T>(h: SimHarness, path: string, body: unknown, token = h.sim.token): Promise<T> => {
  const res = await raw(h.sim, 'POST', path, body, token);
  expect(res.status, path).toBe(200);
  return JSON.parse(res.text) as T;
};
const clientsOf = (h: SimHarness) => get<{ clients: Client[] }>(h, '/network/clients').then((r) => r.clients);
const statsOf = (h: SimHarness) =>
  get<{ providers: Stats[] }>(h, '/stats/providers').then((r) => r.providers);

/** What the service counts: each open connection from max(its connect time, now - 24 h), in hours, to 2 decimals as the simulator sends it. */
const expectedUptime = (connections: Connection[] | undefined, now: number) =>
  Math.round(
    ((connections ?? []).reduce((ms, c) => ms + now - Math.max(Date.parse(c.connect_time), now - DAY), 0) /
      HOUR) *
      100,
  ) / 100;

describe('uptime_last_24h: the hours of the connections open now', () => {
  it('is the sum over the open connections /network/clients lists, whatever the time connected before', async () => {
    const h = await start();
    await h.advance(120);
    const now = h.clock.now();
    const clients = await clientsOf(h);
    let several = 0;
    for (const provider of await statsOf(h)) {
      const connections = clients.find((c) => c.client_id === provider.client_id)?.connections;
      expect(provider.uptime_last_24h, provider.client_id).toBe(expectedUptime(connections, now));
      if ((connections?.length ?? 0) > 1) several++;
    }
    // Some providers hold two connections (a reconnect before the old one closed): they add up.
    expect(several).toBeGreaterThan(0);
  });

  it('a connection that closed counts 0; after a reconnect only the new one counts, in every route', async () => {
    const h = await start();
    await h.advance(60);
    const clients = await clientsOf(h);
    const before = await statsOf(h);
    const long = before.find(
      (p) =>
        p.uptime_last_24h > 6 && clients.find((c) => c.client_id === p.client_id)?.connections?.length === 1,
    )!;
    expect(long).toBeDefined();
    const admin = (connected: boolean) =>
      post(h, '/__sim/providers', { client_id: long.client_id, connected });

    await admin(false);
    await h.advance(60);
    const closed = (await statsOf(h)).find((p) => p.client_id === long.client_id)!;
    expect([closed.connected, closed.uptime_last_24h]).toEqual([false, 0]);
    const lastN = await post<{ providers: Stats[] }>(h, '/stats/providers-last-n', { last_n: 720 });
    expect(lastN.providers.find((p) => p.client_id === long.client_id)?.uptime_last_24h).toBe(0);
    const hourly = await post<{ uptime: object }>(h, '/stats/provider-last-n', {
      client_id: long.client_id,
      last_n: 48,
    });
    expect(hourly.uptime).toEqual({});

    await admin(true);
    const reconnectedAt = h.clock.now();
    await h.advance(600);
    const [again] = (await clientsOf(h)).filter((c) => c.client_id === long.client_id);
    expect(again.connections).toEqual([
      expect.objectContaining({ connect_time: new Date(reconnectedAt).toISOString() }),
    ]);
    // Ten minutes since the reconnect: 0.17 h, not the day it was up before.
    const back = (await statsOf(h)).find((p) => p.client_id === long.client_id)!;
    expect([back.connected, back.uptime_last_24h]).toEqual([true, 0.17]);
    const since = await post<{ uptime: Record<string, number> }>(h, '/stats/provider-last-n', {
      client_id: long.client_id,
      last_n: 48,
    });
    expect(Object.values(since.uptime).reduce((a, b) => a + b, 0)).toBeCloseTo(10, 6);
  });

  it('the overview averages the same spans: the hours of the open connections by day, over the providers', async () => {
    const h = await start();
    await h.advance(60);
    const now = h.clock.now();
    const overview = await post<{ uptime: Record<string, number> }>(h, '/stats/providers-overview-last-n', {
      last_n: 48,
    });
    const clients = await clientsOf(h);
    const byDay: Record<string, number> = {};
    for (const c of clients) {
      for (const connection of c.connections ?? []) {
        for (let t = Math.max(Date.parse(connection.connect_time), now - 48 * HOUR); t < now; ) {
          const end = Math.min(now, (Math.floor(t / DAY) + 1) * DAY);
          const day = new Date(t).toISOString().slice(0, 10);
          byDay[day] = (byDay[day] ?? 0) + (end - t) / HOUR;
          t = end;
        }
      }
    }
    for (const [day, hours] of Object.entries(overview.uptime))
      expect(hours, day).toBeCloseTo((byDay[day] ?? 0) / clients.length, 2);
  });
});

describe('the payout wallet, names, logins and tokens', () => {
  it('GET /account/payout-wallet with none set is {"wallet_id":null}', async () => {
    const h = await start();
    const { token } = h.sim.admin.token('no-payout-yet');
    expect(await raw(h.sim, 'GET', '/account/payout-wallet', undefined, token)).toEqual({
      status: 200,
      text: '{"wallet_id":null}',
    });
  });

  it('a share code keeps the name it was given as given, blank too; a rename to "" blanks it', async () => {
    const h = await start();
    const [own] = await clientsOf(h);
    const unnamed = await post<{ share_code: string }>(h, '/device/create-share-code', {
      client_id: own.client_id,
    });
    const spaced = await post<{ share_code: string }>(h, '/device/create-share-code', {
      client_id: own.client_id,
      device_name: '  the den  ',
    });
    const outgoing = async (code: string) =>
      (
        await get<{ outgoing_shared_devices: { code: string }[] }>(h, '/device/associations')
      ).outgoing_shared_devices.find((d) => d.code === code);
    // A blank name is left out (omitempty), the device's own name is not put in its place.
    expect(await outgoing(unnamed.share_code)).toEqual({
      pending: true,
      code: unnamed.share_code,
      client_id: own.client_id,
    });
    expect((await outgoing(spaced.share_code)) as object).toHaveProperty('device_name', '  the den  ');
    expect(
      await raw(
        h.sim,
        'POST',
        '/device/set-association-name',
        { code: spaced.share_code, device_name: '' },
        h.sim.token,
      ),
    ).toEqual({ status: 200, text: '{}' });
    expect(await outgoing(spaced.share_code)).not.toHaveProperty('device_name');
  });

  it('an unknown seed phrase at /auth/login is {"error":{"message":"unknown seedphrase"}}', async () => {
    const h = await start();
    expect(
      await raw(h.sim, 'POST', '/auth/login', { seedphrase: 'abandon ability able about above absent' }),
    ).toEqual({ status: 200, text: '{"error":{"message":"unknown seedphrase"}}' });
    expect(await raw(h.sim, 'POST', '/auth/login', { seedphrase: '' })).toEqual({
      status: 200,
      text: '{"error":{"message":"Invalid login credentials."}}',
    });
  });

  it('a client token names the device /network/clients lists for it, and /device/set-name works with it', async () => {
    const h = await start();
    const [own] = await clientsOf(h);
    const { token } = h.sim.admin.token('demo', own.client_id);
    expect(decodeJwt(token)).toMatchObject({ client_id: own.client_id, device_id: own.device_id });
    const refreshed = await get<{ by_jwt: string }>(h, '/auth/refresh', token);
    expect(decodeJwt(refreshed.by_jwt).device_id).toBe(own.device_id);
    const device_id = decodeJwt(token).device_id;
    expect(
      await raw(h.sim, 'POST', '/device/set-name', { device_id, device_name: 'attic box' }, token),
    ).toEqual({ status: 200, text: '{}' });
    expect((await clientsOf(h)).find((c) => c.client_id === own.client_id)?.device_name).toBe('attic box');
  });
});

describe('/stats/last-90', () => {
  it('has 91 days (today - 90 to today) in each count series; transfer lacks today until something moved', async () => {
    const h = await start();
    const day = (offset: number) => new Date(h.clock.now() + offset * DAY).toISOString().slice(0, 10);
    const stats = await get<Record<string, Record<string, number>>>(h, '/stats/last-90');
    for (const series of [
      'providers_data',
      'countries_data',
      'regions_data',
      'cities_data',
      'networks_data',
      'devices_data',
    ]) {
      const keys = Object.keys(stats[series]);
      expect(keys, series).toHaveLength(91);
      expect([keys[0], keys[90]], series).toEqual([day(-90), day(0)]);
    }
    // At midnight nothing has moved today: the transfer series ends yesterday.
    expect(Object.keys(stats.all_transfer_data)).toEqual(Object.keys(stats.providers_data).slice(0, 90));
    await h.advance(60);
    const later = await get<Record<string, Record<string, number>>>(h, '/stats/last-90');
    expect(Object.keys(later.all_transfer_data)).toEqual(Object.keys(later.providers_data));
    expect(later.all_transfer_data[day(0)]).toBeGreaterThan(0);
  });
});
