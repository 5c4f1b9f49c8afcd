// A hosted proxy's WireGuard configuration, for `proxy create`: written to a private
// wg-quick file, or drawn as a QR code for the WireGuard app. Loaded only when asked for
// (the QR writer is the heavy part).
import { fitQr } from '../../format/qr-lines.ts';
import { replacePrivateFile } from '../../safe-files.ts';
import { ExitCode } from '../output/exit-codes.ts';
import type { CliIo } from '../output/io.ts';
import type { Output } from '../output/writer.ts';

/** Writes the configuration (0600, replaced if there, a newline at its end); a failure names the file. */
export function writeWgFile(path: string, config: string): void {
  try {
    replacePrivateFile(path, config.endsWith('\n') ? config : `${config}\n`);
  } catch (error) {
    throw new Error(`cannot write the WireGuard file ${path}: ${(error as Error).message}`);
  }
}

/** The room stdout gives a QR code (a line kept for the prompt); a pipe has no limit. */
function qrRoom(io: CliIo): { columns: number; rows: number } {
  return io.stdout.isTTY
    ? { columns: io.stdout.columns ?? 80, rows: (io.stdout.rows ?? 24) - 1 }
    : { columns: Number.MAX_SAFE_INTEGER, rows: Number.MAX_SAFE_INTEGER };
}

const tooSmall = (room: { columns: number; rows: number }, needs: { columns: number; rows: number }) =>
  `the terminal is ${room.columns}x${room.rows + 1}; the WireGuard QR code needs ${needs.columns}x${needs.rows + 1}`;

/**
 * The shortest configuration the service sends (its keys have a fixed length; the shortest
 * address and endpoint): the QR encoder takes it as bytes, so no real configuration makes a
 * smaller code. A terminal too small for this one is too small for the proxy's.
 */
const SHORTEST_WG_CONFIG = `[Interface]\nPrivateKey = ${'k'.repeat(43)}=\nAddress = 0.0.0.0/32\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = ${'k'.repeat(43)}=\nEndpoint = h:1\nAllowedIPs = 0.0.0.0/0\nPersistentKeepalive = 25`;

/**
 * Before the proxy is made: why this terminal cannot show its QR code (too small for any
 * WireGuard configuration), so `--wg-out` is offered for the same request, not a second one.
 */
export function wgQrRoomProblem(io: CliIo): string | undefined {
  const room = qrRoom(io);
  const fit = fitQr(SHORTEST_WG_CONFIG, room.columns, room.rows);
  if ('lines' in fit) return undefined;
  return `${tooSmall(room, fit.needs)}: nothing was made. Enlarge it, or write the file with --wg-out FILE.conf, or copy the configuration from --json`;
}

/**
 * The configuration as a QR code on stdout, as large as the terminal allows. A terminal too
 * small for it (found before the request when it is too small for any) says so and where
 * the proxy just made keeps its configuration (exit 1: nothing was drawn). Without a
 * terminal (a pipe) it is drawn whatever its size.
 */
export function printWgQr(io: CliIo, out: Output, config: string): number {
  const room = qrRoom(io);
  const fit = fitQr(config, room.columns, room.rows);
  if ('lines' in fit) {
    out.lines(['', ...fit.lines]);
    return ExitCode.ok;
  }
  out.error(
    `${tooSmall(room, fit.needs)}. The proxy is made: enlarge the terminal and press Q on it in the console's Proxies pane (8), or read its configuration with netdeck proxy list --json --show-secrets`,
  );
  return ExitCode.failure;
}
