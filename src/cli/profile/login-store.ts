// The login `netdeck login` stores: one file per profile, the network token with the API
// URL it belongs to, in $XDG_CONFIG_HOME/netdeck/logins/ (a 0700 directory). The file is
// created new and exclusively with mode 0600 and renamed into place, so an existing file
// or a link planted at its name is replaced, never written through; it is read without
// following a link, and only when it is a small regular file.
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';
import { replacePrivateFile } from '../../safe-files.ts';
import { existingOwnFolder, makeOwnFolder, UnsafeFolderError } from '../../safe-folders.ts';

export const DEFAULT_PROFILE = 'default';
/** A login or token file is a few KB at most; anything bigger is not one. */
const MAX_FILE_BYTES = 64 * 1024;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

export interface StoredLogin {
  apiUrl: string;
  token: string;
  /** RFC 3339 */
  savedAt: string;
}

const LoginFile = z.object({ api_url: z.string(), token: z.string(), saved_at: z.string().optional() });

/** A login file that cannot be used: said as one line (exit code 2). */
export class LoginFileError extends Error {
  override readonly name = 'LoginFileError';
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The longest profile name, in bytes of UTF-8 (as many ASCII characters): its login file's
 * name (an unusual name written in hex, twice as long) and the temporary file's beside it
 * must fit in a file name (255 bytes).
 */
export const MAX_PROFILE_BYTES = 64;

/** What makes `name` no profile name (`is 300 characters long`), or undefined. */
export function profileNameProblem(name: string): string | undefined {
  const bytes = Buffer.byteLength(name);
  if (bytes <= MAX_PROFILE_BYTES) return undefined;
  const length = bytes === name.length ? `${name.length} characters` : `${bytes} bytes (UTF-8)`;
  return `is ${length} long: a profile name is at most ${MAX_PROFILE_BYTES} characters (${MAX_PROFILE_BYTES} bytes of UTF-8)`;
}

/** The file of a profile's login in the folder `netdeck` keeps its config in. */
export function loginPath(configDir: string, profile: string | undefined): string {
  const name = profile?.trim() || DEFAULT_PROFILE;
  // Profile names come from the user: one safe file name each, never a path.
  const safe = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(name) ? name : `~${Buffer.from(name).toString('hex')}`;
  return join(configDir, 'logins', `${safe}.json`);
}

/**
 * A small regular file's text (at most 64 KiB), undefined when it does not exist. A FIFO,
 * a device or a directory is refused without being read; with `follow: false` so is a link.
 */
export function readSmallFile(
  path: string,
  what: string,
  options: { follow: boolean; warnings?: string[] },
): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | O_NONBLOCK | (options.follow ? 0 : O_NOFOLLOW));
  } catch (error) {
    if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return undefined;
    if (errno(error) === 'ELOOP') throw new LoginFileError(`${what} ${path} is a symbolic link; remove it`);
    throw new LoginFileError(`cannot read ${what} ${path}: ${errno(error) ?? (error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new LoginFileError(`${what} ${path} is not a regular file`);
    if (stat.size > MAX_FILE_BYTES) throw new LoginFileError(`${what} ${path} is too big to hold a token`);
    if (options.warnings && process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const octal = (stat.mode & 0o777).toString(8);
      options.warnings.push(
        `${what} ${path} can be read by other users (mode ${octal}); run: chmod 600 ${path}`,
      );
    }
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The stored login, or undefined when there is none; `warnings` gets a line if others can read it. */
export function readLogin(path: string, warnings: string[] = []): StoredLogin | undefined {
  const text = readSmallFile(path, 'login file', { follow: false, warnings });
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LoginFileError(`login file ${path} is not valid JSON; run netdeck logout and log in again`);
  }
  const parsed = LoginFile.safeParse(json);
  if (!parsed.success || !parsed.data.token.trim())
    throw new LoginFileError(`login file ${path} has no token; run netdeck logout and log in again`);
  return {
    apiUrl: parsed.data.api_url,
    token: parsed.data.token.trim(),
    savedAt: parsed.data.saved_at ?? '',
  };
}

/**
 * The logins folder, by the path to write in: made 0700, or checked to be a private folder
 * of this user's (safe-folders.ts) and made 0700.
 */
function privateDir(dir: string): string {
  const folder = ownFolder(() => makeOwnFolder(dir));
  if (process.platform !== 'win32' && (lstatSync(folder).mode & 0o777) !== 0o700) chmodSync(folder, 0o700);
  return folder;
}

/** The folder `find` gives, its refusal said as a login file's problem is. */
function ownFolder<T>(find: () => T): T {
  try {
    return find();
  } catch (error) {
    if (error instanceof UnsafeFolderError) throw new LoginFileError(error.message);
    throw error;
  }
}

/** Stores a login: a new 0600 file, written whole, then renamed over the old one (safe-files.ts). */
export function saveLogin(path: string, login: { apiUrl: string; token: string; savedAt?: string }): void {
  const folder = privateDir(dirname(path));
  const body = `${JSON.stringify(
    { api_url: login.apiUrl, token: login.token, saved_at: login.savedAt ?? new Date().toISOString() },
    null,
    2,
  )}\n`;
  replacePrivateFile(join(folder, basename(path)), body);
}

/**
 * Removes a stored login (a link at its name is removed, not followed), only from a logins
 * folder of this user's (safe-folders.ts); false when there was none.
 */
/**
 * The warning a login just kept needs when the configuration names another token first (a
 * flag, the environment, the config file): every later command would still use that one.
 * The profile's stored login (`source` "login") is the one just replaced, so it says nothing.
 */
export function tokenBeforeLogin(
  token: { value: string; source: string; origin: string } | undefined,
  kept: string,
): string | undefined {
  if (!token || token.source === 'login' || token.value === kept) return undefined;
  return `${token.origin} still gives a token, which comes before this login (netdeck config shows what is used)`;
}

export function removeLogin(path: string): boolean {
  const folder = ownFolder(() => existingOwnFolder(dirname(path)));
  if (folder === undefined) return false;
  try {
    unlinkSync(join(folder, basename(path)));
    return true;
  } catch (error) {
    if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return false;
    throw new LoginFileError(`cannot remove login file ${path}: ${errno(error) ?? (error as Error).message}`);
  }
}
