// `npm run docs-examples`: runs every example of README.md and docs/*.md (each ```console
// block: `$ ` lines and what they printed) against a seed-1 simulator on a clock that
// stands still, and writes what each command printed into its page. Names of pages after
// it run those only (`npm run docs-examples -- docs/commands.md`). `--check` writes
// nothing and exits 1 naming each block that differs, as test/docs/examples.test.ts
// does. How to add an example: docs/development.md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { examplePages } from './docs-examples/pages.ts';
import { describeDifference, differences, pageAsWritten, runPage } from './docs-examples/run-page.ts';
import { ensurePlaces } from './places.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const args = process.argv.slice(2);
const check = args.includes('--check');
const named = args.filter((arg) => arg !== '--check');
const pages = named.length ? named : examplePages(ROOT);

// The worlds are built from the places the build trims (a fresh clone has none yet).
await ensurePlaces();

let differing = 0;
for (const page of pages) {
  const run = await runPage(ROOT, page).catch((error: Error) => {
    // A line the examples' shell cannot run, or a command that waits for ever: its reason, no stack.
    console.error(`docs-examples: ${error.message}`);
    process.exit(2);
  });
  const found = differences(run);
  if (!found.length) continue;
  differing += found.length;
  if (check) for (const difference of found) console.error(describeDifference(difference));
  else {
    writeFileSync(join(ROOT, page), pageAsWritten(run));
    console.log(`${page}: wrote ${found.length} example${found.length === 1 ? '' : 's'}`);
  }
}
if (check && differing) {
  console.error(`${differing} example${differing === 1 ? '' : 's'} out of date: run npm run docs-examples`);
  process.exit(1);
}
console.log(differing && !check ? 'done' : 'the examples are up to date');
