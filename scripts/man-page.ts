// `netdeck.1`, the manual page, written at build time (scripts/build.mjs) from the
// commander program itself: each command's --help as netdeck prints it, so --help stays
// the one source and the page cannot drift from it. The sections a manual page has besides
// (environment, files, exit status) are gathered from the same help: every environment
// variable it names, every file under a home or XDG folder it names, the exit codes the
// program's help lists. Run alone: `node --import tsx scripts/man-page.ts dist/netdeck.1`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { CliContext } from '../src/cli/context.ts';
import { buildProgram } from '../src/cli/program.ts';
import { netdeckVersion } from '../src/cli/version.ts';

/** A command's path from the program down and its --help, as printed. */
interface HelpPage {
  path: string[];
  description: string;
  /** As a terminal of 80 columns shows it. */
  text: string;
  /** The same, no line wrapped: each option's description on its line. */
  unwrapped: string;
}

const isHidden = (command: Command) => (command as unknown as { _hidden?: boolean })._hidden === true;

/** Every command's help (the program's first), each as `netdeck PATH --help` prints it. */
export function helpPages(): HelpPage[] {
  let printed = '';
  const context: CliContext = {
    io: { stdout: { write: (text: string) => (printed += text) }, stderr: { write: () => true }, env: {} },
    deps: {},
    exit: () => undefined,
  };
  const program = buildProgram(context);
  const pages: HelpPage[] = [];
  const helpAt = (command: Command, width: number) => {
    command.configureOutput({ ...command.configureOutput(), getOutHelpWidth: () => width });
    printed = '';
    command.outputHelp();
    return printed;
  };
  const visit = (command: Command, path: string[]) => {
    const text = helpAt(command, 80);
    pages.push({ path, description: command.description(), text, unwrapped: helpAt(command, 10_000) });
    for (const sub of command.commands) if (!isHidden(sub)) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return pages;
}

/** Text as roff reads it: a backslash, and a line starting with `.` or `'`, made literal. */
const roff = (text: string) =>
  text
    .replaceAll('\\', '\\e')
    .replaceAll('-', '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');

/** Lines kept as they are (the help's own layout), in a block roff does not fill. */
const verbatim = (text: string) => ['.nf', roff(text.replace(/\n+$/, '')), '.fi'];

/**
 * The help as entries: an option's line is one (its flags and words), a paragraph's
 * sentence another; spaces collapsed.
 */
function entries(pages: HelpPage[]): string[] {
  return pages.flatMap(({ unwrapped }) =>
    unwrapped.split(/\n\s*\n/).flatMap((paragraph) => {
      const lines = paragraph.split('\n');
      const options = lines.filter((line) => /^\s+-/.test(line));
      // A paragraph by its sentences (and lines that start with a label, `Exit codes: `, or a name, `NO_COLOR `), an example's JSON left out.
      const sentences = lines
        .filter((line) => !/^\s+-/.test(line))
        .join('\n')
        .split(/(?<=\.)\s+(?=[A-Z])|\n(?=[A-Z][a-z ]+: |[A-Z_]{3,} )/)
        .map((sentence) => sentence.replace(/:\s+\{[\s\S]*$/, '.'));
      return [...options, ...sentences].map((entry) => entry.replace(/\s+/g, ' ').trim());
    }),
  );
}

/** Each name `pattern` finds in the help, with the first entry that names it. */
function named(pages: HelpPage[], pattern: RegExp): [string, string][] {
  const found = new Map<string, string>();
  for (const entry of entries(pages))
    for (const [name] of entry.matchAll(pattern)) if (!found.has(name)) found.set(name, entry);
  return [...found].sort(([a], [b]) => a.localeCompare(b));
}

/** The environment variables the help names. */
const environment = (pages: HelpPage[]) => named(pages, /\b(?:NETDECK_[A-Z_]+|NO_COLOR|XDG_[A-Z_]+_HOME)\b/g);

/**
 * A page without its examples (`examples()` of src/cli/commands/help.ts: a line `Examples:`,
 * then `# what` and `$ command` lines): a path an example writes to (`~/.mcp-token`, the
 * shell's completion files) is the reader's choice, not a file netdeck reads or writes.
 */
const withoutExamples = (page: HelpPage): HelpPage => ({
  ...page,
  unwrapped: page.unwrapped.replace(/^Examples:\n(?: {2}[#$] .*\n?)*/gm, ''),
});

/** The files the help names under a home or an XDG folder, outside its examples. */
const files = (pages: HelpPage[]) =>
  named(pages.map(withoutExamples), /(?:\$XDG_[A-Z_]+|~)\/[\w./<>-]*[\w>]/g);

/** The exit codes of the program's help (`Exit codes: 0 ok, 1 ..., 5 ...`). */
function exitCodes(program: HelpPage): [string, string][] {
  const paragraph = program.text.match(/^Exit codes: ([\s\S]*?)\.?\n(?:\n|$)/m)?.[1] ?? '';
  return paragraph
    .replace(/\s*\n\s*/g, ' ')
    .split(/, (?=\d+ )/)
    .map((entry) => entry.match(/^(\d+) (.*)$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map(([, code, words]) => [code, words]);
}

const tagged = (entries: [string, string][]) =>
  entries.flatMap(([tag, words]) => ['.TP', `.B ${roff(tag)}`, roff(words)]);

/** The manual page. */
export function manPage(pages: HelpPage[] = helpPages(), version = netdeckVersion()): string {
  const [program, ...commands] = pages;
  const codes = exitCodes(program);
  if (!codes.length) throw new Error('the program’s help lists no exit codes (“Exit codes: 0 ok, …”)');
  return `${[
    `.TH NETDECK 1 "" "netdeck ${roff(version)}" "User Commands"`,
    '.SH NAME',
    `netdeck \\- ${roff(program.description.split('\n')[0].replace(/\.$/, ''))}`,
    '.SH SYNOPSIS',
    '.B netdeck',
    '[\\fIoptions\\fR] [\\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]]',
    '.SH DESCRIPTION',
    'What follows is what',
    '.B netdeck \\-\\-help',
    'and',
    '.B netdeck',
    '.I command',
    '.B \\-\\-help',
    'print.',
    ...verbatim(program.text),
    '.SH COMMANDS',
    ...commands.flatMap((page) => [
      `.SS ${roff(['netdeck', ...page.path].join(' '))}`,
      ...verbatim(page.text),
    ]),
    '.SH ENVIRONMENT',
    ...tagged(environment(pages)),
    '.SH FILES',
    ...tagged(files(pages)),
    '.SH EXIT STATUS',
    ...tagged(codes),
    '.SH SEE ALSO',
    '.BR jq (1);',
    'the documents in the docs folder of netdeck’s repository.',
  ].join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [out] = process.argv.slice(2);
  if (!out) throw new Error('usage: scripts/man-page.ts OUTPUT');
  writeFileSync(out, manPage());
}
