// The folders netdeck writes or deletes in (its logins, its config, its state file and the
// copy file beside it, Node's compile cache): one check for all of them. A folder is used
// only when it is a real folder (not a link) of the user running netdeck that no one else
// may write to, on a path whose every folder is that user's or root's and writable by no
// one else (or sticky, as /tmp is, where others may add entries but not move this user's).
// So nobody else can lay a link or swap a folder between the check and the write: the
// files are then made new (O_EXCL|O_NOFOLLOW) and renamed within the folder checked
// (safe-files.ts). A missing folder is made (0700) only inside a folder of the user's own
// or a sticky shared one: root running with a user's HOME makes nothing in that home.
// A leaf module, as safe-files.ts is.
import { lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** A folder netdeck will not write or delete in: the reason, as one line. */
export class UnsafeFolderError extends Error {
  override readonly name = 'UnsafeFolderError';
}

export interface FolderCheck {
  /** The user the folder must belong to; default the one running netdeck (a test may say another). */
  uid?: number;
}

const OTHERS_WRITE = 0o022;
const STICKY = 0o1000;
const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;
const runningUid = () => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** Why `dir`, a folder above the one netdeck uses, lets someone else change the path, or undefined. */
function aboveProblem(dir: string, stats: Stats, uid: number): string | undefined {
  if (!stats.isDirectory()) return `${dir} above it is not a folder`;
  if (stats.uid !== uid && stats.uid !== 0)
    return `${dir} above it belongs to another user (uid ${stats.uid})`;
  if ((stats.mode & OTHERS_WRITE) !== 0 && (stats.mode & STICKY) === 0)
    return `${dir} above it can be changed by other users (mode ${octal(stats)}; run: chmod go-w ${dir})`;
  return undefined;
}

/** Why netdeck may not write in `dir` itself, or undefined. */
function ownProblem(dir: string, stats: Stats, uid: number): string | undefined {
  if (stats.isSymbolicLink()) return 'it is a link (netdeck writes only in a real folder: remove the link)';
  if (!stats.isDirectory()) return 'it is not a folder';
  if (stats.uid !== uid) return `it belongs to another user (uid ${stats.uid})`;
  if ((stats.mode & OTHERS_WRITE) !== 0)
    return `other users can write to it (mode ${octal(stats)}; run: chmod go-w ${dir})`;
  return undefined;
}

const octal = (stats: Stats) => (stats.mode & 0o7777).toString(8);

/** The first problem of every folder from / down to `dir` (links resolved already), or undefined. */
function problemAbove(dir: string, uid: number): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const problem = aboveProblem(at, lstatSync(at), uid);
    if (problem !== undefined || dirname(at) === at) return problem;
  }
}

/** The path of the deepest folder of `path` that exists, and the names below it that do not. */
function split(path: string): { existing: string; missing: string[] } {
  const missing: string[] = [];
  let existing = path;
  while (lstatSync(existing, { throwIfNoEntry: false }) === undefined) {
    if (dirname(existing) === existing) break;
    missing.unshift(basename(existing));
    existing = dirname(existing);
  }
  return { existing, missing };
}

/**
 * The folder `path` checked (see above), by the path to use from now on: links above it
 * are followed once, here, and the files go where they led. Undefined when it does not
 * exist (with `make`, it is made 0700 first, and so are its missing parents). Throws
 * UnsafeFolderError saying why a folder cannot be used; nothing is written then.
 */
function ownFolder(path: string, make: boolean, check: FolderCheck): string | undefined {
  try {
    return checkedFolder(path, make, check.uid ?? runningUid());
  } catch (error) {
    if (error instanceof UnsafeFolderError) throw error;
    // A file where a folder should be (ENOTDIR), a folder this user may not enter (EACCES).
    throw new UnsafeFolderError(`cannot use the folder ${path}: ${errno(error) ?? (error as Error).message}`);
  }
}

function checkedFolder(path: string, make: boolean, uid: number | undefined): string | undefined {
  const wanted = resolve(path);
  if (uid === undefined) {
    // Windows: no owners to compare; a user's profile folders are private already.
    if (make) mkdirSync(wanted, { recursive: true });
    return lstatSync(wanted, { throwIfNoEntry: false })?.isDirectory() ? wanted : undefined;
  }
  const refuse = (problem: string | undefined) => {
    if (problem !== undefined) throw new UnsafeFolderError(`will not write in ${wanted}: ${problem}`);
  };
  const { existing, missing } = split(wanted);
  if (missing.length === 0) {
    // Checked as it is named: a link at the folder itself is refused, not followed.
    refuse(ownProblem(wanted, lstatSync(wanted), uid));
    const folder = join(realpathSync(dirname(wanted)), basename(wanted));
    refuse(problemAbove(dirname(folder), uid));
    return folder;
  }
  if (!make) return undefined;
  let folder = realpathSync(existing);
  refuse(problemAbove(folder, uid));
  for (const name of missing) {
    const parent = lstatSync(folder);
    if (parent.uid !== uid && (parent.mode & STICKY) === 0)
      refuse(`${folder}, where it would be made, belongs to another user (uid ${parent.uid})`);
    folder = join(folder, name);
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      // Made meanwhile (by whom is checked below).
      if (errno(error) !== 'EEXIST') throw error;
    }
    refuse(ownProblem(folder, lstatSync(folder), uid));
  }
  return folder;
}

/**
 * The folder netdeck writes in, made (0700, with its missing parents) when missing: its
 * path to use from now on. Throws UnsafeFolderError when it cannot be used.
 */
export function makeOwnFolder(path: string, check: FolderCheck = {}): string {
  return ownFolder(path, true, check)!;
}

/**
 * The folder netdeck deletes in (or writes in, when it must exist already), checked: its
 * path to use from now on, or undefined when there is none. Throws UnsafeFolderError
 * when it cannot be used.
 */
export function existingOwnFolder(path: string, check: FolderCheck = {}): string | undefined {
  return ownFolder(path, false, check);
}
