// How the simulator's API knows a request came through one of its proxies (issue 34): by
// the connection that proxy opened to it. The proxy registers each socket it opens to the
// API by its local address and port while it is open; the API looks its caller's address
// and port up here. No header a caller could write is read, and no other process can hold
// that port while the proxy's socket does.
import type { Socket } from 'node:net';

/** `::ffff:127.0.0.1` and `127.0.0.1` are one address (a dual-stack listener shows the first). */
const plain = (address: string | undefined) =>
  (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
const keyOf = (address: string | undefined, port: number | undefined) => `${plain(address)}|${port ?? -1}`;

export class OwnApiConnections {
  private readonly byEnd = new Map<string, string>();

  /** Registers a connected socket a proxy opened to the API, until it closes. */
  track(socket: Socket, proxyId: string): void {
    const key = keyOf(socket.localAddress, socket.localPort);
    this.byEnd.set(key, proxyId);
    socket.once('close', () => this.byEnd.delete(key));
  }

  /** The proxy whose connection this is (the API's view: the caller's address and port), or undefined. */
  proxyOf(remoteAddress: string | undefined, remotePort: number | undefined): string | undefined {
    return this.byEnd.get(keyOf(remoteAddress, remotePort));
  }
}
