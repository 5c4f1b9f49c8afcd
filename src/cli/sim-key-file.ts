// `netdeck sim --key-file PATH`: the master key the simulator signs its tokens with, kept
// in a private file so that a restarted simulator (same seed) accepts its earlier tokens.
// A missing file is created (0600, never through a link); another user's readable one
// gets a warning.
import { randomBytes } from 'node:crypto';
import { createPrivateFileAt, readSmallFile, UnusableFileError } from '../safe-files.ts';
import { UsageError } from './output/exit-codes.ts';

/** HS256 wants at least 32 bytes of key. */
const KEY_BYTES = 32;

export function loadOrCreateKey(path: string, warn: (text: string) => void): Uint8Array {
  const fresh = randomBytes(KEY_BYTES);
  try {
    if (createPrivateFileAt(path, `${fresh.toString('hex')}\n`)) return new Uint8Array(fresh);
    const file = readSmallFile(path, 1024);
    const hex = file.text.trim();
    if (!/^([0-9a-f]{2}){32,}$/i.test(hex)) {
      throw new UsageError(`key file ${path} does not hold a key (${KEY_BYTES * 2} or more hex digits)`);
    }
    if (file.mode !== undefined && (file.mode & 0o077) !== 0) {
      warn(
        `key file ${path} can be read by other users (mode ${(file.mode & 0o777).toString(8)}); run: chmod 600 ${path}`,
      );
    }
    return new Uint8Array(Buffer.from(hex, 'hex'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof UnusableFileError) throw new UsageError(`cannot use key file: ${error.message}`);
    throw new UsageError(`cannot use key file ${path}: ${(error as Error).message}`);
  }
}
