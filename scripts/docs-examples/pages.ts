// The examples of the pages: every ```console block of docs/*.md and README.md. In one,
// a line `$ COMMAND` is a command and the lines up to the next are what it printed. An
// HTML comment on the line above the fence (hidden on GitHub) may say how it runs:
//   <!-- example: not run: WHY -->   (only for the real service, a typed secret or a prompt)
//   <!-- example: without NETDECK_API_URL and NETDECK_TOKEN -->   (no API configured: the demo, a login)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface ExampleCommand {
  /** The command as the page writes it, without its `$ `. */
  line: string;
  /** What the page shows it printed. */
  output: string[];
}

export interface ExampleBlock {
  /** The page's path from the repository's root, `docs/commands.md`. */
  page: string;
  /** 1 for the page's first console block, 2 for the next... */
  number: number;
  /** The line of its opening fence (1-based), to name it. */
  line: number;
  /** Why it is not run, when its marker says so ('' for a marker without a reason). */
  notRun?: string;
  /** Runs without NETDECK_API_URL and NETDECK_TOKEN. */
  noApi: boolean;
  commands: ExampleCommand[];
  /** Where its lines are among the page's lines: [first, end). */
  body: { first: number; end: number };
  /** The fence's indent, which its lines carry too (a block inside a list item). */
  indent: string;
}

const NOT_RUN = /^not run(?::\s*(.*))?$/;
const NO_API = 'without NETDECK_API_URL and NETDECK_TOKEN';

/** The pages with examples, from the repository's root: README.md, then docs/ by name. */
export function examplePages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

export class PageError extends Error {}

/** The console blocks of one page. */
export function readExamples(page: string, text: string): ExampleBlock[] {
  const lines = text.split('\n');
  const blocks: ExampleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```console\s*$/.exec(lines[i]);
    if (!fence) {
      if (/^\s*```\w*\s*$/.test(lines[i])) i = closingFence(lines, i, /^\s*```/.exec(lines[i])![0]);
      continue;
    }
    const indent = fence[1];
    const end = closingFence(lines, i, `${indent}\`\`\``);
    const where = `${page}:${i + 1}`;
    if (end >= lines.length) throw new PageError(`${where}: a console block that is never closed`);
    const marker = /^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/.exec(lines[i - 1] ?? '')?.[1];
    const notRun = marker === undefined ? undefined : NOT_RUN.exec(marker);
    if (marker !== undefined && !notRun && marker !== NO_API)
      throw new PageError(`${where}: "<!-- example: ${marker} -->" is not run: WHY, nor ${NO_API}`);
    const body = lines
      .slice(i + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    const commands = notRun ? [] : commandsOf(body, where);
    blocks.push({
      page,
      number: blocks.length + 1,
      line: i + 1,
      notRun: notRun ? (notRun[1] ?? '').trim() : undefined,
      noApi: marker === NO_API,
      commands,
      body: { first: i + 1, end },
      indent,
    });
    i = end;
  }
  return blocks;
}

/** The line after the last of a block opened at `open` (the closing fence's index). */
function closingFence(lines: string[], open: number, fence: string): number {
  let end = open + 1;
  while (end < lines.length && lines[end].trimEnd() !== fence.trimEnd()) end++;
  return end;
}

function commandsOf(body: string[], where: string): ExampleCommand[] {
  const commands: ExampleCommand[] = [];
  for (const line of body) {
    if (line.startsWith('$ ')) commands.push({ line: line.slice(2), output: [] });
    else if (commands.length) commands.at(-1)!.output.push(line);
    else
      throw new PageError(
        `${where}: a console block starts with a command ("$ netdeck …"), or says why it is not run (<!-- example: not run: WHY -->)`,
      );
  }
  return commands;
}

/** The page with the blocks in `bodies` (by number) given new lines. */
export function withBodies(text: string, blocks: ExampleBlock[], bodies: Map<number, string[]>): string {
  const lines = text.split('\n');
  // From the last block up, so the earlier blocks' places stay as they were read.
  for (const block of [...blocks].reverse()) {
    const body = bodies.get(block.number);
    if (!body) continue;
    lines.splice(
      block.body.first,
      block.body.end - block.body.first,
      ...body.map((line) => (line ? block.indent + line : line)),
    );
  }
  return lines.join('\n');
}
