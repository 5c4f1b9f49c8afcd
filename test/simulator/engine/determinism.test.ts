import { describe, expect, it } from 'vitest';
import type { Era } from '../../../src/contract/eras.ts';
import { MINUTE, rig } from './helpers.ts';

const SECRET = new Uint8Array(32).fill(4);

/** The same script of calls and clock moves on an engine; returns every answer. */
async function script(seed: number, era: Era = 'current'): Promise<string[]> {
  // The same secret too (random unless given): the demo password follows from it.
  const { engine, demo, advance } = rig({ seed, era, secret: SECRET });
  const answers: string[] = [];
  const say = (value: unknown) => answers.push(JSON.stringify(value));
  // find-locations is a route of the seed era only.
  if (era === 'seed') say(engine.handle('findLocations', { query: 'new' }));
  say(engine.handle('findProviderLocations', { query: 'new' }));
  const listed = engine.handle('providerLocations', undefined);
  say(listed);
  say(
    engine.handle('findProviders', { specs: [{ location_id: listed.locations![0].location_id }], count: 20 }),
  );
  say(engine.codes());
  say(engine.handle('addDevice', { code: engine.codes().adopt_codes[0].code }, demo));
  await advance(3 * MINUTE);
  say(engine.handle('deviceAssociations', undefined, demo));
  say(engine.handle('providerStats', undefined, demo));
  say(engine.handle('networkStats', undefined));
  say(engine.handle('findProviders', { specs: [{ best_available: true }] }));
  return answers;
}

describe('determinism', () => {
  it('answers the same calls identically for the same seed and clock', async () => {
    expect(await script(9)).toEqual(await script(9));
    expect(await script(9, 'seed')).toEqual(await script(9, 'seed'));
  });

  it('gives a different world for a different seed', async () => {
    const [a, b] = [await script(9), await script(10)];
    for (const [k, answer] of a.entries()) expect(answer).not.toBe(b[k]);
  });

  it('resets to the same world for the same seed', () => {
    const { engine } = rig({ seed: 3 });
    const before = JSON.stringify(engine.handle('providerLocations', undefined));
    engine.tick();
    engine.reset();
    expect(JSON.stringify(engine.handle('providerLocations', undefined))).toBe(before);
    engine.reset(4);
    expect(engine.seed).toBe(4);
    expect(JSON.stringify(engine.handle('providerLocations', undefined))).not.toBe(before);
  });
});

describe('invariants', () => {
  it('hold after many ticks with adoptions and shares going on', async () => {
    const { engine, demo, advance } = rig({ providers: 2000, locations: 200 });
    const guestRef = engine.ensureNetwork('guest');
    const guest = { networkId: guestRef.id, networkName: guestRef.name };
    const own = engine.world.networkProviders.get(0)!;
    for (let round = 0; round < 12; round++) {
      // Codes whose device confirms go to the demo network, the others to the guest.
      for (const record of engine.world.adoptCodes.filter((r) => r.state === 'open').slice(0, 2))
        engine.handle('addDevice', { code: record.code }, record.confirms ? demo : guest);
      const share = engine.codes().share_codes[0];
      if (share) engine.handle('addDevice', { code: share.code }, demo);
      const client = engine.world.providers.ids.id(own[round % own.length]);
      engine.handle('createShareCode', { client_id: client }, demo);
      engine.handle('providerStats', undefined, guest);
      await advance(10 * MINUTE);
      expect(engine.invariants()).toEqual([]);
    }
    // Some adoptions confirmed: the demo network grew.
    expect(engine.handle('providerStats', undefined, demo).providers!.length).toBeGreaterThan(24);
  });
});
