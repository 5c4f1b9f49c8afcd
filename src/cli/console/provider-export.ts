// Where the Providers pane's `e` writes the providers seen (the store gives the text; the
// file is the program's business): a new private file in the folder asked for, else the
// current folder when it can be written, else $TMPDIR.
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { createPrivateFile } from '../../safe-files.ts';

function writableDir(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `netdeck-providers-20260101-000000-<12 random characters>.jsonl` (UTC): sorts by time,
 * no spaces, and a name nobody can guess (or lay a link at) in advance.
 */
function exportFileName(at: number): { prefix: string; suffix: string } {
  const stamp = new Date(at).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return { prefix: `netdeck-providers-${stamp}-`, suffix: '.jsonl' };
}

/** Writes an export into `dir` (default as above); returns the file's path, or throws saying why. */
export function providerExportWriter(dir?: string): (text: string, at: number) => string {
  return (text, at) => {
    const folder = dir ?? (writableDir(process.cwd()) ? process.cwd() : tmpdir());
    try {
      return createPrivateFile(folder, exportFileName(at), text);
    } catch (error) {
      throw new Error(`could not write in ${folder}: ${(error as Error).message}`);
    }
  };
}
