// The request handler: routing and validation driven by the endpoint table, then auth,
// faults and the engine. Order as the real service: body decoded before the token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminActions } from '../../src/contract/admin.ts';
import { type Endpoint, endpoints, type OperationName } from '../../src/contract/endpoints.ts';
import { HTTP_TEXT as TEXT } from '../../src/contract/messages.ts';
import { routeOf } from '../../src/contract/routes.ts';
import { AdminInputError, adminRouteOf, decodeAdminBody, isAdminPath } from './admin.ts';
import { adoptQrCode, adoptQrPng } from './adopt-qr.ts';
import type { TokenAuthority } from './auth.ts';
import { drainRest, readBody } from './body.ts';
import type { CorsPolicy } from './cors.ts';
import { type Caller, type EnginePort, simErrorStatus } from './engine-port.ts';
import type { FaultState } from './faults.ts';
import { goArgsOf } from './go-args.ts';
import { ADMIN_SECRET_HEADER, type Address, hasAdminSecret, isOwnOrigin } from './guard.ts';
import { sendBadRequest, sendBytes, sendJson, sendJsonBytes, sendText } from './reply.ts';
import { requestPath } from './request-path.ts';

export interface HttpContext {
  engine: EnginePort;
  auth: TokenAuthority;
  faults: FaultState;
  /** Present when the admin routes are on, with the secret they want. */
  admin?: { actions: AdminActions; secret: string };
  /** Where the server listens (known once it does). */
  address: () => Address;
  /** Whether a Host header names this simulator (src/net/host-check.ts); other requests are refused. */
  ownHost: (host: string | undefined) => boolean;
  /** With `--cors`: the origins whose pages may read the API routes' answers. */
  cors?: CorsPolicy;
  /** The OpenAPI document, serialised. */
  openApi: () => Buffer;
  log?: (line: string) => void;
  /** The simulated time: every answer's `Date` says it (clients learn a sped-up clock from it). */
  now: () => number;
  /** The simulator's proxy whose connection a request came on (issue 34), by the caller's address and port. */
  viaProxy?: (address: string | undefined, port: number | undefined) => string | undefined;
}

/** Operations whose answer is the same for every caller: their bytes are reused while the engine returns the same object. */
const SHARED_ANSWERS = new Set<OperationName>(
  (Object.keys(endpoints) as OperationName[]).filter((name) => {
    const endpoint: Endpoint = endpoints[name];
    return !endpoint.auth && endpoint.request === null;
  }),
);

export function createRequestHandler(ctx: HttpContext): (req: IncomingMessage, res: ServerResponse) => void {
  const lastAnswer = new Map<OperationName, { value: unknown; bytes: Buffer }>();

  function serialise(name: OperationName, value: unknown): Buffer {
    if (!SHARED_ANSWERS.has(name)) return Buffer.from(JSON.stringify(value));
    const last = lastAnswer.get(name);
    if (last && last.value === value) return last.bytes;
    const bytes = Buffer.from(JSON.stringify(value));
    lastAnswer.set(name, { value, bytes });
    return bytes;
  }

  async function serveOperation(
    name: OperationName,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const endpoint: Endpoint = endpoints[name];
    let bytes: Buffer | undefined;
    if (endpoint.request) {
      const read = await readBody(req);
      if (!read.ok) return refuseBody(req, res, read.reason);
      bytes = read.bytes;
    }
    await ctx.faults.delay();
    const failure = ctx.faults.failure();
    if (failure) return sendText(res, failure.status, failure.message, failure.headers);

    let body: unknown;
    let nil = false;
    if (endpoint.request && bytes) {
      const { era, profile } = ctx.engine;
      const decoded = profile.decodeBody(bytes, goArgsOf(name, era));
      if (!decoded.ok) return sendText(res, 400, decoded.message);
      nil = decoded.nil;
      body = decoded.value;
    }
    let caller: Caller | undefined;
    if (endpoint.auth) {
      caller = await ctx.auth.verify(req.headers.authorization);
      if (!caller) return sendText(res, 401, TEXT.notAuthorized);
    }
    // A `null` body leaves a pointer argument nil: the Go handler panics on it (a 500).
    if (nil) throw new Error(`${name}: null body for a pointer argument`);
    const value = ctx.engine.handle(name, body, caller, {
      address: req.socket.remoteAddress,
      viaProxy: ctx.viaProxy?.(req.socket.remoteAddress, req.socket.remotePort),
      sign: (network, clientId) => ctx.auth.sign(network, clientId),
    });
    sendJsonBytes(res, ctx.faults.corrupt(value, serialise(name, value)));
  }

  async function serveAdmin(admin: AdminActions, path: string, req: IncomingMessage, res: ServerResponse) {
    const { route, allow } = adminRouteOf(req.method ?? '', path);
    if (!route) {
      return allow.length
        ? sendText(res, 405, TEXT.methodNotAllowed, { allow: allow.join(', ') })
        : sendText(res, 404, TEXT.notFound);
    }
    let body: unknown;
    if (route.method === 'POST') {
      const read = await readBody(req);
      if (!read.ok) return refuseBody(req, res, read.reason);
      const decoded = decodeAdminBody(path, read.bytes);
      if (!decoded.ok) return sendText(res, 400, decoded.message);
      body = decoded.value;
    }
    try {
      sendJson(res, await route.run(admin, body));
    } catch (error) {
      if (error instanceof AdminInputError) return sendText(res, 400, error.message);
      throw error;
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = requestPath(req.url ?? '/');
    if (path === undefined) return sendBadRequest(res);

    // A page that rebound a name of its own to this machine is refused, on every route.
    if (!ctx.ownHost(req.headers.host)) return sendText(res, 403, TEXT.forbidden, { connection: 'close' });
    if (ctx.admin && isAdminPath(path)) {
      // Only the simulator's own origin (or none) and the secret: never a page's request.
      const port = ctx.address().port;
      if (
        !isOwnOrigin(req.headers.origin, port, ctx.ownHost) ||
        !hasAdminSecret(req.headers[ADMIN_SECRET_HEADER], ctx.admin.secret)
      ) {
        return sendText(res, 403, TEXT.forbidden);
      }
      return serveAdmin(ctx.admin.actions, path, req, res);
    }
    // The load balancer's CORS: every OPTIONS to an API path is its 204, every answer has its headers.
    if (ctx.cors && !isAdminPath(path)) {
      if (method === 'OPTIONS') return ctx.cors.answerOptions(res, req.headers.origin);
      ctx.cors.addHeaders(res, req.headers.origin);
    }

    if (path === OPENAPI_PATH) {
      return method === 'GET'
        ? sendJsonBytes(res, ctx.openApi())
        : sendText(res, 405, TEXT.methodNotAllowed, { allow: 'GET' });
    }

    // The one route with a value in its path, and the one answer not JSON.
    const qrCode = adoptQrCode(path);
    if (qrCode !== undefined) {
      return method === 'GET'
        ? sendBytes(res, 'image/png', adoptQrPng(qrCode))
        : sendText(res, 405, TEXT.methodNotAllowed, { allow: 'GET' });
    }

    const { name, allow } = routeOf(method, path, ctx.engine.era);
    if (name) return serveOperation(name, req, res);
    if (allow.length) return sendText(res, 405, TEXT.methodNotAllowed, { allow: allow.join(', ') });
    return sendText(res, 404, TEXT.notFound);
  }

  return (req, res) => {
    const started = performance.now();
    // The time the request was taken, on the simulator's clock (Node's own Date is the wall clock's).
    res.setHeader('date', new Date(ctx.now()).toUTCString());
    const { log } = ctx;
    if (log) {
      res.once('finish', () => {
        log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
      });
    }
    serve(req, res).catch((error: unknown) => {
      const status = simErrorStatus(error);
      if (status) return sendText(res, status, (error as Error).message);
      log?.(
        `error: ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendText(res, 500, TEXT.internal);
    });
  };
}

const OPENAPI_PATH = '/openapi.json';

async function refuseBody(
  req: IncomingMessage,
  res: ServerResponse,
  reason: 'too-large' | 'aborted',
): Promise<void> {
  if (reason === 'aborted') {
    res.destroy();
    return;
  }
  // The rest is read first: the 413 then reaches the client before the connection closes.
  const drained = await drainRest(req);
  if (req.socket.destroyed) return;
  sendText(res, 413, TEXT.tooLarge, { connection: 'close' });
  // Past the drain's cap the client is still sending: cut it off once the answer is out.
  if (!drained) res.once('finish', () => req.socket.destroy());
}
