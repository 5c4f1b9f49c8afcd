// Issue 34: auth-client's proxy_config as the service answers it, and the simulator's
// proxies carrying traffic to a loopback server (the simulator started with
// --proxy-allow-local, as tests and loopback demos are): the token as the service takes
// it, the locks, the removal of the client. Only loopback destinations are tried.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerLines } from '../../../simulator/main.ts';
import { STRICT_SHAPES } from '../../contract/shapes.ts';
import { itNeeds } from '../../machine.ts';
import { raw, type SimHarness, startSim } from './harness.ts';
import { basic, connectViaProxy, getOver, httpViaProxy, socks5 } from './proxy-clients.ts';

/**
 * The fields the official web manager reads of auth-client's answer, copied from its
 * `AuthClientResponse`, `ProxyConfigResult` and `WgConfig` (web: app/src/services/types.ts
 * at 86acba9c); the ones it marks optional are marked so here.
 */
const WEB_APP_FIELDS = {
  answer: ['by_client_jwt?', 'proxy_config_result?', 'error?'],
  error: ['client_limit_exceeded?', 'message'],
  proxy_config_result: [
    'keepalive_seconds',
    'http_proxy_url?',
    'https_proxy_url',
    'socks_proxy_url',
    'auth_token',
    'instance_id',
    'proxy_host?',
    'socks_proxy_port?',
    'http_proxy_port?',
    'https_proxy_port?',
    'wg_config?',
  ],
  wg_config: [
    'wg_proxy_port',
    'client_private_key',
    'client_public_key',
    'client_ipv4',
    'proxy_public_key',
    'config',
  ],
};
const required = (fields: string[]) => fields.filter((field) => !field.endsWith('?'));

interface ProxyAnswer {
  by_client_jwt: string;
  client_id: string;
  error?: { client_limit_exceeded: boolean; message: string };
  proxy_config_result: Record<string, unknown> & {
    auth_token: string;
    http_proxy_port: number;
    socks_proxy_port: number;
    https_proxy_port: number;
    https_proxy_url: string;
    client_id: string;
    wg_config: null | Record<string, string | number>;
  };
}

let h: SimHarness;
let target: Server;
let targetPort: number;

beforeAll(async () => {
  h = await startSim({ proxyAllowLocal: true });
  target = createServer((req, res) => res.end(`hello ${req.url}`));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  await h.close();
});

const authClient = (body: unknown) => raw(h.sim, 'POST', '/network/auth-client', body, h.sim.token);
async function makeProxy(proxyConfig: object, description = 'proxy'): Promise<ProxyAnswer> {
  const answer = await authClient({ description, proxy_config: proxyConfig });
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text);
}
async function clientsById(): Promise<Map<string, Record<string, unknown>>> {
  const answer = JSON.parse((await raw(h.sim, 'GET', '/network/clients', undefined, h.sim.token)).text);
  expect(STRICT_SHAPES.current.networkClients!.safeParse(answer).success).toBe(true);
  return new Map((answer.clients as { client_id: string }[]).map((client) => [client.client_id, client]));
}

describe('auth-client with proxy_config', () => {
  it('a proxy for a country answers every field the server sends, which are the ones the web manager reads', async () => {
    const made = await makeProxy({ initial_device_state: { country_code: 'de' } });
    for (const field of required(WEB_APP_FIELDS.answer)) expect(made).toHaveProperty(field);
    const result = made.proxy_config_result;
    for (const field of required(WEB_APP_FIELDS.proxy_config_result)) expect(result).toHaveProperty(field);
    for (const field of WEB_APP_FIELDS.proxy_config_result.map((f) => f.replace('?', '')))
      expect(result, field).toHaveProperty(field);
    expect(Object.keys(made)).toEqual(['by_client_jwt', 'client_id', 'proxy_config_result']);
    // Always there: keepalive_seconds (never set: 0) and wg_config (null without WireGuard).
    expect(result.keepalive_seconds).toBe(0);
    expect(result.wg_config).toBeNull();
    expect(STRICT_SHAPES.current.authClient!.safeParse(made).success).toBe(true);
    // The token is the signed proxy id, not the client's JWT; the HTTPS URL carries it lower-cased.
    expect(result.auth_token).toMatch(/^[0-9A-V]{58}$/);
    expect(result.auth_token).not.toBe(made.by_client_jwt);
    expect(result.proxy_host).toBe('localhost');
    expect(result.https_proxy_url).toBe(
      `https://${result.auth_token.toLowerCase()}.localhost:${result.https_proxy_port}`,
    );
    expect(result.http_proxy_url).toBe(`http://localhost:${result.http_proxy_port}`);
    expect(result.socks_proxy_url).toBe(`socks5h://localhost:${result.socks_proxy_port}`);
    // Listed with its proxy as stored: no change_id, no keepalive_seconds, the token unmasked.
    const { keepalive_seconds: _k, change_id: _c, ...stored } = result;
    expect((await clientsById()).get(made.client_id)?.proxy_client).toEqual(stored);
  });

  it('an unknown country, or no place at all, is a 200 with the token and "Invalid location": the client exists', async () => {
    for (const config of [
      { initial_device_state: { country_code: 'zz' } },
      {},
      { initial_device_state: {} },
    ]) {
      const made = await makeProxy(config, 'nowhere');
      expect(made).toEqual({
        by_client_jwt: expect.any(String),
        client_id: expect.any(String),
        error: { client_limit_exceeded: false, message: 'Invalid location' },
      });
      const listed = (await clientsById()).get(made.client_id);
      expect(listed?.device_name).toBe('nowhere');
      expect(listed?.proxy_client).toBeUndefined();
    }
  });

  it('a location is taken as sent, unchecked', async () => {
    const made = await makeProxy({
      initial_device_state: {
        location: { name: 'Atlantis', location_type: 'city', country_code: 'aq', city: 'Atlantis' },
      },
    });
    expect(made.proxy_config_result.auth_token).toMatch(/^[0-9A-V]{58}$/);
    const via = await socks5(
      made.proxy_config_result.socks_proxy_port,
      { host: 'localhost', port: Number(new URL(h.sim.url).port) },
      made.proxy_config_result.auth_token,
    );
    const info = JSON.parse((await getOver(via, 'localhost', '/my-ip-info')).body);
    expect(info.info.location).toMatchObject({ city: 'Atlantis', country: { code: 'aq' } });
    expect(info.connected_to_network).toBe(true);
  });

  it('a location id of the world is where the proxy’s traffic is, whatever names are sent beside it', async () => {
    // A city as the service's search lists it, then only its id and a name sent, as the
    // server's own MCP sends one (and netdeck for an id it cannot name).
    const countries = JSON.parse((await raw(h.sim, 'GET', '/network/provider-locations')).text);
    const found = JSON.parse(
      (await raw(h.sim, 'POST', '/network/find-provider-locations', { query: countries.locations[0].name }))
        .text,
    );
    const city = (found.locations as Record<string, string>[]).find((l) => l.location_type === 'city')!;
    const made = await makeProxy({
      initial_device_state: {
        location: { connect_location_id: { location_id: city.location_id }, name: 'x' },
      },
    });
    const via = await socks5(
      made.proxy_config_result.socks_proxy_port,
      { host: 'localhost', port: Number(new URL(h.sim.url).port) },
      made.proxy_config_result.auth_token,
    );
    const info = JSON.parse((await getOver(via, 'localhost', '/my-ip-info')).body);
    expect(info.info.location).toMatchObject({
      city: city.city,
      region: city.region,
      country: { code: city.country_code, name: city.country },
    });
  });

  it('a bad lock_ip_list entry is a 500 with the server’s message after the client was made: it stays, without its token', async () => {
    const before = (await clientsById()).size;
    const answer = await authClient({
      description: 'locked wrong',
      proxy_config: {
        lock_ip_list: ['10.0.0.0/8', ' 192.0.2.1', 'nope'],
        initial_device_state: { country_code: 'zz' },
      },
    });
    // The first bad entry, as sent (spaces too), before the place is looked at.
    expect(answer).toEqual({ status: 500, text: 'Could not parse lock ip  192.0.2.1\n' });
    const after = await clientsById();
    expect(after.size).toBe(before + 1);
    const stayed = [...after.values()].find((client) => client.device_name === 'locked wrong');
    expect(stayed?.proxy_client).toBeUndefined();
  });

  it('a WireGuard configuration carries real X25519 keys and the config text as the server writes it', async () => {
    const made = await makeProxy({ enable_wg: true, initial_device_state: { country_code: 'de' } });
    const wg = made.proxy_config_result.wg_config!;
    for (const field of WEB_APP_FIELDS.wg_config) expect(wg).toHaveProperty(field);
    expect(wg.config).toBe(
      [
        '[Interface]',
        `PrivateKey = ${wg.client_private_key}`,
        `Address = ${wg.client_ipv4}/32`,
        'DNS = 1.1.1.1',
        '',
        '[Peer]',
        `PublicKey = ${wg.proxy_public_key}`,
        `Endpoint = localhost:${wg.wg_proxy_port}`,
        'AllowedIPs = 0.0.0.0/0',
        'PersistentKeepalive = 25',
      ].join('\n'),
    );
  });

  itNeeds('wg (Debian’s wireguard-tools)', spawnSync('wg', ['--version']).status === 0)(
    'the WireGuard public key is what `wg pubkey` derives from the private key',
    async () => {
      const wg = (await makeProxy({ enable_wg: true, initial_device_state: { country_code: 'us' } }))
        .proxy_config_result.wg_config!;
      const derived = spawnSync('wg', ['pubkey'], { input: `${wg.client_private_key}\n`, encoding: 'utf8' });
      expect(derived.stdout.trim()).toBe(wg.client_public_key);
    },
  );
});

describe('the proxies carry traffic', () => {
  let proxy: ProxyAnswer['proxy_config_result'];
  beforeAll(async () => {
    proxy = (await makeProxy({ initial_device_state: { country_code: 'de' } })).proxy_config_result;
  });
  const url = (path: string) => `http://127.0.0.1:${targetPort}${path}`;

  it('an HTTP request in absolute form, the token as the Basic user name with any password, any case', async () => {
    expect(
      await httpViaProxy(proxy.http_proxy_port, url('/plain'), basic(proxy.auth_token, 'whatever')),
    ).toMatchObject({
      status: 200,
      body: 'hello /plain',
    });
    const lower = await httpViaProxy(
      proxy.http_proxy_port,
      url('/lower'),
      basic(proxy.auth_token.toLowerCase()),
    );
    expect(lower.body).toBe('hello /lower');
  });

  it('a CONNECT tunnel, the token as a Bearer token', async () => {
    const { tunnel, answer } = await connectViaProxy(
      proxy.http_proxy_port,
      `127.0.0.1:${targetPort}`,
      `bearer ${proxy.auth_token}`,
      '/tunnelled',
    );
    expect(tunnel.status).toBe(200);
    expect(answer?.body).toBe('hello /tunnelled');
  });

  it('a socks5h connection by name, the token as the user name with any password', async () => {
    const tunnel = await socks5(
      proxy.socks_proxy_port,
      { host: 'localhost', port: targetPort },
      proxy.auth_token,
    );
    expect([tunnel.method, tunnel.auth, tunnel.reply]).toEqual([2, 0, 0]);
    expect((await getOver(tunnel, 'localhost', '/socks')).body).toBe('hello /socks');
  });

  it('the simulator’s own API through a proxy: it knows the request came through it', async () => {
    const tunnel = await socks5(
      proxy.socks_proxy_port,
      { host: 'localhost', port: Number(new URL(h.sim.url).port) },
      proxy.auth_token,
    );
    const info = JSON.parse((await getOver(tunnel, 'localhost', '/my-ip-info')).body);
    expect(info).toMatchObject({
      info: { location: { country: { code: 'de', name: 'Germany' } } },
      connected_to_network: true,
    });
    // Directly: the caller's country (--caller-country, us by default), not a client of the network.
    const direct = JSON.parse((await raw(h.sim, 'GET', '/my-ip-info')).text);
    expect(direct).toMatchObject({
      info: { location: { country: { code: 'us' } } },
      connected_to_network: false,
    });
    expect(STRICT_SHAPES.current.myIpInfo!.safeParse(info).success).toBe(true);
  });

  it('refuses a wrong token: HTTP 502 "Not authorized" at once, SOCKS5 01 01; no method for a client without user/password', async () => {
    // A character of the id changed (the last one's low bits are padding, which base32 decoding ignores).
    const wrong = `${proxy.auth_token.slice(0, 5)}${proxy.auth_token[5] === '0' ? '1' : '0'}${proxy.auth_token.slice(6)}`;
    for (const authorization of [basic(wrong), `Bearer ${wrong}`, basic(h.sim.token), undefined]) {
      const answer = await httpViaProxy(proxy.http_proxy_port, url('/x'), authorization);
      expect([answer.status, answer.body], String(authorization)).toEqual([502, 'Not authorized\n']);
    }
    expect(
      (await connectViaProxy(proxy.http_proxy_port, `127.0.0.1:${targetPort}`, basic(wrong))).tunnel.status,
    ).toBe(502);
    expect(await socks5(proxy.socks_proxy_port, { host: 'localhost', port: targetPort }, wrong)).toEqual({
      method: 2,
      auth: 1,
    });
    expect(await socks5(proxy.socks_proxy_port, { host: 'localhost', port: targetPort })).toEqual({
      method: 0xff,
    });
  });

  it('enforces lock_ip_list and lock_caller_ip: a caller outside is refused, one inside carries', async () => {
    const locked = (
      await makeProxy({ lock_ip_list: ['203.0.113.0/24'], initial_device_state: { country_code: 'de' } })
    ).proxy_config_result;
    expect((await httpViaProxy(locked.http_proxy_port, url('/x'), basic(locked.auth_token))).status).toBe(
      502,
    );
    expect(
      (await socks5(locked.socks_proxy_port, { host: 'localhost', port: targetPort }, locked.auth_token))
        .auth,
    ).toBe(1);
    const mine = (
      await makeProxy({
        lock_caller_ip: true,
        lock_ip_list: ['::1'],
        initial_device_state: { country_code: 'de' },
      })
    ).proxy_config_result;
    expect((await httpViaProxy(mine.http_proxy_port, url('/mine'), basic(mine.auth_token))).body).toBe(
      'hello /mine',
    );
  });

  it('counts what it carries against the network’s data balance', async () => {
    const balance = async () =>
      JSON.parse((await raw(h.sim, 'GET', '/subscription/balance', undefined, h.sim.token)).text)
        .balance_byte_count as number;
    const before = await balance();
    await httpViaProxy(proxy.http_proxy_port, url('/counted'), basic(proxy.auth_token));
    // Counted when the connection closes; the close reaches the proxy a moment later.
    let after = before;
    for (let k = 0; k < 50 && after === before; k++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await balance();
    }
    expect(before - after).toBeGreaterThan(100);
  });

  it('removing the client stops its proxies: open connections close, new ones are refused', async () => {
    const made = await makeProxy({ initial_device_state: { country_code: 'fr' } });
    const gone = made.proxy_config_result;
    const open = await socks5(
      gone.socks_proxy_port,
      { host: 'localhost', port: targetPort },
      gone.auth_token,
    );
    expect(open.reply).toBe(0);
    const removed = await raw(
      h.sim,
      'POST',
      '/network/remove-client',
      { client_id: made.client_id },
      h.sim.token,
    );
    expect(removed).toEqual({ status: 200, text: '{}' });
    await open.received!.until(() => false, 3000);
    expect(open.received!.closed).toBe(true);
    expect(
      (await socks5(gone.socks_proxy_port, { host: 'localhost', port: targetPort }, gone.auth_token)).auth,
    ).toBe(1);
    expect((await httpViaProxy(gone.http_proxy_port, url('/x'), basic(gone.auth_token))).status).toBe(502);
  });

  it('the HTTPS proxy refuses, naming the HTTP and SOCKS URLs', async () => {
    const answer = await httpViaProxy(proxy.https_proxy_port, url('/x'));
    expect(answer.status).toBe(501);
    expect(answer.body).toContain(
      `use its HTTP proxy http://localhost:${proxy.http_proxy_port} or its SOCKS proxy socks5h://localhost:${proxy.socks_proxy_port}`,
    );
  });

  it('netdeck sim says where the proxies listen after the banner lines, and that traffic leaves from this machine', () => {
    const lines = bannerLines(h.sim);
    expect(lines[lines.length - 2]).toMatch(/^export NETDECK_API_URL=/);
    expect(lines.at(-1)).toBe(
      `proxies: http://localhost:${proxy.http_proxy_port} socks5h://localhost:${proxy.socks_proxy_port} (a proxy's traffic leaves from this machine, not from the place it was made for; no HTTPS proxy, no WireGuard traffic)`,
    );
  });
});
