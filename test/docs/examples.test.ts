// Every example of the docs (each ```console block of README.md and docs/*.md) is what
// `npm run docs-examples` writes: its commands run against a seed-1 simulator on a clock
// that stands still at 2026-01-01T00:00:00Z, TZ=UTC, a home written as /home/me. When this
// fails, a page and what its examples print differ: run `npm run docs-examples` and read
// the diff of the page (docs/development.md, Examples in the docs).
//
// All of them run, every page: one simulator per page (a page is one shell session: its
// blocks in order, each seeing what the ones before it did), netdeck in this process (the
// bundle's code, without a process start per command: the pages hold about a hundred
// commands), curl and jq as the processes they are. A block that needs the real service,
// a typed secret or a prompt is marked not run, and listed below with its reason.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { examplePages, readExamples } from '../../scripts/docs-examples/pages.ts';
import {
  describeDifference,
  differences,
  type PageRun,
  pageAsWritten,
  runPage,
} from '../../scripts/docs-examples/run-page.ts';
import { itNeeds } from '../machine.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const blocksOf = (page: string) => readExamples(page, readFileSync(join(ROOT, page), 'utf8'));
const pages = examplePages(ROOT).filter((page) => blocksOf(page).length > 0);
const notRun = pages.flatMap(blocksOf).filter((block) => block.notRun !== undefined);
// The examples pipe netdeck into jq and ask the simulator's admin routes with curl.
const missing = ['curl', 'jq'].filter(
  (tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0,
);
const itRuns = itNeeds(`${missing.join(' and ')} (the docs' examples run them)`, missing.length === 0);

describe('the examples of the docs', () => {
  const runs = new Map<string, PageRun>();
  beforeAll(async () => {
    if (missing.length) return;
    for (const page of pages) runs.set(page, await runPage(ROOT, page));
  }, 180_000);

  for (const page of pages)
    itRuns(`${page}: every example shows what its commands print`, () => {
      const found = differences(runs.get(page)!).map(describeDifference);
      expect(found, `${page} differs from what its examples print: run npm run docs-examples`).toEqual([]);
    });

  itRuns('a page that differs is named with its block and its first differing line', () => {
    const run = runs.get('docs/commands.md')!;
    const block = run.blocks.find((b) => b.commands.some((c) => c.line === 'netdeck network'))!;
    const header = run.written.get(block.number)![1];
    const wrong = { ...run, text: run.text.replace(header, header.replace('USER ', 'USERS')) };
    const again = { ...wrong, blocks: readExamples(run.page, wrong.text) };
    const inBlock = differences(again).filter((difference) => difference.block.number === block.number);
    expect(inBlock.map(describeDifference)).toEqual([
      `docs/commands.md block ${block.number} (line ${block.line}), its line 2: the page has ${JSON.stringify(header.replace('USER ', 'USERS'))}, the example prints ${JSON.stringify(header)}`,
    ]);
    // What the script writes puts the page back as it was.
    expect(pageAsWritten(again)).toBe(run.text);
  });
});

describe('the examples not run', () => {
  it.each(notRun.map((block) => [block.page, block.number, block.line, block.notRun]))(
    '%s block %i (line %i): %s',
    (_page, _number, _line, reason) => {
      // Only the real service, a typed secret or a prompt keeps an example from running: say which.
      expect(reason).toMatch(/\w{3,}/);
    },
  );
});
