// Request bodies decoded as the real (Go) service decodes them into its argument structs
// (encoding/json v1, server: router/handler_utils.go wrapWithInput): unknown fields
// ignored, keys matched without regard to case, `null` leaves a field unset, a value of
// the wrong JSON type is reported with Go's text (`json: cannot unmarshal string into Go
// struct field FindProviders2Args.count of type int`), and ids go through the service's
// own parser (`invalid length for UUID: 5`, `encoding/hex: invalid byte: U+007A 'z'`).
// The result holds only the fields the body set, by their JSON names, ids normalised
// (lowercase, dashes), so the engine sees what a Go handler would read.
import { decoderFirstValue, MAX_NESTING_DEPTH, unmarshalSyntaxError } from './go-scanner.ts';

export type GoType =
  | { kind: 'string' | 'bool' | 'int' | 'float32' | 'float64' | 'id' }
  | { kind: 'ptr'; elem: GoType }
  | { kind: 'slice'; elem: GoType }
  | { kind: 'struct'; name: string; fields: Record<string, GoType> };

export const goString: GoType = { kind: 'string' };
export const goBool: GoType = { kind: 'bool' };
export const goInt: GoType = { kind: 'int' };
export const goFloat32: GoType = { kind: 'float32' };
export const goFloat64: GoType = { kind: 'float64' };
/** server.Id: a json.Unmarshaler over the raw bytes of the value. */
export const goId: GoType = { kind: 'id' };
export const goPtr = (elem: GoType): GoType => ({ kind: 'ptr', elem });
export const goSlice = (elem: GoType): GoType => ({ kind: 'slice', elem });
/** `name` as reflect prints it, with its package: `model.FindProviders2Args`. */
export const goStruct = (name: string, fields: Record<string, GoType>): GoType => ({
  kind: 'struct',
  name,
  fields,
});

/** reflect.Type.String(): `int`, `[]*model.ProviderSpec`, `server.Id`. */
export function goTypeName(type: GoType): string {
  switch (type.kind) {
    case 'ptr':
      return `*${goTypeName(type.elem)}`;
    case 'slice':
      return `[]${goTypeName(type.elem)}`;
    case 'struct':
      return type.name;
    case 'id':
      return 'server.Id';
    default:
      return type.kind;
  }
}

export type GoDecoded = { ok: true; value: unknown; nil: boolean } | { ok: false; message: string };

/** An error that stops decoding at once (an Unmarshaler's), unlike a saved type error. */
class HardError extends Error {}

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const DELIMITER = new Set([...SPACE, 0x2c, 0x5d, 0x7d]);
const NON_ASCII = /[^\x00-\x7f]/;
/** A quoted id already in the form the service sends (the common case). */
const CANONICAL_RAW_ID = /^"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"$/;

/** Go's `%#U` of a byte read as a rune: `U+007A 'z'`, no quoted form when not printable. */
function runeText(byte: number): string {
  const code = `U+${byte.toString(16).toUpperCase().padStart(4, '0')}`;
  const printable = (byte >= 0x20 && byte < 0x7f) || (byte > 0xa0 && byte !== 0xad);
  return printable ? `${code} '${String.fromCharCode(byte)}'` : code;
}

/**
 * server.Id's UnmarshalJSON on the raw bytes of a value (server: id.go, connect: id.go
 * parseUuid): 38 bytes with the quotes, hex in either case, the dash positions unchecked.
 */
export function goParseId(raw: string): string {
  if (raw.length === 38 && CANONICAL_RAW_ID.test(raw)) return raw.slice(1, 37);
  if (raw === 'null') throw new HardError('Unmarshal with nil source not supported by Id (use *Id)');
  if (raw.length !== 38) throw new HardError(`invalid length for UUID: ${raw.length}`);
  const hex = raw.slice(1, 9) + raw.slice(10, 14) + raw.slice(15, 19) + raw.slice(20, 24) + raw.slice(25, 37);
  // hex.DecodeString names the first bad byte (one char per byte in this latin1 text).
  const bad = hex.search(/[^0-9a-fA-F]/);
  if (bad >= 0) throw new HardError(`encoding/hex: invalid byte: ${runeText(hex.charCodeAt(bad))}`);
  const lower = hex.toLowerCase();
  return `${lower.slice(0, 8)}-${lower.slice(8, 12)}-${lower.slice(12, 16)}-${lower.slice(16, 20)}-${lower.slice(20)}`;
}

/** Go's field-name folding (ASCII case, and the two letters that fold into it). */
const fold = (name: string) =>
  name
    .replace(/\u017f/g, 's')
    .replace(/\u212a/g, 'k')
    .toLowerCase();

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Walks valid JSON, decoding into a Go type; the input has passed the syntax check. It
 * reads the body as latin1 text, one char per byte, so a raw value's length is its
 * byte length (what server.Id checks) and slicing is cheap.
 */
class Decoder {
  pos = 0;
  /** The first type mismatch: Go keeps decoding and reports it at the end. */
  saved: string | undefined;
  private structName: string | undefined;
  private fieldStack: string[] = [];
  private readonly src: string;
  private backslash = -1;

  constructor(private readonly bytes: Buffer) {
    this.src = bytes.toString('latin1');
  }

  private at(): number {
    return this.src.charCodeAt(this.pos);
  }

  skipSpace(): void {
    const { src } = this;
    while (this.pos < src.length && SPACE.has(src.charCodeAt(this.pos))) this.pos++;
  }

  /** Moves past one value (any depth) without building it. */
  private skipValue(): void {
    const { src } = this;
    const first = src.charCodeAt(this.pos);
    if (first === 0x22) {
      this.stringEnd();
      return;
    }
    if (first !== 0x7b && first !== 0x5b) {
      // A number or a literal: up to the next delimiter.
      while (this.pos < src.length && !DELIMITER.has(src.charCodeAt(this.pos))) this.pos++;
      return;
    }
    let depth = 0;
    while (this.pos < src.length) {
      const c = src.charCodeAt(this.pos);
      if (c === 0x22) {
        this.stringEnd();
        continue;
      }
      this.pos++;
      if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && --depth === 0) return;
    }
  }

  /** From an opening quote to past the closing one; whether it holds no escape and no non-ASCII byte. */
  private stringEnd(): boolean {
    const { src } = this;
    const close = src.indexOf('"', this.pos + 1);
    // The next backslash, searched again only once passed (one search per backslash, not per string).
    if (this.backslash <= this.pos) {
      const next = src.indexOf('\\', this.pos + 1);
      this.backslash = next < 0 ? src.length : next;
    }
    if (this.backslash > close) {
      const start = this.pos;
      this.pos = close + 1;
      return !NON_ASCII.test(src.slice(start, close));
    }
    this.pos++;
    while (this.pos < src.length) {
      const c = src.charCodeAt(this.pos++);
      if (c === 0x22) break;
      if (c === 0x5c) this.pos++;
    }
    return false;
  }

  private readString(): string {
    const start = this.pos;
    const plain = this.stringEnd();
    if (plain) return this.src.slice(start + 1, this.pos - 1);
    return JSON.parse(this.bytes.toString('utf8', start, this.pos));
  }

  /** Notes Go's type error (the first one wins: Go goes on decoding), and leaves the value unset. */
  private typeError(value: string, type: GoType): undefined {
    if (this.saved !== undefined) return undefined;
    const into =
      this.structName !== undefined || this.fieldStack.length
        ? `Go struct field ${this.structName}.${this.fieldStack.join('.')}`
        : 'Go value';
    this.saved = `json: cannot unmarshal ${value} into ${into} of type ${goTypeName(type)}`;
  }

  /** The JSON kind of the value at pos, as Go names it in a type error. */
  private kindAt(): string {
    const c = this.at();
    if (c === 0x7b) return 'object';
    if (c === 0x5b) return 'array';
    if (c === 0x22) return 'string';
    if (c === 0x74 || c === 0x66) return 'bool';
    return 'number';
  }

  /** Steps over a `null` at pos: true when there was one (Go leaves the value as it was). */
  private skipNull(): boolean {
    if (this.at() !== 0x6e) return false;
    this.pos += 4;
    return true;
  }

  /** A value of the wrong JSON kind for `type`: its error noted (the first one wins), the value skipped. */
  private mismatch(kind: string, type: GoType): undefined {
    this.typeError(kind, type);
    this.skipValue();
    return undefined;
  }

  /** Steps into an object or array and the space after its opening byte: true when `close` ends it at once. */
  private openEmpty(close: number): boolean {
    this.pos++;
    this.skipSpace();
    if (this.at() !== close) return false;
    this.pos++;
    return true;
  }

  /** The value at pos as `type`; undefined when it leaves the Go value unset (null, a mismatch). */
  value(type: GoType): unknown {
    this.skipSpace();
    switch (type.kind) {
      case 'ptr':
        return this.skipNull() ? null : this.value(type.elem);
      case 'id': {
        const start = this.pos;
        this.skipValue();
        return goParseId(this.src.slice(start, this.pos));
      }
      case 'struct':
        return this.object(type);
      case 'slice':
        return this.array(type);
      default:
        return this.literal(type);
    }
  }

  private literal(type: GoType): unknown {
    if (this.skipNull()) return undefined;
    const kind = this.kindAt();
    if (kind === 'object' || kind === 'array') return this.mismatch(kind, type);
    if (kind === 'string') {
      const text = this.readString();
      if (type.kind === 'string') return text;
      return this.typeError('string', type);
    }
    if (kind === 'bool') {
      const value = this.at() === 0x74;
      this.pos += value ? 4 : 5;
      if (type.kind === 'bool') return value;
      return this.typeError('bool', type);
    }
    const start = this.pos;
    this.skipValue();
    const text = this.src.slice(start, this.pos);
    if (type.kind === 'int') {
      const whole = /^-?\d+$/.test(text) ? BigInt(text) : undefined;
      if (whole === undefined || whole < INT64_MIN || whole > INT64_MAX)
        return this.typeError(`number ${text}`, type);
      return Number(whole);
    }
    if (type.kind === 'float32' || type.kind === 'float64') {
      const value = Number(text);
      const fits = type.kind === 'float32' ? Number.isFinite(Math.fround(value)) : Number.isFinite(value);
      if (!fits) return this.typeError(`number ${text}`, type);
      return type.kind === 'float32' ? Math.fround(value) : value;
    }
    return this.typeError('number', type);
  }

  private array(type: Extract<GoType, { kind: 'slice' }>): unknown {
    if (this.skipNull()) return undefined;
    if (this.at() !== 0x5b) return this.mismatch(this.kindAt(), type);
    const items: unknown[] = [];
    if (this.openEmpty(0x5d)) return items;
    for (;;) {
      const item = this.value(type.elem);
      // A Go slice element that decoding left unset keeps its zero value.
      items.push(item === undefined ? zeroOf(type.elem) : item);
      this.skipSpace();
      if (this.src.charCodeAt(this.pos++) === 0x5d) return items;
      this.skipSpace();
    }
  }

  private object(type: Extract<GoType, { kind: 'struct' }>): unknown {
    if (this.skipNull()) return undefined;
    if (this.at() !== 0x7b) return this.mismatch(this.kindAt(), type);
    const out: Record<string, unknown> = {};
    const outerStruct = this.structName;
    const depth = this.fieldStack.length;
    if (this.openEmpty(0x7d)) return out;
    for (;;) {
      const key = this.readString();
      this.skipSpace();
      this.pos++; // ':'
      this.skipSpace();
      const name = fieldOf(type, key);
      if (name === undefined) {
        this.skipValue();
      } else {
        this.structName = type.name.slice(type.name.lastIndexOf('.') + 1);
        this.fieldStack.length = depth;
        this.fieldStack.push(name);
        const value = this.value(type.fields[name]);
        if (value === null) delete out[name];
        else if (value !== undefined) out[name] = value;
        this.fieldStack.length = depth;
        this.structName = outerStruct;
      }
      this.skipSpace();
      if (this.src.charCodeAt(this.pos++) === 0x7d) return out;
      this.skipSpace();
    }
  }
}

const foldedFields = new WeakMap<GoType, Map<string, string>>();

/** The struct field a key sets: its exact name, else one equal but for case. */
function fieldOf(type: Extract<GoType, { kind: 'struct' }>, key: string): string | undefined {
  if (Object.hasOwn(type.fields, key)) return key;
  let folded = foldedFields.get(type);
  if (!folded) {
    folded = new Map(Object.keys(type.fields).map((name) => [fold(name), name]));
    foldedFields.set(type, folded);
  }
  return folded.get(fold(key));
}

/** What a Go slice element holds when its JSON left it unset: nil for pointers and slices. */
function zeroOf(type: GoType): unknown {
  switch (type.kind) {
    case 'ptr':
      return null;
    case 'slice':
      return [];
    case 'struct':
      return {};
    case 'string':
      return '';
    case 'bool':
      return false;
    default:
      return 0;
  }
}

/** Whether nesting passes Go's limit (JSON.parse has none). Strings are skipped. */
function tooDeep(bytes: Buffer): boolean {
  // Deeper than the limit needs more opening brackets than that: usually there are few.
  let opening = 0;
  for (const bracket of [0x5b, 0x7b]) {
    for (
      let at = bytes.indexOf(bracket);
      at >= 0 && opening <= MAX_NESTING_DEPTH;
      at = bytes.indexOf(bracket, at + 1)
    )
      opening++;
  }
  if (opening <= MAX_NESTING_DEPTH) return false;
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x22) {
      for (i++; i < bytes.length && bytes[i] !== 0x22; i++) if (bytes[i] === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_NESTING_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function isValidJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8'));
  } catch {
    return false;
  }
  return !tooDeep(bytes);
}

function decodeInto(bytes: Buffer, type: GoType): GoDecoded {
  const decoder = new Decoder(bytes);
  let value: unknown;
  try {
    value = decoder.value(type);
  } catch (error) {
    if (error instanceof HardError) return { ok: false, message: error.message };
    throw error;
  }
  if (decoder.saved !== undefined) return { ok: false, message: decoder.saved };
  // A pointer argument left nil by `null`: the handler will dereference it.
  const nil = type.kind === 'ptr' && value === null;
  return { ok: true, value: value ?? {}, nil };
}

/** json.Unmarshal(body, &arg): the whole body is one value (current era). */
export function goUnmarshal(bytes: Buffer, type: GoType): GoDecoded {
  if (!isValidJson(bytes)) {
    return { ok: false, message: unmarshalSyntaxError(bytes) ?? 'unexpected end of JSON input' };
  }
  return decodeInto(bytes, type);
}

/** json.NewDecoder(body).Decode(&arg): the first value, the rest never read (seed era). */
export function goDecode(bytes: Buffer, type: GoType): GoDecoded {
  if (isValidJson(bytes)) return decodeInto(bytes, type);
  const first = decoderFirstValue(bytes);
  if ('error' in first) return { ok: false, message: first.error };
  return decodeInto(bytes.subarray(0, first.end), type);
}
