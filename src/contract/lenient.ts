// A fast path for parsing responses with their zod schema. Zod 4 walks a big answer
// (provider-locations: thousands of locations, a dozen fields each) through its generic
// machinery: ~20 ms on the console's first answer, code still cold. This compiles a
// schema, once, into plain closures that do exactly what zod does for input that parses
// (same output objects, same key order, `null` read as absent, unknown fields kept), and
// give up at the first problem: zod then parses the value itself, so every failure still
// has zod's issue and path. A schema using anything not recognised here is always left
// to zod.
import type * as z from 'zod';

const FAIL: unique symbol = Symbol('fail');
type Fast = (value: unknown) => unknown;

/** The transform of `opt()` fields (schemas.ts): `null` read as absent. */
export const absentIfNull = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

interface Def {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  format?: string;
  entries?: Record<string, unknown>;
  options?: z.ZodType[];
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  transform?: unknown;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  mode?: string;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const optinOf = (schema: z.ZodType): string | undefined =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto = (ctor as { prototype?: unknown }).prototype;
  return isObject(proto) && Object.hasOwn(proto, 'isPrototypeOf');
}

/** A fast parser for `schema`, or undefined when it uses something not handled here. */
function compile(schema: z.ZodType): Fast | undefined {
  const def = defOf(schema);
  if (def.coerce || (def.checks && def.checks.length > 0)) return undefined;
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : FAIL);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : FAIL);
    case 'unknown':
      return (v) => v;
    case 'number':
      if (def.format === undefined) return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL);
      if (def.format === 'safeint') return (v) => (Number.isSafeInteger(v) ? v : FAIL);
      return undefined;
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => (values.has(v) ? v : FAIL);
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return inner && ((v) => (v === undefined ? undefined : inner(v)));
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return inner && ((v) => (v === null ? null : inner(v)));
    }
    case 'pipe': {
      const input = compile(def.in!);
      const out = defOf(def.out!);
      if (!input || out.type !== 'transform' || out.transform !== absentIfNull) return undefined;
      return (v) => {
        const r = input(v);
        return r === FAIL ? FAIL : (r ?? undefined);
      };
    }
    case 'union': {
      const options = (def.options ?? []).map(compile);
      if (options.length === 0 || options.some((option) => !option)) return undefined;
      const fast = options as Fast[];
      return (v) => {
        for (const option of fast) {
          const r = option(v);
          if (r !== FAIL) return r;
        }
        return FAIL;
      };
    }
    case 'array': {
      const element = compile(def.element!);
      if (!element) return undefined;
      return (v) => {
        if (!Array.isArray(v)) return FAIL;
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          const r = element(v[i]);
          if (r === FAIL) return FAIL;
          out[i] = r;
        }
        return out;
      };
    }
    case 'record': {
      const key = defOf(def.keyType!);
      const value = compile(def.valueType!);
      if (!value || key.type !== 'string' || key.checks?.length || def.mode) return undefined;
      return (v) => {
        if (!isPlainObject(v)) return FAIL;
        const out: Record<string, unknown> = {};
        for (const k of Reflect.ownKeys(v)) {
          if (typeof k !== 'string') return FAIL;
          if (k === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, k)) continue;
          const r = value(v[k]);
          if (r === FAIL) return FAIL;
          out[k] = r;
        }
        return out;
      };
    }
    case 'object':
      return compileObject(def);
    default:
      return undefined;
  }
}

function compileObject(def: Def): Fast | undefined {
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const keys = Object.keys(shape).filter((key) => key !== '__proto__');
  const fields: { key: string; parse: Fast; mayBeAbsent: boolean }[] = [];
  for (const key of keys) {
    const parse = compile(shape[key]);
    if (!parse) return undefined;
    const optin = optinOf(shape[key]);
    // An absent optional field leaves no key when its schema makes nothing of `undefined`.
    if (optin !== undefined && (optin !== 'optional' || parse(undefined) !== undefined)) return undefined;
    fields.push({ key, parse, mayBeAbsent: optin === 'optional' });
  }
  const catchall = def.catchall === undefined ? undefined : defOf(def.catchall).type;
  if (catchall !== undefined && catchall !== 'unknown') return undefined;
  const keySet = new Set(Object.keys(shape));
  return (v) => {
    if (!isObject(v)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      if (!(field.key in v)) {
        if (field.mayBeAbsent) continue;
        return FAIL;
      }
      const r = field.parse(v[field.key]);
      if (r === FAIL) return FAIL;
      out[field.key] = r;
    }
    if (catchall === 'unknown') {
      for (const key in v) if (!keySet.has(key) && key !== '__proto__') out[key] = v[key];
    }
    return out;
  };
}

const compiled = new WeakMap<z.ZodType, Fast | null>();

/** `schema.safeParse(value)`, through the fast path when the value parses. */
export function lenientParse<T extends z.ZodType>(
  schema: T,
  value: unknown,
): z.ZodSafeParseResult<z.output<T>> {
  let fast = compiled.get(schema);
  if (fast === undefined) {
    fast = compile(schema) ?? null;
    compiled.set(schema, fast);
  }
  if (fast) {
    const data = fast(value);
    if (data !== FAIL) return { success: true, data: data as z.output<T> };
  }
  return schema.safeParse(value);
}
