// CSV for spreadsheets and scripts (--csv): RFC 4180 quoting, a header row, cells made
// inert like every table cell, and formulas neutralised: a cell that starts with `=`, `+`,
// `-`, `@` (or a tab or carriage return), a negative number aside, gets a leading `'`, so
// a spreadsheet shows the text instead of running it. Numbers lose their thousands commas.
import { SGR } from '../../sanitize.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as the tables print it for people: thousands separated ("1,727"). */
const GROUPED_NUMBER = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\n\r]|^\s|\s$/;

/** One cell as CSV. */
export function csvCell(text: string): string {
  let plain = text.replace(SGR, '');
  // A spreadsheet reads 1727 as a number; "1,727" would be text.
  if (GROUPED_NUMBER.test(plain)) plain = plain.replaceAll(',', '');
  // A negative number is no formula; anything else starting so is made text.
  const safe = FORMULA_START.test(plain) && !PLAIN_NUMBER.test(plain) ? `'${plain}` : plain;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record: cells separated by commas. */
export const csvLine = (cells: string[]): string => cells.map(csvCell).join(',');
