// One tick (every 60 simulated seconds): connections change, traffic accrues (and waits to
// be paid), payouts run and advance, codes count down, the other parties act, the 90-day
// series are recomputed. On a big world only a sample of providers is touched, so a tick
// stays in the milliseconds.
import type { World } from '../world/index.ts';
import { tickAssociations } from './associations.ts';
import { pruneAuthCodes } from './auth.ts';
import { darkNow } from './dark.ts';
import { mayConnect, tickFleet } from './fleet.ts';
import { tickHistory } from './network-stats.ts';
import { carryTraffic, tickPayouts } from './payouts.ts';
import { recordConnection, tickTracks } from './tracks.ts';

export const TICK_MS = 60_000;
/** Long-run share of connected providers: disconnect with 0.15, reconnect with 0.85. */
const DISCONNECT = 0.15;
const RECONNECT = 0.85;
/**
 * Tracked (own) providers drop about three times a day and come back within half an
 * hour on average, for a lively but mostly-up 24 h view.
 */
const TRACKED_DROP = 0.002;
const TRACKED_RETURN = 0.03;

/** Connects or disconnects provider i, recording the events if it is tracked (a disconnect closes each open connection). */
export function setConnected(world: World, i: number, on: boolean, now: number): void {
  if (world.providers.setConnected(i, on)) recordConnection(world, i, on, now);
}

export function tickWorld(world: World, now: number): void {
  const rng = world.tickRng;
  const p = world.providers;
  world.ticks++;
  world.lastTick = now;
  // A dark provider is held connected (connected when its spell begins): the draws below
  // are made for it all the same, so the others' stay those of a world without spells.
  const dark = new Set(darkNow(world, now));
  for (const i of dark) if (p.connected[i] !== 1 && mayConnect(world, i)) setConnected(world, i, true, now);
  const flip = (i: number, on: boolean, chance: number) => {
    if (rng.float() < chance && !(on && dark.has(i))) setConnected(world, i, !on, now);
  };
  // The stale clients the world was made with are never drawn: the draws stay those of
  // the world without them.
  const { staleFrom, staleCount } = world.fleet;
  const drawn = p.count - staleCount;
  const flips = Math.max(1, Math.min(2000, Math.round(drawn * 0.002)));
  for (let k = 0; k < flips; k++) {
    const draw = rng.int(drawn);
    const i = draw >= staleFrom ? draw + staleCount : draw;
    const on = p.connected[i] === 1;
    if (!on && !mayConnect(world, i)) continue;
    flip(i, on, on ? DISCONNECT : RECONNECT);
  }
  for (const i of world.tracks.keys()) {
    const on = p.connected[i] === 1;
    if (!on && !mayConnect(world, i)) continue;
    flip(i, on, on ? TRACKED_DROP : TRACKED_RETURN);
  }
  // What the tracked providers carried is their networks' to be paid (a dark one carries nothing).
  tickTracks(
    world,
    now,
    (i, gib) => carryTraffic(world, p.network[i], gib, now),
    (i) => dark.has(i),
  );
  tickPayouts(world, now);
  tickAssociations(world, now);
  tickFleet(world, now);
  // Rate-limit windows and auth codes that have run out are dropped: memory stays flat.
  pruneAuthCodes(world, now);
  world.addAttempts.prune(now);
  world.loginAttempts.prune(now);
  world.userAttempts.prune(now);
  tickHistory(world, now);
  world.version++;
}
