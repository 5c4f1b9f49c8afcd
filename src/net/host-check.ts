// Which Host names a local HTTP server answers (the simulator, the exporter): a guard
// against DNS rebinding. A web page can point a name of its own at 127.0.0.1 and then read
// what a server on this machine answers; the browser still sends that name as Host, so a
// server that answers only its own names is out of the page's reach. The port is not
// checked: a browser always sends the one it connected to, and the name is what a page
// controls.
import { isIP } from 'node:net';

/** Names every local server answers to. */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

export interface HostCheckOptions {
  /** What the server is bound to: `127.0.0.1`, `0.0.0.0`, `::`, an address or a name. */
  bound: string;
  /** Further names it answers to (`--allow-host`). */
  allow?: readonly string[];
}

/**
 * A host name as it is compared: lower case, an IPv6 address in brackets; undefined when
 * `text` is not a name or an address (a port, a path, spaces).
 */
export function normalHostName(text: string): string | undefined {
  const name = text.trim().toLowerCase();
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 6) return `[${bare}]`;
  if (bare !== name) return undefined;
  return /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(name)
    ? name
    : undefined;
}

/** The name of a Host header (`name`, `name:port`, `[v6]:port`), normalised; undefined when malformed. */
export function hostHeaderName(value: string): string | undefined {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::\d*)?$/.exec(value.trim());
  return match ? normalHostName(match[1]) : undefined;
}

/**
 * A check of Host headers: the loopback names, the bound address, the names allowed; any
 * IP address when bound to every interface; none at all (an HTTP/1.0 client: a browser
 * always sends one, so a request without is no page's). Throws when an allowed name is
 * malformed.
 */
export function hostCheck(options: HostCheckOptions): (header: string | undefined) => boolean {
  const everyInterface = WILDCARDS.has(options.bound.trim());
  const names = new Set(LOOPBACK_NAMES);
  const bound = normalHostName(options.bound);
  if (bound) names.add(bound);
  for (const name of options.allow ?? []) {
    const normal = normalHostName(name);
    if (!normal) throw new Error(`${JSON.stringify(name)} is not a host name or address`);
    names.add(normal);
  }
  return (header) => {
    if (header === undefined) return true;
    const name = hostHeaderName(header);
    if (name === undefined) return false;
    // Bound to every interface, any address of this machine will do, but no name but
    // the allowed ones (a rebound name is what an attack uses).
    return names.has(name) || (everyInterface && isIP(name.replace(/^\[|\]$/g, '')) !== 0);
  };
}
