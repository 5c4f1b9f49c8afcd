// Where the console's exports go (the store gives the rows; the file is the program's
// business): `e` in Providers, My providers and Earnings writes what the export dialog
// asked, as CSV (as the commands' --csv writes it) or JSON Lines, at the path typed, in
// the folder typed, or beside the console. Every file is new and private (safe-files.ts):
// none is written over.
import { accessSync, constants, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPrivateFile, createPrivateFileAt } from '../../safe-files.ts';
import { jsonText } from '../../sanitize.ts';
import type { ExportFile } from '../../store/export-table.ts';
import { csvLine } from '../output/csv.ts';

function writableDir(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The current folder when it can be written, else $TMPDIR. */
const besideConsole = () => (writableDir(process.cwd()) ? process.cwd() : tmpdir());

/**
 * `netdeck-providers-20260101-000000-<12 random characters>.jsonl` (UTC): sorts by time,
 * no spaces, and a name nobody can guess (or lay a link at) in advance.
 */
function exportFileName(stem: string, at: number, suffix: string): { prefix: string; suffix: string } {
  const stamp = new Date(at).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return { prefix: `netdeck-${stem}-${stamp}-`, suffix };
}

/** A new private file named as above in `folder`; its path, or an error saying where it could not write. */
function writeIn(folder: string, name: { prefix: string; suffix: string }, text: string): string {
  try {
    return createPrivateFile(folder, name, text);
  } catch (error) {
    throw new Error(`could not write in ${folder}: ${(error as Error).message}`);
  }
}

/** The file's text: CSV with a header of the column names, or a JSON object a line. */
function exportText(file: ExportFile): string {
  const cells = (record: ExportFile['records'][number]) => file.columns.map((column) => record[column]);
  if (file.format === 'csv')
    return [file.columns, ...file.records.map(cells)].map((row) => `${csvLine([...row])}\n`).join('');
  return file.records
    .map(
      (record) => `${jsonText(Object.fromEntries(file.columns.map((column) => [column, record[column]])))}\n`,
    )
    .join('');
}

/** `~/x` as the shell reads it. */
const expandHome = (path: string) =>
  path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;

/**
 * Writes a pane's export where the dialog asked: a folder (or nothing typed: beside the
 * console, else `dir`) gets a new file named as above; a file path is made new, never
 * written over. Returns the file's path, or throws saying why not.
 */
export function exportWriter(dir?: string): (file: ExportFile, at: number) => string {
  return (file, at) => {
    const text = exportText(file);
    const name = exportFileName(file.stem, at, `.${file.format}`);
    if (!file.path) return writeIn(dir ?? besideConsole(), name, text);
    const path = resolve(dir ?? process.cwd(), expandHome(file.path));
    if (isFolder(path)) return writeIn(path, name, text);
    let made: boolean;
    try {
      made = createPrivateFileAt(path, text);
    } catch (error) {
      throw new Error(`could not write ${path}: ${(error as Error).message}`);
    }
    if (!made)
      throw new Error(`${path} is there already: an export is a new file (give another name, or a folder)`);
    return path;
  };
}
