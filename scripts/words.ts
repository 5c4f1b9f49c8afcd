// `npm run words`: writes simulator/world/words.ts, the Faker word lists the simulator
// names its world from (the simulator reads that copy, so Faker stays out of the bundle).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fakerWordLists } from '../simulator/world/faker-source.ts';

const out = new URL('../simulator/world/words.ts', import.meta.url);
const { version } = JSON.parse(
  readFileSync(new URL('../node_modules/@faker-js/faker/package.json', import.meta.url), 'utf8'),
);
const lists = fakerWordLists();
const entries = Object.entries(lists) as [string, readonly string[]][];
for (const [name, words] of entries)
  if (words.some((word) => word.includes('|'))) throw new Error(`${name}: a word holds the separator |`);

const text = `// Faker's English word lists the simulator names its world from (@faker-js/faker ${version}),
// written by \`npm run words\` (scripts/words.ts): do not edit. The simulator reads this
// copy so Faker stays out of the bundle; test/simulator/world/words.test.ts checks it
// against Faker.

export interface WordLists {
${Object.keys(lists)
  .map((name) => `  ${name}: readonly string[];`)
  .join('\n')}
}

const list = (words: string): readonly string[] => words.split('|');

export const WORDS: WordLists = {
${entries.map(([name, words]) => `  ${name}: list(${JSON.stringify(words.join('|'))}),`).join('\n')}
};
`;
writeFileSync(out, text);
execFileSync(
  new URL('../node_modules/.bin/biome', import.meta.url).pathname,
  ['format', '--write', out.pathname],
  {
    stdio: 'inherit',
  },
);
console.log(`wrote ${out.pathname}`);
