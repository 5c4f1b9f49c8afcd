// The meter of an answer's structure: what it counts of any JSON text, however the text is
// cut into chunks (a string, an escape or a character split between two of them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ShapeLimits, shapeMeter } from '../../src/api/answer-shape.ts';

/** Items (each object, list and separator), depth and the most members of one object of `value`. */
function shapeOf(value: unknown, depth = 0): { items: number; depth: number; members: number } {
  if (value === null || typeof value !== 'object') return { items: 0, depth, members: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  const own = { items: 1 + Math.max(0, children.length - 1), depth: depth + 1 };
  const members = Array.isArray(value) ? 0 : Math.max(1, children.length);
  return children
    .map((child) => shapeOf(child, depth + 1))
    .reduce(
      (sum, child) => ({
        items: sum.items + child.items,
        depth: Math.max(sum.depth, child.depth),
        members: Math.max(sum.members, child.members),
      }),
      { ...own, members },
    );
}

/** The meter's verdict on `text` fed in pieces cut at `cuts`. */
function verdict(text: string, limits: ShapeLimits, cuts: number[]) {
  const bytes = Buffer.from(text);
  const meter = shapeMeter(limits);
  const at = [0, ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
  for (let i = 1; i < at.length; i++) {
    const problem = meter(bytes.subarray(at[i - 1], at[i]));
    if (problem) return problem.limit;
  }
  return undefined;
}

describe('shapeMeter', () => {
  it('counts exactly what the value holds, in any chunks: at each limit it passes, one under it refuses', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.nat(), { maxLength: 8 }), (value, cuts) => {
        const text = JSON.stringify(value);
        const shape = shapeOf(value);
        const exact = { items: shape.items, depth: shape.depth, members: Math.max(1, shape.members) };
        expect(verdict(text, exact, cuts)).toBeUndefined();
        if (shape.items > 0) expect(verdict(text, { ...exact, items: shape.items - 1 }, cuts)).toBeDefined();
        if (shape.depth > 0) expect(verdict(text, { ...exact, depth: shape.depth - 1 }, cuts)).toBeDefined();
        if (shape.members > 1)
          expect(verdict(text, { ...exact, members: shape.members - 1 }, cuts)).toBe('members');
      }),
      { numRuns: 300 },
    );
  });

  it('reads brackets, commas and escaped quotes in strings as text', () => {
    const text = JSON.stringify({ a: '\\"[{,}]"\\', b: ['"', '\\', ',,,'] });
    const limits = { items: 5, depth: 2, members: 2 };
    for (let cut = 0; cut <= text.length; cut++) expect(verdict(text, limits, [cut])).toBeUndefined();
  });
});
