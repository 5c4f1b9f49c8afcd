// Ids come from uuidOf, built from character codes: the same text as the template of hex
// parts it replaced (worlds are seeded output), as one flat string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProviderIds } from '../../../simulator/world/ids.ts';
import { uuidOf } from '../../../simulator/world/prng.ts';

const hex8 = (value: number) => (value >>> 0).toString(16).padStart(8, '0');

function templateUuid(a: number, b: number, c: number, d: number): string {
  const hb = hex8(b);
  const hc = hex8(((c & 0x3fffffff) | 0x80000000) >>> 0);
  return `${hex8(a)}-${hb.slice(0, 4)}-4${hb.slice(5, 8)}-${hc.slice(0, 4)}-${hc.slice(4, 8)}${hex8(d)}`;
}

describe('uuidOf', () => {
  it('writes the words as the hex template did', () => {
    const word = fc.integer({ min: 0, max: 2 ** 32 - 1 });
    fc.assert(
      fc.property(word, word, word, word, (a, b, c, d) => {
        expect(uuidOf(a, b, c, d)).toBe(templateUuid(a, b, c, d));
      }),
      { numRuns: 2000 },
    );
    expect(uuidOf(0, 0, 0, 0)).toBe('00000000-0000-4000-8000-000000000000');
    expect(uuidOf(-1, -1, -1, -1)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('gives provider ids of the same form, which index() reads back', () => {
    const ids = new ProviderIds(7);
    for (const index of [0, 1, 999, 65_535, 1_000_000]) {
      const id = ids.id(index);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ids.index(id, 2_000_000)).toBe(index);
    }
  });
});
