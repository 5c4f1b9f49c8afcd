// Providers that go dark (issue 35, item 1): a few of the demo network's, on a schedule of
// their own that begins two hours into the world at the earliest; a dark one stays
// connected, is never offered by find-providers2 and carries nothing; the admin action
// makes one dark at once.
import { describe, expect, it } from 'vitest';
import { darkNow } from '../../../simulator/engine/dark.ts';
import { mayConnect, statsProvidersOf } from '../../../simulator/engine/fleet.ts';
import { MINUTE, rig } from './helpers.ts';

const HOUR = 60 * MINUTE;

/** A find-providers2 body that asks for every public provider of the world. */
const everywhere = (engine: ReturnType<typeof rig>['engine']) => ({
  specs: engine
    .handle('providerLocations', undefined)
    .locations!.filter((l) => l.location_type === 'country')
    .map((l) => ({ location_id: l.location_id })),
  count: 1000,
});

describe('the dark providers of the schedule', () => {
  it('are one in eight of the demo network’s, none dark before two hours, each dark 8 to 14 hours on the first day', () => {
    const { engine } = rig();
    const world = engine.world;
    // Its providers that can connect (not the stale clients of its devices).
    const own = statsProvidersOf(world, 0).filter((i) => mayConnect(world, i));
    expect(own).toHaveLength(24);
    expect(world.dark.prone.size).toBe(Math.round(own.length / 8));
    for (const i of world.dark.prone) expect(own).toContain(i);
    const start = world.createdAt;
    for (let t = start; t < start + 2 * HOUR; t += MINUTE) expect(darkNow(world, t)).toEqual([]);
    for (const i of world.dark.prone) {
      const minutes = Array.from({ length: 26 * 60 }, (_, m) => darkNow(world, start + m * MINUTE)).filter(
        (dark) => dark.includes(i),
      ).length;
      expect(minutes).toBeGreaterThanOrEqual(8 * 60);
      expect(minutes).toBeLessThanOrEqual(14 * 60);
    }
  });
});

describe('a dark provider', () => {
  it('stays connected, is never offered by find-providers2 and has no search, contract or transfer in the hours it is dark', async () => {
    const { engine, demo, advance } = rig({ providers: 800, locations: 100 });
    const own = engine.handle('providerStats', undefined, demo).providers!;
    const target = own.find((p) => p.connected)!.client_id!;
    expect(engine.setProviderDark(target, 4)).toBe(engine.world.createdAt + 4 * HOUR);
    const body = everywhere(engine);
    for (let hour = 0; hour < 3; hour++) {
      await advance(HOUR);
      const offered = engine.handle('findProviders', body, demo).providers!.map((p) => p.client_id);
      expect(offered.length).toBeGreaterThan(100);
      expect(offered).not.toContain(target);
    }
    const window = engine.handle('providersLastN', { last_n: 2 }, demo).providers!;
    const dark = window.find((p) => p.client_id === target)!;
    expect(dark).toMatchObject({
      connected: true,
      search_interest_last_24h: 0,
      contracts_last_24h: 0,
      transfer_data_last_24h: 0,
      payout_last_24h: 0,
    });
    // The others carried on.
    const lit = window.filter((p) => p.client_id !== target && p.connected);
    expect(lit.every((p) => (p.transfer_data_last_24h ?? 0) > 0)).toBe(true);

    // Lit again: offered and carrying once more.
    expect(engine.setProviderDark(target, 0)).toBe(engine.world.createdAt + 3 * HOUR);
    await advance(HOUR);
    const again = engine.handle('providersLastN', { last_n: 1 }, demo).providers!;
    expect(again.find((p) => p.client_id === target)!.transfer_data_last_24h).toBeGreaterThan(0);
  });

  it('is connected when its spell begins, and refused for a client that cannot connect', () => {
    const { engine, demo } = rig();
    const down = engine.handle('providerStats', undefined, demo).providers!.find((p) => p.connected)!
      .client_id!;
    engine.setProviderConnected(down, false);
    engine.setProviderDark(down, 2);
    expect(
      engine.handle('providerStats', undefined, demo).providers!.find((p) => p.client_id === down)!.connected,
    ).toBe(true);
    expect(engine.setProviderDark('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', 2)).toBeUndefined();
    const stale = engine.world.providers.ids.id(engine.world.fleet.staleFrom);
    expect(engine.setProviderDark(stale, 2)).toMatch(/stale client/);
  });
});
