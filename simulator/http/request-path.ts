// The path a request names, as the service routes it: its router matches the decoded
// `URL.Path` (server: router/router.go Router.ServeHTTP), so every escape is decoded
// first, `%2F` included (`/network%2Fprovider-locations` is `/network/provider-locations`),
// and the query is left aside. A `%` without two hex digits after it fails Go's URL parser
// before any route: a bare `400 Bad Request`.

const ESCAPE = /%([0-9a-fA-F]{2})?/g;

/**
 * The decoded path of a request target (`/a%2Db?q`, or the absolute form
 * `http://host/a?q`), one char per byte (routes are ASCII); undefined when Go's parser
 * refuses it.
 */
export function requestPath(target: string): string | undefined {
  let raw = target;
  if (!raw.startsWith('/')) {
    const absolute = /^https?:\/\/[^/?#]*(\/[^?#]*)?/i.exec(raw);
    if (!absolute) return undefined;
    raw = absolute[1] ?? '/';
  }
  const query = raw.indexOf('?');
  if (query >= 0) raw = raw.slice(0, query);
  if (!raw.includes('%')) return raw;
  let malformed = false;
  const decoded = raw.replace(ESCAPE, (_escape, hex: string | undefined) => {
    if (hex === undefined) malformed = true;
    return hex === undefined ? '' : String.fromCharCode(Number.parseInt(hex, 16));
  });
  return malformed ? undefined : decoded;
}
