// Ranks (reference-operators.md section 2): the MiB of each network's payments in the 4
// most recent payout plans, completed or not (payouts.ts). GET /network/ranking reads a
// map of every network's rank computed at most every 5 minutes (so a visibility change
// shows there up to 5 minutes late); POST /stats/leaderboard is the top 100, uncached,
// a network that is not public keeping its place without id and name.
import type { World } from '../world/index.ts';
import { payoutsOf } from './payouts.ts';

/** Plans the ranking sums (the 4 most recent subsidy epochs). */
const EPOCHS = 4;
const LEADERS = 100;
/** The ranking map lives 5 minutes in the service's memory. */
const RANKING_CACHE_MS = 5 * 60_000;
const MIB = 2 ** 20;

/**
 * Go's float32 in JSON: the shortest decimal that reads back as the same float32
 * (strconv.FormatFloat(f, 'f', -1, 32)), as a number JSON.stringify writes as such.
 */
export function float32Json(value: number): number {
  const single = Math.fround(value);
  for (let digits = 1; digits < 10; digits++) {
    const shortest = Number(single.toPrecision(digits));
    if (Math.fround(shortest) === single) return shortest;
  }
  return single;
}

/** Every network with a payment in the last EPOCHS plans, most MiB first (ties: the older network first). */
function standings(world: World): { network: number; mib: number }[] {
  const sums = new Float64Array(world.networks.count);
  const paid = new Uint8Array(world.networks.count);
  for (const { bytes } of payoutsOf(world).plans.slice(-EPOCHS)) {
    for (let n = 0; n < bytes.length; n++) {
      if (!(bytes[n] > 0)) continue;
      sums[n] += bytes[n];
      paid[n] = 1;
    }
  }
  const order: number[] = [];
  for (let n = 0; n < sums.length; n++) if (paid[n]) order.push(n);
  order.sort((a, b) => sums[b] - sums[a] || a - b);
  return order.map((n) => ({ network: n, mib: sums[n] / MIB }));
}

/** The service's map of every network's ranking, as it was when made (its public flags too). */
interface RankingMap {
  until: number;
  /** By network number: 1, 2, 3... (0: no payment in the epochs). */
  rank: Int32Array;
  mib: Float64Array;
  shown: Set<number>;
}
const rankings = new WeakMap<World, RankingMap>();

/** GET /network/ranking: from the map of every network's rank (made anew once it is 5 minutes old). */
export function networkRanking(world: World, network: number, now: number) {
  let map = rankings.get(world);
  if (!map || map.until <= now) {
    const count = world.networks.count;
    map = {
      until: now + RANKING_CACHE_MS,
      rank: new Int32Array(count),
      mib: new Float64Array(count),
      shown: new Set(payoutsOf(world).public),
    };
    for (const [k, { network: n, mib }] of standings(world).entries()) {
      map.rank[n] = k + 1;
      map.mib[n] = mib;
    }
    rankings.set(world, map);
  }
  const rank = map.rank[network] ?? 0;
  return {
    network_ranking: rank
      ? {
          net_mib_count: float32Json(map.mib[network]),
          leaderboard_rank: rank,
          leaderboard_public: map.shown.has(network),
        }
      : { net_mib_count: 0, leaderboard_rank: 0, leaderboard_public: false },
  };
}

/** POST /network/ranking-visibility: `is_public` absent is false. Always `{}`. */
export function setRankingVisibility(world: World, network: number, body: { is_public?: boolean }) {
  const { public: shown } = payoutsOf(world);
  if (body.is_public) shown.add(network);
  else shown.delete(network);
  world.version++;
  return {};
}

/** POST /stats/leaderboard: the top 100, never `null`; a network not public without id and name. */
export function leaderboard(world: World) {
  const { public: shown } = payoutsOf(world);
  return {
    earners: standings(world)
      .slice(0, LEADERS)
      .map(({ network: n, mib }) => {
        const visible = shown.has(n);
        return {
          network_id: visible ? world.networks.ids[n] : '',
          network_name: visible ? world.networks.names[n] : '',
          net_mib_count: float32Json(mib),
          is_public: visible,
          contains_profanity: false,
        };
      }),
  };
}
