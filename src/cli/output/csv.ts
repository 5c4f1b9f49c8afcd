// CSV for spreadsheets and scripts (--csv): RFC 4180 quoting, values as they are (a
// number in its column's unit, `true`/`false`, nothing or no figure as an empty cell), text made inert
// like every table cell and formulas neutralised: a text that starts with `=`, `+`, `-`,
// `@` gets a leading `'`, so a spreadsheet shows it instead of running it. A number is a
// number, never prefixed (a negative one included).
import { dateOf } from '../../clock.ts';
import { isFigure } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';

/** What a cell holds for a script: undefined or null is an empty cell. */
export type Value = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\n\r]|^\s|\s$/;

/** One cell as CSV. */
export function csvCell(value: Value): string {
  if (value === undefined || value === null) return '';
  // 15 significant digits: what a double holds, without the noise of sums (0.1 + 0.2). No
  // figure (Infinity, 1e308: isFigure) is an empty cell, as nothing is.
  if (typeof value === 'number') return isFigure(value) ? String(Number(value.toPrecision(15))) : '';
  if (typeof value === 'boolean') return String(value);
  const text = sanitize(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record: cells separated by commas. */
export const csvLine = (values: Value[]): string => values.map(csvCell).join(',');

/** A time as CSV writes it: ISO 8601 in UTC; undefined for none or one that is not a time. */
export const isoTime = (value: string | number | undefined): string | undefined =>
  dateOf(value)?.toISOString();
