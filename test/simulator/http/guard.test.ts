// Who may talk to the simulator: a web page in the user's browser (CSRF, DNS rebinding)
// may not, the admin routes want their secret, and fault settings that would break a
// header or a timer are refused.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../../simulator/index.ts';
import { ManualClock } from '../../../src/clock.ts';
import { ADMIN_SECRET, type Harness, json, send, startFake } from './harness.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

async function start(options: Parameters<typeof startFake>[0] = {}): Promise<Harness> {
  const h = await startFake(options);
  open.push(h.sim);
  return h;
}

const portOf = (h: Harness) => new URL(h.sim.url).port;

describe('the admin secret', () => {
  it('an admin route answers 403 Forbidden. without the secret or with a wrong one', async () => {
    const h = await start();
    for (const [method, path, body] of [
      ['GET', '/__sim/codes', undefined],
      ['POST', '/__sim/reset', '{}'],
      ['POST', '/__sim/token', json({ network_name: 'mallory' })],
      ['POST', '/__sim/faults', json({ error_rate: 1 })],
      ['POST', '/__sim/providers', json({ client_id: h.engine.deviceId(1), connected: false })],
    ] as const) {
      const without = await send(h.sim.url, method, path, { body, withoutSecret: true });
      expect([without.status, without.text], path).toEqual([403, 'Forbidden.\n']);
      const wrong = await send(h.sim.url, method, path, {
        body,
        headers: { 'x-sim-admin': `${ADMIN_SECRET}x` },
      });
      expect(wrong.status, path).toBe(403);
    }
    // Nothing happened: no fault set, the provider still connected.
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).status).toBe(200);
    expect(h.engine.connected.size).toBe(0);
    expect((await send(h.sim.url, 'GET', '/__sim/codes')).status).toBe(200);
  });

  it('createSimulator makes a random secret, or takes one, and says which is in force; in process no secret is needed', async () => {
    const clock = new ManualClock();
    const small = { providers: 50, locations: 12, ownProviders: 1, clock };
    const made = await createSimulator({ ...small, admin: true });
    const given = await createSimulator({
      ...small,
      admin: true,
      adminSecret: 'a-secret-of-my-own-choosing',
    });
    const without = await createSimulator(small);
    open.push(made, given, without);
    expect(made.adminSecret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(given.adminSecret).toBe('a-secret-of-my-own-choosing');
    expect(without.adminSecret).toBeUndefined();
    const codes = await fetch(`${given.url}/__sim/codes`, {
      headers: { 'x-sim-admin': 'a-secret-of-my-own-choosing' },
    });
    expect(codes.status).toBe(200);
    expect((await fetch(`${made.url}/__sim/codes`)).status).toBe(403);
    // The console's demo reads the same data in process.
    expect(made.admin.codes().adopt_codes.length).toBeGreaterThan(0);
  });
});

describe('Host and Origin', () => {
  it("refuses a Host that is not one of the simulator's names (DNS rebinding), on every route", async () => {
    const h = await start();
    const port = portOf(h);
    for (const host of [
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      'evil.example',
      `localhost.:${port}`,
      `127.0.0.2:${port}`,
    ]) {
      for (const path of ['/stats/last-90', '/__sim/codes', '/openapi.json', '/no/such/route']) {
        const res = await send(h.sim.url, 'GET', path, { headers: { host } });
        expect([res.status, res.text], `${host} ${path}`).toEqual([403, 'Forbidden.\n']);
      }
    }
  });

  it('takes the loopback names and the bound address, with or without a port (the name is what a page controls)', async () => {
    const h = await start();
    const port = Number(portOf(h));
    for (const host of [
      `localhost:${port}`,
      'localhost',
      `LOCALHOST:${port}`,
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `[::1]:${port}`,
      '[::1]',
      `localhost:${port + 1}`,
    ]) {
      expect((await send(h.sim.url, 'GET', '/stats/last-90', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('answers an HTTP/1.0 request without Host (no browser sends one), as the service does', async () => {
    const h = await start();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(portOf(h)), '127.0.0.1', () =>
        socket.write('GET /stats/last-90 HTTP/1.0\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('takes the names given with allowHosts (--allow-host), in any case, and no other', async () => {
    const h = await start({ allowHosts: ['sim.lan', '10.0.0.7', '[fd00::7]'] });
    const port = portOf(h);
    for (const host of [`sim.lan:${port}`, 'SIM.LAN', `10.0.0.7:${port}`, `[fd00::7]:${port}`]) {
      expect((await send(h.sim.url, 'GET', '/stats/last-90', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of [`other.lan:${port}`, `sim.lan.evil.example:${port}`, `10.0.0.8:${port}`]) {
      expect((await send(h.sim.url, 'GET', '/stats/last-90', { headers: { host } })).status, host).toBe(403);
    }
    await expect(
      createSimulator({ providers: 50, locations: 12, clock: new ManualClock(), allowHosts: ['sim.lan:80'] }),
    ).rejects.toThrow(/"sim.lan:80" is not a host name or address/);
  });

  it('the API routes read no Origin, as the service: a page of another site gets its answer (no CORS headers without --cors)', async () => {
    const h = await start();
    for (const origin of ['http://evil.example', 'null', 'http://localhost:5173']) {
      const res = await send(h.sim.url, 'POST', '/network/find-providers2', {
        body: '{}',
        headers: { origin },
      });
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('the admin routes refuse any Origin but their own, a POST above all', async () => {
    const h = await start();
    const port = Number(portOf(h));
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      'null',
      `https://127.0.0.1:${port}`,
      `http://localhost:${port + 1}`,
      'http://localhost:5173',
    ]) {
      const res = await send(h.sim.url, 'POST', '/__sim/reset', { body: '{}', headers: { origin } });
      expect([res.status, res.text], origin).toEqual([403, 'Forbidden.\n']);
      expect((await send(h.sim.url, 'GET', '/__sim/codes', { headers: { origin } })).status, origin).toBe(
        403,
      );
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      expect((await send(h.sim.url, 'GET', '/__sim/codes', { headers: { origin } })).status, origin).toBe(
        200,
      );
    }
  });

  it('bound to every interface, takes any address of the machine as Host but no other name', async () => {
    const h = await start({ host: '0.0.0.0' });
    const port = portOf(h);
    const local = `http://127.0.0.1:${port}`;
    expect(
      (await send(local, 'GET', '/stats/last-90', { headers: { host: `10.1.2.3:${port}` } })).status,
    ).toBe(200);
    expect(
      (await send(local, 'GET', '/stats/last-90', { headers: { host: `[fe80::1]:${port}` } })).status,
    ).toBe(200);
    expect(
      (await send(local, 'GET', '/stats/last-90', { headers: { host: `rebound.example:${port}` } })).status,
    ).toBe(403);
  });
});

describe('fault settings', () => {
  it('refuses values that would make an invalid Retry-After or overflow a timer', async () => {
    const h = await start();
    for (const faults of [
      { retry_after_s: 1e21 },
      { retry_after_s: 86_401 },
      { latency_ms: 1e10 },
      { latency_ms: 600_001 },
    ]) {
      const res = await send(h.sim.url, 'POST', '/__sim/faults', { body: json(faults) });
      expect(res.status, JSON.stringify(faults)).toBe(400);
      expect(res.text).toMatch(/^(retry_after_s|latency_ms): Too big/);
    }
    await send(h.sim.url, 'POST', '/__sim/faults', {
      body: json({ error_rate: 1, status: 503, retry_after_s: 86_400 }),
    });
    const failed = await send(h.sim.url, 'GET', '/stats/last-90');
    expect(failed.headers['retry-after']).toBe('86400');
    await expect(
      createSimulator({ providers: 50, locations: 12, clock: new ManualClock(), latencyMs: 2 ** 31 }),
    ).rejects.toThrow(/latency_ms/);
  });
});
