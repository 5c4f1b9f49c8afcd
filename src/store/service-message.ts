// What the service said, in the words a person should read: the business message of a
// 200 `{error}`, the plain-text body of a 4xx or of one of its refusals sent as a 500,
// else the client's one-line description.
import { describeError, isApiError } from '../api/errors.ts';
import { isRefusalAs500 } from '../contract/messages.ts';

export function serviceMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'business') return error.message;
    const body = error.details.body?.trim();
    if (error.kind === 'http' && body && ((error.status ?? 0) < 500 || isRefusalAs500(body))) return body;
  }
  return describeError(error);
}

export const isNoToken = (error: unknown): boolean => isApiError(error) && error.kind === 'no-token';
