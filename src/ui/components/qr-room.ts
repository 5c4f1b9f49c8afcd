// What a QR code drawn over a pane needs of the terminal when it does not fit: the pane is
// the terminal less the frame around it (header, tabs, footer), which stays, so the rows it
// needs are the code's plus that frame and the line under the code. The Proxies pane's
// WireGuard code says it (and Devices' share code says the same; it can take this once its
// pane is split).
import type { QrFit } from '../../format/qr-lines.ts';

type Needs = Extract<QrFit, { needs: unknown }>['needs'];

/** `The QR code needs a terminal of C columns and R rows; this one has c columns and r rows.` */
export function qrTooSmall(
  needs: Needs,
  terminal: { columns: number; rows: number },
  paneRows: number,
): string {
  const rows = terminal.rows - paneRows + needs.rows + 1;
  return `The QR code needs a terminal of ${needs.columns} columns and ${rows} rows; this one has ${terminal.columns} columns and ${terminal.rows} rows.`;
}
