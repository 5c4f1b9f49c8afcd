// The simulator names its world from a copy of Faker's word lists and draws own-device
// names as a seeded Faker would, without loading Faker: both must stay exactly Faker's
// (seeded worlds are part of the product).
import { describe, expect, it } from 'vitest';
import { FakerPicks } from '../../../simulator/world/faker-picks.ts';
import { fakerOwnDeviceNames, fakerWordLists } from '../../../simulator/world/faker-source.ts';
import { DEVICE_KINDS, Names } from '../../../simulator/world/names.ts';
import { WORDS } from '../../../simulator/world/words.ts';

describe('word lists', () => {
  it("are Faker's English lists (else run npm run words)", () => {
    expect(WORDS).toEqual(fakerWordLists());
  });
});

describe('own-device names', () => {
  it.each([0, 1, 2, 7, 42, -5, 123_456_789, 2 ** 31 - 1, -(2 ** 31)])(
    'are the names a Faker seeded with %i gives',
    (seed) => {
      const names = new Names(seed);
      const ours = Array.from({ length: 1500 }, () => names.ownDevice());
      expect(ours).toEqual(fakerOwnDeviceNames(seed, 1500, DEVICE_KINDS));
    },
  );

  it('draw uniformly enough to use every kind and many first names', () => {
    const picks = new FakerPicks(3);
    const kinds = new Set(Array.from({ length: 500 }, () => picks.arrayElement(DEVICE_KINDS)));
    const firsts = new Set(Array.from({ length: 500 }, () => picks.firstName()));
    expect(kinds.size).toBe(DEVICE_KINDS.length);
    expect(firsts.size).toBeGreaterThan(300);
  });
});
