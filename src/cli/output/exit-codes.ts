// Exit codes of the scriptable commands, and which one an error ends in.
import { isApiError } from '../../api/errors.ts';
import { isRefusalAs500 } from '../../contract/messages.ts';

export const ExitCode = {
  ok: 0,
  /** the service failed, or could not be reached */
  failure: 1,
  /** bad flags or arguments, or a configuration that cannot work */
  usage: 2,
  /** 401 from the service, or no token for an operation that needs one */
  unauthorized: 3,
  /** the service refused the request with a reason: `error.message` in a 200, or a refusal given as a 500 */
  business: 4,
  /** `watch --check` found something wrong (a provider down, no payout wallet, the token expiring) */
  problem: 5,
  /** stopped with ctrl-c (`adopt`: its code withdrawn first), as a shell counts SIGINT */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake of the person at the keyboard, caught before anything is sent. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof UsageError) return ExitCode.usage;
  if (isApiError(error)) {
    if (error.kind === 'unauthorized' || error.kind === 'no-token') return ExitCode.unauthorized;
    if (error.kind === 'business') return ExitCode.business;
    if (error.kind === 'http' && error.status === 500 && isRefusalAs500(error.details.body ?? ''))
      return ExitCode.business;
  }
  return ExitCode.failure;
}
