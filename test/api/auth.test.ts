// Token claims for display, and masking so a token is never shown in full.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { claimedIso, decodeToken, issuedAt, maskToken, redact, tokenKind } from '../../src/api/auth.ts';

const key = new TextEncoder().encode('a test key that is long enough for HS256');

async function makeToken(claims: Record<string, unknown>, exp?: number) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(1_767_225_600);
  if (exp !== undefined) jwt.setExpirationTime(exp);
  return jwt.sign(key);
}

describe('decodeToken', () => {
  it('reads network name, id and expiry without verifying the signature', async () => {
    const token = await makeToken(
      {
        network_id: 'a2b3c4d5-0000-4000-8000-000000000001',
        network_name: 'demo',
        user_id: 'u-1',
        guest_mode: false,
      },
      1_769_817_600,
    );
    const info = decodeToken(`  ${token}\n`);
    expect(info?.networkName).toBe('demo');
    expect(info?.networkId).toBe('a2b3c4d5-0000-4000-8000-000000000001');
    expect(info?.expiresAt).toBe(1_769_817_600_000);
    expect(new Date(info?.expiresAt ?? 0).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(info?.claims.user_id).toBe('u-1');
  });

  it('has no expiry for an older token without exp, and tolerates null claims', async () => {
    const info = decodeToken(await makeToken({ network_name: 'old', network_id: null }));
    expect(info?.networkName).toBe('old');
    expect(info?.networkId).toBeUndefined();
    expect(info?.expiresAt).toBeUndefined();
  });

  it('reads a time claim beyond what a date holds as unknown, not as a time', async () => {
    for (const exp of [1e16, 1e300, -1e16]) {
      const info = decodeToken(await makeToken({ network_name: 'far' }, exp));
      expect(info?.expiresAt).toBe('unknown');
      expect(claimedIso(info?.expiresAt)).toBeNull();
    }
    const odd = decodeToken(
      await new SignJWT({ iat: 1e300, create_time: 'not a time' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(key),
    );
    expect(issuedAt(odd!)).toBe('unknown');
    expect(claimedIso(undefined)).toBeNull();
  });

  it('returns undefined for something that is not a JWT', () => {
    expect(decodeToken('not a token')).toBeUndefined();
    expect(decodeToken('')).toBeUndefined();
    expect(decodeToken('a.b.c')).toBeUndefined();
  });

  it('returns undefined when a claim has the wrong type', async () => {
    expect(decodeToken(await makeToken({ network_name: 42 }))).toBeUndefined();
  });
});

describe('maskToken and redact', () => {
  it('never contains the token, nor a long piece of it', async () => {
    const token = await makeToken({ network_name: 'demo' }, 1_769_817_600);
    const masked = maskToken(token);
    expect(masked).not.toContain(token);
    expect(masked.length).toBeLessThan(30);
    expect(masked).toContain(`(${token.length} chars)`);
    // No 8-character run of the token survives the mask.
    for (let i = 0; i + 8 <= token.length; i++) expect(masked).not.toContain(token.slice(i, i + 8));
  });

  it('masks short secrets entirely', () => {
    expect(maskToken('abc')).toBe('****');
    expect(maskToken('abcdefghijkl')).toBe('************');
  });

  it('replaces every occurrence of the token in a text', async () => {
    const token = await makeToken({ network_name: 'demo' });
    const text = `Authorization: Bearer ${token}\nretrying with ${token} again`;
    const out = redact(text, token);
    expect(out).not.toContain(token);
    expect(out.split(maskToken(token))).toHaveLength(3);
    expect(out).toContain('Authorization: Bearer ');
  });

  it('leaves a text alone when there is no token', () => {
    expect(redact('nothing secret', undefined)).toBe('nothing secret');
  });
});

describe('tokenKind and issuedAt', () => {
  it('tells a network token, a client token and an API key apart, and when a token was issued', async () => {
    const network = await makeToken({ network_id: 'n', create_time: '2026-01-01T12:00:00Z' });
    const client = await makeToken({ network_id: 'n', client_id: 'c' });
    expect(tokenKind(network)).toBe('network');
    expect(tokenKind(client)).toBe('client');
    expect(tokenKind(`urn_${'a'.repeat(52)}`)).toBe('api-key');
    expect(tokenKind('not a token')).toBe('unknown');
    expect(issuedAt(decodeToken(network)!)).toBe(Date.parse('2026-01-01T12:00:00Z'));
    // Without create_time: iat.
    expect(issuedAt(decodeToken(client)!)).toBe(1_767_225_600_000);
  });
});
