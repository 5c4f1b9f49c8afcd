// Responses a hostile or broken server could send that the contract's schemas still
// accept, generated from the schemas themselves: extreme numbers (the largest safe
// integers, times beyond a Date's range, tiny and huge doubles), hostile and huge
// strings, nulls, missing fields and unknown fields.
import fc from 'fast-check';
import type { z } from 'zod';
import { endpoints, type OperationName } from '../../src/contract/endpoints.ts';
import { readAs } from '../../src/contract/schemas.ts';

/** Strings made to act on a terminal, reorder or hide text, or break a layout. */
export const HOSTILE_STRINGS = [
  '\u001b[2J\u001b[H',
  '\u001b]0;pwned\u0007',
  '\u001b]52;c;c2VjcmV0\u0007',
  '\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\',
  '\u009b31m\u009d0;x\u009c',
  'line\r\nbreak\rover\u0085',
  'gnp.\u202eexe\u2066\u2069\u200f',
  'in\u200bvis\u2060ible\ufeff\u{e0041}',
  '\u0007\u0008\u007f\u0000',
  '表示東京'.repeat(20),
  '🙂👩\u200d💻',
  '\ud800 lone',
  '',
  ' ',
  '-1',
  'NaN',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z',
  '9999-12-31T23:59:59.999999999Z',
  '2026-01-01T00:00:00.123456789Z',
  'not a time',
  '00000000-0000-0000-0000-000000000000',
] as const;

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.uuid(), weight: 2 },
  {
    // Huge: a name a hundred thousand characters long, with escapes inside.
    arbitrary: fc
      .constantFrom(...HOSTILE_STRINGS)
      .map((bad) => `${'x'.repeat(50_000)}${bad}${'y'.repeat(50_000)}`),
    weight: 1,
  },
);

const EXTREME_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  8.64e15,
  8.64e15 + 1,
  -8.64e15 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-300,
];
const extremeInteger = fc.oneof(
  fc.constantFrom(...EXTREME_NUMBERS.filter(Number.isSafeInteger)),
  fc.maxSafeInteger(),
  fc.integer({ min: -100, max: 100_000 }),
);
const extremeNumber = fc.oneof(
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  extremeInteger,
);

type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  in?: z.ZodType;
  format?: string;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values `schema` accepts, leaning on the extremes. */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return arbitraryOf(def.innerType!, depth);
    case 'nullable':
      return fc.oneof(
        { arbitrary: fc.constant(null), weight: 1 },
        { arbitrary: arbitraryOf(def.innerType!, depth), weight: 4 },
      );
    case 'string':
      return hostileString;
    case 'number':
      return def.format === 'safeint' || def.format === 'int32' ? extremeInteger : extremeNumber;
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf(def.element!, depth + 1), { maxLength: depth > 1 ? 2 : 6 });
    case 'record':
      return fc.dictionary(hostileString, arbitraryOf(def.valueType!, depth + 1), { maxKeys: 6 });
    case 'union':
      return fc.oneof(...def.options!.map((option) => arbitraryOf(option, depth)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'pipe':
      return arbitraryOf(def.in!, depth);
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(def.shape!).map(([key, field]) => [key, arbitraryOf(field, depth + 1)]),
      );
      // Every field may be missing; a loose object may carry fields nobody knows.
      const known = fc.record(fields, { requiredKeys: [] });
      if (defOf(def.catchall ?? (schema as z.ZodType)).type !== 'unknown') return known;
      return fc
        .tuple(known, fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
        .map(([fields, extra]) => ({ ...extra, ...fields }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One response per operation, each one its schema accepts. */
export function responsesFor<K extends OperationName>(
  operations: readonly K[],
): fc.Arbitrary<Record<K, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of operations) {
    const schema = endpoints[name].response;
    model[name] = arbitraryOf(schema).filter((value) => readAs(schema, structuredClone(value)).success);
  }
  return fc.record(model) as fc.Arbitrary<Record<K, unknown>>;
}

/** The operation a request belongs to. */
export function operationOf(method: string, path: string): OperationName | undefined {
  const bare = path.split('?')[0];
  return (Object.keys(endpoints) as OperationName[]).find(
    (name) => endpoints[name].path === bare && endpoints[name].method === method,
  );
}

/**
 * Runs per property (FUZZ_RUNS, default 20: the suite's share; FUZZ_RUNS=200 looks
 * further), a seed to replay a failure (FUZZ_SEED), a time limit per run (a run that hangs
 * fails with its seed), and one for the whole property, three quarters of the test's
 * `timeoutMs` (shrinking a failure of slow runs stops there and reports the smallest case
 * found so far, instead of the test timing out with nothing said: the commands' 60 s test
 * timed out under its 90 s limit on a loaded machine).
 */
export function fuzzSettings(timeoutMs: number) {
  const seed = process.env.FUZZ_SEED;
  return {
    numRuns: Number(process.env.FUZZ_RUNS ?? 20),
    timeout: 20_000,
    interruptAfterTimeLimit: timeoutMs * 0.75,
    ...(seed ? { seed: Number(seed) } : {}),
  };
}
