// The typed client: one method per operation of the endpoint table, on undici.
import type { Dispatcher } from 'undici';
import type { Clock } from '../clock.ts';
import {
  type Endpoint,
  endpoints,
  type OperationName,
  type RequestOf,
  type ResponseOf,
} from '../contract/endpoints.ts';
import { issuePath } from '../contract/issue-path.ts';
import { isRefusalAs500 } from '../contract/messages.ts';
import { readAs } from '../contract/schemas.ts';
import { formatCount } from '../format/numbers.ts';
import { sanitize, serverMessage } from '../sanitize.ts';
import { ANSWER_SHAPE, type ShapeProblem, shapeMeter } from './answer-shape.ts';
import { credentialsIn, hideSent } from './auth.ts';
import { readBody } from './body.ts';
import { statusWithText } from './error-words.ts';
import { ApiError, isTransient } from './errors.ts';
import { operationWords } from './operation-words.ts';
import { ServerClock } from './server-clock.ts';
import { Agent, errors as undiciErrors } from './undici.ts';

export interface ClientOptions {
  /** Base URL of the API, e.g. `https://api.bringyour.com` or the simulator's url. */
  baseUrl: string;
  /** JWT of the caller network; sent only to operations that need it (3-9). */
  token?: string;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** Between two chunks of a body. */
  bodyTimeoutMs?: number;
  /**
   * The whole call, retries and their waits included: a server that drips its answer
   * slowly enough to never trip the other timeouts still ends here.
   */
  deadlineMs?: number;
  /** The largest answer read; past it the client stops reading and fails ('oversized'). */
  maxResponseBytes?: number;
  /** The most items (objects, lists, the items in them) of an answer read, counted as it arrives. */
  maxResponseItems?: number;
  /** Retries of idempotent GETs on 429, 5xx and connection errors. */
  retries?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Another dispatcher (e.g. undici's MockAgent in tests). */
  dispatcher?: Dispatcher;
  /** Waits between retries; injectable so tests need not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each retry (for the UI's "retrying in N s"). */
  onRetry?: (info: { operation: OperationName; attempt: number; delayMs: number; error: ApiError }) => void;
  /** This machine's clock, which the service's is learned against (default: the system clock). */
  clock?: Clock;
}

export interface CallOptions {
  signal?: AbortSignal;
}

type Method<K extends OperationName> =
  RequestOf<K> extends undefined
    ? (options?: CallOptions) => Promise<ResponseOf<K>>
    : (body?: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>>;

export type ApiClient = { [K in OperationName]: Method<K> } & {
  readonly baseUrl: string;
  readonly hasToken: boolean;
  /** The service's clock as its answers' `Date` headers tell it (server-clock.ts): read its times against this. */
  readonly serverClock: ServerClock;
  /** Uses another token from now on (after a login in the console); undefined: none. */
  setToken(token: string | undefined): void;
  /** Any operation by name (what the methods call). */
  call<K extends OperationName>(
    name: K,
    body: RequestOf<K> | undefined,
    options?: CallOptions,
  ): Promise<ResponseOf<K>>;
  close(): Promise<void>;
};

/** 64 MiB: three times the largest answer of a 50 000-city, 1 000 000-provider world. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Of an error answer only the start is read: it is shown on one line, cut. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

const DEFAULTS = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  deadlineMs: 60_000,
  maxResponseBytes: MAX_RESPONSE_BYTES,
  maxResponseItems: ANSWER_SHAPE.items,
  retries: 3,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
};

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * `Retry-After` as milliseconds: delta seconds, or an HTTP date of the service's clock
 * (`now`, which runs `rate` times as fast as this machine's).
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = Date.now(),
  rate = 1,
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now) / rate;
}

const MIB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MIB ? `${Math.round(bytes / MIB)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/** An answer whose structure passed a limit (answer-shape.ts), said for a person. */
function shapeError(operation: OperationName, { limit, max }: ShapeProblem): ApiError {
  const most = formatCount(max);
  if (limit === 'depth')
    return new ApiError(
      'shape',
      `${operationWords(operation)}: the answer could not be read: it is nested more than ${most} levels deep`,
      {
        operation,
      },
    );
  return new ApiError(
    'oversized',
    limit === 'items'
      ? `${operationWords(operation)}: the answer has too many items (more than ${most}); netdeck reads at most ${most}`
      : `${operationWords(operation)}: the answer has an object of more than ${most} members; netdeck reads at most ${most} in one`,
    { operation },
  );
}

function describeTransportError(
  error: unknown,
  operation: OperationName,
  signal?: AbortSignal,
  deadline?: { signal: AbortSignal; ms: number },
): ApiError {
  if (error instanceof ApiError) return error;
  if (deadline?.signal.aborted && !signal?.aborted) {
    return new ApiError(
      'timeout',
      `${operationWords(operation)}: no complete answer within ${deadline.ms / 1000} s (the deadline of a request)`,
      { operation, cause: error },
    );
  }
  if (signal?.aborted)
    return new ApiError('aborted', `${operationWords(operation)}: cancelled`, { operation, cause: error });
  if (
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new ApiError(
      'timeout',
      `${operationWords(operation)}: the service did not answer in time (${error.message})`,
      {
        operation,
        cause: error,
      },
    );
  }
  const code = (error as { code?: string })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(
    'network',
    `${operationWords(operation)}: cannot reach the service (${sanitize(code ?? message)})`,
    {
      operation,
      cause: error,
    },
  );
}

export function createClient(options: ClientOptions): ApiClient {
  const settings = { ...DEFAULTS, ...options };
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const ownsDispatcher = !options.dispatcher;
  // One Agent keeps one connection pool per origin.
  const dispatcher =
    options.dispatcher ??
    new Agent({
      connect: { timeout: settings.connectTimeoutMs },
      headersTimeout: settings.headersTimeoutMs,
      bodyTimeout: settings.bodyTimeoutMs,
      keepAliveTimeout: 10_000,
    });
  const sleep = options.sleep ?? defaultSleep;
  // A probe for the clock: the public network statistics, their body left unread.
  const serverClock: ServerClock = new ServerClock(options.clock, async () => {
    const sentAt = serverClock.localNow();
    const response = await dispatcher.request({
      origin: base.origin,
      path: `${basePath}${endpoints.networkStats.path}`,
      method: 'GET',
      headers: { accept: 'application/json' },
      headersTimeout: settings.headersTimeoutMs,
      signal: AbortSignal.timeout(settings.headersTimeoutMs),
    });
    serverClock.observe(response.headers.date, sentAt, serverClock.localNow());
    await response.body.dump();
  });
  let token = options.token?.trim() || undefined;
  /** What a call sends that no text derived from its answer may show: the token, the credentials of its body. */
  type Sent = Parameters<typeof hideSent>[1];
  // A server may echo them back (a 401 body, a refusal naming the password): no error we
  // hand out shows them, whatever part of it holds them.
  const hideIn = (error: ApiError, sent: Sent): ApiError => {
    const hide = (text: string | undefined) => (text === undefined ? undefined : hideSent(text, sent));
    const message = hide(error.message)!;
    const { body, path } = error.details;
    if (message === error.message && hide(body) === body && hide(path) === path) return error;
    return new ApiError(error.kind, message, { ...error.details, body: hide(body), path: hide(path) });
  };

  async function once<K extends OperationName>(
    name: K,
    endpoint: Endpoint,
    body: unknown,
    signal: AbortSignal,
    sent: Sent,
  ): Promise<ResponseOf<K>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (endpoint.auth && token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (endpoint.method === 'POST') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
    const sentAt = serverClock.localNow();
    const response = await dispatcher.request({
      origin: base.origin,
      path: `${basePath}${endpoint.path}`,
      method: endpoint.method,
      headers,
      body: payload,
      signal,
      headersTimeout: settings.headersTimeoutMs,
      bodyTimeout: settings.bodyTimeoutMs,
    });
    serverClock.observe(response.headers.date, sentAt, serverClock.localNow());
    const status = response.statusCode;
    // An error answer is shown on one line: its start is all that is read. An answer is
    // measured as it arrives: its structure bounds the work of reading it as its bytes do.
    const read =
      status === 200
        ? await readBody(
            response,
            settings.maxResponseBytes,
            false,
            shapeMeter({ ...ANSWER_SHAPE, items: settings.maxResponseItems }),
          )
        : await readBody(response, MAX_ERROR_BODY_BYTES, true);
    if (!read.ok && 'shape' in read) throw shapeError(name, read.shape);
    if (!read.ok) {
      throw new ApiError(
        'oversized',
        `${operationWords(name)}: the answer is larger than ${sizeText(settings.maxResponseBytes)} (${sizeText(read.bytes)} or more); netdeck stopped reading it`,
        { operation: name, status },
      );
    }
    // A server may echo what it was sent (the token in a 401 body, a password in a 400): it
    // is gone before any cut.
    const text = status !== 200 ? hideSent(read.text, sent) : read.text;
    if (status === 401) {
      throw new ApiError(
        'unauthorized',
        `${operationWords(name)}: not authorized (${serverMessage(text) || '401'})`,
        {
          operation: name,
          status,
          body: text,
        },
      );
    }
    if (status >= 300 && status < 400) {
      const location = serverMessage(hideSent([response.headers.location].flat()[0] ?? '', sent), 200);
      throw new ApiError(
        'http',
        `${operationWords(name)}: the service answered ${status}, a redirect ${location ? `to ${location}` : 'without a Location'}; netdeck does not follow redirects (is the API URL right?)`,
        { operation: name, status, body: text },
      );
    }
    // The service gives some refusals (a wallet that is not the network's...) as a 500
    // whose body is the reason: the request was wrong, not the service.
    if (status === 500 && isRefusalAs500(text)) {
      throw new ApiError('business', serverMessage(text), { operation: name, status, body: text });
    }
    if (status !== 200) {
      throw new ApiError('http', `${operationWords(name)}: ${statusWithText(status, serverMessage(text))}`, {
        operation: name,
        status,
        body: text,
        retryAfterMs: parseRetryAfter(response.headers['retry-after'], serverClock.now(), serverClock.speed),
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError('shape', `${operationWords(name)}: the response is not valid JSON`, {
        operation: name,
        body: text,
      });
    }
    let parsed: ReturnType<typeof readAs>;
    try {
      parsed = readAs(endpoint.response, json);
    } catch (error) {
      // Whatever reading it threw (a stack too small for it, say), the answer is at fault,
      // not the connection: said as such, and not asked again.
      throw new ApiError(
        'shape',
        `${operationWords(name)}: the answer could not be read (${sanitize(String(error))})`,
        {
          operation: name,
          cause: error,
        },
      );
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // A key of the path is the server's text: sanitised, cut.
      const path = serverMessage(issuePath(issue?.path ?? []), 120);
      throw new ApiError(
        'shape',
        `${operationWords(name)}: unexpected response at ${path}: ${serverMessage(issue?.message, 200)}`,
        { operation: name, path, body: text },
      );
    }
    const result = parsed.data as ResponseOf<K> & { error?: { message?: string } };
    if (endpoint.businessErrors && result.error) {
      throw new ApiError(
        'business',
        serverMessage(result.error.message) || 'The service reported an error.',
        {
          operation: name,
          status,
        },
      );
    }
    return result;
  }

  async function call<K extends OperationName>(
    name: K,
    body: RequestOf<K> | undefined,
    callOptions: CallOptions = {},
  ): Promise<ResponseOf<K>> {
    const endpoint: Endpoint = endpoints[name];
    const { signal } = callOptions;
    if (endpoint.auth && !token) {
      throw new ApiError(
        'no-token',
        `${operationWords(name)} needs a token: log in with \`netdeck login\`, or pass --token or --token-file, or set NETDECK_TOKEN or NETDECK_TOKEN_FILE`,
        { operation: name },
      );
    }
    // One deadline for the whole call, retries and waits included.
    const deadline = { controller: new AbortController(), ms: settings.deadlineMs };
    const timer = setTimeout(() => deadline.controller.abort(), deadline.ms);
    const attemptSignal = signal
      ? AbortSignal.any([signal, deadline.controller.signal])
      : deadline.controller.signal;
    const sent: Sent = { token, credentials: credentialsIn(body) };
    const fail = (caught: unknown) =>
      hideIn(
        describeTransportError(caught, name, signal, { signal: deadline.controller.signal, ms: deadline.ms }),
        sent,
      );
    // Only idempotent GETs are retried: a POST may have taken effect.
    const attempts = endpoint.method === 'GET' ? settings.retries + 1 : 1;
    const startedAt = Date.now();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(name, endpoint, body, attemptSignal, sent);
        } catch (caught) {
          const error = fail(caught);
          if (attempt >= attempts || !isTransient(error) || attemptSignal.aborted) throw error;
          const backoff = Math.min(settings.retryMaxDelayMs, settings.retryBaseDelayMs * 2 ** (attempt - 1));
          const delayMs = Math.min(settings.retryMaxDelayMs, error.details.retryAfterMs ?? backoff);
          // A wait that would end past the deadline is not started: the failure is the news.
          if (Date.now() - startedAt + delayMs >= deadline.ms) throw error;
          options.onRetry?.({ operation: name, attempt, delayMs, error });
          try {
            await sleep(delayMs, attemptSignal);
          } catch (abort) {
            throw fail(abort);
          }
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  const client = {
    baseUrl: options.baseUrl,
    get hasToken() {
      return token !== undefined;
    },
    serverClock,
    setToken(next: string | undefined) {
      token = next?.trim() || undefined;
    },
    call,
    async close() {
      if (ownsDispatcher) await dispatcher.close();
    },
  } as ApiClient;
  for (const name of Object.keys(endpoints) as OperationName[]) {
    const endpoint: Endpoint = endpoints[name];
    (client as Record<string, unknown>)[name] =
      endpoint.request === null
        ? (callOptions?: CallOptions) => call(name, undefined, callOptions)
        : (body?: unknown, callOptions?: CallOptions) => call(name, body as never, callOptions);
  }
  return client;
}
