// The ```sh blocks of the docs are sketches (a real service, a cron line, a shell's rc file),
// not run as the ```console examples are; what they can still get wrong is netdeck itself.
// Every netdeck command line in them names a command that exists, and only options that
// command (or one above it) takes, so that a renamed flag cannot live on in a sketch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { examplePages } from '../../scripts/docs-examples/pages.ts';
import { buildProgram } from '../../src/cli/program.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface SketchLine {
  where: string;
  words: string[];
}

/** Where a command starts in a line: its beginning, after a shell operator, or a cron line's five fields. */
const COMMAND_START = /(?:^|[;&|(]\s*|^(?:[\d*/,-]+\s+){5})(netdeck\s[^#;&|<>)]*|netdeck$)/g;

/** The netdeck command lines of the page's ```sh blocks, as words (quotes taken off). */
function sketchLines(page: string, text: string): SketchLine[] {
  const lines = text.split('\n');
  const found: SketchLine[] = [];
  let inSh = false;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      inSh = !inSh && /^\s*```sh\s*$/.test(line);
      return;
    }
    if (!inSh) return;
    // A comment: a # that starts a word.
    const code = line.replace(/(^|\s)#.*$/, '');
    for (const match of code.matchAll(COMMAND_START))
      found.push({
        where: `${page}:${i + 1}`,
        words: (match[1].match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^(['"])(.*)\1$/, '$2')),
      });
  });
  return found;
}

/** What is wrong with a command line against the program: an unknown command or option. */
function sketchProblem(program: Command, words: string[]): string | undefined {
  let command = program;
  let i = 1;
  for (; i < words.length && !words[i].startsWith('-'); i++) {
    const sub = command.commands.find((c) => c.name() === words[i] || c.aliases().includes(words[i]));
    if (!sub) break;
    command = sub;
  }
  const chain: Command[] = [];
  for (let c: Command | null = command; c; c = c.parent) chain.push(c);
  const option = (flag: string) =>
    chain.flatMap((c) => c.options).find((o) => o.long === flag || o.short === flag);
  const rest = words.slice(i);
  for (let k = 0; k < rest.length; k++) {
    const word = rest[k];
    if (word === '--') break; // what follows is the command `watch --` runs
    if (!word.startsWith('-') || word === '-') continue;
    const [flag, value] = word.split('=');
    if (flag === '--help' || flag === '-h') continue;
    const known = option(flag);
    if (!known) return `${command.name()} takes no option ${flag}`;
    // Its value is the next word, even one that starts with a dash (--exec --urgent).
    if (known.required && value === undefined) k++;
  }
  return undefined;
}

const program = buildProgram({
  io: { stdout: { write: () => true }, stderr: { write: () => true }, env: {} },
  deps: {},
  exit: () => undefined,
});
const lines = examplePages(ROOT).flatMap((page) => sketchLines(page, readFileSync(join(ROOT, page), 'utf8')));

describe("the docs' ```sh sketches", () => {
  it('hold netdeck command lines (the pages have them: the reading of them is not broken)', () => {
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.map((l) => l.words.slice(0, 2).join(' '))).toContain('netdeck watch');
  });

  it.each(lines.map((l) => [l.where, l.words.join(' ')]))(
    '%s: %s names a command and its options',
    (_where, line) => {
      expect(sketchProblem(program, line.split(' '))).toBeUndefined();
    },
  );

  it('finds a flag no command takes, and a cron line’s and a pipeline’s command', () => {
    const page = [
      '```sh',
      'netdeck watch --check --disconnected-minutes 30   # fine',
      '*/10 * * * * netdeck watch --chek > /tmp/x || mail ops',
      'cat x | netdeck stats providers --csv --profile-all',
      'npx @modelcontextprotocol/inspector --cli netdeck mcp --method tools/list',
      '```',
    ].join('\n');
    const found = sketchLines('page.md', page);
    expect(found.map((l) => [l.where, sketchProblem(program, l.words)])).toEqual([
      ['page.md:2', undefined],
      ['page.md:3', 'watch takes no option --chek'],
      ['page.md:4', 'providers takes no option --profile-all'],
    ]);
  });
});
