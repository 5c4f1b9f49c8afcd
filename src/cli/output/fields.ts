// The fields a script picks (`--fields`, `--json=FIELDS`): a command's rows are its table's
// records, and their fields are the names its CSV header uses, so one name means the same
// column in `--csv` and the same key in JSON. A name the command has not is a usage error
// that lists the ones it has.
import type { Value } from './csv.ts';
import type { DataTable, Field } from './data-table.ts';
import { UsageError } from './exit-codes.ts';

/** A field a script can pick: one with a CSV name. */
type Named<R> = Field<R> & { name: string };

/** `a, b,c` as names; an empty list is a usage error (commander's argParser reports it so). */
export function fieldList(text: string): string[] {
  const names = [...new Set(text.split(',').map((name) => name.trim()))].filter(Boolean);
  if (!names.length)
    throw new UsageError('expects field names separated by commas (the --csv header’s names)');
  return names;
}

const namedOf = <R>(fields: Field<R>[]) =>
  fields.filter((field): field is Named<R> => field.name !== undefined);

/** The names a table's rows have, in its CSV header's order. */
export const fieldNames = <R>(fields: Field<R>[]): string[] => namedOf(fields).map((field) => field.name);

/**
 * The fields asked for, in the order asked; every field when none were. A name the table
 * has not is a usage error naming it and the names there are.
 */
export function pickFields<R>(fields: Field<R>[], wanted: readonly string[] | undefined): Named<R>[] {
  const named = namedOf(fields);
  if (!wanted) return named;
  const unknown = wanted.filter((name) => !named.some((field) => field.name === name));
  if (unknown.length)
    throw new UsageError(
      `${unknown.length === 1 ? 'no field' : 'no fields'} ${unknown.map((name) => `"${name}"`).join(', ')} here; the fields are: ${fieldNames(fields).join(', ')}`,
    );
  return wanted.map((name) => named.find((field) => field.name === name)!);
}

/** A row as a JSON object of the fields' names and raw values (nothing is null). */
export const rowObject = <R>(fields: Named<R>[], row: R): Record<string, Value> =>
  Object.fromEntries(fields.map((field) => [field.name, field.value?.(row) ?? null]));

/** The table's rows as objects of the fields picked. */
export const rowObjects = <R>(table: DataTable<R>, wanted: readonly string[] | undefined) => {
  const fields = pickFields(table.fields, wanted);
  return table.rows.map((row) => rowObject(fields, row));
};

/** The table with only the fields picked, in their order (for --csv). */
export const withFields = <R>(table: DataTable<R>, wanted: readonly string[] | undefined): DataTable<R> =>
  wanted ? { ...table, fields: pickFields(table.fields, wanted) } : table;

/**
 * An answer of one record (what an action did: a wallet set, feedback sent) as a table of
 * one row, its top-level keys the fields: so `--fields` picks from it as from a list.
 */
export function answerRecord(answer: unknown): DataTable<Record<string, unknown>> {
  const record = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? answer : {};
  return {
    fields: Object.keys(record).map((name) => ({ name, value: (row) => row[name] as Value })),
    rows: [record as Record<string, unknown>],
  };
}

/** Said by a command that prints no rows (a token, a config value) when --fields or --jsonl asks for them. */
const noRows = () =>
  new UsageError('--fields and --jsonl pick from rows, and this command prints none: use --json (and --jq)');

/**
 * `print` for JSON that is an answer, no rows (a token, a config value): --fields or
 * --jsonl asking for rows of it is a usage error.
 */
export const answerOnly =
  (flags: { fields?: readonly string[]; jsonl?: boolean }, print: (value: unknown) => void) =>
  (value: unknown) => {
    if (flags.fields || flags.jsonl) throw noRows();
    print(value);
  };
