// `y` on a code or an id: the terminal's clipboard through OSC 52 (works over ssh and in tmux
// with set-clipboard on), and a file as well, since many terminals ignore OSC 52. The
// file is new each time, private (0600) and of a name nobody can guess: $TMPDIR is shared.
import { tmpdir } from 'node:os';
import { createPrivateFile } from '../safe-files.ts';

/** The OSC 52 sequence that puts `text` on the system clipboard ("c"). */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

export interface CopyTarget {
  /** Writes raw bytes to the terminal (not through Ink's frame). */
  write(data: string): void;
  /** Folder of the copy file; default $TMPDIR (os.tmpdir()). */
  dir?: string;
}

export type CopyResult = { ok: true; path: string } | { ok: false; message: string };

/** `netdeck-code-<12 random characters>.txt` */
export const COPY_FILE = { prefix: 'netdeck-code-', suffix: '.txt' };

/** Sends the text (a code, an id) to the clipboard and writes it to a file; says where the file is. */
export function copyCode(code: string, target: CopyTarget): CopyResult {
  target.write(osc52(code));
  const dir = target.dir ?? tmpdir();
  try {
    return { ok: true, path: createPrivateFile(dir, COPY_FILE, `${code}\n`) };
  } catch (error) {
    return {
      ok: false,
      message: `Sent to the terminal clipboard (OSC 52); could not write a file in ${dir}: ${(error as Error).message}`,
    };
  }
}
