// The client's default transport: HTTP/1.1 on node:http(s) with one keep-alive pool per
// origin, connect/headers/body timeouts and AbortSignal support. It answers the subset of
// undici's `Dispatcher.request` the client uses, so a test can pass undici's MockAgent
// instead. Node's own HTTP parser is native: the console's first answer needs no
// WebAssembly compile, and the bundle carries no HTTP library (undici cost ~45 ms of
// start-up: half a megabyte to compile, its initialisation and llhttp's wasm).
import type { IncomingHttpHeaders } from 'node:http';
import * as http from 'node:http';
import type * as https from 'node:https';

export interface TransportRequest {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  headersTimeout?: number;
  bodyTimeout?: number;
}

export interface TransportResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: { text(): Promise<string> };
}

export interface Transport {
  request(options: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

export interface HttpTransportOptions {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long (unless the server hints shorter). */
  keepAliveTimeoutMs: number;
}

/** A timeout of the transport; `code` as undici names the same three. */
export class TransportTimeoutError extends Error {
  override readonly name = 'TransportTimeoutError';
  constructor(
    readonly code: 'UND_ERR_CONNECT_TIMEOUT' | 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT',
    message: string,
  ) {
    super(message);
  }
}

export const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });

/** UTF-8 text of the body, a leading byte order mark dropped (as undici's `body.text()`). */
function decode(chunks: Buffer[], length: number): string {
  if (length === 0) return '';
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
  const start = bytes.length > 2 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString('utf8', start);
}

export function createHttpTransport(options: HttpTransportOptions): Transport {
  const agentOptions = { keepAlive: true, timeout: options.keepAliveTimeoutMs, scheduling: 'lifo' as const };
  const httpAgent = new http.Agent(agentOptions);
  let httpsModule: Promise<{ module: typeof https; agent: https.Agent }> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const httpsFor = () => {
    httpsModule ??= import('node:https').then((module) => ({
      module,
      agent: new module.Agent(agentOptions),
    }));
    return httpsModule;
  };

  function send(request: TransportRequest): Promise<TransportResponse> {
    if (closed) return Promise.reject(new Error('the client is closed'));
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const url = new URL(request.path, request.origin);
    // Plain HTTP goes out in this same tick (the demo simulator's first answer is waited for).
    if (url.protocol === 'http:') return exchange(request, url, http, httpAgent);
    if (url.protocol !== 'https:') return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
    return httpsFor().then(({ module, agent }) => exchange(request, url, module, agent));
  }

  function exchange(
    request: TransportRequest,
    url: URL,
    module: typeof http | typeof https,
    agent: http.Agent,
  ): Promise<TransportResponse> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const headersTimeoutMs = request.headersTimeout ?? options.headersTimeoutMs;
    const bodyTimeoutMs = request.bodyTimeout ?? options.bodyTimeoutMs;
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));

    return new Promise<TransportResponse>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const arm = (ms: number, error: () => Error) => {
        clearTimeout(timer);
        if (ms > 0) timer = setTimeout(() => req.destroy(error()), ms);
      };
      const fail = (error: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (!settled) {
          settled = true;
          reject(error);
        }
      };
      const onAbort = () => req.destroy(abortReason(signal!) as Error);

      const req = module.request(url, { method: request.method, headers, agent });
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', fail);
      req.on('socket', (socket) => {
        const headersDue = () =>
          arm(
            headersTimeoutMs,
            () => new TransportTimeoutError('UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error'),
          );
        if (!socket.connecting) return headersDue();
        arm(
          options.connectTimeoutMs,
          () =>
            new TransportTimeoutError(
              'UND_ERR_CONNECT_TIMEOUT',
              `Connect Timeout Error (attempted address: ${url.host}, timeout: ${options.connectTimeoutMs}ms)`,
            ),
        );
        socket.once('connect', headersDue);
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let length = 0;
        let done = false;
        let endBody: (text: string) => void = () => {};
        let failBody: (error: unknown) => void = () => {};
        const text = new Promise<string>((resolveText, rejectText) => {
          endBody = resolveText;
          failBody = rejectText;
        });
        // Read or not, a failed body is no unhandled rejection.
        text.catch(() => {});
        const finish = (error: unknown, value = '') => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (error === undefined) endBody(value);
          else failBody(error);
        };
        const bodyIdle = () =>
          arm(bodyTimeoutMs, () => new TransportTimeoutError('UND_ERR_BODY_TIMEOUT', 'Body Timeout Error'));
        bodyIdle();
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          bodyIdle();
        });
        res.on('end', () => finish(undefined, decode(chunks, length)));
        res.on('error', (error) => finish(error));
        // A request destroyed after its headers (abort, body timeout) ends the body with that error.
        req.on('error', (error) => finish(error));
        res.on('close', () => {
          if (!res.complete) finish(Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }));
        });
        settled = true;
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: { text: () => text } });
      });
      req.end(request.body);
    });
  }

  return {
    request(request) {
      let pending: Promise<TransportResponse>;
      try {
        pending = send(request);
      } catch (error) {
        pending = Promise.reject(error);
      }
      const settledPending = pending.then(
        (response) => response.body.text().catch(() => undefined),
        () => undefined,
      );
      inFlight.add(settledPending);
      void settledPending.finally(() => inFlight.delete(settledPending));
      return pending;
    },
    async close() {
      closed = true;
      // Requests in flight finish first (or time out), as undici's Agent.close().
      await Promise.all(inFlight);
      httpAgent.destroy();
      if (httpsModule) (await httpsModule).agent.destroy();
    },
  };
}
