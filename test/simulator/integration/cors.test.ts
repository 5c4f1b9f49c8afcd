// Browser clients: a simulator started with `--cors ORIGIN` answers every OPTIONS and
// sends the CORS headers as the service's load balancer does (issue 34), so a web app on
// another origin (URnetwork's web app in its dev set-up, http://localhost:5173) can log in
// and load what the simulator serves, and reads a missing route's own 404; the admin routes
// never take a page's request; without --cors, OPTIONS is a 405.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../../simulator/index.ts';
import { type SimHarness, startSim } from './harness.ts';

const WEB_APP = 'http://localhost:5173';

const open: SimHarness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});
async function start(options: SimulatorOptions = {}): Promise<SimHarness> {
  const h = await startSim(options);
  open.push(h);
  return h;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request over its own socket, every header as given (fetch would add and hide some). */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(new URL(path, url), { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A browser's preflight for a request with these headers. */
const preflight = (url: string, path: string, method: string, headers: string[], origin = WEB_APP) =>
  send(url, 'OPTIONS', path, {
    origin,
    'access-control-request-method': method,
    ...(headers.length ? { 'access-control-request-headers': headers.join(',') } : {}),
  });

describe('--cors', () => {
  it('an answer to an allowed origin carries Access-Control-Allow-Origin and Vary: Origin, errors too', async () => {
    const h = await start({ cors: [WEB_APP] });
    const ok = await send(h.sim.url, 'GET', '/stats/providers', {
      origin: WEB_APP,
      authorization: `Bearer ${h.sim.token}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(WEB_APP);
    expect(ok.headers.vary).toBe('Origin');
    expect(JSON.parse(ok.text).providers.length).toBeGreaterThan(0);
    for (const [method, path, headers, status, text] of [
      ['GET', '/stats/providers', {}, 401, 'Not authorized.\n'],
      ['GET', '/no/such/route', {}, 404, '404 page not found\n'],
      ['DELETE', '/stats/providers', {}, 405, 'Method not allowed.\n'],
    ] as const) {
      const failed = await send(h.sim.url, method, path, { origin: WEB_APP, ...headers });
      expect([failed.status, failed.text], path).toEqual([status, text]);
      expect(failed.headers['access-control-allow-origin'], path).toBe(WEB_APP);
    }
    // Another origin gets its answer (the API reads no Origin) but no CORS header: its page cannot read it.
    const other = await send(h.sim.url, 'GET', '/network/provider-locations', {
      origin: 'http://evil.example',
    });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toBe('Origin');
  });

  it('answers every OPTIONS to an API path with the load balancer’s 204 and headers, whatever the path, origin or method asked', async () => {
    const h = await start({ cors: [WEB_APP] });
    const answer = await preflight(h.sim.url, '/device/add', 'POST', ['authorization', 'content-type']);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    // warp: warpctl/config.go addServiceBlocks, an origin list without `*`.
    expect(answer.headers).toMatchObject({
      'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'x-xss-protection': '1; mode=block',
      'access-control-allow-origin': WEB_APP,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers':
        'DNT,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,X-Client-Version,Authorization,Accept,Mcp-Session-Id,MCP-Protocol-Version,Last-Event-ID',
      'access-control-expose-headers':
        'Content-Length,Content-Range,Accept,Mcp-Session-Id,MCP-Protocol-Version,Last-Event-ID',
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
      'access-control-max-age': '1728000',
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '0',
    });
    // Any path (one no route serves too), with or without the preflight's headers.
    for (const path of ['/account/payout-wallet', '/network/no-such-route', '/', '/openapi.json']) {
      const any = await send(h.sim.url, 'OPTIONS', path, { origin: WEB_APP });
      expect([any.status, any.headers['access-control-allow-origin']], path).toEqual([204, WEB_APP]);
    }
    expect((await send(h.sim.url, 'OPTIONS', '/stats/providers', {})).status).toBe(204);
    // `*` allows any origin, without credentials or Vary.
    const star = await start({ cors: ['*'] });
    const anyOrigin = await preflight(
      star.sim.url,
      '/stats/providers',
      'GET',
      ['authorization'],
      'http://a.example',
    );
    expect([anyOrigin.status, anyOrigin.headers['access-control-allow-origin']]).toEqual([204, '*']);
    expect(anyOrigin.headers['access-control-allow-credentials']).toBeUndefined();
    expect(anyOrigin.headers.vary).toBeUndefined();
  });

  it('an origin not in the list gets the 204 without Access-Control-Allow-Origin; a missing route then answers its own 404', async () => {
    const h = await start({ cors: [WEB_APP] });
    const foreign = await preflight(
      h.sim.url,
      '/device/add',
      'POST',
      ['content-type'],
      'http://evil.example',
    );
    expect(foreign.status).toBe(204);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // What a browser then sends to a route the service lacks: its 404, readable by the page.
    const missing = await send(h.sim.url, 'POST', '/network/no-such-route', {
      origin: WEB_APP,
      'content-type': 'application/json',
    });
    expect([missing.status, missing.text]).toEqual([404, '404 page not found\n']);
    expect(missing.headers['access-control-allow-origin']).toBe(WEB_APP);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the admin routes never take a page’s request, preflight or not', async () => {
    const h = await start({ cors: [WEB_APP, '*'] });
    const secret = { 'x-sim-admin': h.sim.adminSecret! };
    const asked = await preflight(h.sim.url, '/__sim/codes', 'GET', ['x-sim-admin']);
    expect([asked.status, asked.text]).toEqual([403, 'Forbidden.\n']);
    expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    for (const [method, path] of [
      ['GET', '/__sim/codes'],
      ['POST', '/__sim/reset'],
    ] as const) {
      const res = await send(
        h.sim.url,
        method,
        path,
        { origin: WEB_APP, ...secret },
        method === 'POST' ? '{}' : undefined,
      );
      expect([res.status, res.text], path).toEqual([403, 'Forbidden.\n']);
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
    }
    expect((await send(h.sim.url, 'GET', '/__sim/codes', secret)).status).toBe(200);
  });

  it('without --cors, OPTIONS is a 405 with Allow and no CORS header is sent', async () => {
    const h = await start();
    const answer = await preflight(h.sim.url, '/stats/providers', 'GET', ['authorization']);
    expect([answer.status, answer.text, answer.headers.allow]).toEqual([405, 'Method not allowed.\n', 'GET']);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await send(h.sim.url, 'GET', '/network/provider-locations', { origin: WEB_APP });
    expect(plain.status).toBe(200);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers.vary).toBeUndefined();
  });
});

/**
 * What URnetwork's web manager sends (web: app/src/services/api.ts) to the routes the
 * simulator serves: method, headers and body as it writes them. A browser sends a
 * preflight first for any of them with an Authorization header or a JSON Content-Type.
 */
/** What earlier calls gave: the auth code, a client to remove, the API key made. */
interface CallContext {
  authCode: string;
  password: string;
  clientId: string;
  apiKeyId: string;
}

interface WebAppCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: (token: string) => Record<string, string>;
  body?: (context: CallContext) => unknown;
  /** What the web app reads of the answer. */
  check(answer: Record<string, unknown>): void;
}

const json = { 'Content-Type': 'application/json' };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const WEB_APP_CALLS: WebAppCall[] = [
  {
    name: 'createAuthCode',
    method: 'POST',
    path: '/auth/code-create',
    headers: (token) => ({ ...bearer(token), ...json }),
    body: () => ({ duration_minutes: 5, uses: 1 }),
    check: (answer) => expect(answer.auth_code).toMatch(/^[A-Za-z0-9_-]+=*$/),
  },
  {
    name: 'login',
    method: 'POST',
    path: '/auth/code-login',
    headers: () => json,
    body: ({ authCode }) => ({ auth_code: authCode }),
    check: (answer) => expect(answer.by_jwt).toEqual(expect.any(String)),
  },
  {
    name: 'loginWithPassword',
    method: 'POST',
    path: '/auth/login-with-password',
    headers: () => json,
    body: ({ password }) => ({ user_auth: 'demo@netdeck.example', password }),
    check: (answer) => expect((answer.network as { by_jwt: string }).by_jwt).toEqual(expect.any(String)),
  },
  {
    name: 'loginWithWallet',
    method: 'POST',
    path: '/auth/login',
    headers: () => json,
    body: () => ({ wallet_auth: { wallet_address: 'x', wallet_signature: 'y', wallet_message: 'z' } }),
    check: (answer) => expect(answer.error).toEqual({ message: expect.any(String) }),
  },
  {
    name: 'fetchClients',
    method: 'GET',
    path: '/network/clients',
    headers: (token) => ({ ...bearer(token), Accept: 'application/json', ...json }),
    check: (answer) => expect((answer.clients as unknown[]).length).toBeGreaterThan(0),
  },
  {
    name: 'fetchProviderStats',
    method: 'GET',
    path: '/stats/providers',
    headers: (token) => ({ ...bearer(token), Accept: '*/*' }),
    check: (answer) => {
      expect(answer.created_time).toEqual(expect.any(String));
      expect((answer.providers as unknown[]).length).toBeGreaterThan(0);
    },
  },
  {
    name: 'fetchProviderLocations',
    method: 'GET',
    path: '/network/provider-locations',
    headers: () => ({ Accept: '*/*' }),
    check: (answer) => expect((answer.locations as unknown[]).length).toBeGreaterThan(0),
  },
  {
    name: 'findProviderLocations',
    method: 'POST',
    path: '/network/find-provider-locations',
    headers: () => json,
    body: () => ({ query: 'ger', max_distance_fraction: 1, enable_max_distance_fraction: true }),
    check: (answer) => expect(Array.isArray(answer.locations)).toBe(true),
  },
  // The operator's screens (issue 26): the network user, earnings, rank, API keys, devices.
  {
    name: 'fetchNetworkUser',
    method: 'GET',
    path: '/network/user',
    headers: (token) => ({ ...bearer(token), Accept: 'application/json' }),
    check: (answer) => expect((answer.network_user as { network_name: string }).network_name).toBe('demo'),
  },
  {
    name: 'fetchLeaderboard',
    method: 'POST',
    path: '/stats/leaderboard',
    headers: (token) => ({ ...bearer(token), Accept: '*/*', ...json }),
    body: () => ({}),
    check: (answer) => expect((answer.earners as unknown[]).length).toBeGreaterThan(0),
  },
  {
    name: 'fetchNetworkRanking',
    method: 'GET',
    path: '/network/ranking',
    headers: (token) => ({ ...bearer(token), Accept: '*/*' }),
    check: (answer) =>
      expect((answer.network_ranking as { leaderboard_rank: number }).leaderboard_rank).toBeGreaterThan(0),
  },
  {
    name: 'fetchWalletStats',
    method: 'GET',
    path: '/transfer/stats',
    headers: (token) => ({ ...bearer(token), Accept: '*/*' }),
    check: (answer) => expect(answer.unpaid_bytes_provided).toBeGreaterThan(0),
  },
  {
    name: 'fetchAccountPayments',
    method: 'GET',
    path: '/account/payments',
    headers: (token) => ({ ...bearer(token), Accept: '*/*' }),
    check: (answer) => expect((answer.account_payments as unknown[]).length).toBeGreaterThan(0),
  },
  {
    name: 'fetchAccountPoints',
    method: 'GET',
    path: '/account/points',
    headers: (token) => ({ ...bearer(token), Accept: '*/*' }),
    check: (answer) => expect((answer.account_points as unknown[]).length).toBeGreaterThan(0),
  },
  {
    name: 'fetchNetworkReliability',
    method: 'GET',
    path: '/network/reliability',
    headers: (token) => ({ ...bearer(token), Accept: '*/*' }),
    check: (answer) =>
      expect(
        (answer.reliability_window as { reliability_weights: unknown[] }).reliability_weights.length,
      ).toBeGreaterThan(0),
  },
  {
    name: 'createAuthClient',
    method: 'POST',
    path: '/network/auth-client',
    headers: (token) => ({ ...bearer(token), ...json }),
    body: () => ({ description: 'web box', device_spec: 'web' }),
    check: (answer) => expect(answer.by_client_jwt).toEqual(expect.any(String)),
  },
  {
    name: 'removeClient',
    method: 'POST',
    path: '/network/remove-client',
    headers: (token) => ({ ...bearer(token), ...json }),
    body: ({ clientId }) => ({ client_id: clientId }),
    check: (answer) => expect(answer).toEqual({}),
  },
  {
    name: 'createApiKey',
    method: 'POST',
    path: '/account/api-key',
    headers: (token) => ({ ...bearer(token), ...json }),
    body: () => ({ name: 'web' }),
    check: (answer) => expect(answer.api_key).toEqual(expect.any(String)),
  },
  {
    name: 'fetchApiKeys',
    method: 'GET',
    path: '/account/api-keys',
    headers: (token) => ({ ...bearer(token), Accept: 'application/json' }),
    check: (answer) => expect((answer.api_keys as { name: string }[]).map((k) => k.name)).toContain('web'),
  },
  {
    name: 'deleteApiKey',
    method: 'POST',
    path: '/account/api-key/remove',
    headers: (token) => ({ ...bearer(token), ...json }),
    body: ({ apiKeyId }) => ({ id: apiKeyId }),
    check: (answer) => expect(answer).toEqual({}),
  },
];

/** Whether a browser sends a preflight first: a header beyond the safelisted ones, or a JSON Content-Type. */
const needsPreflight = (headers: Record<string, string>) =>
  Object.entries(headers).some(
    ([name, value]) =>
      !['accept', 'content-type'].includes(name.toLowerCase()) ||
      (name.toLowerCase() === 'content-type' && value !== 'text/plain'),
  );

describe('the web app’s API module against a simulator with --cors http://localhost:5173', () => {
  it('every call it makes to a route the simulator serves passes its preflight and is read', async () => {
    const h = await start({ cors: [WEB_APP] });
    const password = h.sim.admin.codes().demo_user.password;
    const context: CallContext = { authCode: '', password, clientId: '', apiKeyId: '' };
    for (const call of WEB_APP_CALLS) {
      const headers = call.headers(h.sim.token);
      if (needsPreflight(headers)) {
        const names = Object.keys(headers)
          .map((name) => name.toLowerCase())
          .filter((name) => name !== 'accept')
          .sort();
        const asked = await preflight(h.sim.url, call.path, call.method, names);
        expect(asked.status, call.name).toBe(204);
        expect(asked.headers['access-control-allow-origin'], call.name).toBe(WEB_APP);
        expect(String(asked.headers['access-control-allow-methods']).split(', '), call.name).toContain(
          call.method,
        );
        const allowed = String(asked.headers['access-control-allow-headers']).toLowerCase().split(',');
        for (const name of names) expect(allowed, `${call.name} ${name}`).toContain(name);
      }
      const body = call.body ? JSON.stringify(call.body(context)) : undefined;
      const answer = await send(h.sim.url, call.method, call.path, { origin: WEB_APP, ...headers }, body);
      // The web app reads an answer only when it is ok and JSON.
      expect(answer.status, call.name).toBe(200);
      expect(answer.headers['content-type'], call.name).toContain('application/json');
      expect(answer.headers['access-control-allow-origin'], call.name).toBe(WEB_APP);
      const parsed = JSON.parse(answer.text) as Record<string, unknown>;
      call.check(parsed);
      if (call.name === 'createAuthCode') context.authCode = parsed.auth_code as string;
      if (call.name === 'fetchClients')
        context.clientId = (parsed.clients as { client_id: string }[])[0].client_id;
      if (call.name === 'createApiKey') context.apiKeyId = parsed.id as string;
    }
  });
});
