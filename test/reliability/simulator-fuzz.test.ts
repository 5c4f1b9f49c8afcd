// The simulator under hostile input: random and malformed methods, paths, headers and
// bodies at every route. Only the statuses of the reference behaviour come back, the
// server stays up, and the world stays consistent.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { ManualClock } from '../../src/clock.ts';
import { HTTP_TEXT, isRefusalAs500 } from '../../src/contract/messages.ts';
import { routeOf } from '../../src/contract/routes.ts';
import { timed } from '../bench-figures.ts';
import { send, sendBytes } from './raw.ts';
import { ADMIN_BODIES, ADMIN_METHODS, OPERATION_PATHS, sampleBody } from './samples.ts';

/**
 * What a route may answer (reference behaviour, "General rules"), and the guard's 403:
 * 500 only as the service's own failure (a `null` body on a pointer argument, an empty
 * destination path...) or one of its refusals given as a 500.
 */
const ROUTE_STATUSES = [200, 400, 401, 403, 404, 405, 413, 500];
/** And the login attempt limit's 503, with its reason. */
const isRefusal = (status: number, text: string) => status === 503 && text.trim() === HTTP_TEXT.authAttempts;
/** What Node's own HTTP parser answers before any route runs (or 0: it just closed). */
const PARSER_STATUSES = [0, 400, 413, 431];

let sim: Simulator;

beforeAll(async () => {
  sim = await createSimulator({
    seed: 11,
    clock: new ManualClock(),
    providers: 400,
    locations: 150,
    ownProviders: 8,
    admin: true,
  });
});
afterAll(async () => {
  await sim?.close();
});

const printable = (max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: max,
  });

// Weighted towards real routes, so most requests get past routing into validation.
const pathArb = fc
  .oneof(
    {
      weight: 12,
      arbitrary: fc.constantFrom(...OPERATION_PATHS, ...Object.keys(ADMIN_BODIES), '/openapi.json'),
    },
    fc
      .constantFrom(...OPERATION_PATHS)
      .chain((path) =>
        fc.constantFrom(
          `${path}/`,
          path.toUpperCase(),
          `${path}?count=1&x=%zz`,
          `/${path}`,
          `${path}%00`,
          path.replaceAll('/', '%2F'),
          `/..${path}`,
          `${path}/../..${path}`,
          `${path};x`,
          `${path}#frag`,
        ),
      ),
    fc.webPath(),
    fc.string({ maxLength: 40 }).map((text) => `/${encodeURIComponent(text)}`),
    fc.constantFrom('/', '/__sim', '/__sim/', '/__sim/nope', '/network', '*'),
  )
  // Faults are fuzzed nowhere: with a fault set, a 500 is the right answer.
  .filter(
    (path) => !path.toLowerCase().replaceAll('%2f', '/').replace(/^\/+/, '/').startsWith('/__sim/faults'),
  );

/**
 * Methods no route knows. Built once: fast-check compiles the pattern each time an
 * arbitrary is made, and made per path it was half the property's time.
 */
const unknownMethodArb = fc.stringMatching(/^[A-Z]{1,8}$/).filter((m) => m !== 'CONNECT');

/** Mostly the method the path serves, so most requests reach validation and the engine. */
const methodArb = (path: string) => {
  const allowed = routeOf('GET', path, 'seed').allow.concat(ADMIN_METHODS[path] ?? []);
  return fc.oneof(
    { weight: allowed.length ? 12 : 0, arbitrary: fc.constantFrom(...(allowed.length ? allowed : ['GET'])) },
    { weight: 4, arbitrary: fc.constantFrom('GET', 'POST') },
    { weight: 2, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE') },
    unknownMethodArb,
  );
};

const tokenArb = fc.constantFrom<(t: string) => string | undefined>(
  () => undefined,
  (t) => `Bearer ${t}`,
  (t) => `Bearer ${t}`,
  (t) => `Bearer ${t}`,
  (t) => `bearer   ${t}  `,
  (t) => `Bearer ${t.slice(0, -2)}xx`,
  (t) => `Bearer ${t}.${t}`,
  (t) => `Basic ${t}`,
  () => 'Bearer',
  () => 'Bearer e30.e30.',
);

/** A valid body pushed out of shape: a field replaced, removed, added, or the text cut. */
function mutated(sample: unknown) {
  const base = (sample ?? {}) as Record<string, unknown>;
  const keys = Object.keys(base);
  return fc.oneof(
    fc.constant(JSON.stringify(base)),
    keys.length
      ? fc
          .tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 }))
          .map(([key, value]) => JSON.stringify({ ...base, [key]: value }))
      : fc.constant('{}'),
    keys.length
      ? fc.constantFrom(...keys).map((key) => JSON.stringify({ ...base, [key]: undefined }))
      : fc.constant('[]'),
    fc
      .tuple(printable(10), fc.jsonValue({ maxDepth: 1 }))
      .map(([key, value]) => JSON.stringify({ ...base, [key]: value })),
    fc.nat().map((cut) => JSON.stringify(base).slice(0, cut % (JSON.stringify(base).length + 1))),
  );
}

const bodyArb = (path: string) =>
  fc.oneof(
    fc.constant(undefined),
    { weight: 6, arbitrary: mutated(sampleBody(path)) },
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }),
  );

const FORBIDDEN_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'upgrade',
  'expect',
]);
const headersArb = fc.dictionary(
  fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((name) => !FORBIDDEN_HEADERS.has(name)),
  printable(60),
  { maxKeys: 4 },
);

const requestArb = pathArb.chain((path) =>
  fc.record({
    method: methodArb(path),
    path: fc.constant(path),
    body: bodyArb(path),
    authorization: tokenArb,
    contentType: fc.constantFrom(
      undefined,
      'application/json',
      'text/plain',
      'application/json; charset=latin1',
      '',
    ),
    headers: headersArb,
    // Mostly with the admin secret, so the admin routes are reached too.
    adminSecret: fc.constantFrom(true, true, true, false),
  }),
);

describe('simulator under random requests', () => {
  it('answers every request with a status of the reference behaviour', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const headers: Record<string, string> = { ...r.headers };
        // The demo token is minted again when a fuzzed /__sim/reset changes the seed.
        const authorization = r.authorization(sim.token);
        if (authorization !== undefined) headers.authorization = authorization;
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.adminSecret) headers['x-sim-admin'] = sim.adminSecret!;
        const response = await send(sim.url, r.method, r.path, { headers, body: r.body });
        // Node's parser answers a method it does not know with a bare 400 (no content type).
        if (response.headers['content-type'] === undefined) {
          expect(PARSER_STATUSES).toContain(response.status);
          return;
        }
        if (!isRefusal(response.status, response.text)) expect(ROUTE_STATUSES).toContain(response.status);
        if (response.status === 200) {
          expect(response.headers['content-type']).toBe('application/json');
          if (r.method !== 'HEAD') expect(() => JSON.parse(response.text)).not.toThrow();
        } else {
          // Error bodies are plain text, never JSON.
          expect(response.headers['content-type']).toMatch(/^text\/plain/);
        }
        if (response.status === 405) expect(response.headers.allow).toMatch(/^(GET|POST)/);
        if (response.status === 500 && !isRefusalAs500(response.text))
          expect(response.text).toBe(`${HTTP_TEXT.internal}\n`);
      }),
      { numRuns: 1000, seed: 20_260_101 },
    );
  });

  it('answers bytes no HTTP client would send, or closes the connection', async () => {
    const line = fc.oneof(
      printable(80),
      fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      fc.constantFrom(...OPERATION_PATHS).map((path) => `POST ${path} HTTP/1.1`),
      fc.constantFrom(
        'GET /stats/last-90 HTTP/9.9',
        'GET  HTTP/1.1',
        'GET /stats/last-90',
        'Content-Length: -1',
      ),
    );
    const requestBytes = fc
      .tuple(line, fc.array(line, { maxLength: 4 }), fc.constantFrom('\r\n', '\n', ''), printable(40))
      .map(
        ([first, rest, end, body]) =>
          `${first}\r\nHost: ${new URL(sim.url).host}\r\n${rest.join('\r\n')}\r\n${end}${body}`,
      );
    await fc.assert(
      fc.asyncProperty(requestBytes, async (bytes) => {
        const status = await sendBytes(sim.url, bytes);
        expect([...new Set([...ROUTE_STATUSES, ...PARSER_STATUSES])]).toContain(status);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('refuses a body over 16 MiB with 413 and one over the header limit before any route', async () => {
    const huge = JSON.stringify({
      exclude_client_ids: Array(440_000).fill('0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01'),
    });
    const tooLarge = await send(sim.url, 'POST', '/network/find-providers2', {
      headers: { 'content-type': 'application/json' },
      body: huge,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toBe('request body too large\n');
    const bigHeaders = await sendBytes(
      sim.url,
      `GET /stats/last-90 HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(bigHeaders).toBe(431);
  });

  it('refuses to jump simulated time further than a day in one call, instead of stalling', async () => {
    // Stalling, it would tick for ever: the test's timeout ends it.
    const response = await timed('simulator: an advance of 1e12 s refused', 1_000, () =>
      send(sim.url, 'POST', '/__sim/advance', {
        headers: { 'content-type': 'application/json', 'x-sim-admin': sim.adminSecret! },
        body: JSON.stringify({ seconds: 1e12 }),
      }),
    );
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/^seconds: /);
  });

  it('is still up and serving, with every invariant of the world holding', async () => {
    const stats = await send(sim.url, 'GET', '/stats/last-90');
    expect(stats.status).toBe(200);
    expect(JSON.parse(stats.text).lookback).toBe(90);
    expect(sim.engine.invariants()).toEqual([]);
  });
});
