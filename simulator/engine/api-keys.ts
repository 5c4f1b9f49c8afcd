// API keys (reference-operators.md, section 5): `urn_` + the unpadded base32hex of 32
// random bytes, upper case (56 characters); only the key's SHA-256 is kept, so the key is
// in the create answer and nowhere else. A key acts as its network on every authenticated
// route, until it is removed. (choice) The bytes come from a secret of the simulator
// (HMAC), not from the public seed: nobody who knows the seed can derive a key.
import { createHash, createHmac } from 'node:crypto';
import { HTTP_TEXT } from '../../src/contract/messages.ts';
import { API_KEY_LENGTH, API_KEY_PREFIX, MAX_API_KEY_NAME } from '../../src/contract/schemas.ts';
import type { World } from '../world/index.ts';
import { Rng } from '../world/prng.ts';
import { SimError } from './errors.ts';
import { checkNameColumn, MAX_API_KEYS_PER_NETWORK, ownString } from './limits.ts';
import { DAY } from './tracks.ts';

const BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
/** The demo network's key of a new world: made before the world began, its key shown to nobody. */
const SEEDED_KEY = { name: 'monitoring', daysBefore: 20 } as const;
/** This file's random stream (issue 26, group 5): the world's other values stay as they were. */
const API_KEY_STREAM = 2605;

/** Unpadded base32hex (RFC 4648, section 7), upper case: Go's base32.HexEncoding.WithPadding(NoPadding). */
export function base32hex(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32HEX[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32HEX[(value << (5 - bits)) & 31];
  return out;
}

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new world's keys: the demo network's one (a world that lives the feature), and the secret keys derive from. */
export function initApiKeys(world: World, secret: Uint8Array, now: number): void {
  world.apiKeys.secret = new Uint8Array(
    createHmac('sha256', secret).update(`netdeck api keys, seed ${world.seed}, made ${now}`).digest(),
  );
  const rng = new Rng(world.seed, API_KEY_STREAM);
  store(world, 0, SEEDED_KEY.name, rng.uuid(), world.createdAt - SEEDED_KEY.daysBefore * DAY);
}

function store(world: World, network: number, name: string, id: string, createdAt: number): string {
  const keys = world.apiKeys;
  const bytes = createHmac('sha256', keys.secret)
    .update(`key ${keys.minted++}`)
    .digest();
  const key = `${API_KEY_PREFIX}${base32hex(bytes)}`;
  keys.byHash.set(sha256(key), { id, network, name, createdAt });
  return key;
}

/** The network an API key acts as, or undefined (a key that was never made, or was removed). */
export function networkOfApiKey(world: World, key: string): number | undefined {
  if (key.length !== API_KEY_LENGTH || !key.startsWith(API_KEY_PREFIX)) return undefined;
  return world.apiKeys.byHash.get(sha256(key))?.network;
}

const keysOf = (world: World, network: number) =>
  [...world.apiKeys.byHash.values()].filter((record) => record.network === network);

/** POST /account/api-key: any name (`""` too); one over 128 characters fails in the database, a 500. */
export function createApiKey(world: World, rng: Rng, network: number, body: { name?: string }, now: number) {
  const name = body.name ?? '';
  // Postgres counts characters (code points).
  checkNameColumn(name, MAX_API_KEY_NAME);
  if (keysOf(world, network).length >= MAX_API_KEYS_PER_NETWORK) throw new SimError(500, HTTP_TEXT.internal);
  const id = rng.uuid();
  const key = store(world, network, ownString(name), id, now);
  world.version++;
  // Go's omitempty: an empty name is left out.
  return { id, api_key: key, ...(name ? { name } : {}) };
}

/** GET /account/api-keys: id, name, create time; `null` when the network has none. */
export function apiKeys(world: World, network: number) {
  const listed = keysOf(world, network).map((record) => ({
    id: record.id,
    name: record.name,
    create_time: new Date(record.createdAt).toISOString(),
  }));
  return { api_keys: listed.length ? listed : null };
}

/** POST /account/api-key/remove: `{}` whether or not the id was one of the network's keys. */
export function removeApiKey(world: World, network: number, body: { id?: string }) {
  for (const [hash, record] of world.apiKeys.byHash) {
    if (record.id === body.id && record.network === network) {
      world.apiKeys.byHash.delete(hash);
      world.version++;
    }
  }
  return {};
}
