// The client's own HTTP transport (node:http): what undici gave the client before, kept.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTransport, TransportTimeoutError } from '../../src/api/transport.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const transport = (overrides: Partial<Parameters<typeof createHttpTransport>[0]> = {}) =>
  createHttpTransport({
    connectTimeoutMs: 1000,
    headersTimeoutMs: 1000,
    bodyTimeoutMs: 1000,
    keepAliveTimeoutMs: 1000,
    ...overrides,
  });

describe('http transport', () => {
  it('sends the method, headers and a body with its length, and reads the answer as UTF-8 without a BOM', async () => {
    let seen: { method?: string; headers: Record<string, unknown>; body: string } | undefined;
    const origin = await serve((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        res.writeHead(201, { 'retry-after': '3' });
        res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Zürich"}')]));
      });
    });
    const http = transport();
    const response = await http.request({
      origin,
      path: '/device/add',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body: '{"code":"ä"}',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['retry-after']).toBe('3');
    expect(await response.body.text()).toBe('{"name":"Zürich"}');
    expect(seen).toMatchObject({
      method: 'POST',
      body: '{"code":"ä"}',
      headers: { 'content-length': '13', authorization: 'Bearer x', 'content-type': 'application/json' },
    });
    await http.close();
  });

  it('keeps the connection alive between requests', async () => {
    const ports = new Set<number>();
    const origin = await serve((req, res) => {
      ports.add(req.socket.remotePort ?? 0);
      res.end('{}');
    });
    const http = transport();
    for (let i = 0; i < 3; i++) {
      const response = await http.request({ origin, path: '/', method: 'GET', headers: {} });
      await response.body.text();
    }
    expect(ports.size).toBe(1);
    await http.close();
  });

  it('times out waiting for headers, and between body chunks', async () => {
    const origin = await serve((req, res) => {
      if (req.url === '/slow-body') {
        res.writeHead(200);
        res.write('{"partial":');
      }
    });
    const http = transport({ headersTimeoutMs: 100, bodyTimeoutMs: 100 });
    const headers = await http
      .request({ origin, path: '/hang', method: 'GET', headers: {} })
      .catch((error: unknown) => error);
    expect(headers).toBeInstanceOf(TransportTimeoutError);
    expect((headers as TransportTimeoutError).code).toBe('UND_ERR_HEADERS_TIMEOUT');

    const response = await http.request({ origin, path: '/slow-body', method: 'GET', headers: {} });
    const body = await response.body.text().catch((error: unknown) => error);
    expect((body as TransportTimeoutError).code).toBe('UND_ERR_BODY_TIMEOUT');
    await http.close();
  });

  it('stops at once when the signal aborts, before or after the headers', async () => {
    const origin = await serve((req, res) => {
      if (req.url === '/body') res.writeHead(200).write('[');
    });
    const http = transport();
    const controller = new AbortController();
    const pending = http.request({
      origin,
      path: '/hang',
      method: 'GET',
      headers: {},
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(pending).rejects.toThrow('stop');

    const second = new AbortController();
    const response = await http.request({
      origin,
      path: '/body',
      method: 'GET',
      headers: {},
      signal: second.signal,
    });
    second.abort(new Error('enough'));
    await expect(response.body.text()).rejects.toThrow();
    await http.close();
  });

  it('reports a refused connection with its code', async () => {
    const origin = await serve(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const http = transport();
    const error = await http
      .request({ origin, path: '/', method: 'GET', headers: {} })
      .catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    await http.close();
  });

  it('close waits for the requests in flight', async () => {
    const origin = await serve((_req, res) => setTimeout(() => res.end('{"late":true}'), 50));
    const http = transport();
    const pending = http.request({ origin, path: '/', method: 'GET', headers: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const closing = http.close();
    const response = await pending;
    expect(await response.body.text()).toBe('{"late":true}');
    await closing;
    await expect(http.request({ origin, path: '/', method: 'GET', headers: {} })).rejects.toThrow('closed');
  });
});
