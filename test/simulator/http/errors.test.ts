// HTTP error paths with the status, body and headers the real service gives.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { type Harness, json, send, startFake } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startFake();
});
afterEach(async () => {
  await h.sim.close();
});

const textPlain = 'text/plain; charset=utf-8';

describe('routing', () => {
  it('answers an unknown path with 404 "404 page not found" in plain text', async () => {
    const res = await send(h.sim.url, 'GET', '/network/nope');
    expect(res.status).toBe(404);
    expect(res.text).toBe('404 page not found\n');
    expect(res.headers['content-type']).toBe(textPlain);
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const get = await send(h.sim.url, 'GET', '/network/find-providers2');
    expect(get.status).toBe(405);
    expect(get.text).toBe('Method not allowed.\n');
    expect(get.headers.allow).toBe('POST');
    const put = await send(h.sim.url, 'PUT', '/account/payout-wallet', { token: h.sim.token });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
  });

  it('ignores a query string when routing', async () => {
    const res = await send(h.sim.url, 'GET', '/stats/last-90?x=1');
    expect(res.status).toBe(200);
  });

  it('always serves the OpenAPI document, naming its own url', async () => {
    const res = await send(h.sim.url, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const doc = res.json() as { openapi: string; servers: { url: string }[]; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(h.sim.url);
    expect(Object.keys(doc.paths)).toContain('/network/find-providers2');
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400 in plain text, before checking the (missing) token', async () => {
    const res = await send(h.sim.url, 'POST', '/device/add', { body: '{"code": ' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(textPlain);
    expect(res.text).toMatch(/^malformed JSON body: /);
  });

  it('names the path of the first field of the wrong type', async () => {
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'nope'];
    const res = await send(h.sim.url, 'POST', '/network/find-providers2', {
      body: json({ count: 3, exclude_client_ids: ids }),
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/^exclude_client_ids\[2\]: must be a UUID/);

    const count = await send(h.sim.url, 'POST', '/network/find-providers2', { body: json({ count: 'ten' }) });
    expect(count.status).toBe(400);
    expect(count.text).toMatch(/^count: /);

    const nested = await send(h.sim.url, 'POST', '/network/find-providers2', {
      body: json({ specs: [{}, { location_id: 5 }] }),
    });
    expect(nested.text).toMatch(/^specs\[1\]\.location_id: /);

    const root = await send(h.sim.url, 'POST', '/network/find-locations', { body: '[1,2]' });
    expect(root.status).toBe(400);
    expect(root.text).toMatch(/^\(root\): /);
  });

  it('treats an empty POST body as {} and strips unknown fields', async () => {
    const empty = await send(h.sim.url, 'POST', '/network/find-locations', { body: '' });
    expect(empty.status).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({});

    const extra = await send(h.sim.url, 'POST', '/network/find-locations', {
      body: json({ query: 'ber', surprise: true }),
    });
    expect(extra.status).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({ query: 'ber' });
  });

  it('refuses a body over 4 MiB with 413 without reading it all (declared length)', async () => {
    const body = Buffer.alloc(4 * 1024 * 1024 + 10, 0x20);
    const res = await send(h.sim.url, 'POST', '/network/find-providers2', { body });
    expect(res.status).toBe(413);
    expect(res.text).toBe('request body too large\n');
    expect(h.engine.calls).toHaveLength(0);
  });

  it('refuses a chunked body over 4 MiB with 413 once the limit is passed', async () => {
    const status = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(new URL('/network/find-providers2', h.sim.url), {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        // 5 MiB in all, unless the server has answered and closed first.
        while (sent < 20) {
          sent++;
          if (!req.write(chunk)) return req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status.status).toBe(413);
    expect(status.text).toBe('request body too large\n');
  });

  it('gives the API client a clear 413 when its exclusion list grows past 4 MiB', async () => {
    const client = createClient({ baseUrl: h.sim.url, retries: 0 });
    try {
      const ids = Array.from(
        { length: 120_000 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const error = await client.findProviders({ exclude_client_ids: ids }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(413);
      expect((error as ApiError).message).toBe('findProviders: 413 request body too large');
    } finally {
      await client.close();
    }
  });

  it('keeps a body of up to 4 MiB', async () => {
    const ids = Array.from(
      { length: 90_000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const res = await send(h.sim.url, 'POST', '/network/find-providers2', {
      body: json({ exclude_client_ids: ids }),
    });
    expect(res.status).toBe(200);
  });
});

describe('tokens on protected operations', () => {
  it('answers a missing token with 401 "Not authorized." in plain text', async () => {
    for (const path of ['/account/payout-wallet', '/device/associations', '/stats/providers']) {
      const res = await send(h.sim.url, 'GET', path);
      expect(res.status).toBe(401);
      expect(res.text).toBe('Not authorized.\n');
      expect(res.headers['content-type']).toBe(textPlain);
    }
    const post = await send(h.sim.url, 'POST', '/feedback/send-feedback', { body: '{}', token: 'garbage' });
    expect(post.status).toBe(401);
  });

  it('ignores any token on operations 1, 2, 10 and 11', async () => {
    const bad = 'not.a.token';
    expect(
      (await send(h.sim.url, 'POST', '/network/find-locations', { body: '{}', token: bad })).status,
    ).toBe(200);
    expect((await send(h.sim.url, 'GET', '/network/provider-locations', { token: bad })).status).toBe(200);
    expect(
      (await send(h.sim.url, 'POST', '/network/find-providers2', { body: '{}', token: bad })).status,
    ).toBe(200);
    expect((await send(h.sim.url, 'GET', '/stats/last-90', { token: bad })).status).toBe(200);
  });
});

describe('failures', () => {
  it("sends the engine's SimError as a plain-text status", async () => {
    const res = await send(h.sim.url, 'POST', '/account/payout-wallet', {
      token: h.sim.token,
      body: json({ wallet_id: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe('Wallet must be an active wallet owned by the network.\n');
  });

  it('answers an unexpected failure with 500 in plain text and keeps serving', async () => {
    const lines: string[] = [];
    await h.sim.close();
    h = await startFake({ log: (line) => lines.push(line) });
    const res = await send(h.sim.url, 'POST', '/network/find-locations', { body: json({ query: 'boom' }) });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe(textPlain);
    expect(res.text).toBe('Internal server error.\n');
    expect(lines.some((line) => line.includes('engine bug'))).toBe(true);
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).status).toBe(200);
  });

  it('logs method, path, status and time of each request', async () => {
    const lines: string[] = [];
    await h.sim.close();
    h = await startFake({ log: (line) => lines.push(line) });
    await send(h.sim.url, 'GET', '/stats/last-90');
    await send(h.sim.url, 'GET', '/nowhere');
    expect(lines[0]).toMatch(/^GET \/stats\/last-90 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^GET \/nowhere 404 /);
  });
});
