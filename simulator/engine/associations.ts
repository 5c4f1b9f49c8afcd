// Device associations: adoption codes, share codes, the add rate limit, and the other
// parties the simulator plays (devices confirming adoptions, guests adding shares,
// owners confirming them).
import type { SimCodes } from '../../src/contract/admin.ts';
import { type CodeRecord, deviceName, providersOf, type World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';
import { PUBLIC, TIERS } from '../world/providers.ts';
import { walletsOf } from './account.ts';
import { newRecord } from './codes.ts';
import { startTrack } from './provider-stats.ts';

export const MINUTE = 60_000;
export const ADOPT_TTL_MS = 15 * MINUTE;
export const RATE_LIMIT = { attempts: 10, windowMs: 30 * MINUTE } as const;
/** Codes the world keeps open at any time, for a demo user to try. */
export const LIVE_ADOPT_CODES = 4;
export const LIVE_SHARE_CODES = 4;
export const INVALID_CODE = 'Invalid code.';
export const INVALID_CLIENT = 'Invalid client.';

export type AddResult =
  | { code_type: 'adopt'; code: string; device_name: string; duration_minutes: number }
  | {
      code_type: 'share';
      code: string;
      device_name: string;
      associated_network_name: string;
      client_id: string;
    }
  | { error: { message: string } };

const invalid = (message: string) => ({ error: { message } });

/** A delay in [min, max) minutes. */
const minutes = (rng: Rng, min: number, max: number) =>
  Math.round((min + rng.float() * (max - min)) * MINUTE);

/** An adoption code of a new device; every other one is never confirmed by its device. */
function mintAdopt(world: World, rng: Rng, now: number): CodeRecord {
  return newRecord(world, rng, {
    kind: 'adopt',
    deviceName: world.names.ownDevice(),
    createdAt: now,
    expiresAt: now + ADOPT_TTL_MS,
    confirms: world.mintCount % 2 === 0,
    confirmDelayMs: minutes(rng, 1, 3),
  });
}

/** A share code another network offers to anyone (the demo network can add it). */
function mintOpenShare(world: World, rng: Rng, now: number): CodeRecord | undefined {
  const p = world.providers;
  for (let tries = 0; tries < 32; tries++) {
    const i = rng.int(p.baseCount);
    if (p.network[i] === 0) continue;
    return newRecord(world, rng, {
      kind: 'share',
      deviceName: deviceName(world, i),
      createdAt: now,
      owner: p.network[i],
      client: i,
    });
  }
  return undefined;
}

function claim(record: CodeRecord, network: number, now: number, confirmAt: number): void {
  record.state = 'pending';
  record.claimedBy = network;
  record.claimedAt = now;
  record.confirmAt = confirmAt;
}

/** Open codes at creation, and a few associations of the demo network to show. */
export function initAssociations(world: World, now: number): void {
  const rng = world.tickRng;
  for (let k = 0; k < LIVE_ADOPT_CODES; k++) mintAdopt(world, rng, now);
  for (let k = 0; k < LIVE_SHARE_CODES; k++) mintOpenShare(world, rng, now);
  // Incoming: one confirmed a while ago, one that its owner confirms in a few minutes.
  const confirmed = mintOpenShare(world, rng, now - 6 * 60 * MINUTE);
  if (confirmed) {
    claim(confirmed, 0, now - 5 * 60 * MINUTE, now - 4 * 60 * MINUTE);
    confirmed.state = 'confirmed';
  }
  const pending = mintOpenShare(world, rng, now - 2 * MINUTE);
  if (pending) claim(pending, 0, now - MINUTE, now + minutes(rng, 2, 4));
  // Outgoing: one confirmed with a guest, one nobody has added yet.
  const own = providersOf(world, 0);
  if (own.length > 0 && world.networks.count > 1) {
    const shared = own[0];
    const done = newRecord(world, rng, {
      kind: 'share',
      deviceName: deviceName(world, shared),
      createdAt: now - 30 * 60 * MINUTE,
      owner: 0,
      client: shared,
    });
    claim(done, 1 + rng.int(world.networks.count - 1), now - 29 * 60 * MINUTE, now - 28 * 60 * MINUTE);
    done.state = 'confirmed';
    const waiting = own[Math.min(1, own.length - 1)];
    newRecord(world, rng, {
      kind: 'share',
      deviceName: deviceName(world, waiting),
      createdAt: now - 5 * MINUTE,
      owner: 0,
      client: waiting,
      guestAddAt: now + minutes(rng, 4, 8),
    });
  }
}

/** Counts an add attempt; false when the network is past the rate limit. */
function withinRateLimit(world: World, network: number, now: number): boolean {
  const since = now - RATE_LIMIT.windowMs;
  const attempts = (world.addAttempts.get(network) ?? []).filter((time) => time > since);
  attempts.push(now);
  world.addAttempts.set(network, attempts);
  return attempts.length <= RATE_LIMIT.attempts;
}

export function addDevice(
  world: World,
  rng: Rng,
  network: number,
  body: { code?: string },
  now: number,
): AddResult {
  const limited = !withinRateLimit(world, network, now);
  world.version++;
  if (limited) return invalid(INVALID_CODE);
  const record = typeof body.code === 'string' ? world.codes.get(body.code) : undefined;
  if (record?.state !== 'open') return invalid(INVALID_CODE);
  if (record.kind === 'adopt') {
    if (record.expiresAt <= now) return invalid(INVALID_CODE);
    claim(record, network, now, record.confirms ? now + record.confirmDelayMs : Number.POSITIVE_INFINITY);
    return {
      code_type: 'adopt',
      code: record.code,
      device_name: record.deviceName,
      duration_minutes: (record.expiresAt - now) / MINUTE,
    };
  }
  if (record.owner === network) return invalid(INVALID_CODE);
  claim(record, network, now, now + minutes(rng, 1, 4));
  return {
    code_type: 'share',
    code: record.code,
    device_name: record.deviceName,
    associated_network_name: world.networks.names[record.owner],
    client_id: world.providers.ids.id(record.client),
  };
}

export function createShareCode(
  world: World,
  rng: Rng,
  network: number,
  body: { client_id?: string; device_name?: string },
  now: number,
): { share_code: string } | { error: { message: string } } {
  const p = world.providers;
  const i = typeof body.client_id === 'string' ? p.ids.index(body.client_id, p.count) : -1;
  if (i < 0 || p.network[i] !== network) return invalid(INVALID_CLIENT);
  const name = body.device_name?.trim() || deviceName(world, i);
  const record = newRecord(world, rng, {
    kind: 'share',
    deviceName: name,
    createdAt: now,
    owner: network,
    client: i,
    // A simulated guest network adds the code after a while.
    guestAddAt: now + minutes(rng, 3, 6),
  });
  world.version++;
  return { share_code: record.code };
}

export interface AssociationsResult {
  pending_adoption_devices: { code: string; device_name: string; duration_minutes: number; pending: true }[];
  incoming_shared_devices: SharedDevice[];
  outgoing_shared_devices: SharedDevice[];
}
interface SharedDevice {
  pending: boolean;
  code: string;
  device_name: string;
  client_id: string;
  network_name?: string;
}

export function associations(world: World, network: number, now: number): AssociationsResult {
  const ids = world.providers.ids;
  const names = world.networks.names;
  const result: AssociationsResult = {
    pending_adoption_devices: [],
    incoming_shared_devices: [],
    outgoing_shared_devices: [],
  };
  for (const r of world.adoptCodes) {
    if (r.claimedBy !== network || r.state !== 'pending' || r.expiresAt <= now) continue;
    result.pending_adoption_devices.push({
      code: r.code,
      device_name: r.deviceName,
      duration_minutes: (r.expiresAt - now) / MINUTE,
      pending: true,
    });
  }
  for (const r of world.shareCodes) {
    if (r.claimedBy === network) {
      result.incoming_shared_devices.push({
        pending: r.state !== 'confirmed',
        code: r.code,
        device_name: r.deviceName,
        client_id: ids.id(r.client),
        network_name: names[r.owner],
      });
    }
    if (r.owner === network) {
      const item: SharedDevice = {
        pending: r.state !== 'confirmed',
        code: r.code,
        device_name: r.deviceName,
        client_id: ids.id(r.client),
      };
      if (r.claimedBy >= 0) item.network_name = names[r.claimedBy];
      result.outgoing_shared_devices.push(item);
    }
  }
  return result;
}

/** The adopted device becomes a provider of the network that added its code. */
function join(world: World, rng: Rng, record: CodeRecord, now: number): void {
  const p = world.providers;
  const network = record.claimedBy;
  const list = world.networkProviders.get(network);
  const city = p.city[rng.int(p.baseCount)];
  const tier = rng.int(TIERS);
  const i = p.add({
    city,
    network,
    mode: PUBLIC,
    tier,
    speed: Math.round(2e6 + rng.float() * 2e7),
    connected: true,
  });
  world.deviceNames.set(i, record.deviceName);
  record.client = i;
  if (list) list.push(i);
  if (network === 0 || list) startTrack(world, i, now, true);
}

/** One tick of the association machinery. */
export function tickAssociations(world: World, now: number): void {
  const rng = world.tickRng;
  for (const r of world.adoptCodes) {
    if (r.state === 'pending') {
      if (r.confirmAt <= now && r.confirmAt < r.expiresAt) {
        r.state = 'confirmed';
        join(world, rng, r, now);
      } else if (r.expiresAt <= now) r.state = 'expired';
    } else if (r.state === 'open' && r.expiresAt <= now) r.state = 'expired';
  }
  world.adoptCodes = world.adoptCodes.filter((r) => r.state === 'open' || r.state === 'pending');
  let open = world.adoptCodes.filter((r) => r.state === 'open').length;
  for (; open < LIVE_ADOPT_CODES; open++) mintAdopt(world, rng, now);

  let openShares = 0;
  for (const r of world.shareCodes) {
    if (r.state === 'open' && r.guestAddAt <= now && world.networks.count > 1) {
      let guest = 1 + rng.int(world.networks.count - 1);
      if (guest === r.owner) guest = (guest % (world.networks.count - 1)) + 1;
      claim(r, guest, now, now + minutes(rng, 2, 5));
    } else if (r.state === 'pending' && r.confirmAt <= now) {
      r.state = 'confirmed';
    }
    if (r.state === 'open' && r.owner !== 0 && r.guestAddAt === Number.POSITIVE_INFINITY) openShares++;
  }
  for (; openShares < LIVE_SHARE_CODES; openShares++) mintOpenShare(world, rng, now);
}

/** Codes a demo-network user could add now, and the demo account's wallets. */
export function simCodes(world: World, now: number): SimCodes {
  return {
    adopt_codes: world.adoptCodes
      .filter((r) => r.state === 'open' && r.expiresAt > now)
      .map((r) => ({ code: r.code, device_name: r.deviceName })),
    share_codes: world.shareCodes
      .filter((r) => r.state === 'open' && r.owner !== 0)
      .map((r) => ({ code: r.code, device_name: r.deviceName, network_name: world.networks.names[r.owner] })),
    wallets: walletsOf(world, 0).map((wallet_id) => ({ wallet_id })),
  };
}
