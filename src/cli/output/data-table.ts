// A table command's data, described once for both ways it is printed: the aligned table
// for people (formatted cells with units, section titles, summaries around it) and CSV
// for scripts (one header, then a record per row of raw values in the unit each column's
// name says; what is not a record goes to stderr as notices).
import { formatDecimal, MISSING } from '../../format/numbers.ts';
import { csvLine, type Value } from './csv.ts';
import type { Style } from './style.ts';
import { renderFixedRow, renderPairs, renderTable } from './table.ts';

export interface Field<R> {
  /** The aligned table's header, units as people read them (`TRANSFER GiB`); none: CSV only. */
  header?: string;
  /** The CSV header: snake_case, its unit named (`transfer_gib`); none: the aligned table only. */
  name?: string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
  /** The raw value for CSV; undefined or null is an empty cell. */
  value?: (row: R) => Value;
  /** The cell for people; default the value as text. */
  show?: (row: R) => string;
  /** The sections of the aligned table that show this column (default every one). */
  in?: readonly string[];
  /**
   * Over several profiles (`--profiles`): the column is summed in the total below their
   * tables (a number as it is, a true as 1), the sum shown so.
   */
  total?: (sum: number) => string;
}

/** A column of text as sent; the aligned table shows `none` where there is none. */
export const textField = <R>(
  header: string,
  name: string,
  pick: (row: R) => string | undefined,
  none = '',
): Field<R> => ({ header, name, value: pick, show: (row) => pick(row) || none });

/**
 * A column of numbers: raw in CSV, `format`ted (right-aligned) for people, `none` where
 * there is none. A number for `format` is how many decimals people see.
 */
export const numberField = <R>(
  header: string,
  name: string,
  pick: (row: R) => number | undefined,
  format: ((n: number) => string) | number,
  none = MISSING,
): Field<R> => ({
  header,
  name,
  align: 'right',
  value: pick,
  show: (row) => {
    const n = pick(row);
    if (n === undefined) return none;
    return typeof format === 'number' ? formatDecimal(n, format) : format(n);
  },
});

/** The column summed in the total of several profiles' tables, `format`ted as numberField formats. */
export const summed = <R>(field: Field<R>, format: ((n: number) => string) | number): Field<R> => ({
  ...field,
  total: (sum) => (typeof format === 'number' ? formatDecimal(sum, format) : format(sum)),
});

/** A yes/no column: `true`/`false` in CSV (empty where unknown), `yes` or `no` for people. */
export const flagField = <R>(
  header: string,
  name: string,
  pick: (row: R) => boolean | undefined,
  yes: string,
  no = '',
): Field<R> => ({ header, name, value: pick, show: (row) => (pick(row) ? yes : no) });

/** A line around the aligned table: text, or a label and its value (labels aligned). */
export type Line = string | [label: string, value: string];

export interface Section {
  id: string;
  /** Shown above its rows with their count. */
  title?: string;
  /** Shown when it has no rows; without it an empty section is left out. */
  none?: string;
}

export interface DataTable<R> {
  fields: Field<R>[];
  rows: R[];
  /** The aligned table in sections; CSV is one table, where a field says which one a row is in. */
  sections?: { list: Section[]; of: (row: R) => string };
  /** Said instead of the table when there are no rows. */
  empty?: string;
  /** Lines before and after the table, an empty line between. */
  before?: Line[];
  after?: Line[];
  /** The aligned table shows each row as `header  value` lines (a summary of one row reads best so). */
  pairs?: boolean;
  /** Over several profiles (`--profiles`): their total counts the rows under this header (`PROVIDERS`). */
  counted?: string;
}

const cellOf = <R>(field: Field<R>, row: R): string => {
  if (field.show) return field.show(row);
  const value = field.value?.(row);
  return value === undefined || value === null ? '' : String(value);
};

/** The fields the aligned table shows. */
const shownOf = <R>(fields: Field<R>[]) =>
  fields.filter((field): field is Field<R> & { header: string } => field.header !== undefined);

function rowsTable<R>(fields: Field<R>[], rows: R[], style: Style): string[] {
  const shown = shownOf(fields);
  return renderTable(
    shown,
    rows.map((row) => shown.map((field) => cellOf(field, row))),
    style,
  );
}

function linesOf(lines: Line[], style: Style): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i++];
    if (typeof line === 'string') {
      out.push(line);
      continue;
    }
    // A run of pairs shares one label width.
    const pairs = [line];
    while (i < lines.length && typeof lines[i] !== 'string') pairs.push(lines[i++] as [string, string]);
    out.push(...renderPairs(pairs, style));
  }
  return out;
}

/** The aligned table: blocks (lines before, the sections or the table, lines after) an empty line apart. */
export function tableLines<R>(table: DataTable<R>, style: Style): string[] {
  const blocks: string[][] = [];
  if (table.before?.length) blocks.push(linesOf(table.before, style));
  if (!table.rows.length && table.empty !== undefined) blocks.push([table.empty]);
  else if (table.sections) {
    const { list, of } = table.sections;
    for (const section of list) {
      const rows = table.rows.filter((row) => of(row) === section.id);
      if (!rows.length && section.none === undefined) continue;
      const fields = table.fields.filter((field) => !field.in || field.in.includes(section.id));
      blocks.push([
        ...(section.title === undefined ? [] : [style.accent(`${section.title} (${rows.length})`)]),
        ...(rows.length ? rowsTable(fields, rows, style) : [section.none ?? '']),
      ]);
    }
  } else if (table.pairs) {
    const shown = shownOf(table.fields);
    for (const row of table.rows)
      blocks.push(
        linesOf(
          shown.map((field): Line => [field.header, cellOf(field, row)]),
          style,
        ),
      );
  } else if (table.rows.length) blocks.push(rowsTable(table.fields, table.rows, style));
  if (table.after?.length) blocks.push(linesOf(table.after, style));
  return blocks.flatMap((block, i) => (i ? ['', ...block] : block));
}

const named = <R>(fields: Field<R>[]) =>
  fields.filter((field): field is Field<R> & { name: string } => field.name !== undefined);

/** The header record of CSV. */
export const csvHeader = <R>(fields: Field<R>[]): string => csvLine(named(fields).map((field) => field.name));

/** One row as a CSV record. */
export const csvRecord = <R>(fields: Field<R>[], row: R): string =>
  csvLine(named(fields).map((field) => field.value?.(row)));

/** CSV: one header, then a record per row. */
export const csvLines = <R>(table: DataTable<R>): string[] => [
  csvHeader(table.fields),
  ...table.rows.map((row) => csvRecord(table.fields, row)),
];

/** What CSV says on stderr instead: the lines around the table, and the empty table's words. */
export function csvNotices<R>(table: DataTable<R>): string[] {
  const lines = [
    ...(table.before ?? []),
    ...(table.rows.length ? [] : [table.empty ?? '']),
    ...(table.after ?? []),
  ];
  return lines
    .map((line) => (typeof line === 'string' ? line : `${line[0]}: ${line[1]}`))
    .filter((line) => line.trim() !== '');
}

/** The aligned table's header in fixed widths, for rows streamed as they arrive. */
export const fixedHeader = <R>(fields: Field<R>[], widths: number[]): string => {
  const shown = shownOf(fields);
  return renderFixedRow(
    shown.map((field) => field.header),
    widths,
    shown,
  );
};

/** A row of the aligned table in fixed widths. */
export const fixedRow = <R>(fields: Field<R>[], widths: number[], row: R): string => {
  const shown = shownOf(fields);
  return renderFixedRow(
    shown.map((field) => cellOf(field, row)),
    widths,
    shown,
  );
};
