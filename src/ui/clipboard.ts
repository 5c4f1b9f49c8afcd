// `y` on a code or an id: the terminal's clipboard through OSC 52 (works over ssh and in tmux
// with set-clipboard on), and a file as well, since many terminals ignore OSC 52. One file,
// overwritten by each copy, private (0600) in netdeck's own state folder (0700): no file
// left behind in the shared $TMPDIR at each copy.
import { join } from 'node:path';
import { replacePrivateFile } from '../safe-files.ts';
import { makeOwnFolder } from '../safe-folders.ts';
import { stateFolder } from '../state-folder.ts';

/** The OSC 52 sequence that puts `text` on the system clipboard ("c"). */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

export interface CopyTarget {
  /** Writes raw bytes to the terminal (not through Ink's frame). */
  write(data: string): void;
  /** Folder of the copy file; default netdeck's state folder (state-folder.ts). */
  dir?: string;
}

export type CopyResult = { ok: true; path: string } | { ok: false; message: string };

/** The copy file's name in its folder. */
export const COPY_FILE = 'copied.txt';

/** Sends the text (a code, an id) to the clipboard and writes it to the copy file; says where it is. */
export function copyCode(code: string, target: CopyTarget): CopyResult {
  target.write(osc52(code));
  const dir = target.dir ?? stateFolder(process.env);
  const path = join(dir, COPY_FILE);
  try {
    // Only in a folder of this user's (safe-folders.ts); a new file renamed over the old
    // one: a link laid there is replaced, never followed.
    replacePrivateFile(join(makeOwnFolder(dir), COPY_FILE), `${code}\n`);
    return { ok: true, path };
  } catch (error) {
    return {
      ok: false,
      message: `Sent to the terminal clipboard (OSC 52); could not write ${path}: ${(error as Error).message}`,
    };
  }
}
