// One request of a sink, sent as the services' APIs want it and nothing more: no redirect
// followed (a 3xx is a failure: a token in the URL is not re-sent elsewhere), at most a
// few KB of the answer read (only to find how long a 429 asks to wait), and a time-out on
// this machine's clock (a simulator's sped-up one would not give the service its seconds).
// It says whether another try may help: after a network error, a time-out, a 429 or a 5xx;
// never after another answer (Discord: a webhook that answered 404 must not be used again).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Clock } from '../../clock.ts';
import { netdeckVersion } from '../version.ts';
import type { HttpRequestSpec } from './sinks/sink.ts';

/** What is read of an answer at most: enough for a JSON error with its `retry_after`. */
export const MAX_ANSWER_BYTES = 4096;

export type Attempt =
  | { ok: true; status: number }
  | {
      ok: false;
      /** Another try may help (network, time-out, 429, 5xx). */
      retry: boolean;
      /** How long the service asked to wait before the next (Retry-After, `retry_after`). */
      waitMs?: number;
      /** What went wrong, in words that hold nothing of the URL. */
      reason: string;
    };

export interface SendOptions {
  clock: Clock;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Seconds (a number) or an HTTP date after `now`, as ms; undefined for anything else. */
function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** A wait a JSON answer asks for: Discord's `retry_after`, Telegram's `parameters.retry_after` (seconds). */
function bodyWaitMs(text: string): number | undefined {
  try {
    const json = JSON.parse(text) as { retry_after?: unknown; parameters?: { retry_after?: unknown } };
    const seconds = json.retry_after ?? json.parameters?.retry_after;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? seconds * 1000
      : undefined;
  } catch {
    return undefined;
  }
}

/** What an answer that is not a 2xx means for the next try. */
function failed(status: number, headers: IncomingHttpHeaders, text: string, now: number): Attempt {
  if (status >= 300 && status < 400)
    return { ok: false, retry: false, reason: `answered ${status}, a redirect (not followed)` };
  const retry = status === 429 || status >= 500;
  const header = Array.isArray(headers['retry-after']) ? headers['retry-after'][0] : headers['retry-after'];
  const waitMs = retry ? (retryAfterMs(header, now) ?? bodyWaitMs(text)) : undefined;
  return { ok: false, retry, reason: `answered ${status}`, ...(waitMs === undefined ? {} : { waitMs }) };
}

const words = (error: NodeJS.ErrnoException) =>
  error.code === 'ECONNREFUSED'
    ? 'the connection was refused'
    : error.code === 'ENOTFOUND'
      ? 'its host is not known'
      : (error.code ?? error.message);

/** Sends one request; resolves (never rejects) with what became of it. */
export function sendOnce(spec: HttpRequestSpec, { clock, timeoutMs, signal }: SendOptions): Promise<Attempt> {
  return new Promise((resolve) => {
    const url = new URL(spec.url);
    const body = Buffer.from(spec.body);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: spec.method,
      headers: {
        ...spec.headers,
        'content-length': body.length,
        'user-agent': `netdeck/${netdeckVersion()}`,
      },
    });
    let settled = false;
    const finish = (attempt: Attempt, response?: IncomingMessage) => {
      if (settled) return;
      settled = true;
      timer.cancel();
      signal?.removeEventListener('abort', onAbort);
      response?.destroy();
      request.destroy();
      resolve(attempt);
    };
    const onAbort = () => finish({ ok: false, retry: false, reason: 'netdeck is stopping' });
    const timer = clock.setTimeout(
      () => finish({ ok: false, retry: true, reason: `no answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) return onAbort();
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, retry: true, reason: words(error) }),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return finish({ ok: true, status }, response);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(
          failed(status, response.headers, Buffer.concat(chunks).toString('utf8'), clock.now()),
          response,
        );
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
        size += chunk.length;
        if (size >= MAX_ANSWER_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
