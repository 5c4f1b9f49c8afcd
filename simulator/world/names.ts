// Names from Faker's English word lists (words.ts), picked with our own PRNG: one Faker
// call per name would cost ~13 us, too much for 50 000 cities or a million device names.
// Own devices are named as a seeded Faker names people (faker-picks.ts).
import { FakerPicks } from './faker-picks.ts';
import { hash2, type Rng } from './prng.ts';
import { WORDS } from './words.ts';

type Words = readonly string[];

const REGION_KINDS = [
  '',
  '',
  '',
  ' Province',
  ' County',
  ' Valley',
  ' Coast',
  ' Highlands',
  ' Plains',
  ' Lakes',
];
export const DEVICE_KINDS = [
  'laptop',
  'desktop',
  'phone',
  'tablet',
  'router',
  'server',
  'nas',
  'pi',
  'tv',
  'mini',
];

export class Names {
  private readonly picks: FakerPicks;
  private readonly cityPrefix: Words = WORDS.cityPrefix;
  private readonly citySuffix: Words = WORDS.citySuffix;
  private readonly cityName: Words = WORDS.cityName;
  private readonly firstName: Words = WORDS.firstName;
  private readonly lastName: Words = WORDS.lastName;
  private readonly adjective: Words = WORDS.adjective;
  private readonly noun: Words = WORDS.noun;
  readonly states: Words = WORDS.state;

  constructor(seed: number) {
    this.picks = new FakerPicks(seed);
  }

  /** A city name in the shapes of Faker's `location.city()` patterns. */
  city(rng: Rng): string {
    switch (rng.int(5)) {
      case 0:
        return `${rng.pick(this.cityPrefix)} ${rng.pick(this.firstName)}${rng.pick(this.citySuffix)}`;
      case 1:
        return `${rng.pick(this.cityPrefix)} ${rng.pick(this.firstName)}`;
      case 2:
        return `${rng.pick(this.firstName)}${rng.pick(this.citySuffix)}`;
      case 3:
        return `${rng.pick(this.lastName)}${rng.pick(this.citySuffix)}`;
      default:
        return rng.pick(this.cityName);
    }
  }

  region(rng: Rng): string {
    const base = rng.chance(0.5)
      ? rng.pick(this.lastName)
      : `${rng.pick(this.firstName)}${rng.pick(this.citySuffix)}`;
    return `${base}${rng.pick(REGION_KINDS)}`;
  }

  /** A network name such as `keller-labs`; the caller makes it unique. */
  network(rng: Rng): string {
    return `${rng
      .pick(this.lastName)
      .toLowerCase()
      .replace(/[^a-z]/g, '')}-${rng.pick(this.noun).toLowerCase()}`;
  }

  /** A device name derived from a number (no storage for a million providers). */
  deviceFromHash(seed: number, index: number): string {
    const h = hash2(seed, index);
    const adjective = this.adjective[h % this.adjective.length];
    const noun = this.noun[(h >>> 10) % this.noun.length];
    return `${adjective}-${noun}-${(h >>> 20) % 100}`;
  }

  /** A friendlier device name for the demo network's own devices, e.g. `Heidi's laptop`. */
  ownDevice(): string {
    return `${this.picks.firstName()}'s ${this.picks.arrayElement(DEVICE_KINDS)}`;
  }
}
