// Names from Faker's English word lists, picked with our own PRNG: one Faker call per
// name would cost ~13 us, too much for a million device names. (Places are real: places.ts.)
import { en, Faker } from '@faker-js/faker';
import { hash2, type Rng } from './prng.ts';

type Words = readonly string[];

const listOf = (value: unknown): Words => {
  if (Array.isArray(value)) return value as string[];
  if (value && typeof value === 'object' && 'generic' in value)
    return (value as { generic: string[] }).generic;
  return [];
};

const DEVICE_KINDS = ['laptop', 'desktop', 'phone', 'tablet', 'router', 'server', 'nas', 'pi', 'tv', 'mini'];

export class Names {
  readonly faker: Faker;
  private readonly lastName: Words;
  private readonly adjective: Words;
  private readonly noun: Words;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en], seed });
    const d = this.faker.definitions;
    this.lastName = listOf(d.person.last_name);
    this.adjective = listOf(d.word.adjective);
    this.noun = listOf(d.word.noun);
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
