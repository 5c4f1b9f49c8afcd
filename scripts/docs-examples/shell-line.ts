// The shell the examples are written in, as far as they use it: a `$ ` line of a page is
// parsed here into what runs. Words with '…' and "…" quoting, $NAME, ${NAME}, $? and
// $(COMMAND) (no word splitting: an unquoted one stays one word), a leading ~, NAME=value before a
// command or alone, pipes, `;`, `&&`, `||`, a trailing `&`, redirections (`>`, `>>`, `2>`,
// `2>&1`, `<`) and `#` comments. Anything else a line holds is refused with its reason, so
// a page never shows a line the examples' shell read otherwise than a shell would.

/** A piece of a word: text as written, a variable, a command's output (`$(…)`), or the home folder (a leading `~`). */
export type Part = { text: string } | { variable: string } | { command: string } | { home: true };
export type Word = Part[];

export interface Redirect {
  /** 0: stdin from a file; 1: stdout; 2: stderr. */
  fd: 0 | 1 | 2;
  /** A file, or `&1` (stderr into stdout). */
  to: Word | '&1';
  append: boolean;
}

export interface SimpleCommand {
  assignments: { name: string; value: Word }[];
  words: Word[];
  redirects: Redirect[];
}

export interface Step {
  /** Commands joined by `|`, each one's stdout the next one's stdin. */
  pipeline: SimpleCommand[];
  /** Ended by `&`: it runs on while the next lines run. */
  background: boolean;
  /** Whether it runs after the step before: always (`;`), when that succeeded (`&&`), or failed (`||`). */
  when: 'always' | 'ok' | 'failed';
}

export class ShellLineError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const OPERATOR_START = new Set(['|', ';', '&', '<', '>']);

type Token = { word: Word; raw: string } | { operator: string };

/** The steps of one command line. */
export function parseLine(line: string): Step[] {
  const steps: Step[] = [];
  let command: SimpleCommand = { assignments: [], words: [], redirects: [] };
  let pipeline: SimpleCommand[] = [];
  let when: Step['when'] = 'always';
  const tokens = tokenize(line);
  const endCommand = () => {
    if (!command.words.length && !command.assignments.length && !command.redirects.length)
      throw new ShellLineError(`an empty command in: ${line}`);
    pipeline.push(command);
    command = { assignments: [], words: [], redirects: [] };
  };
  const endStep = (background: boolean, next: Step['when']) => {
    endCommand();
    steps.push({ pipeline, background, when });
    pipeline = [];
    when = next;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if ('word' in token) {
      const assignment = !command.words.length && assignmentOf(token);
      if (assignment) command.assignments.push(assignment);
      else command.words.push(token.word);
      continue;
    }
    const { operator } = token;
    if (operator === '|') endCommand();
    else if (operator === ';') endStep(false, 'always');
    else if (operator === '&&') endStep(false, 'ok');
    else if (operator === '||') endStep(false, 'failed');
    else if (operator === '&') endStep(true, 'always');
    else if (operator === '2>&1') command.redirects.push({ fd: 2, to: '&1', append: false });
    else {
      const target = tokens[++i];
      if (!target || !('word' in target)) throw new ShellLineError(`${operator} wants a file in: ${line}`);
      const fd = operator.startsWith('2') ? 2 : operator === '<' ? 0 : 1;
      command.redirects.push({ fd, to: target.word, append: operator.endsWith('>>') });
    }
  }
  if (pipeline.length || command.words.length || command.assignments.length || command.redirects.length)
    endStep(false, 'always');
  else if (when !== 'always') throw new ShellLineError(`a line cannot end with && or ||: ${line}`);
  return steps;
}

function assignmentOf(token: { word: Word; raw: string }): SimpleCommand['assignments'][number] | false {
  const first = token.word[0];
  if (!first || !('text' in first)) return false;
  const name = NAME.exec(first.text)?.[0];
  if (!name || first.text[name.length] !== '=' || !token.raw.startsWith(`${name}=`)) return false;
  const rest = first.text.slice(name.length + 1);
  return { name, value: [...(rest ? [{ text: rest }] : []), ...token.word.slice(1)] };
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') break;
    const operator = operatorAt(line, i);
    if (operator) {
      tokens.push({ operator });
      i += operator.length;
      continue;
    }
    const start = i;
    const word: Word = [];
    const text = (t: string) => {
      const last = word.at(-1);
      if (last && 'text' in last) last.text += t;
      else word.push({ text: t });
    };
    if (c === '~' && (line[i + 1] === '/' || line[i + 1] === undefined || line[i + 1] === ' ')) {
      word.push({ home: true });
      i++;
    }
    while (i < line.length && line[i] !== ' ' && line[i] !== '\t' && !operatorAt(line, i)) {
      const ch = line[i];
      if (ch === "'") {
        const end = line.indexOf("'", i + 1);
        if (end < 0) throw new ShellLineError(`an unclosed ' in: ${line}`);
        text(line.slice(i + 1, end));
        i = end + 1;
      } else if (ch === '"') {
        i = doubleQuoted(line, i + 1, word, text);
      } else if (ch === '$') {
        i = variable(line, i, word, text);
      } else if (ch === '\\') {
        if (i + 1 >= line.length) throw new ShellLineError(`a line cannot go on to the next: ${line}`);
        text(line[i + 1]);
        i += 2;
      } else if (ch === '`' || ch === '(' || ch === ')' || ch === '*' || ch === '?' || ch === '[') {
        throw new ShellLineError(`${ch} is more shell than the examples run (quote it): ${line}`);
      } else {
        text(ch);
        i++;
      }
    }
    tokens.push({ word, raw: line.slice(start, i) });
  }
  return tokens;
}

/** The operator at `i`, longest first; undefined where a word goes on. */
function operatorAt(line: string, i: number): string | undefined {
  if (line.startsWith('2>&1', i) && isWordStart(line, i)) return '2>&1';
  if ((line.startsWith('2>>', i) || line.startsWith('2>', i)) && isWordStart(line, i))
    return line.startsWith('2>>', i) ? '2>>' : '2>';
  if (!OPERATOR_START.has(line[i])) return undefined;
  for (const op of ['&&', '||', '>>', '|', ';', '&', '<', '>']) if (line.startsWith(op, i)) return op;
  return undefined;
}

/** A `2>` is a redirection only where a word would start (`x2>y` is the word `x2` and `>`). */
function isWordStart(line: string, i: number): boolean {
  return i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t';
}

function doubleQuoted(line: string, i: number, word: Word, text: (t: string) => void): number {
  while (i < line.length && line[i] !== '"') {
    const ch = line[i];
    if (ch === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) {
      text(line[i + 1]);
      i += 2;
    } else if (ch === '$') {
      i = variable(line, i, word, text);
    } else if (ch === '`') {
      throw new ShellLineError(`\` is more shell than the examples run: ${line}`);
    } else {
      text(ch);
      i++;
    }
  }
  if (line[i] !== '"') throw new ShellLineError(`an unclosed " in: ${line}`);
  return i + 1;
}

/** `$NAME`, `${NAME}` or `$?` at `i` (a `$` before anything else is itself). */
function variable(line: string, i: number, word: Word, text: (t: string) => void): number {
  const rest = line.slice(i + 1);
  if (rest.startsWith('?')) {
    word.push({ variable: '?' });
    return i + 2;
  }
  if (rest.startsWith('(')) {
    const end = closingParen(line, i + 2);
    word.push({ command: line.slice(i + 2, end) });
    return end + 1;
  }
  const braced = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(rest);
  if (braced) {
    word.push({ variable: braced[1] });
    return i + 1 + braced[0].length;
  }
  const name = NAME.exec(rest)?.[0];
  if (!name) {
    text('$');
    return i + 1;
  }
  word.push({ variable: name });
  return i + 1 + name.length;
}

/** The index of the `)` that closes a `$(` whose command starts at `start` (quotes and nested ones skipped). */
function closingParen(line: string, start: number): number {
  let depth = 0;
  for (let i = start; i < line.length; i++) {
    const ch = line[i];
    if (ch === "'" || ch === '"') {
      const end = line.indexOf(ch, i + 1);
      if (end < 0) break;
      i = end;
    } else if (ch === '(') depth++;
    else if (ch === ')' && depth-- === 0) return i;
  }
  throw new ShellLineError(`an unclosed $( in: ${line}`);
}

export interface Expansion {
  variable(name: string): string;
  /** What a command printed on stdout, as `$(…)` puts it: its last line breaks taken off. */
  command(line: string): Promise<string>;
  home: string;
}

/** A word's text, its variables, commands and `~` filled in. */
export async function expandWord(word: Word, expansion: Expansion): Promise<string> {
  let text = '';
  for (const part of word) {
    if ('text' in part) text += part.text;
    else if ('home' in part) text += expansion.home;
    else if ('variable' in part) text += expansion.variable(part.variable);
    else text += (await expansion.command(part.command)).replace(/\n+$/, '');
  }
  return text;
}
