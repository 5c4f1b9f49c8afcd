// docs/install.md says what the tarball `npm pack` writes holds: what package.json's
// `files` names (npm adds package.json), so a file added there is named there too. The
// places file was once missing from it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

it('docs/install.md names every file the tarball holds', () => {
  const { files } = JSON.parse(read('package.json')) as { files: string[] };
  const install = read('docs/install.md').replace(/\s+/g, ' ');
  const holds = /The tarball holds (.*?)runs no install scripts/.exec(install)?.[1];
  expect(holds, 'docs/install.md: "The tarball holds …, and runs no install scripts"').toBeDefined();
  for (const file of [...files, 'package.json'])
    expect(holds, file).toContain(
      file.startsWith('dist/') || file === 'package.json' ? `\`${file}\`` : file.replace(/\.md$/, ''),
    );
});
