// `y`: copy a code or an id to the terminal's clipboard (OSC 52 straight to stdout,
// outside Ink's frame: it moves no cursor) and to a file; the returned line says where
// it went. A terminal never says whether it took OSC 52 (many ignore it), so the line
// says it was sent, never "copied", and names the file that surely holds it.
import { useStdout } from 'ink';
import { useState } from 'react';
import { screenText } from '../../sanitize.ts';
import { copyCode } from '../clipboard.ts';

/** What `y` sent, and where the file is (the path on a line of its own: it is what a user selects). */
export const sentLine = (path: string) =>
  `Sent to the terminal clipboard (OSC 52) — also written to\n${path}`;

export function useCopy(): (text: string | undefined, what?: string) => string {
  const { stdout } = useStdout();
  return (text, what = 'code') => {
    if (!text) return `Nothing to copy here: this row has no ${what}.`;
    const clean = screenText(text);
    const result = copyCode(clean, { write: (data) => stdout.write(data) });
    return result.ok ? sentLine(result.path) : result.message;
  };
}

/**
 * `y` in a dialog: copies as useCopy does and keeps the line saying where it went, for the
 * dialog to show (the footer holds the dialog's keys, not the pane's toast).
 */
export function useCopyInDialog(): [
  said: string | undefined,
  copy: (text: string | undefined, what?: string) => void,
] {
  const copy = useCopy();
  const [said, setSaid] = useState<string>();
  return [said, (text, what) => setSaid(copy(text, what))];
}
