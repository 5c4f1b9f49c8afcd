// Provider client ids that encode the provider's index: a keyed Feistel permutation of
// the index plus check bits derived from it. A million ids then need no storage and no
// Map: `index(id)` inverts the permutation and checks the bits.
import { mix32, uuidOf } from './prng.ts';

export class ProviderIds {
  private readonly keys: Uint32Array;
  private readonly checkKey: number;
  private readonly tailKey: number;

  constructor(seed: number) {
    this.keys = Uint32Array.from([1, 2, 3, 4], (r) => mix32(seed * 31 + r * 0x9e3779b9));
    this.checkKey = mix32(seed ^ 0x5bd1e995);
    this.tailKey = mix32(seed ^ 0x1b873593);
  }

  private encode(index: number): number {
    let left = index >>> 16;
    let right = index & 0xffff;
    for (let r = 0; r < 4; r++) {
      const next = left ^ (mix32(right ^ this.keys[r]) & 0xffff);
      left = right;
      right = next;
    }
    return ((left << 16) | right) >>> 0;
  }

  private decode(value: number): number {
    let left = value >>> 16;
    let right = value & 0xffff;
    for (let r = 3; r >= 0; r--) {
      const previous = right ^ (mix32(left ^ this.keys[r]) & 0xffff);
      right = left;
      left = previous;
    }
    return ((left << 16) | right) >>> 0;
  }

  /** The client id of provider `index`. */
  id(index: number): string {
    const head = this.encode(index);
    return uuidOf(head, mix32(head ^ this.checkKey), mix32(head ^ this.tailKey), mix32(head + this.tailKey));
  }

  /** The index a client id names, or -1 when it is not one of `count` providers. */
  index(id: string, count: number): number {
    if (id.length !== 36) return -1;
    const head = parseHex(id, 0, 8);
    if (head < 0) return -1;
    const index = this.decode(head);
    if (index >= count) return -1;
    const check = mix32(head ^ this.checkKey);
    if (parseHex(id, 9, 4) !== check >>> 16) return -1;
    if (parseHex(id, 15, 3) !== (check & 0xfff)) return -1;
    return index;
  }
}

/** `length` hex digits of `text` from `from` as a number, -1 if one is not a hex digit. */
function parseHex(text: string, from: number, length: number): number {
  let value = 0;
  for (let k = from; k < from + length; k++) {
    const c = text.charCodeAt(k);
    const digit =
      c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}
