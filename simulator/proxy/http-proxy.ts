// The simulator's HTTP proxy (issue 34): CONNECT tunnels and absolute-form requests
// (`GET http://host/path`), the token in `Proxy-Authorization` as the service takes it
// (proxy-auth.ts). Where the service differs it is said in docs/service-notes.md: its
// proxy retries a refused token or caller until the client gives up, then writes a 502
// `Not authorized`; the simulator writes that 502 at once. A destination that is not
// public unicast is a 403 here unless the simulator allows it (the service's providers
// drop the packets).
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type DialFailure, dial } from './dial.ts';
import { tokenOfProxyAuthorization } from './proxy-auth.ts';
import { PROXY_LIMITS } from './relay.ts';
import type { ProxyServerContext } from './socks5.ts';

/** The service buffers a forwarded body up to this (urnetwork/proxy MaxHttpBodyBytes): a longer one is a 413. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Headers of one hop only: not forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export const LOCAL_REFUSAL =
  'local destinations are not allowed: the simulator’s proxies reach public addresses and its own API only, unless it runs with --proxy-allow-local';
const NOT_AUTHORIZED = 'Not authorized';
const BUSY = 'too many open connections through this proxy';

/** What a dial failure is answered with. */
const ANSWER_OF: Record<DialFailure, { status: number; text: string }> = {
  local: { status: 403, text: LOCAL_REFUSAL },
  refused: { status: 502, text: 'connection refused' },
  'net-unreachable': { status: 502, text: 'network unreachable' },
  'host-unreachable': { status: 502, text: 'host unreachable' },
  timeout: { status: 504, text: 'the destination did not answer in time' },
  failed: { status: 502, text: 'the destination could not be reached' },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  413: 'Request Entity Too Large',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A plain-text answer on a raw socket (CONNECT), and the socket closed. */
function refuseTunnel(client: Socket, status: number, text: string): void {
  const body = `${text}\n`;
  client.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`${text}\n`);
}

/** `host:port` of a CONNECT target (an IPv6 host in brackets), or undefined. */
function targetOf(authority: string | undefined): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority ?? '');
  const port = Number(match?.[2]);
  return match && port > 0 && port < 65536 ? { host: match[1], port } : undefined;
}

async function connectTunnel(
  context: ProxyServerContext,
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
) {
  const { engine, relays, policy, ownApi } = context;
  client.on('error', () => client.destroy());
  const access = engine.proxyAccess(
    tokenOfProxyAuthorization(req.headers['proxy-authorization']) ?? '',
    client.remoteAddress,
  );
  if ('refused' in access) return refuseTunnel(client, 502, NOT_AUTHORIZED);
  const target = targetOf(req.url);
  if (!target) return refuseTunnel(client, 400, 'CONNECT wants host:port');
  if (!relays.hasRoom(access.proxyId)) return refuseTunnel(client, 503, BUSY);
  const dialed = await dial(target.host, target.port, policy);
  if ('failure' in dialed) {
    const { status, text } = ANSWER_OF[dialed.failure];
    return refuseTunnel(client, status, text);
  }
  if (client.destroyed) return void dialed.socket.destroy();
  if (dialed.ownApi) ownApi.track(dialed.socket, access.proxyId);
  client.write('HTTP/1.1 200 Connection established\r\n\r\n');
  if (head.length) dialed.socket.write(head);
  relays.tunnel(access.proxyId, client, dialed.socket);
}

/** Headers without the hop-by-hop ones (and those `Connection` names). */
function endToEnd(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  return kept;
}

async function forward(context: ProxyServerContext, req: IncomingMessage, res: ServerResponse) {
  const { engine, relays, policy, ownApi } = context;
  let url: URL | undefined;
  try {
    url = new URL(req.url ?? '');
  } catch {}
  if (url?.protocol !== 'http:') {
    return refuse(
      res,
      400,
      'this is the simulator’s HTTP proxy: send CONNECT host:port, or a request with an absolute http:// URL',
    );
  }
  const access = engine.proxyAccess(
    tokenOfProxyAuthorization(req.headers['proxy-authorization']) ?? '',
    req.socket.remoteAddress,
  );
  if ('refused' in access) return refuse(res, 502, NOT_AUTHORIZED);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES)
    return refuse(res, 413, 'request body too large');
  if (!relays.hasRoom(access.proxyId)) return refuse(res, 503, BUSY);
  const dialed = await dial(url.hostname, Number(url.port || 80), policy);
  if ('failure' in dialed) {
    const { status, text } = ANSWER_OF[dialed.failure];
    return refuse(res, status, text);
  }
  const upstream = dialed.socket;
  if (dialed.ownApi) ownApi.track(upstream, access.proxyId);
  relays.carry(access.proxyId, upstream, [upstream]);
  upstream.once('close', () => {
    if (!res.writableEnded) res.destroy();
  });
  // One upstream connection per request: the socket dialed is the one the request goes on.
  const outgoing = request({
    method: req.method,
    path: `${url.pathname}${url.search}`,
    headers: { ...endToEnd(req.headers), host: url.host, connection: 'close' },
    createConnection: () => upstream,
  });
  outgoing.on('error', () => {
    if (!res.headersSent) refuse(res, 502, 'the destination closed the connection');
    else res.destroy();
  });
  outgoing.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
    answer.pipe(res);
  });
  let sent = 0;
  req.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    // A chunked body past the service's buffer: cut off, as its 413 would end it.
    if (sent > MAX_BODY_BYTES) {
      upstream.destroy();
      if (!res.headersSent) refuse(res, 413, 'request body too large');
    }
  });
  req.pipe(outgoing);
}

/** The HTTP proxy server (not yet listening). */
export function createHttpProxyServer(context: ProxyServerContext): Server {
  const server = createServer(
    {
      requestTimeout: PROXY_LIMITS.handshakeMs + PROXY_LIMITS.idleMs,
      headersTimeout: PROXY_LIMITS.handshakeMs,
    },
    (req, res) => {
      forward(context, req, res).catch(() => res.destroy());
    },
  );
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    connectTunnel(context, req, client, head).catch(() => client.destroy());
  });
  server.maxConnections = PROXY_LIMITS.total;
  return server;
}
