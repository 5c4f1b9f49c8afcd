// Who may talk to the simulator. A web page the user visits can make the browser send
// requests to a port on this machine (CSRF), and by pointing its own name at 127.0.0.1
// read the answers too (DNS rebinding). A browser always sends the Host it believes it
// talks to, and an Origin on cross-site requests: a Host that is not one of this
// simulator's own addresses, or an Origin of another site, is refused. The admin routes
// also want the secret in `X-Sim-Admin`.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

export const ADMIN_SECRET_HEADER = 'x-sim-admin';

export interface Address {
  /** What the server is bound to: `127.0.0.1`, `0.0.0.0`, `::`, a name. */
  host: string;
  port: number;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** `name:port` or `[v6]:port` into its parts (the port undefined when absent). */
function splitHost(value: string): { name: string; port?: string } | undefined {
  const text = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d+))?$/.exec(text);
  return match ? { name: match[1], port: match[2] } : undefined;
}

const bracketed = (host: string) => (isIP(host) === 6 ? `[${host}]` : host.toLowerCase());

/** Whether a Host header names this simulator: its bound address or loopback, with its port. */
export function isOwnHost(value: string | undefined, address: Address): boolean {
  const parts = value === undefined ? undefined : splitHost(value);
  if (!parts) return false;
  const portMatches = parts.port === undefined ? address.port === 80 : Number(parts.port) === address.port;
  if (!portMatches) return false;
  if (LOOPBACK_NAMES.includes(parts.name) || parts.name === bracketed(address.host)) return true;
  // Bound to every interface: any address of this machine is fine, but no name other
  // than localhost (a rebound name is what an attack uses).
  return WILDCARDS.has(address.host) && isIP(parts.name.replace(/^\[|\]$/g, '')) !== 0;
}

/** Whether an Origin header (when there is one) is this simulator's own. */
export function isOwnOrigin(value: string | undefined, address: Address): boolean {
  if (value === undefined) return true;
  let origin: URL;
  try {
    origin = new URL(value);
  } catch {
    return false;
  }
  return origin.protocol === 'http:' && isOwnHost(origin.host, address);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the secret header matches, compared in constant time. */
export function hasAdminSecret(header: string | string[] | undefined, secret: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && timingSafeEqual(digest(given), digest(secret));
}
