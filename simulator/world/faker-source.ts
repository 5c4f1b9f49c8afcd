// Faker itself, for the generator of words.ts (scripts/words.ts) and for the tests that
// check the simulator still names its world exactly as Faker does. The simulator never
// loads this module: it reads the generated word lists and draws own-device names with
// faker-picks.ts, which keeps Faker (~430 KB of code and data) out of the bundle.
import { en, Faker } from '@faker-js/faker';
import type { WordLists } from './words.ts';

const listOf = (value: unknown): readonly string[] => {
  if (Array.isArray(value)) return value as string[];
  if (value && typeof value === 'object' && 'generic' in value)
    return (value as { generic: string[] }).generic;
  return [];
};

/** The lists the world is named from, as Faker's English locale has them. */
export function fakerWordLists(): WordLists {
  const d = new Faker({ locale: [en] }).definitions;
  const firstNames = d.person.first_name as { generic?: string[]; female?: string[]; male?: string[] };
  return {
    cityPrefix: listOf(d.location.city_prefix),
    citySuffix: listOf(d.location.city_suffix),
    cityName: listOf(d.location.city_name),
    state: listOf(d.location.state),
    firstName: listOf(d.person.first_name),
    firstNameFemale: firstNames.female ?? [],
    firstNameMale: firstNames.male ?? [],
    lastName: listOf(d.person.last_name),
    adjective: listOf(d.word.adjective),
    noun: listOf(d.word.noun),
  };
}

/** Own-device names as the simulator drew them from a seeded Faker (`Heidi's laptop`). */
export function fakerOwnDeviceNames(seed: number, count: number, kinds: readonly string[]): string[] {
  const faker = new Faker({ locale: [en], seed });
  return Array.from(
    { length: count },
    () => `${faker.person.firstName()}'s ${faker.helpers.arrayElement(kinds)}`,
  );
}
