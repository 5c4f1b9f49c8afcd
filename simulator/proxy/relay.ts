// The proxies' open connections (issue 34), bounded: at most so many per proxy and in
// all, each closed after a time without traffic, and all of a proxy's closed once it stops
// carrying traffic (its client removed, its network deleted). Bytes are counted by the
// sockets themselves (`bytesRead`, `bytesWritten`) and taken from the network's data
// balance every second and at the close: nothing is kept per byte.
import type { Socket } from 'node:net';
import type { Engine } from '../engine/index.ts';

/** What the proxies ask the engine. */
export type ProxyEngine = Pick<Engine, 'proxyAccess' | 'proxyLive' | 'proxyCarried'>;

/** (choice) The proxies' bounds. */
export const PROXY_LIMITS = {
  /** open connections through one proxy */
  perProxy: 256,
  /** open connections through all of them, per protocol's server */
  total: 4096,
  /** a connection without traffic either way this long is closed */
  idleMs: 5 * 60_000,
  /** a client has this long to say what it wants (SOCKS5 greeting, HTTP head) */
  handshakeMs: 10_000,
  /** a destination has this long to accept */
  connectMs: 10_000,
} as const;

/** How often dead proxies' connections are closed and the bytes carried are counted. */
const SWEEP_MS = 1000;

interface Tunnel {
  proxyId: string;
  /** the socket to the destination: its byte counts are what the proxy carried */
  upstream: Socket;
  /** every socket to close with it */
  sockets: Socket[];
  counted: number;
}

export class Relays {
  private readonly byProxy = new Map<string, Set<Tunnel>>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly engine: ProxyEngine) {
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /** Whether a proxy may open one more connection. */
  hasRoom(proxyId: string): boolean {
    return (this.byProxy.get(proxyId)?.size ?? 0) < PROXY_LIMITS.perProxy;
  }

  /**
   * Carries a connection of `proxyId` to `upstream`: `sockets` (the client's side, and
   * upstream) are closed together, after the idle time, or when the proxy stops.
   */
  carry(proxyId: string, upstream: Socket, sockets: Socket[]): void {
    const tunnel: Tunnel = { proxyId, upstream, sockets, counted: 0 };
    let tunnels = this.byProxy.get(proxyId);
    if (!tunnels) {
      tunnels = new Set();
      this.byProxy.set(proxyId, tunnels);
    }
    tunnels.add(tunnel);
    const end = () => {
      for (const socket of sockets) socket.destroy();
    };
    for (const socket of sockets) {
      socket.setTimeout(PROXY_LIMITS.idleMs, end);
      socket.on('error', end);
      socket.once('close', end);
    }
    upstream.once('close', () => {
      this.count(tunnel);
      tunnels.delete(tunnel);
      if (tunnels.size === 0 && this.byProxy.get(proxyId) === tunnels) this.byProxy.delete(proxyId);
    });
  }

  /** Pipes two sockets into each other and carries them (a CONNECT or SOCKS5 tunnel). */
  tunnel(proxyId: string, client: Socket, upstream: Socket): void {
    this.carry(proxyId, upstream, [client, upstream]);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private count(tunnel: Tunnel): void {
    const carried = tunnel.upstream.bytesRead + tunnel.upstream.bytesWritten;
    if (carried > tunnel.counted) this.engine.proxyCarried(tunnel.proxyId, carried - tunnel.counted);
    tunnel.counted = carried;
  }

  /** Closes the connections of proxies that stopped; counts what the others carried. */
  sweep(): void {
    for (const [proxyId, tunnels] of this.byProxy) {
      const live = this.engine.proxyLive(proxyId);
      for (const tunnel of tunnels) {
        this.count(tunnel);
        if (!live) for (const socket of tunnel.sockets) socket.destroy();
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    for (const tunnels of this.byProxy.values())
      for (const tunnel of tunnels) for (const socket of tunnel.sockets) socket.destroy();
  }
}
