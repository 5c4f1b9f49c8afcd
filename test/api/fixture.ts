// A throwaway HTTP server on port 0 for client tests: it records every request and
// answers with whatever the test's handler returns.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Never answer (for timeouts and aborts). */
  hang?: boolean;
}

export type Handler = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export interface Fixture {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Resolves when the server has received `count` requests in total. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

function send(res: ServerResponse, reply: Reply): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
  const contentType = typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  res.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
  res.end(text);
}

export async function startFixture(handler: Handler): Promise<Fixture> {
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.push(recorded) - 1;
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve();
      const reply = await handler(recorded, index);
      if (!reply.hang) send(res, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const fixture = await startFixture(() => ({}));
  await fixture.close();
  return fixture.port;
}

/** The ApiError a call ends in (the test fails if it resolves or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
