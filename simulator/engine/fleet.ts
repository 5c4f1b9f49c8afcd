// Fleet hygiene (reference-operators.md section 3): a network's clients as the service
// keeps them. remove-client and remove-clients (the deployment's hourly budget and the
// background runs, on the world's clock), auth-client (a new client, or a client again),
// and the demo network's stale clients: devices that came back with a new client id and
// left their old client behind, offline for good.
import { BUSINESS_TEXT, REFUSALS_AS_500 } from '../../src/contract/messages.ts';
import type { ProxyConfigRequest } from '../../src/contract/schemas.ts';
import { type ClientRecord, deviceName, providersOf, type World } from '../world/index.ts';
import { hash2, Rng } from '../world/prng.ts';
import { PUBLIC } from '../world/providers.ts';
import { type RequestContext, sign } from './auth.ts';
import { type Done, failure, SimError } from './errors.ts';
import { goTime } from './go-time.ts';
import { boundedName, checkNameColumn, ownString } from './limits.ts';
import { makeProxy, type ProxyContext } from './proxies.ts';
import { DAY, HOUR, LONG_HOURS, startTrack } from './tracks.ts';

/** A random stream of its own: the world the seed made before stays as it was. */
const FLEET_STREAM = 0x2603;

/** The service's bulk-removal limits (server: model/network_client_model.go, model/bulk_client_removal_rate_limit.go). */
export const BULK_REMOVAL = {
  /** ids removed at once when the current hour has room; also one batch of a background run */
  batch: 10_000,
  batchesPerRun: 20,
  perHour: 1_000_000,
  /** hourly buckets a request may be reserved in, the current one first */
  hours: 24,
  /** background runs that may be runnable at once, deployment-wide */
  maxRuns: 10,
} as const;

/** (choice) Clients a network may add with auth-client or an adoption: the simulator's memory stays bounded. */
export const MAX_ADDED_CLIENTS = 1000;

/** A client's index by its id, or -1. */
export function clientIndex(world: World, id: string | null | undefined): number {
  const p = world.providers;
  return typeof id === 'string' ? p.ids.index(id, p.count) : -1;
}

/** Whether client i is one of its network's now (not removed). */
export const isActive = (world: World, i: number) => !world.fleet.removed.has(i);

/** Whether client i is one of the stale clients the world was made with. */
export const isStale = (world: World, i: number) =>
  i >= world.fleet.staleFrom && i < world.fleet.staleFrom + world.fleet.staleCount;

/** Why client i cannot connect: stale ones are gone, keyless ones never provide, removed ones cannot log in. */
export function connectRefusal(world: World, i: number): string | undefined {
  if (!isActive(world, i)) return 'it was removed from its network';
  if (isStale(world, i)) return 'it is a stale client: its device came back under another client id';
  if (world.fleet.keyless.has(i)) return 'it has no provide key, so it never provides';
}

/** Whether a tick (or the admin route) may connect client i. */
export const mayConnect = (world: World, i: number) => connectRefusal(world, i) === undefined;

/** The clients GET /network/clients lists: the network's active ones. */
export const activeClientsOf = (world: World, network: number) =>
  providersOf(world, network).filter((i) => isActive(world, i));

/** The providers the statistics list: active clients with a provide key. */
export const statsProvidersOf = (world: World, network: number) =>
  providersOf(world, network).filter((i) => isActive(world, i) && !world.fleet.keyless.has(i));

/** What the world knows of client i beyond the seed's. */
export const recordOf = (world: World, i: number): ClientRecord | undefined => world.fleet.records.get(i);

/** Removes (deactivates) client i now; a removed one's time is reset, as the service's update does. */
function deactivate(world: World, i: number, now: number): void {
  world.fleet.removed.set(i, now);
  world.version++;
}

/**
 * The demo network's old clients: about one device in four came back with a new client
 * id (a reinstall, a lost state folder), some within the last week, some long before.
 * Each has the name and description of the device it came back as, its last connection
 * events, and is offline for good. Made last, so nothing the seed made before changes.
 */
export function initFleet(world: World, now: number): void {
  const p = world.providers;
  const own = providersOf(world, 0).slice();
  const fleet = world.fleet;
  fleet.staleFrom = p.count;
  if (own.length === 0) return;
  const rng = new Rng(world.seed, FLEET_STREAM);
  const count = Math.min(64, Math.max(1, Math.round(own.length / 4)));
  for (let k = 0; k < count; k++) {
    const again = own[rng.int(own.length)];
    // Every other one has been gone for more than a week (the default period).
    const goneHours = k % 2 === 0 ? 8 * 24 + rng.int(32 * 24) : 6 + rng.int(6 * 24);
    const gone = now - goneHours * HOUR;
    const connected = gone - (1 + rng.int(72)) * HOUR;
    const i = p.add({
      city: p.city[again],
      network: 0,
      mode: PUBLIC,
      tier: p.tier[again],
      speed: p.speed[again],
      connected: false,
    });
    world.deviceNames.set(i, deviceName(world, again));
    fleet.records.set(i, {
      description: descriptionOf(world, again),
      createdAt: connected - (1 + rng.int(200)) * DAY,
      authAt: connected,
      device: i,
    });
    providersOf(world, 0).push(i);
    const track = startTrack(world, i, now, true);
    // Its last connection, as far as the 31 days of events reach.
    if (connected > now - LONG_HOURS * HOUR) track.events.push({ time: connected, connected: true });
    if (gone > now - LONG_HOURS * HOUR) track.events.push({ time: gone, connected: false });
  }
  fleet.staleCount = count;
}

/** The seed's description of a provider's client (the provider program names its platform). */
const derivedDescription = (i: number) => `provider ${['linux', 'darwin', 'windows'][i % 3]}`;

/** Client i's description: as added or re-authenticated, else the seed's. */
export const descriptionOf = (world: World, i: number) =>
  recordOf(world, i)?.description ?? derivedDescription(i);

// ---- POST /network/remove-client, /network/remove-clients ----------------------

/** Any client of the network, removed already or not; none of another network. */
export function removeClient(world: World, network: number, body: { client_id?: string }, now: number): Done {
  const i = clientIndex(world, body.client_id);
  if (i < 0 || world.providers.network[i] !== network) return failure(BUSINESS_TEXT.clientMissing);
  deactivate(world, i, now);
  return {};
}

const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;

/**
 * Reserves `count` removals in the earliest hourly bucket with room, the current one
 * first; all 24 full is the service's 500 (server: model/bulk_client_removal_rate_limit.go
 * ReserveBulkClientRemovalSlot).
 */
function reserve(world: World, count: number, now: number): number {
  const { reserved } = world.fleet;
  for (let k = 0; k < BULK_REMOVAL.hours; k++) {
    const bucket = hourOf(now) + k * HOUR;
    const used = reserved.get(bucket) ?? 0;
    if (used + count <= BULK_REMOVAL.perHour) {
      reserved.set(bucket, used + count);
      return bucket;
    }
  }
  throw new SimError(500, REFUSALS_AS_500.bulkRemovalLimit);
}

function release(world: World, bucket: number, count: number): void {
  const used = (world.fleet.reserved.get(bucket) ?? 0) - count;
  if (used > 0) world.fleet.reserved.set(bucket, used);
  else world.fleet.reserved.delete(bucket);
}

export type RemoveClientsResult =
  | Record<string, never>
  | { scheduled: true; scheduled_for: string }
  | { already_in_progress: true }
  | { too_many_concurrent_runs: true };

/**
 * Up to 10 000 unique ids with room in this hour's budget: removed now. Otherwise a
 * background run, at the start of this hour or at a random time within a later one,
 * removing 10 000 a batch, 20 batches a tick (server: model/network_client_model.go
 * RemoveNetworkClients, RemoveNetworkClientsTask). Unknown and foreign ids count toward
 * the budget and are otherwise ignored.
 */
export function removeClients(
  world: World,
  rng: Rng,
  network: number,
  body: { client_ids?: string[] | null },
  now: number,
): RemoveClientsResult {
  const ids = body.client_ids ?? [];
  if (ids.length === 0) return {};
  const unique = [...new Set(ids)];
  const bucket = reserve(world, unique.length, now);
  const p = world.providers;
  const clients = unique
    .map((id) => clientIndex(world, id))
    .filter((i) => i >= 0 && p.network[i] === network);
  const { runs } = world.fleet;
  if (bucket === hourOf(now) && unique.length <= BULK_REMOVAL.batch) {
    for (const i of clients) deactivate(world, i, now);
    return {};
  }
  // Runnable runs count, this network's own among them; runs waiting for a later hour do not.
  if (runs.filter((run) => run.runAt <= now).length >= BULK_REMOVAL.maxRuns) {
    release(world, bucket, unique.length);
    return { too_many_concurrent_runs: true };
  }
  if (runs.some((run) => run.network === network)) {
    release(world, bucket, unique.length);
    return { already_in_progress: true };
  }
  const runAt = bucket === hourOf(now) ? bucket : bucket + rng.int(HOUR);
  runs.push({ network, clients, runAt });
  world.version++;
  return { scheduled: true, scheduled_for: goTime(runAt) };
}

/** One tick: the runs due remove their next 20 batches; the budget's past hours go. */
export function tickFleet(world: World, now: number): void {
  const fleet = world.fleet;
  for (const run of fleet.runs) {
    if (run.runAt > now) continue;
    for (const i of run.clients.splice(0, BULK_REMOVAL.batch * BULK_REMOVAL.batchesPerRun))
      deactivate(world, i, now);
  }
  fleet.runs = fleet.runs.filter((run) => run.clients.length > 0);
  for (const bucket of fleet.reserved.keys()) if (bucket < hourOf(now)) fleet.reserved.delete(bucket);
}

/** The admin route's reservation for the deployment's other tenants: `count` in each of `hours` buckets from this one. */
export function reserveForOthers(world: World, count: number, hours: number, now: number) {
  const buckets = [];
  for (let k = 0; k < Math.min(hours, BULK_REMOVAL.hours); k++) {
    const bucket = hourOf(now) + k * HOUR;
    const used = Math.min(BULK_REMOVAL.perHour, (world.fleet.reserved.get(bucket) ?? 0) + count);
    world.fleet.reserved.set(bucket, used);
    buckets.push({ hour: goTime(bucket), reserved: used });
  }
  return { buckets };
}

// ---- POST /network/auth-client ---------------------------------------------------

export interface AuthClientBody {
  client_id?: string | null;
  source_client_id?: string | null;
  description?: string;
  device_spec?: string;
  roles?: string[] | null;
  principal?: string;
  proxy_config?: ProxyConfigRequest | null;
}

/** The error of auth-client: `client_limit_exceeded` is always sent (no omitempty). */
const authFailure = (message: string, limit = false) => ({
  error: { client_limit_exceeded: limit, message },
});

/** Go's len(): bytes. */
const bytes = (text: string) => Buffer.byteLength(text);

/** The roles and principal a new client is made with, or why not (server: model/network_client_model.go validateClientIdentityArgs). */
function identity(
  body: AuthClientBody,
  caller: { clientId?: string },
): { roles: string[]; principal: string } | string {
  const roles = body.roles ?? [];
  const principal = body.principal ?? '';
  if ((roles.length > 0 || principal !== '') && caller.clientId) return BUSINESS_TEXT.rolesNeedNetwork;
  if (roles.length > 32) return BUSINESS_TEXT.tooManyRoles;
  if (bytes(principal) > 256) return BUSINESS_TEXT.principalTooLong;
  if (roles.some((role) => role === '' || bytes(role) > 128)) return BUSINESS_TEXT.invalidRole;
  return { roles: [...new Set(roles)].sort().map(ownString), principal: ownString(principal) };
}

/** Clients the network added (auth-client, adoptions), removed or not. */
const addedBy = (world: World, network: number) => {
  let count = 0;
  for (const i of world.fleet.keyless) if (world.providers.network[i] === network) count++;
  return count;
};

/**
 * A client without a provide key (it shows in /network/clients, not in the statistics,
 * until it provides: the simulator's never do). On its own new device, or on `device`'s.
 */
export function addClient(
  world: World,
  network: number,
  fields: { description: string; spec: string; now: number; device?: number } & Partial<ClientRecord>,
): number {
  const p = world.providers;
  const i = p.add({ city: 0, network, mode: 0, tier: 0, speed: 0, connected: false });
  const { description, spec, now, device = i, ...rest } = fields;
  world.fleet.keyless.add(i);
  world.fleet.records.set(i, {
    ...rest,
    description: boundedName(description),
    createdAt: now,
    authAt: now,
    device,
  });
  if (device === i) world.deviceNames.set(i, boundedName(description));
  if (spec !== '' || device === i) world.fleet.specs.set(device, boundedName(spec));
  world.networkProviders.get(network)?.push(i);
  startTrack(world, i, now, true);
  world.version++;
  return i;
}

/**
 * A new client (no `client_id`), or a client of the network again: its client token. A
 * new client with `proxy_config` gets its proxy too (engine/proxies.ts; a re-auth ignores it).
 */
export function authClient(
  world: World,
  network: number,
  caller: { clientId?: string },
  body: AuthClientBody,
  context: RequestContext,
  now: number,
  proxies: Omit<ProxyContext, 'address' | 'now'>,
) {
  const ref = world.networks.ref(network);
  const description = body.description ?? '';
  const spec = body.device_spec ?? '';
  const p = world.providers;
  if (body.client_id === undefined || body.client_id === null) {
    const resolved = identity(body, caller);
    if (typeof resolved === 'string') return authFailure(resolved);
    let device: number | undefined;
    if (body.source_client_id !== undefined && body.source_client_id !== null) {
      // (choice) The service creates a client without a device here (reference-operators.md).
      const source = clientIndex(world, body.source_client_id);
      if (source < 0 || p.network[source] !== network) return authFailure(BUSINESS_TEXT.clientMissing);
      device = recordOf(world, source)?.device ?? source;
    }
    if (addedBy(world, network) >= MAX_ADDED_CLIENTS) return authFailure(BUSINESS_TEXT.clientLimit, true);
    checkNameColumn(description);
    checkNameColumn(spec);
    const i = addClient(world, network, {
      description,
      spec,
      now,
      device,
      ...(device === undefined ? {} : { sourceClientId: ownString(body.source_client_id!) }),
      ...(resolved.roles.length ? { roles: resolved.roles } : {}),
      ...(resolved.principal ? { principal: resolved.principal } : {}),
    });
    // A reused device keeps its name unless it had none (server: AuthNetworkClient).
    if (device !== undefined && description !== '' && !deviceName(world, device)) {
      world.deviceNames.set(device, boundedName(description));
    }
    const clientId = p.ids.id(i);
    const made = { by_client_jwt: sign(context, ref, clientId), client_id: clientId };
    // `"proxy_config": null` is no proxy; `{}` is one (with no place: `Invalid location`).
    if (!body.proxy_config) return made;
    return {
      ...made,
      ...makeProxy(world, i, network, body.proxy_config, { ...proxies, address: context.address, now }),
    };
  }
  if ((body.roles?.length ?? 0) > 0 || (body.principal ?? '') !== '')
    return authFailure(BUSINESS_TEXT.rolesFixed);
  const i = clientIndex(world, body.client_id);
  if (i < 0 || p.network[i] !== network || !isActive(world, i))
    return authFailure(BUSINESS_TEXT.clientMissing);
  checkNameColumn(description);
  checkNameColumn(spec);
  const record = recordOf(world, i);
  world.fleet.records.set(i, {
    ...(record ?? { createdAt: createdAtOf(world, i), device: i }),
    description: boundedName(description),
    authAt: now,
  });
  world.fleet.specs.set(record?.device ?? i, boundedName(spec));
  world.version++;
  const clientId = p.ids.id(i);
  return { by_client_jwt: sign(context, ref, clientId), client_id: clientId };
}

/** When client i was made: as recorded, else derived from the seed (10 to 310 days before the world). */
export function createdAtOf(world: World, i: number): number {
  return recordOf(world, i)?.createdAt ?? world.createdAt - (10 + (hash2(world.seed, i) % 300)) * DAY;
}
