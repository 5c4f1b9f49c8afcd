// Adoption played by a caller's device (reference-operators.md section 6): a device
// without a token makes a code (create-adopt-code), an owner adds it (/device/add, as
// any adoption code), the device asks whether one has (adopt-status), confirms naming
// that network (confirm-adopt) and gets its client token there; until then it may
// withdraw the code (remove-adopt-code). None of these routes reads a token. In the
// in-process demo the demo network adds such a code by itself a few seconds after it is
// made, so that the whole flow can be seen without a second terminal.
import { BUSINESS_TEXT } from '../../src/contract/messages.ts';
import type { CodeRecord, World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';
import {
  ADOPT_TTL_MS,
  addDevice,
  type CodeStatus,
  codeStatus,
  forget,
  INVALID_CODE,
} from './associations.ts';
import { type RequestContext, sign } from './auth.ts';
import { newRecord } from './codes.ts';
import { type Done, type Failure, failure } from './errors.ts';
import { addClient } from './fleet.ts';
import { checkNameColumn, MAX_OPEN_DEVICE_ADOPT_CODES, ownString } from './limits.ts';

/** 128 random bytes, as hex. */
const SECRET_BYTES = 128;

/** What the engine lets the demo do: the demo network adds a device's code this long after it is made. */
export interface DemoPlay {
  ownerAddsAdoptionAfterMs?: number;
  /** Runs `act` on the world's clock `ms` from now. */
  later(ms: number, act: (now: number) => void): void;
}

/** The record of an adoption code, of any state kept. */
function adoptionOf(world: World, code: string | undefined): CodeRecord | undefined {
  const record = code === undefined ? undefined : world.codes.get(code);
  return record?.kind === 'adopt' ? record : undefined;
}

/**
 * A code and its secret for a device (no validation, no rate limit). Keys in alphabetical
 * order: the service re-marshals the answer through a map to add `share_code`, the
 * secret under its old name (server: model/device_association_model.go
 * DeviceCreateAdoptCodeResult.MarshalJSON).
 */
export function createAdoptCode(
  world: World,
  rng: Rng,
  body: { device_name?: string; device_spec?: string },
  now: number,
  demo?: DemoPlay,
) {
  const name = body.device_name ?? '';
  const spec = body.device_spec ?? '';
  checkNameColumn(name);
  checkNameColumn(spec);
  let secret = '';
  for (let k = 0; k < SECRET_BYTES; k++) secret += rng.int(256).toString(16).padStart(2, '0');
  const record = newRecord(world, rng, {
    kind: 'adopt',
    deviceName: ownString(name),
    createdAt: now,
    expiresAt: now + ADOPT_TTL_MS,
    // The caller confirms, not the world.
    confirms: false,
    device: { secret, spec: ownString(spec) },
  });
  forgetOldestPastLimit(world);
  world.version++;
  const after = demo?.ownerAddsAdoptionAfterMs;
  if (after !== undefined) {
    demo?.later(after, (at) => {
      if (record.state === 'open' && world.codes.get(record.code) === record)
        addDevice(world, world.requestRng, 0, { code: record.code }, at);
    });
  }
  return {
    adopt_code: record.code,
    adopt_secret: secret,
    duration_minutes: ADOPT_TTL_MS / 60_000,
    share_code: secret,
  };
}

/** A stream of create-adopt-code keeps at most MAX_OPEN_DEVICE_ADOPT_CODES codes nobody added. */
function forgetOldestPastLimit(world: World): void {
  const waiting = world.adoptCodes.filter((r) => r.device && r.state === 'open');
  const excess = waiting.length - MAX_OPEN_DEVICE_ADOPT_CODES;
  for (const record of waiting.slice(0, Math.max(0, excess))) forget(world, record);
}

/**
 * `pending` until the device confirms (expiry not checked); the adding network's name
 * once one has added the code; an unknown or withdrawn code is `Invalid adopt code.`.
 */
export function adoptStatus(world: World, body: { adopt_code?: string }): CodeStatus | Failure {
  const record = adoptionOf(world, body.adopt_code);
  return record ? codeStatus(world, record) : failure(BUSINESS_TEXT.invalidAdoptCode);
}

/**
 * The device confirms the network that added its code, by its current name exactly: a
 * new device and client (no provide key) in that network, and the client's token.
 */
export function confirmAdopt(
  world: World,
  body: { adopt_code?: string; adopt_secret?: string; associated_network_name?: string },
  context: RequestContext,
  now: number,
): { by_client_jwt: string } | Failure {
  const record = adoptionOf(world, body.adopt_code);
  const owner = record?.claimedBy ?? -1;
  if (
    !record?.device ||
    record.device.secret !== body.adopt_secret ||
    record.state !== 'pending' ||
    owner < 0 ||
    world.networks.names[owner] !== (body.associated_network_name ?? '') ||
    now >= record.expiresAt
  ) {
    return failure(INVALID_CODE);
  }
  // The name given at creation: the owner's own name for the adoption is not used.
  const i = addClient(world, owner, { description: record.deviceName, spec: record.device.spec, now });
  record.state = 'confirmed';
  record.client = i;
  return { by_client_jwt: sign(context, world.networks.ref(owner), world.providers.ids.id(i)) };
}

/** The device withdraws its code, expired or not, unless confirmed: it is gone for everyone. */
export function removeAdoptCode(world: World, body: { adopt_code?: string; adopt_secret?: string }): Done {
  const record = adoptionOf(world, body.adopt_code);
  if (!record?.device || record.device.secret !== body.adopt_secret || record.state === 'confirmed')
    return failure(INVALID_CODE);
  forget(world, record);
  world.version++;
  return {};
}
