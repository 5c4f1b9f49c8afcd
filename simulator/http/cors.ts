// CORS for browser clients (`--cors ORIGIN`, or `*`), as the service's load balancer
// answers (issue 34; warp: warpctl/config.go addServiceBlocks): every OPTIONS to an API
// path is a 204 that never reaches a route (any path, any origin, with or without
// `Access-Control-Request-Method`), and every other answer, errors too, carries the same
// headers, so a page reads a missing route's own 404. An origin not in the list gets no
// `Access-Control-Allow-Origin` (nginx drops a header whose value is empty), so its page
// cannot read the answer. The admin routes get none of this. Without `--cors`, OPTIONS is
// routed as any method (405 with `Allow`).
import type { ServerResponse } from 'node:http';

export const ANY_ORIGIN = '*';

/** What the load balancer adds to every answer of the service's location (`always`). */
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'x-xss-protection': '1; mode=block',
} as const;
const ALLOW_METHODS = 'GET, POST, OPTIONS';
const CORS_ALLOWED_HEADERS =
  'DNT,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,X-Client-Version,Authorization,Accept,Mcp-Session-Id,MCP-Protocol-Version,Last-Event-ID';
const EXPOSE_HEADERS =
  'Content-Length,Content-Range,Accept,Mcp-Session-Id,MCP-Protocol-Version,Last-Event-ID';
/** How long a browser may keep a preflight's answer (seconds; browsers cap it lower). */
const CORS_MAX_AGE_S = 1_728_000;

/**
 * An origin as a browser sends it (`http://localhost:5173`): scheme, host and port only,
 * lower case, no default port; `*` for any. Throws on anything else.
 */
export function normalOrigin(text: string): string {
  if (text === ANY_ORIGIN) return text;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  const bare =
    url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!url || !bare)
    throw new Error(`--cors: ${JSON.stringify(text)} is not an origin (http://host:port) or *`);
  return url.origin;
}

export interface CorsPolicy {
  /** Sets the headers every answer carries (errors too), for a request's Origin. */
  addHeaders(res: ServerResponse, origin: string | undefined): void;
  /** Answers any OPTIONS: 204, the headers, an empty body. */
  answerOptions(res: ServerResponse, origin: string | undefined): void;
}

/** The policy of `origins` (normalised by normalOrigin); undefined when there are none. */
export function corsPolicy(origins: readonly string[] | undefined): CorsPolicy | undefined {
  if (!origins?.length) return undefined;
  const allowed = new Set(origins.map(normalOrigin));
  const any = allowed.has(ANY_ORIGIN);
  /** `$cors_origin`: `*`, the request's origin when listed, else none. */
  const allowOrigin = (origin: string | undefined) =>
    any ? ANY_ORIGIN : origin !== undefined && allowed.has(origin) ? origin : undefined;
  const headersFor = (origin: string | undefined): Record<string, string> => ({
    ...SECURITY_HEADERS,
    ...(allowOrigin(origin) ? { 'access-control-allow-origin': allowOrigin(origin)! } : {}),
    'access-control-allow-methods': ALLOW_METHODS,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS,
    'access-control-expose-headers': EXPOSE_HEADERS,
    // A list without `*` lets pages send credentials, and answers differ by Origin.
    ...(any ? {} : { 'access-control-allow-credentials': 'true', vary: 'Origin' }),
  });
  return {
    addHeaders(res, origin) {
      for (const [name, value] of Object.entries(headersFor(origin))) res.setHeader(name, value);
    },
    answerOptions(res, origin) {
      res.writeHead(204, {
        ...headersFor(origin),
        'access-control-max-age': String(CORS_MAX_AGE_S),
        'content-type': 'text/plain; charset=utf-8',
        'content-length': '0',
      });
      res.end();
    },
  };
}
