// The token a proxy request carries, as the service's HTTP proxy reads `Proxy-Authorization`
// (server: proxy/server.go authHeaderProxyId): `Bearer <token>` or `Basic <base64 of
// token:anything>`, either prefix in any case; the password is never read.

const BEARER = 'bearer ';
const BASIC = 'basic ';
/** Go's base64.StdEncoding: padded, the standard alphabet. */
const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The token of a `Proxy-Authorization` header, or undefined when it carries none. */
export function tokenOfProxyAuthorization(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const prefix = (name: string) =>
    header.length > name.length && header.slice(0, name.length).toLowerCase() === name;
  if (prefix(BEARER)) return header.slice(BEARER.length);
  if (!prefix(BASIC)) return undefined;
  const encoded = header.slice(BASIC.length);
  if (!STD_BASE64.test(encoded)) return undefined;
  return Buffer.from(encoded, 'base64').toString('latin1').split(':', 1)[0];
}
