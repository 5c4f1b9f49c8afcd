// CORS for browser clients (`--cors ORIGIN`, or `*`): a web app on another origin (the
// URnetwork web app's dev server on http://localhost:5173) may call the API routes and
// read their answers. The real service leaves this to its load balancer, which answers
// preflights with 204 and adds the headers (reference behaviour, "General rules"); the
// admin routes never get them. Without an origin allowed, OPTIONS is routed as any
// method (405 with `Allow`).
import type { ServerResponse } from 'node:http';

/** What a preflight allows beside the route's methods: a token, and a JSON body. */
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type';
/** How long a browser may keep a preflight's answer (seconds; browsers cap it at 2 h). */
export const CORS_MAX_AGE_S = 600;
export const ANY_ORIGIN = '*';

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
  /** The `Access-Control-Allow-Origin` for a request's Origin, or undefined when that origin is not allowed. */
  allowOrigin(origin: string | undefined): string | undefined;
  /** Sets the headers every answer to an allowed origin carries (errors too). */
  addHeaders(res: ServerResponse, origin: string | undefined): void;
  /** Answers a preflight for a route with `methods`: 204 and what it may send. */
  answerPreflight(res: ServerResponse, origin: string, methods: readonly string[]): void;
}

/** The policy of `origins` (normalised by normalOrigin); undefined when there are none. */
export function corsPolicy(origins: readonly string[] | undefined): CorsPolicy | undefined {
  if (!origins?.length) return undefined;
  const allowed = new Set(origins.map(normalOrigin));
  const any = allowed.has(ANY_ORIGIN);
  const policy: CorsPolicy = {
    allowOrigin: (origin) =>
      origin === undefined ? undefined : any ? ANY_ORIGIN : allowed.has(origin) ? origin : undefined,
    addHeaders(res, origin) {
      // Whether the header is there depends on the Origin: caches must keep them apart.
      res.setHeader('vary', 'Origin');
      const allow = policy.allowOrigin(origin);
      if (allow) res.setHeader('access-control-allow-origin', allow);
    },
    answerPreflight(res, origin, methods) {
      res.writeHead(204, {
        'access-control-allow-origin': policy.allowOrigin(origin) ?? '',
        'access-control-allow-methods': methods.join(', '),
        'access-control-allow-headers': CORS_ALLOWED_HEADERS,
        'access-control-max-age': String(CORS_MAX_AGE_S),
        vary: 'Origin',
      });
      res.end();
    },
  };
  return policy;
}
