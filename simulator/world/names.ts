// Names from Faker's English word lists, picked with our own PRNG: one Faker call per
// name would cost ~13 us, too much for 50 000 cities or a million device names.
import { en, Faker } from '@faker-js/faker';
import { hash2, type Rng } from './prng.ts';

type Words = readonly string[];

const listOf = (value: unknown): Words => {
  if (Array.isArray(value)) return value as string[];
  if (value && typeof value === 'object' && 'generic' in value)
    return (value as { generic: string[] }).generic;
  return [];
};

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
const DEVICE_KINDS = ['laptop', 'desktop', 'phone', 'tablet', 'router', 'server', 'nas', 'pi', 'tv', 'mini'];

export class Names {
  readonly faker: Faker;
  private readonly cityPrefix: Words;
  private readonly citySuffix: Words;
  private readonly cityName: Words;
  private readonly firstName: Words;
  private readonly lastName: Words;
  private readonly adjective: Words;
  private readonly noun: Words;
  readonly states: Words;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en], seed });
    const d = this.faker.definitions;
    this.cityPrefix = listOf(d.location.city_prefix);
    this.citySuffix = listOf(d.location.city_suffix);
    this.cityName = listOf(d.location.city_name);
    this.states = listOf(d.location.state);
    this.firstName = listOf(d.person.first_name);
    this.lastName = listOf(d.person.last_name);
    this.adjective = listOf(d.word.adjective);
    this.noun = listOf(d.word.noun);
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
    return `${this.faker.person.firstName()}'s ${this.faker.helpers.arrayElement(DEVICE_KINDS)}`;
  }
}
