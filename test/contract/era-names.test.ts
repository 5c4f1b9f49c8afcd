// What differs between the eras lives in their profiles (src/contract/eras.ts,
// simulator/eras/): no other source file tells the eras apart by name, nor spells one
// (a default or a choice reads DEFAULT_ERA or ERAS). A third era is then one more profile.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../src/contract/eras.ts';
import { sourceFiles } from '../source-files.ts';

const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['src', 'simulator', 'scripts'];
const PROFILES = ['src/contract/eras.ts', 'simulator/eras/'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

const names = ERAS.join('|');
const name = `['"\`](?:${names})['"\`]`;
/** `era === 'seed'`, `'current' !== era`, `case 'seed':`, `'seed' ? a : b` */
const COMPARED = new RegExp(`[!=]==?\\s*${name}|${name}\\s*(?:[!=]==?|\\?)|\\bcase\\s+${name}`);
/** `'seed'` or `"current"` as a string of its own (backticks are left to comments: `seed` is also the world's) */
const SPELLED = new RegExp(`(['"])(?:${names})\\1`);

/** `file:line: text` of every line outside the profiles that matches. */
function linesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir), SOURCE))) {
    const path = relative(ROOT, file).split('\\').join('/');
    if (PROFILES.some((profile) => path.startsWith(profile))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, k) => {
        if (pattern.test(line)) found.push(`${path}:${k + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('era names outside the era profiles', () => {
  it('recognises a comparison of an era name in its usual forms', () => {
    for (const line of [
      "if (era === 'seed') return;",
      'const rate = world.era !== "current" ? a : b;',
      "'seed' === era",
      'case `current`:',
      "const decode = 'seed' ? goDecode : goUnmarshal;",
    ])
      expect(COMPARED.test(line), line).toBe(true);
    for (const line of ['if (era === DEFAULT_ERA) return;', "const seed = options.seed ?? 'x';"])
      expect(COMPARED.test(line), line).toBe(false);
  });

  it('recognises an era name spelled as a string, not a word of a comment', () => {
    expect(SPELLED.test("  era: Era = 'current',")).toBe(true);
    expect(SPELLED.test('.choices(["current", "seed"])')).toBe(true);
    expect(SPELLED.test('/** The key of the world of `seed`. */')).toBe(false);
    expect(SPELLED.test("const label = 'seeded';")).toBe(false);
  });

  it('are compared nowhere in src/, simulator/ and scripts/', () => {
    expect(linesMatching(COMPARED)).toEqual([]);
  });

  it('are spelled nowhere in src/, simulator/ and scripts/', () => {
    expect(linesMatching(SPELLED)).toEqual([]);
  });
});
