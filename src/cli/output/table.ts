// Aligned plain-text tables: the same layout on a terminal and in a pipe, colour aside.
// Every cell is made inert before it is measured (our own colours kept), so a hostile
// value can neither act on the terminal nor push the columns out of line.
import { SGR, sanitizeStyled } from '../../sanitize.ts';
import { displayWidth } from '../../ui/text.ts';
import type { Style } from './style.ts';

export interface Column {
  header: string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
}

const cleanCells = (cells: string[]) => cells.map(sanitizeStyled);

/** Display width in terminal cells (colours left out), as the console measures it: wide CJK and emoji count two. */
export const widthOf = (text: string): number => displayWidth(text.replace(SGR, ''));

function pad(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const fill = ' '.repeat(Math.max(0, width - widthOf(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** Lines of a table: a bold header row, then one line per row, columns two spaces apart. */
export function renderTable(columns: Column[], dirtyRows: string[][], style: Style): string[] {
  const rows = dirtyRows.map(cleanCells);
  const widths = columns.map((column, i) =>
    Math.max(widthOf(column.header), ...rows.map((row) => widthOf(row[i] ?? ''))),
  );
  const line = (cells: string[], header = false) =>
    cells
      .map((cell, i) => {
        const last = i === cells.length - 1;
        const align = columns[i]?.align;
        // The last left-aligned cell is not padded: no trailing spaces in a pipe.
        const text = last && align !== 'right' ? cell : pad(cell, widths[i] ?? 0, align);
        return header ? style.bold(text) : text;
      })
      .join('  ')
      .trimEnd();
  return [
    line(
      columns.map((column) => column.header),
      true,
    ),
    ...rows.map((row) => line(row)),
  ];
}

/** `label  value` lines with the labels padded to one width. */
export function renderPairs(dirtyPairs: [string, string][], style: Style): string[] {
  const pairs = dirtyPairs.map((pair) => cleanCells(pair) as [string, string]);
  const width = Math.max(0, ...pairs.map(([label]) => widthOf(label)));
  return pairs.map(([label, value]) => `${style.bold(pad(label, width))}  ${value}`.trimEnd());
}

/** A fixed-width row, for streams whose rows are not known in advance. */
export function renderFixedRow(cells: string[], widths: number[], columns: Column[]): string {
  return cleanCells(cells)
    .map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, widths[i] ?? 0, columns[i]?.align)))
    .join('  ')
    .trimEnd();
}
