// The proxies' way out (issue 34): a destination resolved here (a SOCKS5h name too, as a
// provider would), checked against the egress rule (egress.ts), then connected, with a
// time limit. A failure is named so that each protocol can answer it in its own words.
import { lookup } from 'node:dns/promises';
import { connect, isIP, type Socket } from 'node:net';
import { isPublicUnicast } from './egress.ts';

export type DialFailure = 'local' | 'refused' | 'net-unreachable' | 'host-unreachable' | 'timeout' | 'failed';

export interface DialPolicy {
  /** `--proxy-allow-local`: private, loopback and link-local destinations too */
  allowLocal: boolean;
  /** Whether an address and port are the simulator's own API (always reachable). */
  isOwnApi(address: string, port: number): boolean;
  connectTimeoutMs: number;
}

const FAILURES: Record<string, DialFailure> = {
  ECONNREFUSED: 'refused',
  ENETUNREACH: 'net-unreachable',
  EHOSTUNREACH: 'host-unreachable',
  ENOTFOUND: 'host-unreachable',
  EAI_AGAIN: 'host-unreachable',
  ETIMEDOUT: 'timeout',
};

/** Connects to host:port for a proxy: the socket (and whether it is the simulator's own API), or why not. */
export async function dial(
  host: string,
  port: number,
  policy: DialPolicy,
): Promise<{ socket: Socket; ownApi: boolean } | { failure: DialFailure }> {
  let address = host.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(address)) {
    try {
      address = (await lookup(address)).address;
    } catch (error) {
      return { failure: FAILURES[(error as NodeJS.ErrnoException).code ?? ''] ?? 'host-unreachable' };
    }
  }
  const ownApi = policy.isOwnApi(address, port);
  if (!ownApi && !policy.allowLocal && !isPublicUnicast(address)) return { failure: 'local' };
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, noDelay: true });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ failure: 'timeout' });
    }, policy.connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ socket, ownApi });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ failure: FAILURES[error.code ?? ''] ?? 'failed' });
    });
  });
}
