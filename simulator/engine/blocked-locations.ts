// Blocked locations (reference-operators.md, section 4): a network stops offering its
// providers to consumers in a location. The service exports its provider pools per
// consumer country, dropping the providers of every network that blocked that country,
// so only country ids have an effect (regions and cities are stored and listed, never
// matched). The simulator's consumers are all in one country, `--caller-country` (default
// `us`; an admin route changes it): the caller's pool here. Today's era only: the
// early-2025 service had no blocked locations.
import { ZERO_UUID } from '../../src/contract/schemas.ts';
import { DEFAULT_CALLER_COUNTRY, providersOf, type World } from '../world/index.ts';
import { Rng } from '../world/prng.ts';
import { PUBLIC } from '../world/providers.ts';
import { KIND_CITY, KIND_COUNTRY, KIND_REGION } from '../world/search.ts';
import { MAX_UNKNOWN_BLOCKS_PER_NETWORK, ownString } from './limits.ts';

/** This file's random stream (issue 26, group 4): the world's other values stay as they were. */
const BLOCKED_STREAM = 2604;

/**
 * A new world's blocks: the demo network blocks one country where providers are, drawn
 * from the file's own stream, never the default caller's (the default demo's samples stay
 * as they were).
 */
export function initBlockedLocations(world: World): void {
  const { geo, providers } = world;
  const candidates: number[] = [];
  for (let c = 0; c < geo.countryName.length; c++)
    if (providers.eligibleCountry[c] > 0 && geo.countryCode[c] !== DEFAULT_CALLER_COUNTRY) candidates.push(c);
  if (candidates.length === 0) return;
  const country = new Rng(world.seed, BLOCKED_STREAM).pick(candidates);
  world.blockedLocations.set(0, [geo.countryId[country]]);
}

/** The location id the service locates the caller in: its country's, or the zero id (unlocatable). */
export function callerLocationId(world: World): string {
  const at = world.geo.countryCode.indexOf(world.callerCountry);
  return at < 0 ? ZERO_UUID : world.geo.countryId[at];
}

type LocationKind = 'country' | 'region' | 'city';

/** The location a blocked id names, if the world has it (groups are not locations). */
function locationOf(world: World, id: string): { kind: LocationKind; index: number } | undefined {
  const hit = world.geo.byId.get(id);
  return hit && hit.kind !== 'group' ? (hit as { kind: LocationKind; index: number }) : undefined;
}

/** GET /network/blocked-locations: the known ones, `null` when none (ids the world lacks are kept, not listed). */
export function blockedLocations(world: World, network: number) {
  const { geo } = world;
  const listed = [];
  for (const id of world.blockedLocations.get(network) ?? []) {
    const location = locationOf(world, id);
    if (!location) continue;
    const { kind, index } = location;
    const country =
      kind === 'country' ? index : geo.regionCountry[kind === 'city' ? geo.cityRegion[index] : index];
    const name = kind === 'country' ? geo.countryName : kind === 'region' ? geo.regionName : geo.cityName;
    listed.push({
      location_id: id,
      location_name: name[index],
      location_type: kind,
      country_code: geo.countryCode[country],
    });
  }
  return { blocked_locations: listed.length ? listed : null };
}

/** POST /network/block-location: stored once, whatever the id; always `{}`. */
export function blockLocation(world: World, network: number, body: { location_id?: string }) {
  const id = body.location_id ?? ZERO_UUID;
  const blocked = world.blockedLocations.get(network) ?? [];
  if (blocked.includes(id)) return {};
  if (!locationOf(world, id) && id !== ZERO_UUID) {
    const unknown = blocked.filter((kept) => !locationOf(world, kept)).length;
    if (unknown >= MAX_UNKNOWN_BLOCKS_PER_NETWORK) return {};
  }
  world.blockedLocations.set(network, [...blocked, ownString(id)]);
  world.version++;
  return {};
}

/** POST /network/unblock-location: always `{}`, also when it was not blocked. */
export function unblockLocation(world: World, network: number, body: { location_id?: string }) {
  const id = body.location_id ?? ZERO_UUID;
  const blocked = world.blockedLocations.get(network);
  if (!blocked?.includes(id)) return {};
  const left = blocked.filter((kept) => kept !== id);
  if (left.length) world.blockedLocations.set(network, left);
  else world.blockedLocations.delete(network);
  world.version++;
  return {};
}

/**
 * The caller's provider pool: the providers of the networks that blocked the caller's
 * location are not in it. `hidden` lists them (find-providers2 leaves them out unless
 * named by client id); the counts are the connected public providers left per place
 * (the same arrays as the world's when nobody hides anything).
 */
export interface CallerPool {
  hidden: number[];
  city: Int32Array;
  region: Int32Array;
  country: Int32Array;
}

const pools = new WeakMap<World, { version: number; pool: CallerPool }>();

export function callerPool(world: World): CallerPool {
  const cached = pools.get(world);
  if (cached?.version === world.version) return cached.pool;
  const { geo, providers: p } = world;
  const where = callerLocationId(world);
  const hidden: number[] = [];
  for (const [network, ids] of world.blockedLocations)
    if (ids.includes(where)) hidden.push(...providersOf(world, network));
  let pool: CallerPool = {
    hidden,
    city: p.eligibleCity,
    region: p.eligibleRegion,
    country: p.eligibleCountry,
  };
  if (hidden.length) {
    pool = {
      hidden,
      city: p.eligibleCity.slice(),
      region: p.eligibleRegion.slice(),
      country: p.eligibleCountry.slice(),
    };
    for (const i of hidden) {
      if (p.connected[i] !== 1 || p.mode[i] !== PUBLIC) continue;
      const city = p.city[i];
      const region = geo.cityRegion[city];
      pool.city[city]--;
      pool.region[region]--;
      pool.country[geo.regionCountry[region]]--;
    }
  }
  pools.set(world, { version: world.version, pool });
  return pool;
}

/** Connected public providers of a place in the caller's pool. */
export function poolCount(world: World, kind: number, index: number): number {
  const pool = callerPool(world);
  if (kind === KIND_CITY) return pool.city[index];
  if (kind === KIND_REGION) return pool.region[index];
  if (kind === KIND_COUNTRY) return pool.country[index];
  return 0;
}

/** Where the simulator's callers are now: a country code the worlds have, kept across resets. */
export function setCallerCountry(world: World, code: string): void {
  world.callerCountry = ownString(code.toLowerCase());
  world.version++;
}
