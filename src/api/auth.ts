// Token handling for display only: claims are decoded, never verified, and a token
// netdeck is given is never printed in full.
import { decodeJwt } from 'jose';
import { API_KEY_PREFIX, readAs, TokenClaims } from '../contract/schemas.ts';

export interface TokenInfo {
  networkName?: string;
  networkId?: string;
  /** Expiry as epoch ms, when the token has `exp`. */
  expiresAt?: number;
  claims: TokenClaims;
}

/** The service's three credentials: a network token, a client token (a JWT with `client_id`), an API key. */
export type TokenKind = 'network' | 'client' | 'api-key' | 'unknown';

/** API keys are `urn_` and 56 characters in all (reference behaviour, "Authentication"). */
export const isApiKey = (token: string) => token.trim().startsWith(API_KEY_PREFIX);

export function tokenKind(token: string): TokenKind {
  if (isApiKey(token)) return 'api-key';
  const info = decodeToken(token);
  if (!info) return 'unknown';
  return info.claims.client_id ? 'client' : 'network';
}

/** When the token was issued (epoch ms): its `create_time`, else `iat`. */
export function issuedAt(info: TokenInfo): number | undefined {
  const created = info.claims.create_time ? Date.parse(info.claims.create_time) : Number.NaN;
  if (!Number.isNaN(created)) return created;
  return info.claims.iat === undefined ? undefined : info.claims.iat * 1000;
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
      expiresAt: claims.exp === undefined ? undefined : claims.exp * 1000,
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

/** Replaces every occurrence of `token` in `text` by its mask. */
export function redact(text: string, token: string | undefined): string {
  if (!token || token.length < 8) return text;
  return text.split(token).join(maskToken(token));
}

/** A URL to show: its `user:password@` (which may hold a secret) replaced by `***@`. */
export function hideUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
}
