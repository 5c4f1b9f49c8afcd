// How netdeck words what went wrong: the one place an error becomes text for a person,
// in the console (a pane's error line, the freshness line, a dialog's outcome) and in the
// commands (stderr), with the next step where it is not obvious. What a search says about
// how it was answered is in location-search.ts.
import { isRefusalAs500 } from '../contract/messages.ts';
import { screenText, serverMessage } from '../sanitize.ts';
import { ApiError, describeError, isApiError } from './errors.ts';

/**
 * A failed answer's status with the server's text, the status said once: Go's `404 page
 * not found` already starts with it (not `404 404 page not found`); no text, `HTTP 404`.
 */
export function statusWithText(status: number, text: string): string {
  if (!text) return `HTTP ${status}`;
  return text === String(status) || text.startsWith(`${status} `) ? text : `${status} ${text}`;
}

/** Who reads it: the console names a key for the next step, a command a command. */
export type Audience = 'console' | 'command';

const LOG_IN_AGAIN: Record<Audience, (message: string) => string> = {
  console: (message) => `${message} · press L to log in again`,
  command: (message) =>
    `${message}; log in again with \`netdeck login\` (or check the token: netdeck config shows which one is used)`,
};

/**
 * One line for a failed request. In the console an HTTP failure is its status and the
 * server's text (the error line already says what was asked), and the line is made safe
 * to draw; a command's stderr names the operation and is sanitised when written.
 */
export function explainError(error: unknown, audience: Audience): string {
  const clean = audience === 'console' ? screenText : (text: string) => text;
  const message = clean(describeError(error));
  if (!isApiError(error)) return message;
  if (error.kind === 'unauthorized') return LOG_IN_AGAIN[audience](message);
  if (error.kind === 'shape') return `${message} (is the API URL right?)`;
  if (audience === 'console' && error.kind === 'http' && error.status) {
    const body = serverMessage(error.details.body);
    if (body.startsWith(`${error.status} `)) return `HTTP ${body}`;
    return `HTTP ${error.status}${body ? `: ${body}` : ''}`;
  }
  return message;
}

/**
 * What the service said, for a dialog's outcome: the business message of a 200
 * `{error}`, the plain-text body of a 4xx or of one of its refusals sent as a 500, else
 * the one-line description.
 */
export function serviceMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'business') return error.message;
    const body = error.details.body?.trim();
    if (error.kind === 'http' && body && ((error.status ?? 0) < 500 || isRefusalAs500(body))) return body;
  }
  return describeError(error);
}

/** No token was configured for an operation that needs one (the view explains how to give one). */
export const isNoToken = (error: unknown): boolean => isApiError(error) && error.kind === 'no-token';

/**
 * The service answered 404 for an operation of the endpoint table: it is an older one
 * that has not got the route (the seed era lacks points, reliability, API keys...).
 */
export const isMissingRoute = (error: unknown): boolean =>
  isApiError(error) && error.kind === 'http' && error.status === 404;

/** What the console and the commands say of a route the service lacks: `this service has no <what>`. */
export const lacking = (what: string) => `this service has no ${what}`;

/**
 * The call's answer; a 404 becomes the failure "this service has no <what>" (an `http`
 * error still: a command ends with exit code 1 on it).
 */
export async function orLacking<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isMissingRoute(error)) throw error;
    throw new ApiError('http', lacking(what), { ...(error as ApiError).details });
  }
}
