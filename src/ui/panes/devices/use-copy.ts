// `y`: copy a code to the terminal's clipboard (OSC 52 straight to stdout, outside Ink's
// frame: it moves no cursor) and to a file; the returned line says where it went.
import { useStdout } from 'ink';
import { screenText } from '../../../sanitize.ts';
import { copyCode } from './clipboard.ts';

export function useCopy(): (code: string | undefined) => string {
  const { stdout } = useStdout();
  return (code) => {
    if (!code) return 'Nothing to copy here: this row has no code.';
    const clean = screenText(code);
    const result = copyCode(clean, { write: (data) => stdout.write(data) });
    // The path on a line of its own: it is what a user may need to select and paste.
    return result.ok ? `Copied to the clipboard and to the file\n${result.path}` : result.message;
  };
}
