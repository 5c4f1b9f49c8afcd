// Balance codes (issue 34): what netdeck refuses before asking the service, and how it
// shows one. The service matches a code exactly (no trim, no case folding) in a column of
// up to 128 characters, so only what cannot be a code is refused here; its case is kept.
import { maskToken } from '../api/auth.ts';

/** The longest code the service's column holds. */
export const MAX_BALANCE_CODE = 128;

/** Why `code` cannot be a balance code (empty, not printable, too long), or undefined. */
export function balanceCodeProblem(code: string): string | undefined {
  if (!code) return 'a balance code cannot be empty';
  if (/[^\x21-\x7e]/.test(code))
    return 'a balance code is printable characters only (no spaces or line breaks)';
  if (code.length > MAX_BALANCE_CODE)
    return `a balance code is at most ${MAX_BALANCE_CODE} characters (this one has ${code.length})`;
  return undefined;
}

/** A redeemed code's secret as lists show it unless asked: enough to tell codes apart. */
export const maskBalanceCode = (secret: string | undefined): string | undefined =>
  secret ? maskToken(secret) : secret;
