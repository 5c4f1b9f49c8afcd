// An answer's structure, counted as its bytes arrive and before anything parses it. The
// byte cap alone does not bound the work: 60 MiB of `[{},{},…]` is 21 million objects,
// which JSON.parse and the schemas turned into gigabytes and minutes of a blocked process.
// Counting brackets and commas outside strings costs a pass over the bytes (JSON's
// structural characters are ASCII, never part of a UTF-8 sequence), done chunk by chunk
// as they come, so the process stays responsive and a refused answer is not read further.

export interface ShapeLimits {
  /** Objects, lists and the items in them (each `{`, `[` and `,`). */
  items: number;
  /** Lists and objects inside one another. */
  depth: number;
  /** Members of one object: the schemas check every member of a map, even after a bad one. */
  members: number;
}

/**
 * The largest answer of the biggest world netdeck is built for (the seed era's provider
 * locations of 50 000 cities) has about 626 000 items, nested 3 deep, and no object has
 * more than 8 784 members (a year of hours); parsing and checking 1 000 000 items takes
 * a few hundred milliseconds at worst.
 */
export const ANSWER_SHAPE: ShapeLimits = { items: 1_000_000, depth: 64, members: 10_000 };

export type ShapeProblem = { limit: keyof ShapeLimits; max: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_LIST = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_LIST = 0x5d;

/** A meter for one answer: feed it each chunk; it says which limit a chunk passed, if any. */
export function shapeMeter(limits: ShapeLimits): (chunk: Uint8Array) => ShapeProblem | undefined {
  let inString = false;
  let escaped = false;
  let items = 0;
  let depth = 0;
  // Per open object, its members so far (-1 for a list): at most `limits.depth` of them.
  const members: number[] = [];
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === COMMA) {
        if (++items > limits.items) return { limit: 'items', max: limits.items };
        if (depth > 0 && members[depth - 1] >= 0 && ++members[depth - 1] > limits.members)
          return { limit: 'members', max: limits.members };
      } else if (byte === OPEN_OBJECT || byte === OPEN_LIST) {
        if (++items > limits.items) return { limit: 'items', max: limits.items };
        if (++depth > limits.depth) return { limit: 'depth', max: limits.depth };
        members[depth - 1] = byte === OPEN_OBJECT ? 1 : -1;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_LIST) depth--;
    }
    return undefined;
  };
}
