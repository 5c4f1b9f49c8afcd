// Files netdeck writes or reads that another user of the machine could tamper with.
//
// Written: always a new file, created exclusively (O_CREAT|O_EXCL, which never follows a
// link at the name) with mode 0600, so no existing file is reused with its mode (another
// user's 0666 file in $TMPDIR stays theirs) and nothing is written through a link. A
// file at a fixed path is replaced by renaming a new one over it. Read: only regular
// files, opened without waiting (a FIFO would block until someone writes), up to a limit
// (not /dev/zero for ever). A leaf module: the store, the console and the commands use it.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

const WINDOWS = process.platform === 'win32';
const CREATE_NEW = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0);
const READ_NOW = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** A file that cannot be used as asked: not regular, too large. */
export class UnusableFileError extends Error {
  override readonly name = 'UnusableFileError';
}

/** Twelve characters nobody can guess (72 random bits), safe in a file name. */
const unguessable = () => randomBytes(9).toString('base64url');

/** Creates `path` (it must not exist) with mode 0600 and writes `content`; removes it on failure. */
function writeNewFile(path: string, content: string | Uint8Array): void {
  const fd = openSync(path, CREATE_NEW, 0o600);
  try {
    // The umask may only take bits away from 0600; this makes it exactly 0600.
    if (!WINDOWS) fchmodSync(fd, 0o600);
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    // On disk before it is renamed into place: a crash never leaves an empty token file.
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path);
    throw error;
  }
  closeSync(fd);
}

/**
 * A new private file (0600) in `dir` named `<prefix><12 random characters><suffix>`;
 * returns its path. The name cannot be guessed in advance, so nobody can lay a link or a
 * file of theirs in its place.
 */
export function createPrivateFile(
  dir: string,
  name: { prefix: string; suffix: string },
  content: string,
): string {
  for (let attempt = 0; ; attempt++) {
    const path = join(dir, `${name.prefix}${unguessable()}${name.suffix}`);
    try {
      writeNewFile(path, content);
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw error;
    }
  }
}

/**
 * Creates the private file `path` (0600) unless something is there already: false then,
 * and nothing is touched (a link at `path` is not followed).
 */
export function createPrivateFileAt(path: string, content: string | Uint8Array): boolean {
  try {
    writeNewFile(path, content);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Puts a private file (0600) holding `content` at `path`, replacing whatever is there: a
 * new file beside it is renamed over it, so a link at `path` is replaced, never followed,
 * and an old file's mode is never kept.
 */
export function replacePrivateFile(path: string, content: string | Uint8Array): void {
  const temporary = join(dirname(path), `.${basename(path)}.${unguessable()}.tmp`);
  writeNewFile(temporary, content);
  try {
    renameSync(temporary, path);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
}

export interface SmallFile {
  text: string;
  /** Permission bits (undefined on Windows, where they mean nothing). */
  mode?: number;
  /** The owner's user id (undefined on Windows). */
  uid?: number;
}

/** A regular file of at most `limit` bytes; anything else (FIFO, device, folder, larger) throws UnusableFileError. */
export function readSmallFile(path: string, limit: number): SmallFile {
  const fd = openSync(path, READ_NOW);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new UnusableFileError(`${path} is a folder, not a file`);
    if (!stat.isFile())
      throw new UnusableFileError(`${path} is not a regular file (a FIFO, a device or a socket)`);
    if (stat.size > limit) throw new UnusableFileError(`${path} is larger than ${limit} bytes`);
    // Read one byte past the limit: a file that grows (or lies about its size) is caught too.
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length <= limit; length += read) {
      read = readSync(fd, buffer, length, buffer.length - length, null);
    }
    if (length > limit) throw new UnusableFileError(`${path} is larger than ${limit} bytes`);
    const text = buffer.toString('utf8', 0, length);
    return WINDOWS ? { text } : { text, mode: stat.mode & 0o7777, uid: stat.uid };
  } finally {
    closeSync(fd);
  }
}
