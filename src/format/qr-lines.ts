// A QR code drawn with block characters (uqr), two module rows a line, for a terminal:
// light modules are the blocks, which a dark terminal shows light, as scanners expect.
// The console's QR dialogs and `netdeck adopt` draw codes' links with it.
import { renderUnicodeCompact } from 'uqr';

/** The QR code's lines for `text` (a two-module quiet zone around it). */
export function qrLines(text: string): string[] {
  return renderUnicodeCompact(text, { border: 2 }).split('\n').filter(Boolean);
}
