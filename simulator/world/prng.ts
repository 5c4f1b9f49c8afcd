// A small, fast seeded PRNG (sfc32) and integer hashes for bulk generation, where a
// Faker call per item would be far too slow (a million providers).

/** Murmur3's 32-bit finaliser: a good avalanche for integer keys. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hash of two integers. */
export function hash2(a: number, b: number): number {
  return mix32(Math.imul(mix32(a) ^ 0x9e3779b9, 0x27d4eb2f) ^ b);
}

/** FNV-1a of a string, mixed with a seed. */
export function hashString(text: string, seed = 0): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

const HEX_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
/** Character codes of the UUID being written (the dashes and the version 4 stay put). */
const UUID_CODES: number[] = Array.from('xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx', (char) => char.charCodeAt(0));

/** Writes the low `digits` hex digits of `value` at `at`. */
function putHex(at: number, value: number, digits: number): void {
  let v = value >>> 0;
  for (let k = at + digits - 1; k >= at; k--) {
    UUID_CODES[k] = HEX_CODES[v & 15];
    v >>>= 4;
  }
}

/**
 * A version-4-shaped UUID (xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx) from four 32-bit
 * words: a's 8 hex digits, b's first 4 and last 3, c's (top bits set to 10) 8 and d's 8.
 * Built from character codes into one flat string: a template of the hex parts left a
 * tree of concatenations per id (~400 bytes each, 4 MB for a world of 10 000 cities).
 */
export function uuidOf(a: number, b: number, c: number, d: number): string {
  const variant = ((c & 0x3fffffff) | 0x80000000) >>> 0;
  putHex(0, a, 8);
  putHex(9, b >>> 16, 4);
  putHex(15, b & 0xfff, 3);
  putHex(19, variant >>> 16, 4);
  putHex(24, variant & 0xffff, 4);
  putHex(28, d, 8);
  return String.fromCharCode.apply(null, UUID_CODES);
}

/** A UUID derived from a text (names, seeds): same text, same id. */
export function uuidFromText(text: string): string {
  const a = hashString(text, 0x1234567);
  const b = hashString(text, a);
  const c = hashString(text, b);
  return uuidOf(a, b, c, hashString(text, c));
}

/** sfc32: 128-bit state, period about 2^128, a few ns per number. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    this.a = mix32(seed ^ 0xdeadbeef);
    this.b = mix32(seed + 0x9e3779b9 + stream);
    this.c = mix32(hash2(seed, stream + 1));
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uint32. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** An integer in [min, max] (inclusive). */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  uuid(): string {
    return uuidOf(this.next(), this.next(), this.next(), this.next());
  }

  /** Shuffles in place (Fisher-Yates). */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}
