// A hostile or broken server against the client: answers that drip, answers too large
// to hold, redirects, and error texts made to act on a terminal. Each ends in one clear,
// inert error, in bounded time and memory.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientOptions, createClient } from '../../src/api/client.ts';
import { timed } from '../bench-figures.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { failure } from './fixture.ts';

const TOKEN = 'header.payload-of-a-test-token.signature';
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

/** A server whose handler writes the answer itself (chunks, pauses, headers). */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = { value: false };
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        closed.value = true;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return { url, sockets, closed };
}

function client(url: string, options: Partial<ClientOptions> = {}) {
  const made = createClient({ baseUrl: url, token: TOKEN, retries: 0, ...options });
  open.push(made);
  return made;
}

describe('the deadline of a call', () => {
  it('ends an answer that drips a byte at a time, each well within the body timeout', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    });
    // Without the deadline it would drip past the test's timeout (the body timeout is 30 s).
    const error = await timed('client: a dripping answer ended by a 1 s deadline', 2_500, () =>
      failure(client(url, { deadlineMs: 1_000, bodyTimeoutMs: 30_000 }).networkStats()),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('network stats: no complete answer within 1 s (the deadline of a request)');
  });

  it('covers the retries and their waits: a retried call ends by its deadline too', async () => {
    let requests = 0;
    const { url } = await serve((_req, res) => {
      requests++;
      res.writeHead(200);
      res.write('{');
    });
    const error = await timed('client: a retried call ended by its 1.2 s deadline', 2_500, () =>
      failure(
        client(url, {
          deadlineMs: 1_200,
          headersTimeoutMs: 500,
          bodyTimeoutMs: 400,
          retries: 5,
          retryBaseDelayMs: 50,
        }).networkStats(),
      ),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/within 1\.2 s \(the deadline of a request\)/);
    expect(requests).toBeGreaterThanOrEqual(2);
  });

  it('does not start a wait that would end past the deadline: the failure itself is reported', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(503, { 'retry-after': '30' });
      res.end('busy');
    });
    const retries: number[] = [];
    const error = await failure(
      client(url, {
        deadlineMs: 5_000,
        retries: 3,
        onRetry: ({ delayMs }) => retries.push(delayMs),
      }).networkStats(),
    );
    expect(error.message).toBe('network stats: 503 busy');
    expect(retries).toEqual([]);
  });
});

describe('the size of an answer', () => {
  it('stops reading past the cap, with its own error, and closes the connection', async () => {
    let sent = 0;
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (sent < 512 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const error = await failure(client(url, { maxResponseBytes: 1024 * 1024 }).networkStats());
    expect(error.kind).toBe('oversized');
    expect(error.message).toMatch(
      /^network stats: the answer is larger than 1 MiB \(\d+ MiB or more\); netdeck stopped reading it$/,
    );
    // The server was cut off long before it had sent everything.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an announced Content-Length over the cap without reading the body', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('{');
    });
    const error = await failure(client(url).networkStats());
    expect(error.kind).toBe('oversized');
    expect(error.message).toContain('larger than 64 MiB (600 MiB or more)');
  });

  it('reads only the start of a huge error answer, and shows less of it', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(`Not authorized. ${'\u001b[2J'.repeat(100_000)}${'x'.repeat(5_000_000)}`);
    });
    const error = await failure(client(url).deviceAssociations());
    expect(error.kind).toBe('unauthorized');
    expect(error.message.length).toBeLessThan(400);
    // Escape sequences are dropped whole; that the rest was cut is said with an ellipsis.
    expect(error.message).toBe('device associations: not authorized (Not authorized.…)');
    expect((error.details.body ?? '').length).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('redirects', () => {
  it('reports a 301 or 302 with where it points, not as "301 HTTP 301"', async () => {
    const { url } = await serve((req, res) => {
      const status = req.url?.startsWith('/stats') ? 301 : 302;
      // Node sends no C0 controls in a header; a C1 CSI it does.
      res.writeHead(status, { location: 'https://api.example.org/v2/\u009b2J' });
      res.end();
    });
    const moved = await failure(client(url).networkStats());
    expect(moved.status).toBe(301);
    expect(moved.message).toBe(
      'network stats: the service answered 301, a redirect to https://api.example.org/v2/; netdeck does not follow redirects (is the API URL right?)',
    );
    const found = await failure(client(url).providerLocations());
    expect(found.message).toContain('answered 302, a redirect to https://api.example.org/v2/');
  });
});

describe('server text in errors is inert and short', () => {
  const HOSTILE =
    'boom\u001b]52;c;c2VjcmV0\u0007\u001b]0;title\u0007\u001b[2J\u009b31m\u202egnp.exe\r\nsecond line';

  it('in 4xx and 5xx bodies', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(HOSTILE);
    });
    const error = await failure(client(url).networkStats());
    expect(error.message).toBe('network stats: 500 boomgnp.exe | second line');
    expect(error.message).not.toMatch(RAW_CONTROL);
  });

  it('in the notes of retries', async () => {
    let count = 0;
    const { url } = await serve((_req, res) => {
      count++;
      res.writeHead(count === 1 ? 503 : 200, { 'content-type': 'text/plain' });
      res.end(count === 1 ? HOSTILE : '{}');
    });
    const notes: string[] = [];
    await client(url, {
      retries: 1,
      retryBaseDelayMs: 1,
      onRetry: ({ error }) => notes.push(error.message),
    }).networkStats();
    expect(notes).toEqual(['network stats: 503 boomgnp.exe | second line']);
  });

  it('in the key path of a response of the wrong shape', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ providers_data: { '\u001b]0;x\u0007\u202eday\r\n': 'not a number' } }));
    });
    const error = await failure(client(url).networkStats());
    expect(error.kind).toBe('shape');
    expect(error.message).toMatch(
      /^network stats: unexpected response at providers_data\.day: Invalid input/,
    );
    expect(error.message).not.toMatch(RAW_CONTROL);
  });

  it("in a refusal in a 200's body", async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Invalid\u001b[2J code.${'!'.repeat(1000)}` } }));
    });
    const error = await failure(client(url).addDevice({ code: 'x' }));
    expect(error.kind).toBe('business');
    expect(error.message.startsWith('Invalid code.!!!')).toBe(true);
    expect(error.message.length).toBeLessThanOrEqual(300);
  });
});

/** Serves `{"locations":[` + `item,` × count + `]}` streamed in 1 MiB chunks; counts requests. */
async function serveList(item: string, count: number) {
  const requests = { count: 0 };
  const body = Buffer.from(`${item},`.repeat(Math.ceil((1024 * 1024) / (item.length + 1))));
  const perChunk = body.length / (item.length + 1);
  const served = await serve((_req, res) => {
    requests.count++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"locations":[');
    let left = count;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, perChunk);
        left -= n;
        if (!res.write(n === perChunk ? body : body.subarray(0, n * (item.length + 1))))
          return void res.once('drain', pump);
      }
      res.end(`${item}]}`);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  return { ...served, requests };
}

describe('the structure of an answer', () => {
  it('refuses an answer of more items than it reads, small in bytes, while it arrives', async () => {
    const { url, requests } = await serveList('{}', 3_000_000);
    const error = await failure(client(url, { retries: 3 }).findProviderLocations({ query: 'x' }));
    expect(error.kind).toBe('oversized');
    expect(error.message).toBe(
      'find provider locations: the answer has too many items (more than 1,000,000); netdeck reads at most 1,000,000',
    );
    expect(requests.count).toBe(1);
  });

  it('reads an answer of as many items as it takes', async () => {
    const { url } = await serveList('{}', 400_000);
    const result = await client(url).findProviderLocations({ query: 'x' });
    expect(result.locations).toHaveLength(400_001);
  });

  it('refuses a list of values of the wrong type at the first one, however many follow', async () => {
    const { url } = await serveList('1', 900_000);
    const error = await failure(client(url).findProviderLocations({ query: 'x' }));
    expect(error.kind).toBe('shape');
    expect(error.message).toMatch(/^find provider locations: unexpected response at locations\[0\]: /);
  });

  it('refuses an object of more members than it reads in one', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const days = Array.from({ length: 20_000 }, (_, i) => `"d${i}":"x"`).join(',');
      res.end(`{"providers_data":{${days}}}`);
    });
    const error = await failure(client(url).networkStats());
    expect(error.kind).toBe('oversized');
    expect(error.message).toBe(
      'network stats: the answer has an object of more than 10,000 members; netdeck reads at most 10,000 in one',
    );
  });

  it('says a deeply nested answer could not be read, and does not ask again', async () => {
    let requests = 0;
    const { url } = await serve((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"locations":[{"x":${'{"a":'.repeat(7_000)}1${'}'.repeat(7_000)}}]}`);
    });
    const error = await failure(client(url, { retries: 3, retryBaseDelayMs: 1 }).providerLocations());
    expect(error.kind).toBe('shape');
    expect(error.message).toBe(
      'provider locations: the answer could not be read: it is nested more than 64 levels deep',
    );
    expect(requests).toBe(1);
  });

  it('counts what is in strings as text, not as structure', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ locations: [{ name: `\\"${'[{,'.repeat(2_000_000)}` }] }));
    });
    const result = await client(url).findProviderLocations({ query: 'x' });
    expect(result.locations?.[0].name).toHaveLength(6_000_002);
  });
});
