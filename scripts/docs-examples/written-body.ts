// What the script writes into a block, from what its commands printed: each command's
// line as the page has it, then its output, cut where the page cuts it. A page cuts an
// output with a line `...` (the lines before it are kept, the rest left out) and a long
// line with a `…` at its end (kept up to there while the output still starts so).
import type { ExampleCommand } from './pages.ts';

export const CUT = '...';
const LINE_CUT = '…';

/** The block's new lines: `ran[i]` is what `commands[i]` printed, line by line. */
export function writtenBody(commands: ExampleCommand[], ran: string[][]): string[] {
  return commands.flatMap((command, i) => [`$ ${command.line}`, ...cutAsPage(command.output, ran[i])]);
}

function cutAsPage(page: string[], printed: string[]): string[] {
  const stop = page.indexOf(CUT);
  const kept = stop < 0 ? printed : printed.slice(0, stop);
  const lines = kept.map((line, i) => {
    const want = page[i];
    const cutAt = want?.endsWith(LINE_CUT) ? want.slice(0, -LINE_CUT.length) : undefined;
    return cutAt && line !== want && line.startsWith(cutAt) ? want : line;
  });
  return stop >= 0 && printed.length > stop ? [...lines, CUT] : lines;
}

/** The first line where the page's block and the written one differ (1-based within the block), or undefined. */
export function firstDifference(
  page: string[],
  written: string[],
): { line: number; page: string | undefined; written: string | undefined } | undefined {
  for (let i = 0; i < Math.max(page.length, written.length); i++)
    if (page[i] !== written[i]) return { line: i + 1, page: page[i], written: written[i] };
  return undefined;
}

/** A block's lines as the page has them. */
export function pageBody(commands: ExampleCommand[]): string[] {
  return commands.flatMap((command) => [`$ ${command.line}`, ...command.output]);
}
