// What the simulator keeps stays bounded under a long stream of storing requests
// (issue 14 item 2): names, feedback, share and auth codes, wallets, and every
// rate-limit window are capped or pruned, so nothing grows per request.
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../simulator/engine/index.ts';
import { MAX_OPEN_DEVICE_ADOPT_CODES } from '../../../simulator/engine/limits.ts';
import { base58Encode } from '../../../src/contract/wallet-address.ts';
import { MINUTE, rig } from './helpers.ts';

const context = (address: string): RequestContext => ({
  address,
  sign: (network) => `token:${network.name}`,
});
const HUGE = 'x'.repeat(1 << 16);

describe('bounded stores', () => {
  it('keep every store within its cap while requests keep coming, and empty the windows once they pass', async () => {
    const { engine, demo, advance } = rig({ era: 'current' });
    const world = engine.world;
    const own = world.networkProviders.get(0)!.map((i) => world.providers.ids.id(i));
    const devices = engine.handle('networkClients', undefined, demo).clients!.map((c) => c.device_id!);
    const first = world.shareCodes[0].code;
    const sizes = () => ({
      feedback: world.feedback.length,
      codes: world.codes.size,
      shares: world.shareCodes.length,
      authCodes: world.authCodes.size,
      logins: world.loginAttempts.size,
      users: world.userAttempts.size,
      adds: world.addAttempts.size,
      wallets: world.wallets.get(0)!.length,
    });

    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 1000; k++) {
        const n = round * 1000 + k;
        engine.handle('sendFeedback', { needs: { other: HUGE } }, demo);
        engine.handle('createShareCode', { client_id: own[n % own.length], device_name: HUGE }, demo);
        engine.handle('setAssociationName', { code: first, device_name: HUGE }, demo);
        engine.handle('setDeviceName', { device_id: devices[n % devices.length], device_name: HUGE }, demo);
        engine.handle('authCodeCreate', { duration_minutes: 10 }, demo);
        engine.handle('addDevice', { code: `no such code ${n}` }, demo);
        try {
          const key = new Uint8Array(32).fill(1 + (n % 250));
          key[0] = (n >> 8) + 1;
          engine.handle('createWallet', { blockchain: 'SOL', wallet_address: base58Encode(key) }, demo);
        } catch {
          // past the cap: 500 error creating new wallet
        }
      }
      // Every login from a new address for a new user auth: a new window each time.
      for (let k = 0; k < 10_000; k++) {
        const n = round * 10_000 + k;
        const address = `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
        engine.handle('authLogin', { user_auth: `user${n}@flood.example` }, undefined, context(address));
      }
      const now = sizes();
      expect(now.feedback).toBeLessThanOrEqual(1000);
      expect(world.shareCodes.filter((r) => r.owner === 0).length).toBeLessThanOrEqual(500);
      expect(now.codes).toBe(world.shareCodes.length + world.adoptCodes.length);
      expect(now.authCodes).toBeLessThanOrEqual(500);
      expect(now.logins).toBeLessThanOrEqual(20_000);
      expect(now.users).toBeLessThanOrEqual(20_000);
      expect(now.wallets).toBeLessThanOrEqual(100);
      await advance(MINUTE);
    }
    // The caps were reached, not merely approached.
    expect(sizes()).toMatchObject({ logins: 20_000, wallets: 100, authCodes: 500, feedback: 1000 });
    // Names and texts kept short.
    const kept = engine.handle('deviceAssociations', undefined, demo).outgoing_shared_devices!;
    expect(Math.max(...kept.map((d) => d.device_name!.length))).toBeLessThanOrEqual(256);
    expect(
      Math.max(
        ...engine.handle('networkClients', undefined, demo).clients!.map((c) => c.device_name!.length),
      ),
    ).toBe(256);
    expect(
      Math.max(...world.feedback.map((f) => (f.body as { needs: { other: string } }).needs.other.length)),
    ).toBe(4096);

    // Once their windows have passed, the ticks drop the histories and codes.
    await advance(31 * MINUTE);
    expect(sizes()).toMatchObject({ authCodes: 0, logins: 0, users: 0, adds: 0 });
    expect(engine.invariants()).toEqual([]);
  });

  it('keeps at most MAX_OPEN_DEVICE_ADOPT_CODES codes devices made that nobody added, the newest', () => {
    const { engine } = rig({ era: 'current' });
    const world = engine.world;
    const made: string[] = [];
    for (let k = 0; k < MAX_OPEN_DEVICE_ADOPT_CODES + 50; k++)
      made.push(engine.handle('createAdoptCode', { device_name: `d${k}` }).adopt_code!);
    const waiting = world.adoptCodes.filter((r) => r.device && r.state === 'open');
    expect(waiting).toHaveLength(MAX_OPEN_DEVICE_ADOPT_CODES);
    // The oldest went as if expired; the newest still answers.
    expect(engine.handle('adoptStatus', { adopt_code: made[0] })).toEqual({
      error: { message: 'Invalid adopt code.' },
    });
    expect(engine.handle('adoptStatus', { adopt_code: made.at(-1) })).toEqual({ pending: true });
    expect(world.codes.size).toBe(world.shareCodes.length + world.adoptCodes.length);
    expect(engine.invariants()).toEqual([]);
  });
});
