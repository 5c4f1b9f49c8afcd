// The API client against the real simulator: device associations, add-code and share
// codes (operations 5, 8, 9), as simulated time passes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/errors.ts';
import type { DeviceAssociations } from '../../../src/contract/schemas.ts';
import { type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim();
});
afterEach(async () => {
  await h.close();
});

const SIX_WORDS = /^[a-z]+( [a-z]+){5}$/;

const businessError = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a business error');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('business');
      return (error as ApiError).message;
    },
  );

/** Advances a minute at a time until `done` holds (or `minutes` have passed). */
async function until(minutes: number, done: () => Promise<boolean>): Promise<number> {
  for (let minute = 0; minute <= minutes; minute++) {
    if (await done()) return minute;
    await h.advance(60);
  }
  return -1;
}

const outgoing = async (client: ApiClient, clientId: string) =>
  ((await client.deviceAssociations()) as DeviceAssociations).outgoing_shared_devices?.find(
    (device) => device.client_id === clientId,
  );
const incoming = async (client: ApiClient, clientId: string) =>
  ((await client.deviceAssociations()) as DeviceAssociations).incoming_shared_devices?.find(
    (device) => device.client_id === clientId,
  );

describe('share codes', () => {
  it('a code the demo network creates, added by another network, shows on both sides and waits for its confirmation', async () => {
    const own = await h.client.providerStats();
    const shared = new Set(
      ((await h.client.deviceAssociations()).outgoing_shared_devices ?? []).map((device) => device.client_id),
    );
    const clientId = own.providers!.find((provider) => !shared.has(provider.client_id))!.client_id!;
    const { share_code } = await h.client.createShareCode({ client_id: clientId, device_name: 'lab box' });
    expect(share_code).toMatch(SIX_WORDS);
    const waiting = await outgoing(h.client, clientId);
    expect(waiting).toMatchObject({ code: share_code, pending: true });
    expect(waiting?.network_name).toBeUndefined();

    const guest = h.clientFor(h.sim.admin.token('guest-net').token);
    const added = await guest.addDevice({ code: share_code });
    expect(added).toMatchObject({
      code_type: 'share',
      code: share_code,
      client_id: clientId,
      associated_network_name: 'demo',
    });
    expect(await outgoing(h.client, clientId)).toMatchObject({ pending: true, network_name: 'guest-net' });
    expect(await incoming(guest, clientId)).toMatchObject({ pending: true, network_name: 'demo' });

    // Nobody confirms for the owner.
    expect(await until(30, async () => !(await outgoing(h.client, clientId))?.pending)).toBe(-1);
    expect(await h.client.shareStatus({ share_code })).toEqual({
      pending: true,
      associated_network_name: 'guest-net',
    });
    expect(await h.client.confirmShare({ share_code, associated_network_name: 'guest-net' })).toEqual({
      associated_network_name: 'guest-net',
    });
    expect(await outgoing(h.client, clientId)).not.toHaveProperty('pending');
    expect(await incoming(guest, clientId)).toMatchObject({ network_name: 'demo' });
    expect(await incoming(guest, clientId)).not.toHaveProperty('pending');
  });

  it("another network's share code offered to the demo network shows as incoming", async () => {
    const [offer] = h.sim.admin.codes().share_codes;
    expect(offer.code).toMatch(SIX_WORDS);
    const added = await h.client.addDevice({ code: offer.code });
    expect(added).toMatchObject({ code_type: 'share', associated_network_name: offer.network_name });
    const device = await incoming(h.client, added.client_id!);
    expect(device).toMatchObject({ network_name: offer.network_name, pending: true });
    expect(h.sim.admin.codes().share_codes.map((code) => code.code)).not.toContain(offer.code);
  });

  it('refuses a share code for a device of another network, and unknown or own codes', async () => {
    const acme = h.clientFor(h.sim.admin.token('acme').token);
    const own = await h.client.providerStats();
    expect(await businessError(acme.createShareCode({ client_id: own.providers![0].client_id }))).toBe(
      'Invalid client.',
    );
    expect(
      await businessError(h.client.addDevice({ code: 'abandon abandon abandon abandon abandon art' })),
    ).toBe('Invalid code.');
    const { share_code } = await h.client.createShareCode({ client_id: own.providers![1].client_id });
    expect(await businessError(h.client.addDevice({ code: share_code }))).toBe('Invalid code.');
  });

  it('answers Invalid code. past 10 add attempts in 30 minutes, even for a good code', async () => {
    const [offer] = h.sim.admin.codes().share_codes;
    for (let i = 0; i < 10; i++) await businessError(h.client.addDevice({ code: `wrong code ${i} a b c` }));
    expect(await businessError(h.client.addDevice({ code: offer.code }))).toBe('Invalid code.');
    await h.advance(31 * 60);
    const stillOffered = h.sim.admin.codes().share_codes.find((code) => code.code === offer.code);
    if (stillOffered) expect((await h.client.addDevice({ code: offer.code })).code_type).toBe('share');
  });
});

describe('adoption codes', () => {
  it('an adoption is pending with minutes left; unconfirmed ones expire by 15 minutes, confirmed ones join the providers', async () => {
    const before = new Set((await h.client.providerStats()).providers!.map((provider) => provider.client_id));
    const offered = h.sim.admin.codes().adopt_codes.slice(0, 8);
    expect(offered.length).toBeGreaterThan(1);
    for (const { code, device_name } of offered) {
      const added = await h.client.addDevice({ code });
      expect(added).toMatchObject({ code_type: 'adopt', code, device_name });
      expect(added.duration_minutes).toBeGreaterThan(0);
      expect(added.duration_minutes).toBeLessThanOrEqual(15);
    }
    const pending = (await h.client.deviceAssociations()).pending_adoption_devices ?? [];
    for (const { code } of offered) {
      const device = pending.find((entry) => entry.code === code);
      expect(device?.duration_minutes).toBeGreaterThan(0);
    }

    await h.advance(15 * 60 + 60);
    const after = await h.client.deviceAssociations();
    const left = (after.pending_adoption_devices ?? []).filter((entry) =>
      offered.some((o) => o.code === entry.code),
    );
    expect(left).toEqual([]);
    const joined = (await h.client.providerStats()).providers!.filter(
      (provider) => !before.has(provider.client_id),
    );
    // Some devices confirmed and joined the network, the others never did and expired.
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.length).toBeLessThan(offered.length);
    // An expired or used code cannot be added again.
    expect(await businessError(h.client.addDevice({ code: offered[0].code }))).toBe('Invalid code.');
  });
});
