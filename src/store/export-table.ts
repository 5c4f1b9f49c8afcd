// What an export is made of (file-export.ts asks for one, deps.writeExport writes it): the
// formats, and rows as records of plain values with their columns in order.

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How each format is named where a person picks it. */
export const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', jsonl: 'JSON Lines' };

/** A cell as a script reads it: a number in its column's unit, text, a flag, or nothing. */
export type ExportValue = string | number | boolean | undefined;

/** Rows to export: the columns in order (named as the commands' --csv names them), a record per row. */
export interface ExportTable {
  columns: readonly string[];
  records: readonly Readonly<Record<string, ExportValue>>[];
}

/** A file to write: the table, its format, and where (`path`; empty: a new file beside the console named from `stem`). */
export interface ExportFile extends ExportTable {
  stem: string;
  format: ExportFormat;
  path: string;
}
