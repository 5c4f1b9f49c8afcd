// Token handling for display only: claims are decoded, never verified, and a token
// netdeck is given is never printed in full.
import { decodeJwt } from 'jose';
import { dateOf } from '../clock.ts';
import { API_KEY_PREFIX, readAs, TokenClaims } from '../contract/schemas.ts';
import { formatCount } from '../format/numbers.ts';
import { isUrlLike, maskSecretUrl } from './notify-urls.ts';

/**
 * A time a token claims: epoch ms, or `unknown` when the claim is there but beyond what a
 * date can hold (an `exp` of 1e300): shown as unknown, never failing what shows it.
 */
export type ClaimedTime = number | 'unknown';

export interface TokenInfo {
  networkName?: string;
  networkId?: string;
  /** Expiry, when the token has `exp`. */
  expiresAt?: ClaimedTime;
  claims: TokenClaims;
}

/**
 * The one place a claim becomes a time: `exp` and `iat` are seconds since 1970,
 * `create_time` RFC 3339. Undefined when absent.
 */
function claimedTime(value: number | string | undefined): ClaimedTime | undefined {
  if (value === undefined) return undefined;
  return dateOf(typeof value === 'number' ? value * 1000 : value)?.getTime() ?? 'unknown';
}

/** A claimed time as an RFC 3339 string, or null when absent or unknown (for --json). */
export const claimedIso = (time: ClaimedTime | undefined): string | null =>
  typeof time === 'number' ? new Date(time).toISOString() : null;

/** A known claimed time (epoch ms), else undefined: what a computation may use. */
export const knownTime = (time: ClaimedTime | undefined): number | undefined =>
  typeof time === 'number' ? time : undefined;

/** The service's three credentials: a network token, a client token (a JWT with `client_id`), an API key. */
export type TokenKind = 'network' | 'client' | 'api-key' | 'unknown';

/** The most characters of a token netdeck takes: a JWT is about a kilobyte; servers refuse far longer headers. */
const MAX_TOKEN_CHARS = 8 * 1024;

/** What a token must be, said after what is wrong with one. */
export const TOKEN_RULE = `a token is one line of printable ASCII characters, at most ${MAX_TOKEN_CHARS}`;

/**
 * What makes `token` unusable (`holds a line break`, `is 70 012 characters long`), or
 * undefined: anything but one line of printable ASCII, at most MAX_TOKEN_CHARS, would make
 * an invalid header or one a server refuses, and fail every command that sends it. The
 * one check of a token, wherever it comes from (the configuration, a login).
 */
export function tokenProblem(token: string): string | undefined {
  if (token.length > MAX_TOKEN_CHARS) return `is ${formatCount(token.length)} characters long`;
  const bad = /[^\x21-\x7e]/.exec(token)?.[0];
  if (bad === undefined) return undefined;
  if (/[\n\r\v\f\u0085\u2028\u2029]/.test(bad)) return 'holds a line break';
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(bad)) return 'holds a bidi control character';
  if (/\s/.test(bad)) return 'holds a space';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(bad)) return 'holds a control character';
  return 'holds a character that is not printable ASCII';
}

/** What checkFromService takes, said after what is wrong. */
const SERVICE_VALUE_RULE = `netdeck takes one line of printable ASCII characters, at most ${MAX_TOKEN_CHARS}`;

/**
 * A token, an API key or a URL the service handed over, that netdeck is about to print or
 * store (a login's token, `adopt`'s and `clients add`'s client token, `api-keys create`'s
 * key; the proxies and sign-up of later work too): the one check every token gets
 * (tokenProblem), else an error saying what is wrong and that nothing was printed or kept.
 * An escape sequence, a line break or megabytes from the service never reach a terminal,
 * a script or a file. `what` names it: `a client token`, `an API key`.
 */
export function checkFromService(value: string | undefined, what: string): string {
  if (!value) throw new Error(`the service answered without ${what}`);
  const problem = tokenProblem(value);
  if (problem === undefined) return value;
  throw new Error(
    `the service answered with ${what} netdeck cannot use: it ${problem} (${SERVICE_VALUE_RULE}); nothing was printed or kept`,
  );
}

/** API keys are `urn_` and 56 characters in all (reference behaviour, "Authentication"). */
export const isApiKey = (token: string) => token.trim().startsWith(API_KEY_PREFIX);

export function tokenKind(token: string): TokenKind {
  if (isApiKey(token)) return 'api-key';
  const info = decodeToken(token);
  if (!info) return 'unknown';
  return info.claims.client_id ? 'client' : 'network';
}

/** When the token was issued: its `create_time`, else `iat`. */
export function issuedAt(info: TokenInfo): ClaimedTime | undefined {
  const created = claimedTime(info.claims.create_time || undefined);
  if (typeof created === 'number') return created;
  return claimedTime(info.claims.iat) ?? created;
}

/** Claims of a JWT, or `undefined` when it is not one. */
export function decodeToken(token: string): TokenInfo | undefined {
  try {
    const parsed = readAs(TokenClaims, decodeJwt(token.trim()));
    if (!parsed.success) return undefined;
    const claims = parsed.data;
    return {
      claims,
      networkName: claims.network_name,
      networkId: claims.network_id,
      expiresAt: claimedTime(claims.exp),
    };
  } catch {
    return undefined;
  }
}

/** `eyJh…(312 chars)…x9Q`: enough to tell tokens apart, never enough to use one. */
export function maskToken(token: string): string {
  const t = token.trim();
  if (t.length <= 12) return '*'.repeat(Math.max(4, t.length));
  return `${t.slice(0, 4)}…(${t.length} chars)…${t.slice(-3)}`;
}

/**
 * Replaces every occurrence of `token` in `text` by its mask. A secret written as a URL (a
 * notification URL: its topic or token may be short) is masked whatever its length, by its
 * parts (notify-urls.ts); another secret shorter than 8 characters is left alone: hiding
 * every `abc` of a text would garble it.
 */
export function redact(text: string, token: string | undefined): string {
  if (!token) return text;
  if (isUrlLike(token)) return text.split(token).join(maskSecretUrl(token));
  if (token.length < 8) return text;
  return text.split(token).join(maskToken(token));
}

/** Fields of a request whose values are credentials: what a server echoes of them is hidden. */
const CREDENTIAL_FIELDS = new Set(['password', 'auth_code', 'auth_jwt', 'wallet_signature']);
/** Shorter ones are not looked for: hiding every `abc` of a text would garble it. */
const MIN_CREDENTIAL_CHARS = 4;

/** The credentials a request body holds, at any depth (a password, an auth code, a signature). */
export function credentialsIn(body: unknown): string[] {
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) =>
    typeof value === 'string'
      ? CREDENTIAL_FIELDS.has(key) && value.trim().length >= MIN_CREDENTIAL_CHARS
        ? [value]
        : []
      : credentialsIn(value),
  );
}

/**
 * `text` with what netdeck sent hidden: the token by its mask, each credential by `***`,
 * also where an answer holds it JSON-escaped (a password with a quote in a JSON body).
 */
export function hideSent(text: string, sent: { token?: string; credentials: readonly string[] }): string {
  let out = redact(text, sent.token);
  for (const credential of sent.credentials)
    for (const form of new Set([credential, credential.trim(), JSON.stringify(credential).slice(1, -1)]))
      out = out.split(form).join('***');
  return out;
}

/** A URL to show: its `user:password@` (which may hold a secret) replaced by `***@`. */
export function hideUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
}
