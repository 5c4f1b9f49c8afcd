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
    expect(engine.handle('providerStats', undefined, demo).providers!.length).toBe(24);
  });

  it('refuses an expired, claimed, unknown or own code with Invalid code.', async () => {
    const { engine, demo, advance } = rig();
    const invalid = { error: { message: 'Invalid code.' } };
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

  it('rate-limits adds to 10 attempts per 30 minutes, failures included', async () => {
    const { engine, demo, advance } = rig();
    for (let k = 0; k < 10; k++) engine.handle('addDevice', { code: `wrong ${k}` }, demo);
    const code = engine.codes().adopt_codes[0].code;
    expect(engine.handle('addDevice', { code }, demo)).toEqual({ error: { message: 'Invalid code.' } });
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
    await advance(5 * MINUTE);
    expect(incoming()?.pending).toBe(false);
    expect(engine.invariants()).toEqual([]);
  });

  it('creates a share code that another network adds, visible on both sides, then confirmed', async () => {
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
    await advance(5 * MINUTE);
    expect(outgoing()?.pending).toBe(false);
    expect(incoming()?.pending).toBe(false);
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
    await advance(6 * MINUTE);
    expect(outgoing().pending).toBe(false);
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
