// `netdeck sim --key-file PATH`: the master key the simulator signs its tokens with, kept
// in a private file so that a restarted simulator (same seed) accepts its earlier tokens.
// A missing file is created (0600, never through a link). One of another user's, or one
// others may write to, is refused: whoever can put a key there can sign tokens the
// simulator accepts and knows the demo user's password. One others can read gets a warning.
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
    const owner = process.getuid?.();
    if (owner !== undefined && file.uid !== undefined && file.uid !== owner)
      throw new UsageError(
        `key file ${path} belongs to another user (uid ${file.uid}): a key they know signs tokens the simulator accepts; use a key file of your own`,
      );
    if (file.mode !== undefined && (file.mode & 0o022) !== 0)
      throw new UsageError(
        `key file ${path} can be written by other users (mode ${(file.mode & 0o777).toString(8)}): a key they put there signs tokens the simulator accepts; run: chmod 600 ${path}`,
      );
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
