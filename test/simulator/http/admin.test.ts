// Admin routes under /__sim/: JSON in and out, only with `admin: true`.
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, json, send, startFake } from './harness.ts';

let h: Harness;
afterEach(async () => {
  await h.sim.close();
});

describe('admin routes', () => {
  it('do not exist without admin: true', async () => {
    h = await startFake({ admin: false });
    for (const path of [
      '/__sim/reset',
      '/__sim/advance',
      '/__sim/token',
      '/__sim/faults',
      '/__sim/names',
      '/__sim/providers',
    ]) {
      const res = await send(h.sim.url, 'POST', path, { body: '{}' });
      expect(res.status).toBe(404);
      expect(res.text).toBe('404 page not found\n');
    }
    expect((await send(h.sim.url, 'GET', '/__sim/codes')).status).toBe(404);
  });

  it('advance moves simulated time, runs every due tick and answers {now}', async () => {
    h = await startFake();
    const res = await send(h.sim.url, 'POST', '/__sim/advance', { body: json({ seconds: 180 }) });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({
      now: '2026-01-01T00:03:00.000Z',
      now_ms: Date.parse('2026-01-01T00:03:00Z'),
    });
    expect(h.engine.ticks).toBe(3);
    const stats = (await send(h.sim.url, 'GET', '/stats/last-90')).json() as { providers_summary: number };
    expect(stats.providers_summary).toBe(3);
  });

  it('token mints a token for a (new) network', async () => {
    h = await startFake();
    const res = await send(h.sim.url, 'POST', '/__sim/token', { body: json({ network_name: 'acme' }) });
    expect(res.status).toBe(200);
    const { token, network_id } = res.json() as { token: string; network_id: string };
    expect(decodeJwt(token)).toMatchObject({ network_name: 'acme', network_id });
    expect(h.engine.network(network_id)?.name).toBe('acme');
    expect((await send(h.sim.url, 'GET', '/device/associations', { token })).status).toBe(200);
  });

  it('codes lists what the engine offers the demo network', async () => {
    h = await startFake();
    const res = await send(h.sim.url, 'GET', '/__sim/codes');
    expect(res.json()).toEqual(h.engine.codes());
  });

  it('reset regenerates the world, with a new seed when given one', async () => {
    h = await startFake({ seed: 5 });
    await send(h.sim.url, 'POST', '/__sim/advance', { body: json({ seconds: 60 }) });
    const res = await send(h.sim.url, 'POST', '/__sim/reset', { body: json({ seed: 9 }) });
    expect(res.status).toBe(200);
    expect(h.engine.seed).toBe(9);
    expect(decodeJwt(h.sim.token).network_id).toBe(h.engine.demoNetwork.id);
    expect((await send(h.sim.url, 'POST', '/__sim/reset', { body: '' })).status).toBe(200);
    expect(h.engine.seed).toBe(9);
  });

  it('names renames a device or a network (hostile names pass through untouched)', async () => {
    h = await startFake();
    const hostile = '\u001b[2J\u0007evil\nname';
    const device = await send(h.sim.url, 'POST', '/__sim/names', {
      body: json({ client_id: h.engine.deviceId(1), device_name: hostile }),
    });
    expect(device.status).toBe(200);
    expect(h.engine.deviceName(h.engine.deviceId(1))).toBe(hostile);

    const network = await send(h.sim.url, 'POST', '/__sim/names', {
      body: json({ network_id: h.engine.demoNetwork.id, network_name: 'renamed' }),
    });
    expect(network.status).toBe(200);
    // The demo token still works and the caller now carries the new name.
    const assoc = (await send(h.sim.url, 'GET', '/device/associations', { token: h.sim.token })).json() as {
      outgoing_shared_devices: { network_name: string }[];
    };
    expect(assoc.outgoing_shared_devices[0].network_name).toBe('renamed');

    const unknown = await send(h.sim.url, 'POST', '/__sim/names', {
      body: json({ client_id: '00000000-0000-4000-8000-000000000000', device_name: 'x' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/^client_id: /);
  });

  it('validate bodies with 400 naming the field, 405 on the wrong method', async () => {
    h = await startFake();
    const cases: [string, unknown, RegExp][] = [
      ['/__sim/advance', { seconds: 'soon' }, /^seconds: /],
      ['/__sim/advance', { seconds: -1 }, /^seconds: /],
      ['/__sim/token', { network_name: '' }, /^network_name: /],
      ['/__sim/faults', { error_rate: 2 }, /^error_rate: /],
      ['/__sim/faults', { body: 'garbled' }, /^body: /],
      ['/__sim/faults', { status: 200 }, /^status: /],
      ['/__sim/reset', { seed: 1.5 }, /^seed: /],
      ['/__sim/names', { client_id: 'x', device_name: 3 }, /^device_name: /],
      ['/__sim/names', { network_id: 'x' }, /^network_name: /],
      ['/__sim/providers', { client_id: 'x', connected: true }, /^client_id: /],
      ['/__sim/providers', { connected: false }, /^client_id: /],
      ['/__sim/providers', { client_id: '00000000-0000-4000-8000-000000000000' }, /^connected: /],
    ];
    for (const [path, body, message] of cases) {
      const res = await send(h.sim.url, 'POST', path, { body: json(body) });
      expect(res.status, path).toBe(400);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toMatch(message);
    }
    expect((await send(h.sim.url, 'POST', '/__sim/advance', { body: '{' })).status).toBe(400);
    const wrong = await send(h.sim.url, 'GET', '/__sim/reset');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect((await send(h.sim.url, 'GET', '/__sim/nothing')).status).toBe(404);
  });
});
