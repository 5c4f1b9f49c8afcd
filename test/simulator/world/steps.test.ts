import { describe, expect, it } from 'vitest';
import { createEngine, createEngineInSlices } from '../../../simulator/engine/index.ts';
import { eraProfile } from '../../../simulator/eras/index.ts';
import { SearchIndex, searchIndexSteps } from '../../../simulator/world/search.ts';
import { Pending, runSteps, type Steps } from '../../../simulator/world/steps.ts';
import { ManualClock } from '../../../src/clock.ts';

const NOW = Date.UTC(2026, 0, 1);
const options = (era: 'seed' | 'current') => ({
  seed: 4,
  profile: eraProfile(era),
  clock: new ManualClock(NOW),
  providers: 40_000,
  locations: 3_000,
});

describe('a world built in time slices', () => {
  it('answers as the world built at once, and reports growing progress on the way', async () => {
    const progress: number[] = [];
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const sliced = await createEngineInSlices(options('current'), {
      sliceMs: 1,
      onProgress: (f) => progress.push(f),
    });
    clearInterval(timer);
    const atOnce = createEngine(options('current'));
    for (const name of ['providerLocations', 'networkStats'] as const)
      expect(sliced.handle(name, undefined)).toEqual(atOnce.handle(name, undefined));
    expect(sliced.handle('findProviderLocations', { query: 'ger' })).toEqual(
      atOnce.handle('findProviderLocations', { query: 'ger' }),
    );
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
    // Timers ran between the slices: the process stayed alive.
    expect(turns).toBeGreaterThan(0);
  });
});

describe('the search index built ahead', () => {
  it.each(['seed', 'current'] as const)('finds what a first search would (%s era)', async (era) => {
    const prepared = createEngine(options(era));
    await prepared.prepareSearch({ sliceMs: 1 });
    const cold = createEngine(options(era));
    const operation = era === 'seed' ? 'findLocations' : 'findProviderLocations';
    for (const query of ['ger', 'san', 'nordic', 'lke', 'de'])
      expect(prepared.handle(operation, { query })).toEqual(cold.handle(operation, { query }));
  });

  it('a search while it is being built finishes it at once and gets the same answer', async () => {
    const engine = createEngine(options('current'));
    const building = engine.prepareSearch({ sliceMs: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    const during = engine.handle('findProviderLocations', { query: 'united' });
    await building;
    expect(engine.handle('findProviderLocations', { query: 'united' })).toEqual(during);
    expect(during).toEqual(
      createEngine(options('current')).handle('findProviderLocations', { query: 'united' }),
    );
  });

  it('orders strings as a plain sort does (sorted bucket by bucket)', () => {
    const texts = [
      'b',
      'a',
      'a ',
      'aa',
      'ab',
      'a b',
      'é',
      'z',
      'zz',
      'z a',
      'ä',
      'aé',
      'a',
      'ba',
      ' a',
      '日本',
      'b c',
    ];
    const entries = texts.map((text, ref) => ({ text, ref }));
    const index = runSteps(searchIndexSteps(entries));
    const plain = new SearchIndex(entries);
    expect(index.size).toBe(new Set(texts).size);
    for (const query of ['a', 'b', 'z', 'ä', 'a b', 'é'])
      expect([...index.search(query, 1)].sort()).toEqual([...plain.search(query, 1)].sort());
    expect((index as unknown as { strings: string[] }).strings).toEqual([...new Set(texts)].sort());
  });
});

describe('Pending', () => {
  function* counted(log: number[]): Steps<string> {
    for (let i = 0; i < 5; i++) {
      log.push(i);
      yield i / 5;
    }
    return 'done';
  }

  it('runs each step once, whether in slices, at once, or both', async () => {
    const log: number[] = [];
    const pending = new Pending(counted(log));
    const slices = pending.inSlices({ sliceMs: 0 });
    expect(pending.now()).toBe('done');
    expect(await slices).toBe('done');
    expect(log).toEqual([0, 1, 2, 3, 4]);
  });
});
