// The HTTP rules of the real service (spec/reference-behaviour.md, "General rules"), with
// the exact status, body and headers, in both eras: routing, plain-text errors, the body
// decoded by Go's encoding/json (json.Unmarshal today, a json.Decoder in the seed era),
// ids, the 16 MiB cap, `null` bodies, unexpected failures.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { type Harness, json, type RawResponse, send, startFake } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startFake();
});
afterEach(async () => {
  await h.sim.close();
});

const MiB = 1024 * 1024;
const ID = '00000000-0000-4000-8000-000000000001';
const post = (path: string, body: string | Buffer, token?: string) =>
  send(h.sim.url, 'POST', path, { body, token });

/** A Go http.Error answer: the status, the text plus a newline, plain text, nosniff. */
function expectGoError(res: RawResponse, status: number, message: string) {
  expect({ status: res.status, text: res.text }).toEqual({ status, text: `${message}\n` });
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('the Date header', () => {
  it('says the simulated time on every answer, an error or the admin routes’ too (clients learn the clock from it)', async () => {
    await h.clock.advance(90_500);
    const expected = 'Thu, 01 Jan 2026 00:01:30 GMT';
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).headers.date).toBe(expected);
    expect((await send(h.sim.url, 'GET', '/network/nope')).headers.date).toBe(expected);
    // The time the request was taken.
    expect((await send(h.sim.url, 'POST', '/__sim/advance', { body: '{"seconds":3600}' })).headers.date).toBe(
      expected,
    );
    expect((await send(h.sim.url, 'GET', '/stats/last-90')).headers.date).toBe(
      'Thu, 01 Jan 2026 01:01:30 GMT',
    );
  });
});

describe('routing', () => {
  it('answers an unknown path with 404 "404 page not found" (no trailing slash, exact case)', async () => {
    expectGoError(await send(h.sim.url, 'GET', '/network/nope'), 404, '404 page not found');
    expectGoError(await send(h.sim.url, 'GET', '/stats/last-90/'), 404, '404 page not found');
    expectGoError(await send(h.sim.url, 'GET', '/Stats/Last-90'), 404, '404 page not found');
  });

  it('answers a known path with a wrong method with 405 and Allow in route-table order', async () => {
    const get = await send(h.sim.url, 'GET', '/network/find-providers2');
    expectGoError(get, 405, 'Method not allowed.');
    expect(get.headers.allow).toBe('POST');
    const put = await send(h.sim.url, 'PUT', '/account/payout-wallet', { token: h.sim.token });
    expectGoError(put, 405, 'Method not allowed.');
    expect(put.headers.allow).toBe('POST, GET');
  });

  it('answers HEAD and OPTIONS on a known path with 405 too', async () => {
    const head = await send(h.sim.url, 'HEAD', '/stats/last-90');
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe('GET');
    const options = await send(h.sim.url, 'OPTIONS', '/network/find-provider-locations');
    expectGoError(options, 405, 'Method not allowed.');
    expect(options.headers.allow).toBe('POST');
  });

  it('routes the decoded path, as Go matches URL.Path: any escape, %2F too', async () => {
    for (const path of [
      '/network/provider%2Dlocations',
      '/network/provider%2dlocations',
      '/network%2Fprovider-locations',
      '/%6Eetwork/provider-locations?q=%zz',
    ]) {
      const res = await send(h.sim.url, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('application/json');
    }
    const post = await send(h.sim.url, 'GET', '/network/find%2Dproviders2');
    expectGoError(post, 405, 'Method not allowed.');
    expectGoError(await send(h.sim.url, 'GET', '/network/provider%252Dlocations'), 404, '404 page not found');
  });

  it("answers a bad escape in the path as Go's server does before any route: a bare 400", async () => {
    for (const path of ['/network/provider%zzlocations', '/stats/last-90%', '/stats/last-90%4']) {
      const res = await send(h.sim.url, 'GET', path);
      expect([res.status, res.text], path).toEqual([400, '400 Bad Request']);
      expect(res.headers.connection, path).toBe('close');
    }
  });

  it('ignores a query string when routing', async () => {
    const res = await send(h.sim.url, 'GET', '/stats/last-90?x=1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('has no find-locations today (404) and no set-name or refresh in the seed era', async () => {
    expectGoError(await post('/network/find-locations', '{}'), 404, '404 page not found');
    expect((await post('/network/find-provider-locations', '{}')).status).toBe(200);
    h.engine.era = 'seed';
    expect((await post('/network/find-locations', '{}')).status).toBe(200);
    expect((await post('/network/find-provider-locations', '{}')).status).toBe(200);
    expectGoError(await post('/device/set-name', '{}', h.sim.token), 404, '404 page not found');
    expectGoError(
      await send(h.sim.url, 'GET', '/auth/refresh', { token: h.sim.token }),
      404,
      '404 page not found',
    );
  });

  it('always serves the OpenAPI document of its era, naming its own url', async () => {
    const res = await send(h.sim.url, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const doc = res.json() as {
      openapi: string;
      info: Record<string, unknown>;
      servers: { url: string }[];
      paths: Record<string, Record<string, { deprecated?: boolean }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info['x-netdeck-era']).toBe('current');
    expect(doc.servers[0].url).toBe(h.sim.url);
    expect(doc.paths['/network/find-locations'].post.deprecated).toBe(true);
    expect(doc.paths['/network/find-provider-locations'].post.deprecated).toBeUndefined();
  });
});

describe('request bodies today (json.Unmarshal)', () => {
  const cases: [string, string, string][] = [
    ['an empty body', '', 'unexpected end of JSON input'],
    ['only spaces', '  \n', 'unexpected end of JSON input'],
    ['a cut body', '{"query": ', 'unexpected end of JSON input'],
    ['trailing garbage', '{}x', "invalid character 'x' after top-level value"],
    ['a second value', '{} {}', "invalid character '{' after top-level value"],
    ['a bad start', 'query=ber', "invalid character 'q' looking for beginning of value"],
    ['a missing colon', '{"query" "ber"}', "invalid character '\"' after object key"],
    [
      'a trailing comma',
      '{"query":"ber",}',
      "invalid character '}' looking for beginning of object key string",
    ],
    ['a control character', '{"query":"a\tb"}', "invalid character '\\t' in string literal"],
    ['a bad escape', '{"query":"\\x"}', "invalid character 'x' in string escape code"],
    ['a bad literal', '{"query":nul}', "invalid character '}' in literal null (expecting 'l')"],
    ['a bad number', '{"query":1.}', "invalid character '}' after decimal point in numeric literal"],
    [
      'a string for a string',
      '{"query": 5}',
      'json: cannot unmarshal number into Go struct field FindLocationsArgs.query of type string',
    ],
    ['an array body', '[1,2]', 'json: cannot unmarshal array into Go value of type model.FindLocationsArgs'],
    [
      'a bool for a bool',
      '{"enable_max_distance_fraction": "yes"}',
      'json: cannot unmarshal string into Go struct field FindLocationsArgs.enable_max_distance_fraction of type bool',
    ],
    [
      'a huge float32',
      '{"max_distance_fraction": 1e39}',
      'json: cannot unmarshal number 1e39 into Go struct field FindLocationsArgs.max_distance_fraction of type float32',
    ],
  ];
  it.each(cases)('answers %s with 400 and Go’s message', async (_what, body, message) => {
    expectGoError(await post('/network/find-provider-locations', body), 400, message);
    expect(h.engine.calls).toHaveLength(0);
  });

  it('names fields of find-providers2 by their Go struct, nested ones by their path', async () => {
    const at = (body: object) => post('/network/find-providers2', json(body));
    expectGoError(
      await at({ count: 'ten' }),
      400,
      'json: cannot unmarshal string into Go struct field FindProviders2Args.count of type int',
    );
    expectGoError(
      await at({ count: 5.5 }),
      400,
      'json: cannot unmarshal number 5.5 into Go struct field FindProviders2Args.count of type int',
    );
    expectGoError(
      await at({ force_minimum: 1 }),
      400,
      'json: cannot unmarshal number into Go struct field FindProviders2Args.force_minimum of type bool',
    );
    expectGoError(
      await at({ specs: {} }),
      400,
      'json: cannot unmarshal object into Go struct field FindProviders2Args.specs of type []*model.ProviderSpec',
    );
    expectGoError(
      await at({ specs: [{ best_available: 'yes' }] }),
      400,
      'json: cannot unmarshal string into Go struct field ProviderSpec.specs.best_available of type bool',
    );
    expectGoError(
      await at({ exclude_destinations: ['x'] }),
      400,
      'json: cannot unmarshal string into Go struct field FindProviders2Args.exclude_destinations of type []server.Id',
    );
  });

  it('reads ids as the service does: length with the quotes, hex of any case, dashes unchecked', async () => {
    const at = (ids: unknown[]) => post('/network/find-providers2', json({ exclude_client_ids: ids }));
    expectGoError(await at(['abc']), 400, 'invalid length for UUID: 5');
    expectGoError(await at([12345]), 400, 'invalid length for UUID: 5');
    expectGoError(await at(['0123456789abcdef0123456789abcdef']), 400, 'invalid length for UUID: 34');
    expectGoError(
      await at(['0000000z-0000-4000-8000-000000000001']),
      400,
      "encoding/hex: invalid byte: U+007A 'z'",
    );
    expectGoError(await at([null]), 400, 'Unmarshal with nil source not supported by Id (use *Id)');
    const ok = await at(['ABCDEF01x2345_6789-ABCD+EF0123456789']);
    expect(ok.status).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({
      exclude_client_ids: ['abcdef01-2345-6789-abcd-ef0123456789'],
    });
  });

  it('takes null for an optional id as absent, and reports an id error before an earlier type error', async () => {
    expect(
      (await post('/network/find-providers2', json({ specs: [{ location_id: null, client_id: ID }] })))
        .status,
    ).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({ specs: [{ client_id: ID }] });
    expectGoError(
      await post('/network/find-providers2', json({ count: 'x', exclude_client_ids: [1] })),
      400,
      'invalid length for UUID: 1',
    );
  });

  it('answers a null body on a pointer-argument route with 500, on the others as {}', async () => {
    expectGoError(
      await post('/network/find-providers2', 'null'),
      500,
      'Error. Please email support@ur.io for help.',
    );
    expectGoError(
      await post('/device/add', 'null', h.sim.token),
      500,
      'Error. Please email support@ur.io for help.',
    );
    expect(h.engine.calls).toHaveLength(0);
    expect((await post('/feedback/send-feedback', 'null', h.sim.token)).status).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({});
  });

  it('ignores unknown fields, matches keys without regard to case, keeps the last of a repeated key', async () => {
    expect(
      (await post('/network/find-provider-locations', json({ QUERY: 'ber', surprise: true }))).status,
    ).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({ query: 'ber' });
    expect((await post('/network/find-provider-locations', '{"query":"a","query":"b"}')).status).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({ query: 'b' });
  });

  it('decodes the body before looking at the token: a bad body is a 400 even without one', async () => {
    expectGoError(
      await post('/device/add', '{"code": 5}'),
      400,
      'json: cannot unmarshal number into Go struct field DeviceAddArgs.code of type string',
    );
    expectGoError(await post('/device/add', '{"code": "x"}'), 401, 'Not authorized.');
  });

  it('does not look at the content type', async () => {
    const res = await send(h.sim.url, 'POST', '/network/find-provider-locations', {
      body: '{"query":"ber"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
  });
});

describe('request bodies in the seed era (json.Decoder)', () => {
  beforeEach(() => {
    h.engine.era = 'seed';
  });

  it('answers an empty body with EOF and a cut one with unexpected EOF', async () => {
    expectGoError(await post('/network/find-locations', ''), 400, 'EOF');
    expectGoError(await post('/network/find-locations', '   '), 400, 'EOF');
    expectGoError(await post('/network/find-locations', '{"query": '), 400, 'unexpected EOF');
  });

  it('reads the first value and ignores anything after it', async () => {
    expect((await post('/network/find-locations', '{"query":"ber"} trailing garbage')).status).toBe(200);
    expect(h.engine.calls.at(-1)?.body).toEqual({ query: 'ber' });
  });

  it('gives the same type and id messages, for the fields the seed server had', async () => {
    expectGoError(
      await post('/network/find-providers2', '{"count":"ten"}'),
      400,
      'json: cannot unmarshal string into Go struct field FindProviders2Args.count of type int',
    );
    // force_count did not exist: ignored, whatever its type.
    expect((await post('/network/find-providers2', '{"force_count":"yes"}')).status).toBe(200);
  });
});

describe('the 16 MiB cap', () => {
  it('refuses a declared length over 16 MiB with 413 without reading it', async () => {
    const body = Buffer.alloc(16 * MiB + 10, 0x20);
    expectGoError(await post('/network/find-providers2', body), 413, 'request body too large');
    expect(h.engine.calls).toHaveLength(0);
  });

  it('refuses a chunked body once it passes 16 MiB', async () => {
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
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
      const chunk = Buffer.alloc(MiB, 0x20);
      let sent = 0;
      const pump = () => {
        // 17 MiB in all, unless the server has answered and closed first.
        while (sent < 17) {
          sent++;
          if (!req.write(chunk)) return req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer).toEqual({ status: 413, text: 'request body too large\n' });
  });

  it('keeps a body just under 16 MiB', async () => {
    const body = Buffer.alloc(16 * MiB - 10, 0x20);
    body.write('{}');
    expect((await post('/network/find-providers2', body)).status).toBe(200);
  });

  it('gives the API client a clear 413 when its exclusion list grows past 16 MiB', async () => {
    const client = createClient({ baseUrl: h.sim.url, retries: 0 });
    try {
      const ids = Array.from(
        { length: 440_000 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const error = await client.findProviders({ exclude_client_ids: ids }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(413);
      expect((error as ApiError).message).toBe('find providers: 413 request body too large');
    } finally {
      await client.close();
    }
  });
});

describe('tokens on protected operations', () => {
  it('answers a missing or bad token with 401 "Not authorized."', async () => {
    for (const path of ['/account/payout-wallet', '/device/associations', '/stats/providers']) {
      expectGoError(await send(h.sim.url, 'GET', path), 401, 'Not authorized.');
    }
    expectGoError(await post('/feedback/send-feedback', '{}', 'garbage'), 401, 'Not authorized.');
  });

  it('ignores any token on the routes without auth', async () => {
    const bad = 'not.a.token';
    expect((await post('/network/find-provider-locations', '{}', bad)).status).toBe(200);
    expect((await send(h.sim.url, 'GET', '/network/provider-locations', { token: bad })).status).toBe(200);
    expect((await post('/network/find-providers2', '{}', bad)).status).toBe(200);
    expect((await send(h.sim.url, 'GET', '/stats/last-90', { token: bad })).status).toBe(200);
  });
});

describe('failures', () => {
  it("sends the engine's SimError as a plain-text status", async () => {
    const res = await post('/account/payout-wallet', json({ wallet_id: ID }), h.sim.token);
    expectGoError(res, 400, 'Wallet must be an active wallet owned by the network.');
  });

  it('answers an unexpected failure with 500 and the service’s text, and keeps serving', async () => {
    const lines: string[] = [];
    await h.sim.close();
    h = await startFake({ log: (line) => lines.push(line) });
    const res = await post('/network/find-provider-locations', json({ query: 'boom' }));
    expectGoError(res, 500, 'Error. Please email support@ur.io for help.');
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
