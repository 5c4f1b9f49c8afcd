// Who may talk to the simulator. Every route answers only the Host names of this machine
// (src/net/host-check.ts: DNS rebinding). The API routes, like the real service, read
// no Origin: a page may call them as any client may (their data wants a token, not a
// cookie), and with `--cors` a browser lets it read the answers. The admin routes
// (reset, tokens of any network, faults) also refuse any Origin but the simulator's own
// (a page's request, CSRF) and want the secret in `X-Sim-Admin`.
import { createHash, timingSafeEqual } from 'node:crypto';

export const ADMIN_SECRET_HEADER = 'x-sim-admin';

export interface Address {
  /** What the server is bound to: `127.0.0.1`, `0.0.0.0`, `::`, a name. */
  host: string;
  port: number;
}

/**
 * Whether an Origin header (when there is one) is this simulator's own: `http:`, a name
 * it answers to (`ownName`) and its port.
 */
export function isOwnOrigin(
  value: string | undefined,
  port: number,
  ownName: (host: string) => boolean,
): boolean {
  if (value === undefined) return true;
  let origin: URL;
  try {
    origin = new URL(value);
  } catch {
    return false;
  }
  const originPort = origin.port === '' ? 80 : Number(origin.port);
  return origin.protocol === 'http:' && originPort === port && ownName(origin.hostname);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the secret header matches, compared in constant time. */
export function hasAdminSecret(header: string | string[] | undefined, secret: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && timingSafeEqual(digest(given), digest(secret));
}
