// Issue 34: a simulator started without --proxy-allow-local, as `netdeck sim` is by default:
// its proxies refuse destinations that are not public unicast at once, in their own words
// (the service's providers drop such packets and the connection fails), and always reach
// the simulator's own API. Only loopback destinations are tried.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { raw, type SimHarness, startSim } from './harness.ts';
import { basic, connectViaProxy, getOver, httpViaProxy, socks5 } from './proxy-clients.ts';

let h: SimHarness;
let target: Server;
let targetPort: number;
let proxy: { auth_token: string; http_proxy_port: number; socks_proxy_port: number; https_proxy_url: string };

beforeAll(async () => {
  h = await startSim();
  target = createServer((req, res) => res.end(`hello ${req.url}`));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as { port: number }).port;
  const made = await raw(
    h.sim,
    'POST',
    '/network/auth-client',
    { proxy_config: { https_require_auth: true, initial_device_state: { country_code: 'jp' } } },
    h.sim.token,
  );
  proxy = JSON.parse(made.text).proxy_config_result;
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  await h.close();
});

const LOCAL_REFUSAL =
  'local destinations are not allowed: the simulator’s proxies reach public addresses and its own API only, unless it runs with --proxy-allow-local\n';

it('refuses a loopback destination: HTTP 403 saying so, for a request and a CONNECT; SOCKS5 reply 0x02', async () => {
  const answer = await httpViaProxy(
    proxy.http_proxy_port,
    `http://127.0.0.1:${targetPort}/x`,
    basic(proxy.auth_token),
  );
  expect([answer.status, answer.body]).toEqual([403, LOCAL_REFUSAL]);
  const tunnel = await connectViaProxy(
    proxy.http_proxy_port,
    `localhost:${targetPort}`,
    basic(proxy.auth_token),
  );
  expect([tunnel.tunnel.status, tunnel.tunnel.body]).toEqual([403, LOCAL_REFUSAL]);
  for (const host of ['localhost', '127.0.0.1', '10.0.0.1', '169.254.1.1'])
    expect(
      (await socks5(proxy.socks_proxy_port, { host, port: targetPort }, proxy.auth_token)).reply,
      host,
    ).toBe(2);
});

it('always reaches the simulator’s own API, which knows the request came through the proxy', async () => {
  const port = Number(new URL(h.sim.url).port);
  const tunnel = await socks5(proxy.socks_proxy_port, { host: '127.0.0.1', port }, proxy.auth_token);
  expect(tunnel.reply).toBe(0);
  const info = JSON.parse((await getOver(tunnel, `127.0.0.1:${port}`, '/my-ip-info')).body);
  expect(info).toMatchObject({ info: { location: { country: { code: 'jp' } } }, connected_to_network: true });
  const direct = await httpViaProxy(
    proxy.http_proxy_port,
    `${h.sim.url}/my-ip-info`,
    basic(proxy.auth_token),
  );
  expect(JSON.parse(direct.body).connected_to_network).toBe(true);
});

it('a header a caller writes does not make it a proxy’s', async () => {
  const forged = await fetch(`${h.sim.url}/my-ip-info`, {
    headers: { 'x-forwarded-for': '203.0.113.9', 'x-ur-forwarded-for': '203.0.113.9', via: '1.1 proxy' },
  });
  expect((await forged.json()).connected_to_network).toBe(false);
});

it('with https_require_auth the HTTPS URL carries no token', () => {
  expect(proxy.https_proxy_url).toMatch(/^https:\/\/localhost:\d+$/);
});
