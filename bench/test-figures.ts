// The durations and resident sizes the tests measure but do not judge (test/bench-figures.ts:
// on a busy machine such a bound fails now and then). Runs every test file that records
// one, one file at a time, and holds each figure to the bound the test gives it: a figure
// recorded more than once (a test that does one thing several times) is held by its worst.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestFigure } from '../test/bench-figures.ts';
import { fmt, report } from './lib/report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** The test files under `dir` that record figures. */
function recording(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return recording(path);
    return /\.test\.tsx?$/.test(entry.name) && readFileSync(path, 'utf8').includes('bench-figures.ts')
      ? [relative(root, path)]
      : [];
  });
}

const files = recording(join(root, 'test')).sort();
const work = mkdtempSync(join(tmpdir(), 'netdeck-test-figures-'));
const figuresFile = join(work, 'figures.jsonl');
console.log(`  ${files.length} test files: ${files.join(', ')}`);
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--no-file-parallelism', '--maxWorkers=1', ...files],
  {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TEST_FIGURES_FILE: figuresFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
report({
  name: 'the tests that record figures',
  value: run.status === 0 ? 'passed' : `failed:\n${run.stdout.slice(-4000)}${run.stderr.slice(-2000)}`,
  budget: 'pass',
  pass: run.status === 0,
});

let figures: TestFigure[] = [];
try {
  figures = readFileSync(figuresFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  // None recorded: the run above failed before any.
}
rmSync(work, { recursive: true, force: true });

const byName = new Map<string, TestFigure[]>();
for (const f of figures) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
for (const [name, seen] of byName) {
  const worst = seen.reduce((a, b) => (b.value > a.value ? b : a));
  const times = seen.length > 1 ? ` (worst of ${seen.length})` : '';
  const digits = worst.unit === 'ms' ? 0 : 1;
  report({
    name,
    value: `${fmt(worst.value, digits)} ${worst.unit}${times}`,
    budget: `< ${fmt(worst.bound)} ${worst.unit}`,
    pass: worst.value < worst.bound,
  });
}
