// The few seeded Faker calls the simulator makes (`person.firstName()` and
// `helpers.arrayElement()` on `new Faker({ locale: [en], seed })`), drawing exactly the
// numbers Faker 10 draws: its Mersenne Twister (53-bit floats), `number.int`,
// `number.float`, `helpers.weightedArrayElement` and `person.sexType()`. With these and
// the word lists in words.ts the bundle carries no Faker. faker-source.ts has the real
// thing, which test/simulator/world/words.test.ts compares this with.
import { WORDS } from './words.ts';

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** MT19937 state from a number seed (Faker's init_genrand, number seeds only). */
function seeded(seed: number): number[] {
  const state = new Array<number>(N);
  state[0] = seed;
  for (let i = 1; i !== N; ++i) {
    const previous = state[i - 1] ^ (state[i - 1] >>> 30);
    state[i] = Math.trunc(Math.imul(1812433253, previous) + i);
  }
  return state;
}

/** The next 624 words of state, in place. */
function twist(state: number[]): number[] {
  for (let i = 0; i !== N - M; ++i) {
    const y = (state[i] & UPPER_MASK) + (state[i + 1] & LOWER_MASK);
    state[i] = state[i + M] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  for (let i = N - M; i !== N - 1; ++i) {
    const y = (state[i] & UPPER_MASK) + (state[i + 1] & LOWER_MASK);
    state[i] = state[i + M - N] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  const y = (state[N - 1] & UPPER_MASK) + (state[0] & LOWER_MASK);
  state[N - 1] = state[M - 1] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  return state;
}

export class FakerPicks {
  private state: number[];
  private index = 0;

  constructor(seed: number) {
    this.state = twist(seeded(seed));
  }

  private nextU32(): number {
    let y = this.state[this.index];
    y ^= this.state[this.index] >>> 11;
    y ^= (y << 7) & 2636928640;
    y ^= (y << 15) & 4022730752;
    y ^= y >>> 18;
    if (++this.index >= N) {
      this.state = twist(this.state);
      this.index = 0;
    }
    return y >>> 0;
  }

  /** Faker's randomizer `next()`: a float in [0, 1) with 53 random bits. */
  next(): number {
    const high = this.nextU32() >>> 5;
    const low = this.nextU32() >>> 6;
    return (high * 67108864 + low) * 2 ** -53;
  }

  /** `faker.number.int({ max })` with min 0. */
  int(max: number): number {
    if (max === 0) return 0;
    return Math.floor(this.next() * (max + 1));
  }

  /** `faker.helpers.arrayElement(items)`. */
  arrayElement<T>(items: readonly T[]): T {
    return items[items.length > 1 ? this.int(items.length - 1) : 0];
  }

  /** `faker.helpers.weightedArrayElement(items)`. */
  weightedArrayElement<T>(items: readonly { weight: number; value: T }[]): T {
    const total = items.reduce((sum, { weight }) => sum + weight, 0);
    const at = this.next() * total;
    let reached = 0;
    for (const { weight, value } of items) {
      reached += weight;
      if (at < reached) return value;
    }
    return items[items.length - 1].value;
  }

  /** `faker.person.firstName()` in the English locale. */
  firstName(): string {
    const sex = this.arrayElement(['female', 'male'] as const);
    const own = sex === 'female' ? WORDS.firstNameFemale : WORDS.firstNameMale;
    const generic = WORDS.firstName;
    const list = this.weightedArrayElement([
      { weight: 3 * Math.sqrt(own.length), value: own },
      { weight: Math.sqrt(generic.length), value: generic },
    ]);
    return this.arrayElement(list);
  }
}
