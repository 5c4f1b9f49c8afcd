// The simulator's proxies (issue 34): SOCKS5 and HTTP proxies that carry traffic for the
// proxies auth-client makes, and the HTTPS port that refuses; on the simulator's host,
// asking the engine whether a token is a live proxy and whether a caller may use it.
// Traffic leaves from this machine, not from the place the proxy was made for.
import type { Server, Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { ProxyService } from '../engine/index.ts';
import { createHttpProxyServer } from './http-proxy.ts';
import { createHttpsRefusalServer, httpsRefusal } from './https-refusal.ts';
import type { OwnApiConnections } from './own-api.ts';
import { PROXY_LIMITS, type ProxyEngine, Relays } from './relay.ts';
import { createSocksServer } from './socks5.ts';

export interface ProxyPorts {
  http?: number;
  socks?: number;
  https?: number;
}

export interface ProxiesOptions {
  engine: ProxyEngine;
  /** the address to listen on: the simulator's own */
  host: string;
  /** `proxy_host`: a name, never an IP (`localhost` on loopback) */
  proxyHost: string;
  /** the simulator's API: its URL (`api_base_url`) and port (always reachable through the proxies) */
  apiUrl: string;
  /** ports to listen on; 0 or absent: free ones; one in use: a free one instead */
  ports?: ProxyPorts;
  /** `--proxy-allow-local`: private, loopback and link-local destinations too */
  allowLocal?: boolean;
  /** where the connections the proxies open to the API are registered (the API reads it) */
  ownApi: OwnApiConnections;
  log?: (line: string) => void;
}

export interface RunningProxies {
  /** what auth-client's answers name */
  readonly service: ProxyService;
  close(): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

/** The addresses of this machine that the API answers on: loopback, and each interface's when bound to all. */
function ownAddresses(host: string): (address: string) => boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const wildcard = bare === '0.0.0.0' || bare === '::' || bare === '';
  const mine = new Set<string>([bare]);
  if (wildcard)
    for (const list of Object.values(networkInterfaces()))
      for (const entry of list ?? []) mine.add(entry.address);
  return (address) => LOOPBACK.test(address) || mine.has(address.replace(/^::ffff:/i, ''));
}

function listenOn(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      // A port in use (the default ones beside `netdeck sim`'s): a free one instead.
      if (error.code === 'EADDRINUSE' && port !== 0) resolve(listenOn(server, host, 0));
      else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Keeps a server's open sockets, so that closing it need not wait for a client's handshake time-out. */
function withSockets<S extends Server>(server: S): S {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  openSockets.set(server, open);
  return server;
}
const openSockets = new WeakMap<Server, Set<Socket>>();

const closeServer = (server: Server) =>
  new Promise<void>((done) => {
    if (!server.listening) return done();
    server.close(() => done());
    for (const socket of openSockets.get(server) ?? []) socket.destroy();
  });

export async function startProxies(options: ProxiesOptions): Promise<RunningProxies> {
  const { engine, host, proxyHost, apiUrl } = options;
  const relays = new Relays(engine);
  const { ownApi } = options;
  const apiPort = Number(new URL(apiUrl).port);
  const isOwn = ownAddresses(host);
  const context = {
    engine,
    relays,
    ownApi,
    policy: {
      allowLocal: options.allowLocal ?? false,
      isOwnApi: (address: string, port: number) => port === apiPort && isOwn(address),
      connectTimeoutMs: PROXY_LIMITS.connectMs,
    },
  };
  let urls = { http: '', socks: '' };
  const servers = {
    http: withSockets(createHttpProxyServer(context)),
    socks: withSockets(createSocksServer(context)),
    https: withSockets(createHttpsRefusalServer(() => httpsRefusal(urls.http, urls.socks), options.log)),
  };
  try {
    const httpPort = await listenOn(servers.http, host, options.ports?.http ?? 0);
    const socksPort = await listenOn(servers.socks, host, options.ports?.socks ?? 0);
    const httpsPort = await listenOn(servers.https, host, options.ports?.https ?? 0);
    urls = { http: `http://${proxyHost}:${httpPort}`, socks: `socks5h://${proxyHost}:${socksPort}` };
    const service: ProxyService = { host: proxyHost, httpPort, socksPort, httpsPort, apiUrl };
    return {
      service,
      async close() {
        relays.close();
        await Promise.all(Object.values(servers).map(closeServer));
      },
    };
  } catch (error) {
    relays.close();
    await Promise.all(Object.values(servers).map(closeServer));
    throw error;
  }
}
