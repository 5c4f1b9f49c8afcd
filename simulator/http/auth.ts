// Tokens: HS256 JWTs, each naming its network. They are signed with a key derived from
// a random master key and the seed: nobody who only knows the (public) seed can mint
// one, a reset to another seed ends the old tokens, and a simulator given the same master
// key (`--key-file`) and seed accepts the tokens of the previous one.
import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { Clock } from '../../src/clock.ts';
import { API_KEY_PREFIX } from '../../src/contract/schemas.ts';
import { ownString } from '../engine/limits.ts';
import { adminUserId, derivedUuid } from '../engine/network-user.ts';
import type { Caller, EnginePort, NetworkRef } from './engine-port.ts';

export const TOKEN_ISSUER = 'netdeck-simulator';
export const TOKEN_AUDIENCE = 'netdeck';
export const TOKEN_LIFETIME_S = 30 * 24 * 60 * 60;
const KEY_LABEL = 'netdeck simulator jwt signing key v2, seed ';
const CACHE_LIMIT = 10_000;
const BEARER_PREFIX = 'Bearer ';
/** Bytes of a master key (HS256 wants at least 32). */
export const MASTER_KEY_BYTES = 32;

export const newMasterKey = (): Uint8Array => new Uint8Array(randomBytes(MASTER_KEY_BYTES));

/** The key that signs the tokens of the world of `seed`. */
export function signingKey(master: Uint8Array, seed: number): Uint8Array {
  return new Uint8Array(createHmac('sha256', master).update(`${KEY_LABEL}${seed}`).digest());
}

interface Verified {
  networkId: string;
  networkName: string;
  clientId?: string;
  /** epoch seconds */
  exp: number;
  /** epoch seconds: a password change refuses the tokens made before it (issue 34) */
  iat: number;
}

export class TokenAuthority {
  private key: Uint8Array;
  private keySeed: number;
  /** token -> verified claims; signature checks are the slow part of a request. */
  private readonly cache = new Map<string, Verified>();

  constructor(
    private readonly engine: EnginePort,
    private readonly clock: Clock,
    private readonly master: Uint8Array = newMasterKey(),
  ) {
    this.keySeed = engine.seed;
    this.key = signingKey(master, engine.seed);
  }

  /** Forget verified tokens (after a reset: the world and perhaps the seed changed). */
  reset(): void {
    this.cache.clear();
    this.currentKey();
  }

  /**
   * Signs synchronously (node:crypto), so `admin.token()` can answer in process at once.
   * With `clientId`, a client token naming the device /network/clients lists for that
   * client (a client the world does not have gets one derived from its id).
   */
  sign(network: NetworkRef, clientId?: string): string {
    const nowMs = this.clock.now();
    const iat = Math.floor(nowMs / 1000);
    const userId = adminUserId(this.engine.seed, network.id);
    const claims = {
      network_id: network.id,
      network_name: network.name,
      user_id: userId,
      create_time: new Date(nowMs).toISOString(),
      ...(clientId
        ? {
            client_id: clientId,
            device_id: this.engine.deviceIdOf(clientId) ?? derivedUuid(`device:${clientId}`),
          }
        : {}),
      iat,
      exp: iat + TOKEN_LIFETIME_S,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      sub: userId,
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
    const signature = createHmac('sha256', this.currentKey()).update(unsigned).digest('base64url');
    const token = `${unsigned}.${signature}`;
    // Signed here with the current key: when it comes back its signature needs no check
    // (the demo console's first request skips loading WebCrypto for it). A reset or a
    // new seed forgets it, as it forgets every verified token.
    this.remember(token, {
      networkId: network.id,
      networkName: network.name,
      exp: claims.exp,
      iat,
      ...(clientId ? { clientId } : {}),
    });
    return token;
  }

  private remember(token: string, verified: Verified): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(token, verified);
  }

  /**
   * The caller an `Authorization` header names, or undefined when it is missing or not
   * valid now. The prefix is exactly `Bearer ` and the rest is the token, as the service
   * reads it (server: session/client_session.go authBearerPrefix): `bearer x` or `Bearer  x`
   * names no caller.
   */
  async verify(authorization: string | undefined): Promise<Caller | undefined> {
    if (!authorization?.startsWith(BEARER_PREFIX)) return undefined;
    const token = authorization.slice(BEARER_PREFIX.length);
    // An API key is looked up at every use (never cached): a removed key fails at once
    // (server: session/client_session.go ClientSession.Auth, apikey/apikey.go).
    if (token.startsWith(API_KEY_PREFIX)) {
      const network = this.engine.networkOfApiKey(token);
      return network && { networkId: network.id, networkName: network.name };
    }
    const key = this.currentKey();
    let verified = this.cache.get(token);
    if (!verified) {
      verified = await this.verifySignature(token, key);
      if (!verified) return undefined;
      // A copy: the token cut from the header would keep the header's text alive.
      this.remember(ownString(token), verified);
    }
    if (verified.exp * 1000 <= this.clock.now()) return undefined;
    // A deleted network, or a password changed since the token was made (server: jwt/by_jwt.go ValidateByJwtState).
    if (!this.engine.tokenStillGood(verified.networkId, verified.iat * 1000)) return undefined;
    const network = this.networkOf(verified);
    if (!network) return undefined;
    // A removed client's token is refused (server: jwt/by_jwt.go ValidateByJwtState).
    if (verified.clientId && !this.engine.isClientActive(verified.clientId)) return undefined;
    const caller: Caller = { networkId: network.id, networkName: network.name };
    if (verified.clientId) caller.clientId = verified.clientId;
    return caller;
  }

  private async verifySignature(token: string, key: Uint8Array): Promise<Verified | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'network_id'],
        currentDate: new Date(this.clock.now()),
      });
      const networkId = payload.network_id;
      const networkName = payload.network_name;
      if (typeof networkId !== 'string' || typeof payload.exp !== 'number') return undefined;
      // A token without its time counts as made at the epoch: any password change refuses it.
      const iat = typeof payload.iat === 'number' ? payload.iat : 0;
      const clientId = typeof payload.client_id === 'string' ? payload.client_id : undefined;
      return {
        networkId,
        networkName: typeof networkName === 'string' ? networkName : '',
        exp: payload.exp,
        iat,
        ...(clientId ? { clientId } : {}),
      };
    } catch {
      return undefined;
    }
  }

  /** The token's network, re-created from its claims when this world does not know it yet. */
  private networkOf(verified: Verified): NetworkRef | undefined {
    const known = this.engine.network(verified.networkId);
    if (known) return known;
    if (!verified.networkName) return undefined;
    const created = this.engine.ensureNetwork(verified.networkName, verified.networkId);
    return created.id === verified.networkId ? created : undefined;
  }

  private currentKey(): Uint8Array {
    if (this.engine.seed !== this.keySeed) {
      this.keySeed = this.engine.seed;
      this.key = signingKey(this.master, this.keySeed);
      this.cache.clear();
    }
    return this.key;
  }
}
