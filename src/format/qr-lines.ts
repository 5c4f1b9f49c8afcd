// A QR code drawn with block characters (uqr), two module rows a line, for a terminal:
// light modules are the blocks, which a dark terminal shows light, as scanners expect.
// The console's QR dialogs and `netdeck adopt` draw codes' links with it.
import { renderUnicodeCompact } from 'uqr';

export interface QrStyle {
  /** Error correction: M mends more damage, L makes the smallest code (uqr's default). */
  ecc?: 'L' | 'M';
  /** The light quiet zone around it, in modules (default 2). */
  border?: number;
}

/** The most the largest QR code holds (version 40, error correction L, bytes). */
const QR_MAX_BYTES = 2953;

/** The QR code's lines for `text`: half-block characters, one column a module. */
export function qrLines(text: string, style: QrStyle = {}): string[] {
  const { ecc = 'L', border = 2 } = style;
  // A text longer than any QR code holds fails in the encoder only after seconds of work
  // (megabytes): refused by its length first (UTF-8 takes at least a byte a UTF-16 unit).
  if (text.length > QR_MAX_BYTES)
    throw new RangeError(`too long for a QR code: ${text.length} characters (at most ${QR_MAX_BYTES} bytes)`);
  return renderUnicodeCompact(text, { ecc, border }).split('\n').filter(Boolean);
}

/** From the sturdiest to the smallest: the first that fits is drawn. */
const STYLES: readonly QrStyle[] = [
  { ecc: 'M', border: 2 },
  { ecc: 'L', border: 2 },
  { ecc: 'L', border: 1 },
];

export type QrFit = { lines: string[] } | { needs: { columns: number; rows: number } };

/**
 * The sturdiest QR code of `text` that fits `columns` x `rows` cells; when none does,
 * the cells the smallest needs.
 */
export function fitQr(text: string, columns: number, rows: number): QrFit {
  let lines: string[] = [];
  for (const style of STYLES) {
    lines = qrLines(text, style);
    if (lines.length <= rows && (lines[0]?.length ?? 0) <= columns) return { lines };
  }
  return { needs: { columns: lines[0]?.length ?? 0, rows: lines.length } };
}
