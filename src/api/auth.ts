// Token handling for display only: claims are decoded, never verified, and a token
// netdeck is given is never printed in full.
import { decodeJwt } from 'jose';
import { readAs, TokenClaims } from '../contract/schemas.ts';

export interface TokenInfo {
  networkName?: string;
  networkId?: string;
  /** Expiry as epoch ms, when the token has `exp`. */
  expiresAt?: number;
  claims: TokenClaims;
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
