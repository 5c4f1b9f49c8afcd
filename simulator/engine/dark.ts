// Providers that go dark (issue 35, item 1): connected for hours, never offered by
// find-providers2, no searches, no contracts, no transfer. The real service stops offering
// a provider that fails its probe and tells no one (server#436); an operator sees it only
// as a provider that runs and earns nothing.
//
// A few of the demo network's providers are prone to it, picked from a random stream of
// their own; their spells come from a hash of the provider and the day. So the rest of the
// world draws as it did: the seed-1 world, its screens and the docs' examples stay as they
// were. The first spell begins two hours after the world started at the earliest (a test
// or an example that does not run the clock that long never meets one), then a day has one
// with even odds. The admin route (/__sim/dark) begins or ends a spell by hand.
import type { World } from '../world/index.ts';
import { hash2, Rng } from '../world/prng.ts';

const DARK_STREAM = 3501;
const DARK_KEY = 0x6461_726b;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** One provider in this many of the demo network's is prone to going dark (one at least). */
const PRONE_SHARE = 8;
/** A spell begins this long into a day of the world (days counted from its start), or up to 9 hours later... */
const EARLIEST_START = 2 * HOUR;
const START_SPREAD_MINUTES = 9 * 60;
/** ...and lasts 8 to 14 hours: it ends before the next day's can begin. */
const SHORTEST = 8 * HOUR;
const LENGTH_SPREAD_MINUTES = 6 * 60;

export interface Spell {
  from: number;
  to: number;
}

/** Picks the providers prone to going dark among `candidates` (the demo network's that may connect). */
export function planDark(world: World, candidates: readonly number[]): void {
  if (candidates.length === 0) return;
  const rng = new Rng(world.seed, DARK_STREAM);
  const pool = [...candidates];
  const count = Math.max(1, Math.round(pool.length / PRONE_SHARE));
  for (let k = 0; k < count; k++) {
    const j = k + rng.int(pool.length - k);
    [pool[k], pool[j]] = [pool[j], pool[k]];
    world.dark.prone.add(pool[k]);
  }
}

/** The spell of the schedule on day `day` of the world, for a provider prone to them. */
function scheduled(world: World, i: number, day: number): Spell | undefined {
  if (day < 0) return undefined;
  const h = hash2(hash2(world.seed ^ DARK_KEY, i), day);
  if (day > 0 && (h & 1) === 1) return undefined;
  const from = world.createdAt + day * DAY + EARLIEST_START + ((h >>> 1) % START_SPREAD_MINUTES) * MINUTE;
  return { from, to: from + SHORTEST + ((h >>> 11) % (LENGTH_SPREAD_MINUTES + 1)) * MINUTE };
}

/** The schedule's spell under way at `now` for provider i, if any. */
function scheduledAt(world: World, i: number, now: number): Spell | undefined {
  if (!world.dark.prone.has(i)) return undefined;
  const day = Math.floor((now - world.createdAt) / DAY);
  for (const d of [day, day - 1]) {
    const spell = scheduled(world, i, d);
    if (spell && spell.from <= now && now < spell.to) return spell;
  }
  return undefined;
}

/** Whether provider i is dark at `now`: a spell the admin route set wins over the schedule while it lasts. */
export function isDark(world: World, i: number, now: number): boolean {
  const set = world.dark.set.get(i);
  if (set && set.from <= now && now < set.to) return set.dark;
  return scheduledAt(world, i, now) !== undefined;
}

/**
 * Begins a spell of `hours` now, or with 0 ends the one under way (the schedule's too).
 * Returns when it ends (now when it is not dark).
 */
export function setDark(world: World, i: number, hours: number, now: number): number {
  const to = hours > 0 ? now + hours * HOUR : Math.max(now, scheduledAt(world, i, now)?.to ?? now);
  world.dark.set.set(i, { from: now, to, dark: hours > 0 });
  return hours > 0 ? to : now;
}

/** The providers dark at `now` (prunes the spells set by hand that are over). */
export function darkNow(world: World, now: number): number[] {
  for (const [i, set] of world.dark.set) if (set.to <= now) world.dark.set.delete(i);
  const maybe = new Set([...world.dark.prone, ...world.dark.set.keys()]);
  return [...maybe].filter((i) => isDark(world, i, now));
}
