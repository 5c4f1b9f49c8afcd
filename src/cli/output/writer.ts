// Everything a command prints goes through here: data to stdout (table or JSON), notes
// and errors to stderr, one line each, with the configured token masked everywhere and
// every line made inert for a terminal (the cells and messages were sanitised already;
// this is the last line of defence, and JSON keeps its value with controls escaped).
import { redact } from '../../api/auth.ts';
import { escapeJsonText, oneLine, sanitizeOutput } from '../../sanitize.ts';
import type { CliIo } from './io.ts';
import { createStyle, type Style } from './style.ts';

export interface Output {
  /** `--json` was given: data is printed as JSON, not as tables. */
  readonly json: boolean;
  /** Colours for stdout (none in a pipe or with NO_COLOR). */
  readonly style: Style;
  line(text?: string): void;
  lines(lines: string[]): void;
  /** Blocks of lines with an empty line between them. */
  sections(sections: string[][]): void;
  /** The response JSON, indented. */
  printJson(value: unknown): void;
  /** One compact JSON value per line (JSON Lines). */
  jsonLine(value: unknown): void;
  /** `netdeck: text` on stderr: progress and notices that must not mix with data. */
  note(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  /** Hides this secret in everything printed from now on (the token netdeck was given). */
  hide(secret: string | undefined): void;
}

export function createOutput(
  io: CliIo,
  options: { json?: boolean; quiet?: boolean; csv?: boolean } = {},
): Output {
  const style = createStyle(io.stdout, io.env, { csv: options.csv });
  const errStyle = createStyle(io.stderr, io.env);
  const secrets: string[] = [];
  const clean = (text: string) => secrets.reduce((out, secret) => redact(out, secret), text);
  const out = (text: string) => io.stdout.write(sanitizeOutput(clean(text), style.colour));
  const err = (text: string) => io.stderr.write(sanitizeOutput(clean(text), errStyle.colour));
  return {
    json: options.json ?? false,
    style,
    // In CSV output a blank line between blocks would be an empty record.
    line: (text = '') => (style.csv && text === '' ? undefined : out(`${text}\n`)),
    lines: (lines) => out(lines.length ? `${lines.join('\n')}\n` : ''),
    sections: (sections) =>
      out(sections.length ? `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n` : ''),
    printJson: (value) => out(`${escapeJsonText(JSON.stringify(value, null, 2))}\n`),
    jsonLine: (value) => out(`${escapeJsonText(JSON.stringify(value))}\n`),
    // --quiet: no notes (the demo notice, progress); warnings and errors still show.
    note: (text) => (options.quiet ? undefined : err(`${errStyle.dim(`netdeck: ${text}`)}\n`)),
    warn: (text) => err(`${errStyle.warn(`netdeck: warning: ${text}`)}\n`),
    // Errors are one line: later lines (a server's stack dump, say) are folded in.
    error: (text) => err(`${errStyle.bad('netdeck:')} ${oneLine(text)}\n`),
    hide: (secret) => {
      const trimmed = secret?.trim();
      if (trimmed && !secrets.includes(trimmed)) secrets.push(trimmed);
    },
  };
}
