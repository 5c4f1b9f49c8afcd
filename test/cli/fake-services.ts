// A local HTTP server on 127.0.0.1 playing a notification service (ntfy, Discord, Slack,
// Telegram, Gotify, a webhook): it records every request and answers as the test says
// (by default 200 and a small JSON body). Loopback only: tests send nowhere else.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  /** The path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Its body as JSON (undefined when it is not JSON). */
  json: Record<string, unknown> | undefined;
}

/** How the server answers the nth request (0-based): write to `res` (or never answer). */
export type Answer = (res: ServerResponse, request: Received, n: number) => void;

export interface FakeService {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  received: Received[];
  /** Changes how the next requests are answered. */
  answer(answer: Answer): void;
  close(): Promise<void>;
}

export const ok: Answer = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};

export async function startFakeService(answer: Answer = ok): Promise<FakeService> {
  let current = answer;
  const received: Received[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> | undefined;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json };
      received.push(request);
      open.add(res);
      res.on('close', () => open.delete(res));
      current(res, request, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    answer: (next) => {
      current = next;
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
