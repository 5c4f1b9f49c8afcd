// One error type for everything a call can end in, so the UI and the CLI can render it.
import type { OperationName } from '../contract/endpoints.ts';

export type ApiErrorKind =
  /** 401: missing or invalid token */
  | 'unauthorized'
  /** a protected operation was called with no token configured */
  | 'no-token'
  /** any other non-200 status; `status` and the plain-text `body` are set */
  | 'http'
  /** the connection failed (refused, reset, DNS) */
  | 'network'
  /** connect, headers or body took longer than allowed, or the whole call passed its deadline */
  | 'timeout'
  /** the answer was larger than the client reads (`maxResponseBytes`) */
  | 'oversized'
  /** the caller's AbortSignal fired */
  | 'aborted'
  /** the 200 body was not JSON, or a field had the wrong type (`path` names it) */
  | 'shape'
  /**
   * The service refused the request with a reason: `{error: {message}}` in a 200 body of
   * an operation with business errors (the endpoint table says which), or one of its refusals given as a 500
   * (contract/messages.ts REFUSALS_AS_500; `status` is 500 then)
   */
  | 'business';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      operation?: OperationName;
      status?: number;
      body?: string;
      path?: string;
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
  get status(): number | undefined {
    return this.details.status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * A failure worth trying again soon, the same request unchanged: the connection failed or
 * timed out, or the service said so (429, a 5xx that is not a refusal with its reason).
 * Everything else (a 4xx, a refusal, an answer of the wrong shape) would fail the same way.
 * Not an ApiError: not known to be the service's answer, so tried again. The client's
 * retries and the live resources' back-off both ask this.
 */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  const status = error.status ?? 0;
  return error.kind === 'http' && (status === 429 || status >= 500);
}

/** One line a person can read, for the UI's error line and the CLI's stderr. */
export function describeError(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  return error.message;
}
