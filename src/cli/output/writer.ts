// Everything a command prints goes through here: data to stdout in the output mode the
// flags chose (the aligned table, --csv records, --json the service's answer), notes and
// errors to stderr, one line each, with the configured token masked everywhere and every
// line made inert for a terminal (the cells and messages were sanitised already; this is
// the last line of defence, and JSON keeps its value with controls escaped).
import { redact } from '../../api/auth.ts';
import { jsonText, oneLine, sanitizeOutput } from '../../sanitize.ts';
import {
  csvHeader,
  csvLines,
  csvNotices,
  csvRecord,
  type DataTable,
  type Field,
  fixedHeader,
  fixedRow,
  tableLines,
} from './data-table.ts';
import type { CliIo } from './io.ts';
import { createStyle, type Style } from './style.ts';

/** How data is printed: an aligned table for people, or data only (`--csv`, `--json`). */
type OutputMode = 'table' | 'csv' | 'json';

export interface Output {
  /** `--json` was given: data is printed as JSON, not as tables. */
  readonly json: boolean;
  /** Colours for stdout (none in a pipe, with NO_COLOR, or in CSV). */
  readonly style: Style;
  line(text?: string): void;
  lines(lines: string[]): void;
  /**
   * A table command's data in the output mode: `json` (the service's answer) with --json,
   * the table's records with --csv (the lines around it as notices), else the aligned table.
   */
  result<R>(json: unknown, table: () => DataTable<R>): void;
  /**
   * What an action did (or a one-line answer): `json` (the service's answer) with --json,
   * `record`'s one row with --csv (a command without --csv has none), else the sentence
   * (or the lines) for people.
   */
  outcome<R>(json: unknown, sentence: string | string[], record?: () => DataTable<R>): void;
  /** Rows printed as they arrive (fixed widths, CSV records, or JSON Lines of each row); writes the header now. */
  stream<R>(fields: Field<R>[], widths: number[]): (row: R) => void;
  /** The response JSON, indented. */
  printJson(value: unknown): void;
  /** One compact JSON value per line (JSON Lines). */
  jsonLine(value: unknown): void;
  /** `netdeck: text` on stderr: progress and notices that must not mix with data. */
  note(text: string): void;
  /** A note for a person (what to do next): left out with --json, whose reader is a script. */
  hint(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  /** Hides this secret in everything printed from now on (the token netdeck was given). */
  hide(secret: string | undefined): void;
}

/** The flags that choose what a command prints (options.ts adds them to the command line). */
export interface OutputFlags {
  json?: boolean;
  csv?: boolean;
  /** -q: no notes on stderr (the demo notice and the like). */
  quiet?: boolean;
}

export function createOutput(io: CliIo, options: OutputFlags = {}): Output {
  const mode: OutputMode = options.json ? 'json' : options.csv ? 'csv' : 'table';
  const style = createStyle(io.stdout, io.env, { plain: mode !== 'table' });
  const errStyle = createStyle(io.stderr, io.env);
  const secrets: string[] = [];
  const clean = (text: string) => secrets.reduce((out, secret) => redact(out, secret), text);
  const out = (text: string) => io.stdout.write(sanitizeOutput(clean(text), style.colour));
  const err = (text: string) => io.stderr.write(sanitizeOutput(clean(text), errStyle.colour));
  const lines = (texts: string[]) => out(texts.length ? `${texts.join('\n')}\n` : '');
  const printJson = (value: unknown) => out(`${jsonText(value, 2)}\n`);
  const jsonLine = (value: unknown) => out(`${jsonText(value)}\n`);
  // --quiet: no notes (the demo notice, progress); warnings and errors still show.
  const note = (text: string) => (options.quiet ? undefined : err(`${errStyle.dim(`netdeck: ${text}`)}\n`));
  return {
    json: mode === 'json',
    style,
    line: (text = '') => out(`${text}\n`),
    lines,
    result: (json, table) => {
      if (mode === 'json') return printJson(json);
      const data = table();
      if (mode === 'table') return lines(tableLines(data, style));
      lines(csvLines(data));
      for (const notice of csvNotices(data)) note(notice);
    },
    outcome: (json, sentence, record) => {
      if (mode === 'json') return printJson(json);
      if (mode === 'csv' && record) return lines(csvLines(record()));
      lines(typeof sentence === 'string' ? [sentence] : sentence);
    },
    stream: (fields, widths) => {
      if (mode === 'json') return jsonLine;
      if (mode === 'csv') {
        lines([csvHeader(fields)]);
        return (row) => lines([csvRecord(fields, row)]);
      }
      lines([style.bold(fixedHeader(fields, widths))]);
      return (row) => lines([fixedRow(fields, widths, row)]);
    },
    printJson,
    jsonLine,
    note,
    hint: (text) => (mode === 'json' ? undefined : note(text)),
    warn: (text) => err(`${errStyle.warn(`netdeck: warning: ${text}`)}\n`),
    // Errors are one line: later lines (a server's stack dump, say) are folded in.
    error: (text) => err(`${errStyle.bad('netdeck:')} ${oneLine(text)}\n`),
    hide: (secret) => {
      const trimmed = secret?.trim();
      if (trimmed && !secrets.includes(trimmed)) secrets.push(trimmed);
    },
  };
}
