// The simulator's SOCKS5 proxy (issue 34; RFC 1928, user/password auth RFC 1929), as the
// service's takes its token (server: proxy/server.go newSocksProxy, urnetwork/proxy
// socks5_server.go): only the user/password method is offered (a client without it gets
// `05 FF`), the user name is the proxy's token in any case, the password is never read;
// a refused token or caller gets `01 01` and the connection closes. CONNECT only; a name
// is resolved here (socks5h). A destination that is not public unicast is refused with
// 0x02 (not allowed by the ruleset) unless the simulator allows it.
import { createServer, type Server, type Socket } from 'node:net';
import { type DialFailure, type DialPolicy, dial } from './dial.ts';
import type { OwnApiConnections } from './own-api.ts';
import { PROXY_LIMITS, type ProxyEngine, type Relays } from './relay.ts';

const VERSION = 0x05;
const USER_PASSWORD = 0x02;
const NO_METHOD = 0xff;
const CONNECT = 0x01;
const ATYP = { ipv4: 0x01, name: 0x03, ipv6: 0x04 } as const;
export const SOCKS_REPLY = {
  ok: 0x00,
  failure: 0x01,
  notAllowed: 0x02,
  netUnreachable: 0x03,
  hostUnreachable: 0x04,
  refused: 0x05,
  ttlExpired: 0x06,
  commandNotSupported: 0x07,
  addressNotSupported: 0x08,
} as const;

/** How each dial failure is answered (urnetwork/proxy socksReplyCodeForDialError; `local` is the simulator's own). */
const REPLY_OF: Record<DialFailure, number> = {
  local: SOCKS_REPLY.notAllowed,
  refused: SOCKS_REPLY.refused,
  'net-unreachable': SOCKS_REPLY.netUnreachable,
  'host-unreachable': SOCKS_REPLY.hostUnreachable,
  timeout: SOCKS_REPLY.ttlExpired,
  failed: SOCKS_REPLY.failure,
};

/** Reads a socket's bytes as they come: `take(n)` resolves with the next n of them. */
class Reader {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting?: { n: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void };

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.once('close', () => this.waiting?.reject(new Error('closed')));
  }

  private readonly onData = (chunk: Buffer) => {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    // A greeting is a few hundred bytes at most: a client that sends more before its answer is not SOCKS5.
    if (this.buffered.length > 1024) this.socket.destroy();
    this.deliver();
  };

  private deliver(): void {
    const waiting = this.waiting;
    if (!waiting || this.buffered.length < waiting.n) return;
    this.waiting = undefined;
    const bytes = this.buffered.subarray(0, waiting.n);
    this.buffered = this.buffered.subarray(waiting.n);
    waiting.resolve(bytes);
  }

  take(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiting = { n, resolve, reject };
      this.deliver();
    });
  }

  /** Stops reading; what came after the request goes to the destination first. */
  release(): Buffer {
    this.socket.off('data', this.onData);
    return this.buffered;
  }
}

/** A reply with an IPv4 zero address (clients read the bound address and ignore it). */
const reply = (code: number) => Buffer.from([VERSION, code, 0x00, ATYP.ipv4, 0, 0, 0, 0, 0, 0]);

async function destinationOf(reader: Reader): Promise<{ host: string; port: number } | { reply: number }> {
  const [version, command, , type] = await reader.take(4);
  let host: string;
  if (type === ATYP.ipv4) host = [...(await reader.take(4))].join('.');
  else if (type === ATYP.ipv6) {
    const bytes = await reader.take(16);
    host = Array.from({ length: 8 }, (_, k) => bytes.readUInt16BE(k * 2).toString(16)).join(':');
  } else if (type === ATYP.name) host = (await reader.take((await reader.take(1))[0])).toString('latin1');
  else return { reply: SOCKS_REPLY.addressNotSupported };
  const port = (await reader.take(2)).readUInt16BE(0);
  if (version !== VERSION) return { reply: SOCKS_REPLY.failure };
  if (command !== CONNECT) return { reply: SOCKS_REPLY.commandNotSupported };
  return { host, port };
}

export interface ProxyServerContext {
  engine: ProxyEngine;
  relays: Relays;
  policy: DialPolicy;
  ownApi: OwnApiConnections;
}

async function serve(client: Socket, { engine, relays, policy, ownApi }: ProxyServerContext): Promise<void> {
  client.setTimeout(PROXY_LIMITS.handshakeMs, () => client.destroy());
  client.on('error', () => client.destroy());
  const reader = new Reader(client);
  const [version, count] = await reader.take(2);
  const methods = await reader.take(count);
  if (version !== VERSION || !methods.includes(USER_PASSWORD)) {
    client.end(Buffer.from([VERSION, NO_METHOD]));
    return;
  }
  client.write(Buffer.from([VERSION, USER_PASSWORD]));
  // RFC 1929: version 1, the user name (the token), the password (not read).
  const [, userLength] = await reader.take(2);
  const user = (await reader.take(userLength)).toString('latin1');
  await reader.take((await reader.take(1))[0]);
  const access = engine.proxyAccess(user, client.remoteAddress);
  if ('refused' in access) {
    client.end(Buffer.from([0x01, 0x01]));
    return;
  }
  client.write(Buffer.from([0x01, 0x00]));
  const destination = await destinationOf(reader);
  if ('reply' in destination) {
    client.end(reply(destination.reply));
    return;
  }
  if (!relays.hasRoom(access.proxyId)) {
    client.end(reply(SOCKS_REPLY.failure));
    return;
  }
  const dialed = await dial(destination.host, destination.port, policy);
  if ('failure' in dialed) {
    client.end(reply(REPLY_OF[dialed.failure]));
    return;
  }
  if (client.destroyed) {
    dialed.socket.destroy();
    return;
  }
  if (dialed.ownApi) ownApi.track(dialed.socket, access.proxyId);
  const early = reader.release();
  client.setTimeout(0);
  client.write(reply(SOCKS_REPLY.ok));
  if (early.length) dialed.socket.write(early);
  relays.tunnel(access.proxyId, client, dialed.socket);
}

/** The SOCKS5 server (not yet listening). */
export function createSocksServer(context: ProxyServerContext): Server {
  // Half-open allowed: a client that has sent all it will still reads the answer to its end.
  const server = createServer({ noDelay: true, allowHalfOpen: true }, (client) => {
    serve(client, context).catch(() => client.destroy());
  });
  server.maxConnections = PROXY_LIMITS.total;
  return server;
}
