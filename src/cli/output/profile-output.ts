// What a command prints over several profiles (`--profiles`). Each profile's run prints
// into a writer of its own that keeps its data (notes, warnings and errors go to stderr at
// once, named by the profile); once every profile has answered, their data is printed
// together in the order the profiles were given: `--json` one object per profile
// (`{"profile", "ok", "result" | "error"}`, the result what the command prints for one
// profile, with `--fields` its rows' fields), `--jsonl` a line per row with `profile` its
// first key, `--csv` one table whose first column is `profile`, else a section per
// profile and a total of them all; `--jq` runs over each line. A command that keeps
// running (`watch`) prints as it goes, through `profileNotes` alone.
import { formatCount } from '../../format/numbers.ts';
import { oneLine } from '../../sanitize.ts';
import { csvCell } from './csv.ts';
import {
  csvHeader,
  csvNotices,
  csvRecord,
  type DataTable,
  type Field,
  fixedHeader,
  fixedRow,
  tableLines,
  textField,
} from './data-table.ts';
import { answerOnly, answerRecord, pickFields, rowObject, rowObjects } from './fields.ts';
import type { Output, OutputFlags } from './writer.ts';

/** One thing a profile's run printed, in the order it printed it. */
type Piece =
  /** An answer (`--json`: a result, an outcome, printJson). */
  | { kind: 'json'; value: unknown }
  /** One line of JSON Lines (`--json`: a streamed row, jsonLine). */
  | { kind: 'jsonLine'; value: unknown }
  | { kind: 'table'; table: DataTable<unknown> }
  | { kind: 'lines'; lines: string[] }
  /** Rows streamed for people or CSV. */
  | { kind: 'rows'; fields: Field<unknown>[]; widths: number[]; rows: unknown[] };

/** One profile's run: what it printed, or why it failed. */
export interface ProfileRun {
  profile: string;
  network: string;
  pieces: Piece[];
  /** Its failure, in one line (explainError's words). */
  error?: string;
}

/** `out` with every note, hint, warning and error naming the profile. */
export function profileNotes(out: Output, profile: string): Output {
  const named = (text: string) => `profile ${profile}: ${text}`;
  return {
    ...out,
    note: (text) => out.note(named(text)),
    hint: (text) => out.hint(named(text)),
    warn: (text) => out.warn(named(text)),
    error: (text) => out.error(named(text)),
  };
}

/** A writer that keeps what one profile's run prints (its stderr goes out at once, named). */
export function keptOutput(out: Output, run: ProfileRun, flags: OutputFlags): Output {
  const keep = (piece: Piece) => run.pieces.push(piece);
  const lines = (texts: string[]) => keep({ kind: 'lines', lines: texts });
  const table = (data: DataTable<unknown>) => keep({ kind: 'table', table: data });
  return {
    ...profileNotes(out, run.profile),
    line: (text = '') => lines([text]),
    lines,
    result: (json, made) =>
      out.jsonAnswer ? keep({ kind: 'json', value: json }) : table(made() as DataTable<unknown>),
    outcome: (json, sentence, record) => {
      if (out.jsonAnswer) return keep({ kind: 'json', value: json });
      if (record) return table(record() as DataTable<unknown>);
      if (out.json) return table(answerRecord(json) as DataTable<unknown>);
      lines(typeof sentence === 'string' ? [sentence] : sentence);
    },
    stream: (fields, widths) => {
      // As the writer streams: each row as it came, unless --fields picks of it.
      if (out.json && !flags.fields) return (row) => keep({ kind: 'jsonLine', value: row });
      const piece = {
        kind: 'rows' as const,
        fields: fields as Field<unknown>[],
        widths,
        rows: [] as unknown[],
      };
      keep(piece);
      return (row) => piece.rows.push(row);
    },
    printJson: answerOnly(flags, (value) => keep({ kind: 'json', value })),
    jsonLine: answerOnly(flags, (value) => keep({ kind: 'jsonLine', value })),
    rowLine: (value) => keep({ kind: 'jsonLine', value }),
  };
}

/** What a piece printed as JSON values: an answer as it is, a table's or stream's rows as objects of the fields. */
function valuesOf(piece: Piece, wanted: readonly string[] | undefined): unknown[] {
  if (piece.kind === 'json' || piece.kind === 'jsonLine') return [piece.value];
  if (piece.kind === 'table') return rowObjects(piece.table, wanted);
  if (piece.kind === 'rows') {
    const fields = pickFields(piece.fields, wanted);
    return piece.rows.map((row) => rowObject(fields, row));
  }
  return [];
}

/** What a run printed as `--json` shows it: its one answer, or the list of what it printed line by line. */
function resultOf(run: ProfileRun, wanted: readonly string[] | undefined): unknown {
  const [only] = run.pieces;
  if (run.pieces.length === 1 && only.kind === 'json') return only.value;
  return run.pieces.flatMap((piece) => valuesOf(piece, wanted));
}

/** A row of one profile, `profile` its first key (a value that is no object is under `value`). */
const profileRow = (profile: string, value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { profile, ...value }
    : { profile, value };

/** Prints every profile's run as the flags ask (see the top of this file). */
export function printProfileRuns(out: Output, flags: OutputFlags, runs: ProfileRun[]): void {
  if (out.json && flags.jsonl) {
    // A failed profile has said so on stderr already; its rows are none.
    for (const run of runs)
      for (const piece of run.pieces)
        for (const value of valuesOf(piece, flags.fields)) out.rowLine(profileRow(run.profile, value));
    return;
  }
  if (out.json) {
    for (const run of runs)
      out.rowLine(
        run.error === undefined
          ? { profile: run.profile, ok: true, result: resultOf(run, flags.fields) }
          : { profile: run.profile, ok: false, error: run.error },
      );
    return;
  }
  if (flags.csv) printCsv(out, runs, flags.fields);
  else printSections(out, runs);
}

/** One CSV table: `profile` first, a header again only where the columns change. */
function printCsv(out: Output, runs: ProfileRun[], wanted: readonly string[] | undefined): void {
  let header: string | undefined;
  const records = (all: Field<unknown>[], rows: unknown[], profile: string) => {
    const fields = pickFields(all, wanted);
    const next = `profile,${csvHeader(fields)}`;
    if (next !== header) out.line(next);
    header = next;
    for (const row of rows) out.line(`${csvCell(profile)},${csvRecord(fields, row)}`);
  };
  for (const run of runs) {
    const notes = profileNotes(out, run.profile);
    for (const piece of run.pieces) {
      if (piece.kind === 'table') {
        records(piece.table.fields, piece.table.rows, run.profile);
        for (const notice of csvNotices(piece.table)) notes.note(notice);
      } else if (piece.kind === 'rows') records(piece.fields, piece.rows, run.profile);
      else if (piece.kind === 'lines') for (const line of piece.lines) notes.note(line);
    }
  }
}

/** A section per profile (its heading names it and its network), then the total. */
function printSections(out: Output, runs: ProfileRun[]): void {
  const { style } = out;
  const blocks: string[][] = runs.map((run) => {
    const heading = style.accent(`profile ${run.profile}${run.network ? ` (network ${run.network})` : ''}`);
    if (run.error !== undefined) return [heading, style.bad(`failed: ${oneLine(run.error)}`)];
    return [
      heading,
      ...run.pieces.flatMap((piece, i) => {
        const lines =
          piece.kind === 'table'
            ? tableLines(piece.table, style)
            : piece.kind === 'lines'
              ? piece.lines
              : piece.kind === 'rows'
                ? [
                    style.bold(fixedHeader(piece.fields, piece.widths)),
                    ...piece.rows.map((row) => fixedRow(piece.fields, piece.widths, row)),
                  ]
                : [];
        return i ? ['', ...lines] : lines;
      }),
    ];
  });
  const total = totalTable(runs);
  if (total) blocks.push([style.accent(`total of ${runs.length} profiles`), ...tableLines(total, style)]);
  out.lines(blocks.flatMap((block, i) => (i ? ['', ...block] : block)));
}

interface TotalRow {
  profile: string;
  failed: boolean;
  count: number;
  sums: number[];
}

/** A number to sum: a number as it is, a true as 1 (a count of what is so). */
const addend = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : value === true ? 1 : 0;

/**
 * A row per profile and one for all: the rows each listed (the table's `counted`) and the
 * sums of its `total` columns; none when the table has neither.
 */
function totalTable(runs: ProfileRun[]): DataTable<TotalRow> | undefined {
  const tableOf = (run: ProfileRun) =>
    run.pieces.find((piece): piece is Extract<Piece, { kind: 'table' }> => piece.kind === 'table')?.table;
  const reference = runs.map(tableOf).find((table) => table !== undefined);
  if (!reference) return undefined;
  const summed = reference.fields.filter(
    (field): field is Field<unknown> & { header: string; total: (sum: number) => string } =>
      field.header !== undefined && field.total !== undefined && field.value !== undefined,
  );
  if (!summed.length && reference.counted === undefined) return undefined;
  const rows: TotalRow[] = runs.map((run) => {
    const table = tableOf(run);
    return {
      profile: run.profile,
      failed: run.error !== undefined,
      count: table?.rows.length ?? 0,
      sums: summed.map((field) =>
        (table?.rows ?? []).reduce((sum: number, row) => sum + addend(field.value!(row)), 0),
      ),
    };
  });
  const answered = rows.filter((row) => !row.failed);
  const all: TotalRow = {
    profile: 'all',
    failed: false,
    count: answered.reduce((sum, row) => sum + row.count, 0),
    sums: summed.map((_, k) => answered.reduce((sum, row) => sum + row.sums[k], 0)),
  };
  const figure = (row: TotalRow, show: () => string) => (row.failed ? '-' : show());
  return {
    fields: [
      textField<TotalRow>('PROFILE', 'profile', (row) =>
        row.failed ? `${row.profile} (failed)` : row.profile,
      ),
      ...(reference.counted === undefined
        ? []
        : [
            {
              header: reference.counted,
              align: 'right' as const,
              show: (row: TotalRow) => figure(row, () => formatCount(row.count)),
            },
          ]),
      ...summed.map(
        (field, k): Field<TotalRow> => ({
          header: field.header,
          align: 'right',
          show: (row) => figure(row, () => field.total(row.sums[k])),
        }),
      ),
    ],
    rows: [...rows, all],
    after: [`${answered.length} of ${runs.length} profiles answered`],
  };
}
