// A page's examples, run: the blocks it has, and for each block that runs the lines the
// script writes into it. What differs from the page is what `--check` and the test report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ExampleBlock, readExamples, withBodies } from './pages.ts';
import { PageSession } from './session.ts';
import { firstDifference, pageBody, writtenBody } from './written-body.ts';

export interface PageRun {
  page: string;
  text: string;
  blocks: ExampleBlock[];
  /** The lines written into each block that runs, by its number. */
  written: Map<number, string[]>;
}

export interface BlockDifference {
  block: ExampleBlock;
  /** The first line that differs, 1-based within the block, and that line on the page and as written. */
  line: number;
  page: string | undefined;
  written: string | undefined;
}

/** Runs the examples of `page` (a path from `root`) in one session, block after block. */
export async function runPage(root: string, page: string): Promise<PageRun> {
  const text = readFileSync(join(root, page), 'utf8');
  const blocks = readExamples(page, text);
  const written = new Map<number, string[]>();
  const runnable = blocks.filter((block) => block.notRun === undefined);
  if (runnable.length) {
    const session = await PageSession.open();
    try {
      for (const block of runnable)
        written.set(block.number, writtenBody(block.commands, await session.runBlock(block)));
    } finally {
      await session.close();
    }
  }
  return { page, text, blocks, written };
}

/** The blocks whose page lines are not what the script writes, each with its first differing line. */
export function differences(run: PageRun): BlockDifference[] {
  return run.blocks.flatMap((block) => {
    const written = run.written.get(block.number);
    const difference = written && firstDifference(pageBody(block.commands), written);
    return difference ? [{ block, ...difference }] : [];
  });
}

/** The page with every block that runs as the script writes it. */
export function pageAsWritten(run: PageRun): string {
  return withBodies(run.text, run.blocks, run.written);
}

/** One difference in a sentence: the page, the block, the line, and the two texts. */
export function describeDifference({ block, line, page, written }: BlockDifference): string {
  const shown = (text: string | undefined) => (text === undefined ? '(no line)' : JSON.stringify(text));
  return `${block.page} block ${block.number} (line ${block.line}), its line ${line}: the page has ${shown(page)}, the example prints ${shown(written)}`;
}
