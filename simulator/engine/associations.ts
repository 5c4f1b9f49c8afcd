// Device associations: adoption codes, share codes, the add rate limit, what a network
// does with its associations (share status, confirm, remove, rename), and the other
// parties the simulator plays (devices confirming adoptions, guests adding the caller's
// shares, simulated owners confirming the caller's adds). A share a caller made waits
// for that caller's confirm-share once a guest has added it.
import type { SimCodes } from '../../src/contract/admin.ts';
import { BUSINESS_TEXT } from '../../src/contract/messages.ts';
import { ZERO_UUID } from '../../src/contract/schemas.ts';
import { type CodeRecord, deviceName, providersOf, type World } from '../world/index.ts';
import { Rng } from '../world/prng.ts';
import { PUBLIC, TIERS } from '../world/providers.ts';
import { newRecord } from './codes.ts';
import { type Done, type Failure, failure } from './errors.ts';
import { boundedName, MAX_SHARE_CODES_PER_NETWORK } from './limits.ts';
import { startTrack } from './tracks.ts';

export const MINUTE = 60_000;
export const ADOPT_TTL_MS = 15 * MINUTE;
/** Codes the world keeps open at any time, for a demo user to try. */
export const LIVE_ADOPT_CODES = 4;
export const LIVE_SHARE_CODES = 4;
export const INVALID_CODE = BUSINESS_TEXT.invalidCode;
export const INVALID_CLIENT = BUSINESS_TEXT.invalidClient;
/** (choice) How long a code a caller's device made is kept, whatever its state: the service keeps it for ever. */
export const DEVICE_CODE_KEPT_MS = 24 * 60 * MINUTE;
/** Whether a code a caller's device made (device-adoption.ts) is still kept at `now`. */
const keptForDevice = (record: CodeRecord, now: number) =>
  record.device !== undefined && now < record.createdAt + DEVICE_CODE_KEPT_MS;
/** An Rng stream of its own for associations added after the first version of the world. */
const EXTRA_STREAM = 4;

export type AddResult =
  | { code_type: 'adopt'; code: string; device_name?: string; client_id: string; duration_minutes: number }
  | {
      code_type: 'share';
      code: string;
      device_name?: string;
      associated_network_name: string;
      client_id: string;
    }
  | { client_id: string; error: { message: string } };

/** `device_name`, left out when blank (the service's omitempty). */
const named = (name: string): { device_name?: string } => (name ? { device_name: name } : {});

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
      simulatedOwner: true,
    });
  }
  return undefined;
}

export function claim(record: CodeRecord, network: number, now: number, confirmAt: number): void {
  record.state = 'pending';
  record.claimedBy = network;
  record.claimedAt = now;
  record.confirmAt = confirmAt;
}

/** A guest network for a share of `owner`: `pick` is a draw in [0, networks - 1). */
function guestFor(world: World, owner: number, pick: number): number {
  let guest = 1 + pick;
  if (guest === owner) guest = (guest % (world.networks.count - 1)) + 1;
  return guest;
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
  // Outgoing: one confirmed with a guest, one nobody has added yet, one a guest added
  // that waits for the demo network's confirmation.
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
    const extra = new Rng(world.seed, EXTRA_STREAM);
    const asked = own[Math.min(2, own.length - 1)];
    const added = newRecord(world, extra, {
      kind: 'share',
      deviceName: deviceName(world, asked),
      createdAt: now - 20 * MINUTE,
      owner: 0,
      client: asked,
    });
    claim(added, guestFor(world, 0, extra.int(world.networks.count - 1)), now - 10 * MINUTE, Infinity);
  }
}

/** Counts an add attempt first; false when it is the network's 10th in 30 minutes. */
function withinRateLimit(world: World, network: number, now: number): boolean {
  return world.addAttempts.record(network, now) < world.addAttempts.cap;
}

export function addDevice(
  world: World,
  rng: Rng,
  network: number,
  body: { code?: string },
  now: number,
): AddResult {
  // `client_id` first: the Go struct's order (server: model/device_association_model.go DeviceAddResult).
  const refused = { client_id: ZERO_UUID, ...failure(INVALID_CODE) };
  const limited = !withinRateLimit(world, network, now);
  world.version++;
  if (limited) return refused;
  const record = typeof body.code === 'string' ? world.codes.get(body.code) : undefined;
  if (record?.state !== 'open') return refused;
  if (record.kind === 'adopt') {
    if (record.expiresAt <= now) return refused;
    claim(record, network, now, record.confirms ? now + record.confirmDelayMs : Number.POSITIVE_INFINITY);
    return {
      code_type: 'adopt',
      code: record.code,
      ...named(record.deviceName),
      client_id: ZERO_UUID,
      duration_minutes: (record.expiresAt - now) / MINUTE,
    };
  }
  if (record.owner === network) return refused;
  claim(record, network, now, record.simulatedOwner ? now + minutes(rng, 1, 4) : Number.POSITIVE_INFINITY);
  return {
    code_type: 'share',
    code: record.code,
    ...named(record.deviceName),
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
): { share_code: string } | Failure {
  const p = world.providers;
  const i = typeof body.client_id === 'string' ? p.ids.index(body.client_id, p.count) : -1;
  if (i < 0 || p.network[i] !== network) return failure(INVALID_CLIENT);
  let live = 0;
  for (const r of world.shareCodes) if (r.owner === network) live++;
  if (live >= MAX_SHARE_CODES_PER_NETWORK) return failure(BUSINESS_TEXT.tooManyShareCodes);
  // Kept as given, blank too: the service stores the name it was sent, or "" (server:
  // model/device_association_model.go DeviceCreateShareCode).
  const record = newRecord(world, rng, {
    kind: 'share',
    deviceName: boundedName(body.device_name ?? ''),
    createdAt: now,
    owner: network,
    client: i,
    // A simulated guest network adds the code after a while.
    guestAddAt: now + minutes(rng, 3, 6),
  });
  world.version++;
  return { share_code: record.code };
}

/** The share a code names, if it is one. */
const shareOf = (world: World, code: string | undefined) => {
  const record = code === undefined ? undefined : world.codes.get(code);
  return record?.kind === 'share' ? record : undefined;
};

export interface CodeStatus {
  pending?: true;
  associated_network_name?: string;
}

/**
 * What a share or adopt status says of its code: `pending` until confirmed, and the name
 * of the network that added it once one has (the two routes answer alike).
 */
export function codeStatus(world: World, record: CodeRecord): CodeStatus {
  const name = record.claimedBy >= 0 ? world.networks.names[record.claimedBy] : '';
  return {
    ...(record.state === 'confirmed' ? {} : { pending: true as const }),
    ...(name ? { associated_network_name: name } : {}),
  };
}

/** Any token; ownership is not checked. `pending` until the owner confirms. */
export function shareStatus(world: World, body: { share_code?: string }): CodeStatus | Failure {
  const record = shareOf(world, body.share_code);
  return record ? codeStatus(world, record) : failure(BUSINESS_TEXT.invalidShareCode);
}

/**
 * The owner confirms the guest that added its code, naming the guest network; unless
 * `ownerOnly` (at S0 and in the seed era), any network could confirm.
 */
export function confirmShare(
  world: World,
  network: number,
  body: { share_code?: string; associated_network_name?: string },
  ownerOnly: boolean,
): { associated_network_name: string } | Failure {
  const record = shareOf(world, body.share_code);
  const name = body.associated_network_name ?? '';
  if (
    !record ||
    (ownerOnly && record.owner !== network) ||
    record.state !== 'pending' ||
    record.claimedBy < 0 ||
    world.networks.names[record.claimedBy] !== name
  ) {
    return failure(INVALID_CODE);
  }
  record.state = 'confirmed';
  record.confirmAt = Number.POSITIVE_INFINITY;
  world.version++;
  return { associated_network_name: name };
}

/** Whether `network` may act on the association: adoption owner, share owner or guest. */
function party(record: CodeRecord, network: number, now: number): boolean {
  if (record.kind === 'adopt')
    return record.claimedBy === network && record.state === 'pending' && record.expiresAt > now;
  return record.owner === network || record.claimedBy === network;
}

export function forget(world: World, record: CodeRecord): void {
  world.codes.delete(record.code);
  const list = record.kind === 'adopt' ? world.adoptCodes : world.shareCodes;
  const at = list.indexOf(record);
  if (at >= 0) list.splice(at, 1);
}

export function removeAssociation(world: World, network: number, body: { code?: string }, now: number): Done {
  const record = body.code === undefined ? undefined : world.codes.get(body.code);
  if (!record || !party(record, network, now)) return failure(INVALID_CODE);
  forget(world, record);
  world.version++;
  return {};
}

export function setAssociationName(
  world: World,
  network: number,
  body: { code?: string; device_name?: string },
  now: number,
): Done {
  const record = body.code === undefined ? undefined : world.codes.get(body.code);
  if (!record || !party(record, network, now)) return failure(INVALID_CODE);
  record.localNames ??= new Map();
  // "" too: the service keeps an empty name, which then wins over the name given at creation.
  record.localNames.set(network, boundedName(body.device_name ?? ''));
  world.version++;
  return {};
}

/**
 * The network's own name for the association if it set one (even ""), else the name given
 * at creation (server: model/device_association_model.go DeviceAssociations, a COALESCE).
 */
const nameFor = (record: CodeRecord, network: number) => record.localNames?.get(network) ?? record.deviceName;

export interface AssociationsResult {
  pending_adoption_devices: { pending: true; code: string; device_name?: string; duration_minutes: number }[];
  incoming_shared_devices: SharedDevice[];
  outgoing_shared_devices: SharedDevice[];
}
interface SharedDevice {
  pending?: true;
  code: string;
  device_name?: string;
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
      pending: true,
      code: r.code,
      ...named(nameFor(r, network)),
      duration_minutes: (r.expiresAt - now) / MINUTE,
    });
  }
  // `pending` is left out once confirmed, as the service's omitempty does.
  const shared = (r: CodeRecord, networkName: string | undefined): SharedDevice => ({
    ...(r.state === 'confirmed' ? {} : { pending: true as const }),
    code: r.code,
    ...named(nameFor(r, network)),
    client_id: ids.id(r.client),
    ...(networkName ? { network_name: networkName } : {}),
  });
  for (const r of world.shareCodes) {
    if (r.claimedBy === network) result.incoming_shared_devices.push(shared(r, names[r.owner]));
    if (r.owner === network)
      result.outgoing_shared_devices.push(shared(r, r.claimedBy >= 0 ? names[r.claimedBy] : undefined));
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
  // The name the network gave the adoption; a blank one leaves the device its own.
  world.deviceNames.set(i, nameFor(record, network) || record.deviceName);
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
  // Confirmed adoptions are clients now and expired codes are dead: neither is kept, but
  // a caller's device asks for its code's state a while longer (device-adoption.ts).
  const kept = (r: CodeRecord) => r.state === 'open' || r.state === 'pending' || keptForDevice(r, now);
  for (const r of world.adoptCodes) if (!kept(r)) world.codes.delete(r.code);
  world.adoptCodes = world.adoptCodes.filter(kept);
  let open = world.adoptCodes.filter((r) => r.state === 'open' && !r.device).length;
  for (; open < LIVE_ADOPT_CODES; open++) mintAdopt(world, rng, now);

  let openShares = 0;
  for (const r of world.shareCodes) {
    if (r.state === 'open' && r.guestAddAt <= now && world.networks.count > 1) {
      // The guest has added the code; now it waits for its owner, the caller, to confirm.
      claim(r, guestFor(world, r.owner, rng.int(world.networks.count - 1)), now, Number.POSITIVE_INFINITY);
    } else if (r.state === 'pending' && r.confirmAt <= now) {
      r.state = 'confirmed';
    }
    if (r.state === 'open' && r.simulatedOwner) openShares++;
  }
  for (; openShares < LIVE_SHARE_CODES; openShares++) mintOpenShare(world, rng, now);
}

/** Codes a demo-network user could add now. */
export function openCodes(world: World, now: number): Pick<SimCodes, 'adopt_codes' | 'share_codes'> {
  return {
    adopt_codes: world.adoptCodes
      .filter((r) => r.state === 'open' && r.expiresAt > now && !r.device)
      .map((r) => ({ code: r.code, device_name: r.deviceName })),
    share_codes: world.shareCodes
      .filter((r) => r.state === 'open' && r.owner !== 0 && r.simulatedOwner)
      .map((r) => ({ code: r.code, device_name: r.deviceName, network_name: world.networks.names[r.owner] })),
  };
}
