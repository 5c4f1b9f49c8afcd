import { describe, expect, it } from 'vitest';
import { ADOPT_TTL_MS } from '../../../simulator/engine/associations.ts';
import { MINUTE, rig } from './helpers.ts';

const WORDS = /^[a-z]+( [a-z]+){5}$/;

describe('device associations', () => {
  it('keeps live six-word adoption and share codes for the demo network to try', () => {
    const { engine } = rig();
    const codes = engine.codes();
    expect(codes.adopt_codes.length).toBeGreaterThan(1);
    expect(codes.share_codes.length).toBeGreaterThan(1);
    for (const { code } of [...codes.adopt_codes, ...codes.share_codes]) expect(code).toMatch(WORDS);
    expect(codes.share_codes.every((c) => c.network_name !== 'demo')).toBe(true);
    expect(codes.wallets.length).toBeGreaterThan(0);
  });

  it('adds an adoption code: pending with minutes left counting down, then confirmed and joined', async () => {
    const { engine, demo, advance } = rig();
    const record = engine.world.adoptCodes.find((r) => r.state === 'open' && r.confirms)!;
    const result = engine.handle('addDevice', { code: record.code }, demo);
    expect(result).toEqual({
      code_type: 'adopt',
      code: record.code,
      device_name: record.deviceName,
      // A non-pointer id: the zero id, never left out.
      client_id: '00000000-0000-0000-0000-000000000000',
      duration_minutes: 15,
    });
    const pending = () => engine.handle('deviceAssociations', undefined, demo).pending_adoption_devices!;
    expect(pending()).toEqual([
      { code: record.code, device_name: record.deviceName, duration_minutes: 15, pending: true },
    ]);
    await advance(30_000);
    expect(pending()[0].duration_minutes).toBeCloseTo(14.5);
    const before = engine.handle('providerStats', undefined, demo).providers!.length;
    await advance(4 * MINUTE);
    expect(pending()).toEqual([]);
    const stats = engine.handle('providerStats', undefined, demo).providers!;
    expect(stats.length).toBe(before + 1);
    const joined = stats.find((p) => p.client_id === engine.world.providers.ids.id(record.client))!;
    // (No provide_mode: today's /stats/providers does not send it.)
    expect(joined).toMatchObject({ connected: true });
    expect(engine.invariants()).toEqual([]);
  });

  it('lets an unconfirmed adoption expire 15 simulated minutes after its code was made', async () => {
    const { engine, demo, advance } = rig();
    const record = engine.world.adoptCodes.find((r) => r.state === 'open' && !r.confirms)!;
    expect(engine.handle('addDevice', { code: record.code }, demo)).toMatchObject({ code_type: 'adopt' });
    const pending = () => engine.handle('deviceAssociations', undefined, demo).pending_adoption_devices!;
    await advance(ADOPT_TTL_MS - MINUTE);
    expect(pending().map((d) => d.code)).toEqual([record.code]);
    expect(pending()[0].duration_minutes).toBeCloseTo(1);
    await advance(MINUTE);
    expect(pending()).toEqual([]);
    expect(engine.handle('providerStats', undefined, demo).providers!.length).toBe(
      24 + engine.world.fleet.staleCount,
    );
  });

  it('refuses an expired, claimed, unknown or own code with Invalid code.', async () => {
    const { engine, demo, advance } = rig();
    const invalid = {
      client_id: '00000000-0000-0000-0000-000000000000',
      error: { message: 'Invalid code.' },
    };
    const add = (code: string) => engine.handle('addDevice', { code }, demo);
    const [first, second] = engine.codes().adopt_codes;
    expect(add(first.code)).toMatchObject({ code_type: 'adopt' });
    expect(add(first.code)).toEqual(invalid);
    expect(add('abandon ability able about above absent')).toEqual(invalid);
    expect(engine.handle('addDevice', {}, demo)).toEqual(invalid);
    const own = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![0]);
    const { share_code } = engine.handle('createShareCode', { client_id: own, device_name: 'Mine' }, demo);
    expect(add(share_code!)).toEqual(invalid);
    await advance(ADOPT_TTL_MS);
    expect(add(second.code)).toEqual(invalid);
  });

  it('rate-limits adds: the 10th call in 30 minutes is refused, failures included', async () => {
    const { engine, demo, advance } = rig();
    for (let k = 0; k < 9; k++) engine.handle('addDevice', { code: `wrong ${k}` }, demo);
    const code = engine.codes().adopt_codes[0].code;
    expect(engine.handle('addDevice', { code }, demo)).toEqual({
      client_id: '00000000-0000-0000-0000-000000000000',
      error: { message: 'Invalid code.' },
    });
    // Another network is not limited.
    const other = engine.ensureNetwork('friends');
    const guest = { networkId: other.id, networkName: other.name };
    expect(engine.handle('addDevice', { code }, guest)).toMatchObject({ code_type: 'adopt' });
    await advance(30 * MINUTE);
    const fresh = engine.codes().adopt_codes[0].code;
    expect(engine.handle('addDevice', { code: fresh }, demo)).toMatchObject({ code_type: 'adopt' });
  });

  it('adds another network share code: incoming pending, then confirmed by its owner', async () => {
    const { engine, demo, advance } = rig();
    const share = engine.codes().share_codes[0];
    const result = engine.handle('addDevice', { code: share.code }, demo);
    expect(result).toMatchObject({
      code_type: 'share',
      code: share.code,
      device_name: share.device_name,
      associated_network_name: share.network_name,
    });
    expect(result.client_id).toMatch(/^[0-9a-f-]{36}$/);
    const incoming = () =>
      engine
        .handle('deviceAssociations', undefined, demo)
        .incoming_shared_devices!.find((d) => d.code === share.code);
    expect(incoming()).toEqual({
      pending: true,
      code: share.code,
      device_name: share.device_name,
      client_id: result.client_id,
      network_name: share.network_name,
    });
    expect(engine.codes().share_codes.map((c) => c.code)).not.toContain(share.code);
    // Its owner, a simulated network, confirms within minutes: `pending` is then left out.
    await advance(5 * MINUTE);
    expect(incoming()).not.toHaveProperty('pending');
    expect(engine.invariants()).toEqual([]);
  });

  it('creates a share code that another network adds, visible on both sides, waiting for the owner', async () => {
    const { engine, demo, advance } = rig();
    const client = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![2]);
    const created = engine.handle('createShareCode', { client_id: client, device_name: 'Lab box' }, demo);
    expect(created.share_code).toMatch(WORDS);
    const outgoing = () =>
      engine
        .handle('deviceAssociations', undefined, demo)
        .outgoing_shared_devices!.find((d) => d.code === created.share_code);
    expect(outgoing()).toEqual({
      pending: true,
      code: created.share_code,
      device_name: 'Lab box',
      client_id: client,
    });

    const friend = engine.ensureNetwork('friend-net');
    const guest = { networkId: friend.id, networkName: friend.name };
    expect(engine.handle('addDevice', { code: created.share_code }, guest)).toMatchObject({
      code_type: 'share',
      associated_network_name: 'demo',
      client_id: client,
      device_name: 'Lab box',
    });
    expect(outgoing()).toMatchObject({ pending: true, network_name: 'friend-net' });
    const incoming = () =>
      engine
        .handle('deviceAssociations', undefined, guest)
        .incoming_shared_devices!.find((d) => d.code === created.share_code);
    expect(incoming()).toMatchObject({ pending: true, network_name: 'demo', client_id: client });
    expect(engine.invariants()).toEqual([]);
    // Nobody but the owner confirms: still pending an hour later.
    await advance(60 * MINUTE);
    expect(outgoing()?.pending).toBe(true);
    expect(
      engine.handle(
        'confirmShare',
        { share_code: created.share_code, associated_network_name: 'friend-net' },
        demo,
      ),
    ).toEqual({
      associated_network_name: 'friend-net',
    });
    expect(outgoing()).not.toHaveProperty('pending');
    expect(incoming()).not.toHaveProperty('pending');
  });

  it('plays a guest network that adds an unclaimed outgoing code as time passes', async () => {
    const { engine, demo, advance } = rig();
    const client = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![0]);
    const { share_code } = engine.handle('createShareCode', { client_id: client }, demo);
    const outgoing = () =>
      engine
        .handle('deviceAssociations', undefined, demo)
        .outgoing_shared_devices!.find((d) => d.code === share_code)!;
    expect(outgoing().network_name).toBeUndefined();
    await advance(7 * MINUTE);
    expect(outgoing().network_name).toMatch(/\S/);
    await advance(60 * MINUTE);
    expect(outgoing().pending).toBe(true);
  });

  it('refuses to share a device of another network or an unknown one', () => {
    const { engine, demo } = rig();
    const p = engine.world.providers;
    let foreign = 0;
    while (p.network[foreign] === 0) foreign++;
    const invalid = { error: { message: 'Invalid client.' } };
    expect(engine.handle('createShareCode', { client_id: p.ids.id(foreign) }, demo)).toEqual(invalid);
    expect(
      engine.handle('createShareCode', { client_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }, demo),
    ).toEqual(invalid);
    expect(engine.handle('createShareCode', {}, demo)).toEqual(invalid);
  });
});

describe('what a network does with its associations', () => {
  const ZERO = '00000000-0000-0000-0000-000000000000';

  /** A share the demo network made for its own device 3 and that network "friend-net" added. */
  function addedShare(era: 'current' | 'seed' = 'current') {
    const r = rig({ era });
    const { engine, demo } = r;
    const client = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![3]);
    const code = engine.handle('createShareCode', { client_id: client, device_name: 'Den' }, demo)
      .share_code!;
    const friend = engine.ensureNetwork('friend-net');
    const guest = { networkId: friend.id, networkName: friend.name };
    engine.handle('addDevice', { code }, guest);
    const outgoing = () =>
      engine
        .handle('deviceAssociations', undefined, demo)
        .outgoing_shared_devices!.find((d) => d.code === code);
    const incoming = () =>
      engine
        .handle('deviceAssociations', undefined, guest)
        .incoming_shared_devices!.find((d) => d.code === code);
    return { ...r, client, code, guest, outgoing, incoming };
  }

  it('share-status: pending and the guest, for any token; an unknown code is an error', () => {
    const { engine, demo, code, guest } = addedShare();
    expect(engine.handle('shareStatus', { share_code: code }, demo)).toEqual({
      pending: true,
      associated_network_name: 'friend-net',
    });
    const stranger = engine.ensureNetwork('stranger');
    expect(
      engine.handle('shareStatus', { share_code: code }, { networkId: stranger.id, networkName: 'stranger' }),
    ).toEqual({
      pending: true,
      associated_network_name: 'friend-net',
    });
    engine.handle('confirmShare', { share_code: code, associated_network_name: 'friend-net' }, demo);
    expect(engine.handle('shareStatus', { share_code: code }, guest)).toEqual({
      associated_network_name: 'friend-net',
    });
    expect(
      engine.handle('shareStatus', { share_code: 'abandon ability able about above absent' }, demo),
    ).toEqual({
      error: { message: 'Invalid share code.' },
    });
    // A share nobody has added yet: pending, no guest.
    const client = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![4]);
    const fresh = engine.handle('createShareCode', { client_id: client }, demo).share_code;
    expect(engine.handle('shareStatus', { share_code: fresh }, demo)).toEqual({ pending: true });
  });

  it('confirm-share: only the owner, naming the guest, once (current era)', () => {
    const { engine, demo, code, guest, outgoing } = addedShare();
    const invalid = { error: { message: 'Invalid code.' } };
    expect(
      engine.handle('confirmShare', { share_code: code, associated_network_name: 'friend-net' }, guest),
    ).toEqual(invalid);
    expect(
      engine.handle('confirmShare', { share_code: code, associated_network_name: 'other-net' }, demo),
    ).toEqual(invalid);
    expect(engine.handle('confirmShare', { share_code: code }, demo)).toEqual(invalid);
    expect(outgoing()?.pending).toBe(true);
    expect(
      engine.handle('confirmShare', { share_code: code, associated_network_name: 'friend-net' }, demo),
    ).toEqual({
      associated_network_name: 'friend-net',
    });
    expect(
      engine.handle('confirmShare', { share_code: code, associated_network_name: 'friend-net' }, demo),
    ).toEqual(invalid);
    // A share no guest has added cannot be confirmed.
    const client = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![4]);
    const fresh = engine.handle('createShareCode', { client_id: client }, demo).share_code;
    expect(engine.handle('confirmShare', { share_code: fresh, associated_network_name: '' }, demo)).toEqual(
      invalid,
    );
  });

  it('confirm-share in the seed era: any network could confirm', () => {
    const { engine, code, guest, incoming } = addedShare('seed');
    expect(
      engine.handle('confirmShare', { share_code: code, associated_network_name: 'friend-net' }, guest),
    ).toEqual({
      associated_network_name: 'friend-net',
    });
    expect(incoming()).not.toHaveProperty('pending');
  });

  it('set-association-name: each side names the association for itself', () => {
    const { engine, demo, code, guest, outgoing, incoming } = addedShare();
    expect(engine.handle('setAssociationName', { code, device_name: 'Front desk' }, demo)).toEqual({});
    expect(outgoing()?.device_name).toBe('Front desk');
    expect(incoming()?.device_name).toBe('Den');
    expect(engine.handle('setAssociationName', { code, device_name: 'Their den' }, guest)).toEqual({});
    expect(incoming()?.device_name).toBe('Their den');
    expect(outgoing()?.device_name).toBe('Front desk');
    const stranger = engine.ensureNetwork('stranger');
    const other = { networkId: stranger.id, networkName: 'stranger' };
    expect(engine.handle('setAssociationName', { code, device_name: 'x' }, other)).toEqual({
      error: { message: 'Invalid code.' },
    });
    // Names are kept to 256 characters.
    engine.handle('setAssociationName', { code, device_name: 'n'.repeat(10_000) }, demo);
    expect(outgoing()?.device_name).toBe('n'.repeat(256));
  });

  it('set-association-name renames a pending adoption, and the device joins under that name', async () => {
    const { engine, demo, advance } = rig({ era: 'current' });
    const record = engine.world.adoptCodes.find((r) => r.state === 'open' && r.confirms)!;
    engine.handle('addDevice', { code: record.code }, demo);
    expect(
      engine.handle('setAssociationName', { code: record.code, device_name: 'Garage pi' }, demo),
    ).toEqual({});
    expect(
      engine.handle('deviceAssociations', undefined, demo).pending_adoption_devices![0].device_name,
    ).toBe('Garage pi');
    await advance(4 * MINUTE);
    const names = (engine.handle('networkClients', undefined, demo).clients ?? []).map((c) => c.device_name);
    expect(names).toContain('Garage pi');
  });

  it('remove-association: owner or guest removes a share, the adopter a pending adoption', () => {
    const { engine, demo, code, guest, outgoing, incoming } = addedShare();
    const stranger = engine.ensureNetwork('stranger');
    const other = { networkId: stranger.id, networkName: 'stranger' };
    expect(engine.handle('removeAssociation', { code }, other)).toEqual({
      error: { message: 'Invalid code.' },
    });
    expect(engine.handle('removeAssociation', { code }, guest)).toEqual({});
    expect(incoming()).toBeUndefined();
    expect(outgoing()).toBeUndefined();
    expect(engine.handle('removeAssociation', { code }, demo)).toEqual({
      error: { message: 'Invalid code.' },
    });
    expect(engine.handle('shareStatus', { share_code: code }, demo)).toEqual({
      error: { message: 'Invalid share code.' },
    });

    const adopt = engine.codes().adopt_codes[0].code;
    expect(engine.handle('addDevice', { code: adopt }, demo)).toMatchObject({
      code_type: 'adopt',
      client_id: ZERO,
    });
    expect(engine.handle('removeAssociation', { code: adopt }, other)).toEqual({
      error: { message: 'Invalid code.' },
    });
    expect(engine.handle('removeAssociation', { code: adopt }, demo)).toEqual({});
    expect(engine.handle('deviceAssociations', undefined, demo).pending_adoption_devices).toEqual([]);
  });

  it('refuses share code number 501 of a network with Too many share codes.', () => {
    const { engine, demo } = rig();
    const own = engine.world.networkProviders.get(0)!;
    const live = engine.world.shareCodes.filter((r) => r.owner === 0).length;
    for (let k = live; k < 500; k++) {
      const client = engine.world.providers.ids.id(own[k % own.length]);
      expect(engine.handle('createShareCode', { client_id: client }, demo)).toHaveProperty('share_code');
    }
    const client = engine.world.providers.ids.id(own[0]);
    expect(engine.handle('createShareCode', { client_id: client }, demo)).toEqual({
      error: { message: 'Too many share codes.' },
    });
    // Removing one makes room again.
    const one = engine.world.shareCodes.find((r) => r.owner === 0)!;
    engine.handle('removeAssociation', { code: one.code }, demo);
    expect(engine.handle('createShareCode', { client_id: client }, demo)).toHaveProperty('share_code');
  });

  it('keeps a share name to 256 characters', () => {
    const { engine, demo } = rig();
    const client = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![0]);
    const { share_code } = engine.handle(
      'createShareCode',
      { client_id: client, device_name: '😀'.repeat(300) },
      demo,
    );
    const shown = engine
      .handle('deviceAssociations', undefined, demo)
      .outgoing_shared_devices!.find((d) => d.code === share_code)!.device_name!;
    expect([...shown]).toHaveLength(256);
  });

  it('starts the demo network with a share a guest added that waits for its confirmation', () => {
    const { engine, demo } = rig({ era: 'current' });
    const waiting = engine
      .handle('deviceAssociations', undefined, demo)
      .outgoing_shared_devices!.filter((d) => d.pending && d.network_name);
    expect(waiting).toHaveLength(1);
    const [share] = waiting;
    expect(
      engine.handle(
        'confirmShare',
        { share_code: share.code, associated_network_name: share.network_name },
        demo,
      ),
    ).toEqual({ associated_network_name: share.network_name });
  });
});
