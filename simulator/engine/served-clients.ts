// The clients a provider serves. Each provider has a pool of its own (ids derived from the
// seed, at most 30 of them); every contract it gets is with one of them, and an hour's
// bucket keeps the set of those it served as a bit mask. Counts of distinct clients over
// any days are then the bits of the masks or-ed together, and the clients listed with
// their traffic (`client_details`) are exactly those bits: the figures and the list come
// from the same rows, as the service's come from the same contracts
// (server: model/provider_model.go StatsProvider, COUNT(DISTINCT source_id)).
import type { World } from '../world/index.ts';
import { hash2, uuidOf } from '../world/prng.ts';

const POOL_KEY = 0x706f_6f6c;
const SOURCE_KEY = 0x7372_6365;
/** A mask fits a 32-bit integer with room to spare. */
const POOL_MAX = 30;

/** How many clients provider i can serve: 4 to 30 (a few regulars, or many). */
export function poolSize(world: World, i: number): number {
  return 4 + (hash2(world.seed ^ POOL_KEY, i) % (POOL_MAX - 3));
}

/**
 * The clients of `contracts` contracts, as a mask: the first picked by `first` (a draw in
 * [0, 1)), the others by hashes of `salt`. The first of the pool (regulars) come back most.
 */
export function pickClients(first: number, contracts: number, size: number, salt: number): number {
  let mask = 0;
  for (let k = 0; k < contracts; k++) {
    const draw = k === 0 ? first : hash2(salt, k) / 2 ** 32;
    mask |= 1 << Math.floor(size * draw ** 2);
  }
  return mask;
}

/** Distinct clients in a mask. */
export function clientCount(mask: number): number {
  let n = mask >>> 0;
  let count = 0;
  for (; n; n &= n - 1) count++;
  return count;
}

/** The id of client `bit` of provider i's pool. */
function clientId(world: World, i: number, bit: number): string {
  const k = hash2(hash2(world.seed ^ SOURCE_KEY, i), bit);
  return uuidOf(k, hash2(k, 1), hash2(k, 2), hash2(k, 3));
}

/**
 * The clients a provider served over some days, each with its share of every day's
 * transfer (GiB): `days` are the day keys, `transfer` and `masks` the figures of each.
 * A day's served clients share its transfer by weights derived from the seed, so the
 * shares add up to the day's figure. Listed in the order they were first served.
 */
export function servedClients(
  world: World,
  i: number,
  days: readonly string[],
  transfer: ArrayLike<number>,
  masks: ArrayLike<number>,
  round: (gib: number) => number,
): { client_id: string; transfer_data: Record<string, number> }[] {
  const byBit = new Map<number, Record<string, number>>();
  days.forEach((day, d) => {
    const gib = transfer[d];
    const mask = masks[d] >>> 0;
    if (gib <= 0 || mask === 0) return;
    const bits: number[] = [];
    for (let bit = 0; bit < POOL_MAX; bit++) if (mask & (1 << bit)) bits.push(bit);
    const dayHash = hash2(world.seed ^ SOURCE_KEY, Date.parse(day) / 86_400_000);
    const weights = bits.map((bit) => 1 + (hash2(dayHash ^ i, bit) % 8));
    const total = weights.reduce((a, b) => a + b, 0);
    bits.forEach((bit, k) => {
      const shares = byBit.get(bit) ?? {};
      byBit.set(bit, shares);
      shares[day] = round((gib * weights[k]) / total);
    });
  });
  return [...byBit].map(([bit, transfer_data]) => ({ client_id: clientId(world, i, bit), transfer_data }));
}
