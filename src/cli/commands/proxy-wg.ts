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

/**
 * The configuration as a QR code on stdout, as large as the terminal allows; a terminal too
 * small for it says so and what else works (exit 1: nothing was drawn). Without a terminal
 * (a pipe) it is drawn whatever its size.
 */
export function printWgQr(io: CliIo, out: Output, config: string): number {
  const columns = io.stdout.isTTY ? (io.stdout.columns ?? 80) : Number.MAX_SAFE_INTEGER;
  const rows = io.stdout.isTTY ? (io.stdout.rows ?? 24) - 1 : Number.MAX_SAFE_INTEGER;
  const fit = fitQr(config, columns, rows);
  if ('lines' in fit) {
    out.lines(['', ...fit.lines]);
    return ExitCode.ok;
  }
  out.error(
    `the terminal is ${columns}x${rows + 1}; the WireGuard QR code needs ${fit.needs.columns}x${fit.needs.rows + 1}: enlarge it, or write the file with --wg-out FILE.conf, or copy the configuration from --json`,
  );
  return ExitCode.failure;
}
