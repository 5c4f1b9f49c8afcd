// Everything a command prints goes through here: data to stdout in the output mode the
// flags chose (the aligned table, --csv records, --json the service's answer or, with
// --fields, the rows' fields; --jsonl a row a line; --jq a jq program over that JSON), notes
// and errors to stderr, one line each, with the configured token masked everywhere and
// every line made inert for a terminal (the cells and messages were sanitised already;
// this is the last line of defence, and JSON keeps its value with controls escaped).
import { redact } from '../../api/auth.ts';
import { jsonText, oneLine, sanitize, sanitizeOutput } from '../../sanitize.ts';
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
import { answerOnly, answerRecord, pickFields, rowObject, rowObjects, withFields } from './fields.ts';
import type { CliIo } from './io.ts';
import type { JsonFilter } from './jq-filter.ts';
import { createStyle, type Style } from './style.ts';

/** How data is printed: an aligned table for people, or data only (`--csv`, `--json`). */
type OutputMode = 'table' | 'csv' | 'json';

export interface Output {
  /** Data is printed as JSON (`--json`, `--fields` without `--csv`, `--jsonl`, `--jq`), not as tables. */
  readonly json: boolean;
  /**
   * The JSON is the service's answer (no `--fields` or `--jsonl`): nothing of the table is
   * printed, so what only the table shows need not be asked for.
   */
  readonly jsonAnswer: boolean;
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
  /** The response JSON, indented (a command that prints no rows: --fields and --jsonl are a usage error). */
  printJson(value: unknown): void;
  /** One compact JSON value per line (JSON Lines), as printJson. */
  jsonLine(value: unknown): void;
  /** A line of JSON Lines netdeck made of rows (a profile's result): --jq runs over it, nothing refuses it. */
  rowLine(value: unknown): void;
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
  /** `--fields` or `--json=FIELDS`: the fields of each row, by their CSV names. */
  fields?: string[];
  /** `--jsonl`: JSON Lines, a row a line. */
  jsonl?: boolean;
  /** `--jq`, compiled before the command runs (options.ts). */
  jqFilter?: JsonFilter;
  /** -q: no notes on stderr (the demo notice and the like). */
  quiet?: boolean;
}

/** Whether the flags print JSON: --csv with --fields prints CSV; --fields, --jsonl or --jq alone print JSON. */
export const printsJson = (flags: OutputFlags): boolean =>
  !flags.csv && !!(flags.json || flags.fields || flags.jsonl || flags.jqFilter);

/** Whether the JSON printed is the service's answer, not rows of its table. */
export const printsAnswer = (flags: OutputFlags): boolean =>
  printsJson(flags) && !flags.fields && !flags.jsonl;

export function createOutput(io: CliIo, options: OutputFlags = {}): Output {
  const mode: OutputMode = printsJson(options) ? 'json' : options.csv ? 'csv' : 'table';
  const answer = printsAnswer(options);
  const style = createStyle(io.stdout, io.env, { plain: mode !== 'table' });
  const errStyle = createStyle(io.stderr, io.env);
  const secrets: string[] = [];
  const clean = (text: string) => secrets.reduce((out, secret) => redact(out, secret), text);
  const out = (text: string) => io.stdout.write(sanitizeOutput(clean(text), style.colour));
  const err = (text: string) => io.stderr.write(sanitizeOutput(clean(text), errStyle.colour));
  const lines = (texts: string[]) => out(texts.length ? `${texts.join('\n')}\n` : '');
  // --jq prints each output of its program: a string as its text (as jq -r does), anything else as compact JSON.
  const filtered = (value: unknown, indent?: number) => {
    const { jqFilter } = options;
    if (!jqFilter) return out(`${jsonText(value, indent)}\n`);
    const outputs = jqFilter(value);
    lines(outputs.map((v) => (typeof v === 'string' ? sanitize(v) : jsonText(v ?? null))));
  };
  const rowLine = (value: unknown) => filtered(value);
  // A command's own JSON (a token, a config value) has no rows to pick from.
  const printJson = answerOnly(options, (value) => filtered(value, 2));
  const jsonLine = answerOnly(options, rowLine);
  /** A table's rows as JSON: an array of objects of the fields, or a line each with --jsonl. */
  const printRows = <R>(table: DataTable<R>) => {
    const objects = rowObjects(table, options.fields);
    if (options.jsonl) for (const object of objects) rowLine(object);
    else filtered(objects, 2);
  };
  // --quiet: no notes (the demo notice, progress); warnings and errors still show.
  const note = (text: string) => (options.quiet ? undefined : err(`${errStyle.dim(`netdeck: ${text}`)}\n`));
  return {
    json: mode === 'json',
    jsonAnswer: answer,
    style,
    line: (text = '') => out(`${text}\n`),
    lines,
    result: (json, table) => {
      if (answer) return printJson(json);
      if (mode === 'json') return printRows(table());
      const data = table();
      if (mode === 'table') return lines(tableLines(data, style));
      lines(csvLines(withFields(data, options.fields)));
      for (const notice of csvNotices(data)) note(notice);
    },
    outcome: (json, sentence, record) => {
      if (answer) return printJson(json);
      // An action without a record of its own: its answer's keys are the fields.
      if (mode === 'json') return record ? printRows(record()) : printRows(answerRecord(json));
      if (mode === 'csv' && record) return lines(csvLines(withFields(record(), options.fields)));
      lines(typeof sentence === 'string' ? [sentence] : sentence);
    },
    stream: (fields, widths) => {
      // --json and --jsonl: each row as it came; with --fields, the fields picked of it.
      if (mode === 'json') {
        if (!options.fields) return rowLine;
        const picked = pickFields(fields, options.fields);
        return (row) => rowLine(rowObject(picked, row));
      }
      if (mode === 'csv') {
        const picked = pickFields(fields, options.fields);
        lines([csvHeader(picked)]);
        return (row) => lines([csvRecord(picked, row)]);
      }
      lines([style.bold(fixedHeader(fields, widths))]);
      return (row) => lines([fixedRow(fields, widths, row)]);
    },
    printJson,
    jsonLine,
    rowLine,
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
