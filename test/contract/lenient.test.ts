// The fast response parser must answer exactly what zod answers: same success, same
// data (values, key order, keys holding undefined), and zod's own issue on failure.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import { createEngine } from '../../simulator/engine/index.ts';
import { ManualClock } from '../../src/clock.ts';
import { endpoints, type OperationName } from '../../src/contract/endpoints.ts';
import { lenientParse } from '../../src/contract/lenient.ts';
import * as s from '../../src/contract/schemas.ts';

interface Def {
  type: string;
  format?: string;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 4 }),
  fc.constant([]),
  fc.constant({}),
  fc.constant(2 ** 60),
  fc.constant(1.5),
);

/** Values shaped like `schema` most of the time, with wrong types, nulls, gaps and extra keys. */
function shapedLike(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  let right: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      right = fc.string({ maxLength: 6 });
      break;
    case 'boolean':
      right = fc.boolean();
      break;
    case 'number':
      right = def.format === 'safeint' ? fc.integer() : fc.oneof(fc.integer(), fc.double({ noNaN: true }));
      break;
    case 'enum':
      right = fc.constantFrom(...Object.values(def.entries ?? {}));
      break;
    case 'optional':
    case 'nullable':
      right = fc.oneof(fc.constant(undefined), fc.constant(null), shapedLike(def.innerType!, depth));
      break;
    case 'pipe':
      right = shapedLike(def.in!, depth);
      break;
    case 'union':
      right = fc.oneof(...(def.options ?? []).map((option) => shapedLike(option, depth)));
      break;
    case 'array':
      right = depth > 3 ? fc.constant([]) : fc.array(shapedLike(def.element!, depth + 1), { maxLength: 3 });
      break;
    case 'record':
      right = fc.dictionary(fc.string({ maxLength: 3 }), shapedLike(def.valueType!, depth + 1), {
        maxKeys: 3,
      });
      break;
    case 'object': {
      const entries = Object.entries(def.shape ?? {}).map(
        ([key, field]) =>
          [key, fc.option(shapedLike(field, depth + 1), { nil: undefined, freq: 4 })] as const,
      );
      right = fc
        .tuple(
          fc.record(Object.fromEntries(entries)),
          fc.dictionary(fc.constantFrom('extra', 'other', 'name', 'x'), junk, { maxKeys: 2 }),
          fc.boolean(),
        )
        .map(([known, extra, extraFirst]) => {
          const out: Record<string, unknown> = {};
          // Keys left undefined by the generator are absent from the JSON.
          const add = (from: Record<string, unknown>) => {
            for (const [key, value] of Object.entries(from)) if (value !== undefined) out[key] = value;
          };
          if (extraFirst) add(extra);
          add(known as Record<string, unknown>);
          if (!extraFirst) add(extra);
          return out;
        });
      break;
    }
    default:
      right = junk;
  }
  return fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: junk, weight: 1 });
}

/** Deep equality that also compares key order and keys holding undefined. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) return false;
  return ka.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function agrees(schema: z.ZodType, value: unknown): void {
  const json = JSON.parse(JSON.stringify(value) ?? 'null');
  const fast = lenientParse(schema, json);
  const slow = schema.safeParse(json);
  expect(fast.success).toBe(slow.success);
  if (fast.success && slow.success) expect(same(fast.data, slow.data)).toBe(true);
  else expect(fast.error?.issues[0]).toEqual(slow.error?.issues[0]);
}

describe('lenientParse', () => {
  const responses = Object.entries(endpoints).map(([name, endpoint]) => [name, endpoint.response] as const);
  it.each([...responses, ['TokenClaims', s.TokenClaims] as const])(
    'answers what zod answers for %s',
    (_name, schema) => {
      fc.assert(
        fc.property(shapedLike(schema), (value) => agrees(schema, value)),
        { numRuns: 300 },
      );
    },
  );

  it('answers what zod answers for every response of a seeded simulator', () => {
    const engine = createEngine({ seed: 3, clock: new ManualClock(), locations: 300, ownProviders: 5 });
    const caller = { networkId: engine.demoNetwork.id, networkName: engine.demoNetwork.name };
    const gets: OperationName[] = [
      'providerLocations',
      'networkStats',
      'getPayoutWallet',
      'deviceAssociations',
      'providerStats',
    ];
    for (const name of gets) agrees(endpoints[name].response, engine.handle(name, undefined, caller));
    agrees(endpoints.findLocations.response, engine.handle('findLocations', { query: 'san' }));
    agrees(endpoints.findProviders.response, engine.handle('findProviders', { count: 20 }));
  });

  it('leaves a valid answer to zod never (the fast path covers every response schema)', () => {
    const engine = createEngine({ seed: 1, clock: new ManualClock(), locations: 200 });
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const schema: z.ZodType = endpoint.response;
      const spy = vi.spyOn(schema, 'safeParse');
      const value = name === 'providerLocations' ? engine.handle('providerLocations', undefined) : {};
      expect(lenientParse(schema, JSON.parse(JSON.stringify(value))).success, name).toBe(true);
      expect(spy, name).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it('keeps the path of the first bad field', () => {
    const result = lenientParse(s.LocationResult, { locations: [{ name: 'x' }, { provider_count: 'many' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['locations', 1, 'provider_count']);
  });
});
