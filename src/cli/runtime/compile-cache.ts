// Node's compile cache for the core bundle: the bin (src/cli/bin.ts) turns it on before
// it loads the core, so every start after the first reads the core's compiled code from
// disk instead of parsing and compiling 1.9 MB again. Node writes what it compiled when
// asked (after the console's first frame, at the end of a command) and at exit; it checks
// each entry it reads and replaces one it cannot use.
//
// A cache is code that will run, so the folder is used only when nobody else can have put
// anything in it: the check of every folder netdeck writes in (src/safe-folders.ts: a real
// directory of this user's, writable by no one else, on a path no one else can change).
// Its size is bounded. A folder that cannot be used means no cache, never an error.
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import module from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { makeOwnFolder } from '../../safe-folders.ts';

/** Past these, the folder is emptied before the cache is turned on (Node then fills it again). */
export const CACHE_LIMITS = {
  /** One entry: the core's is ~3 MB. */
  entryBytes: 32 * 2 ** 20,
  /** The whole folder: each Node version or V8 flag set has an entry of its own. */
  totalBytes: 64 * 2 ** 20,
  /** Files and folders in it (bounds the time spent looking). */
  entries: 256,
};

export interface CacheFolderOptions {
  env: NodeJS.ProcessEnv;
  /** The user the cache must belong to (process.getuid(); a test may say another). */
  uid: number;
  home?: () => string;
}

/** $XDG_CACHE_HOME/netdeck (an absolute one), else ~/.cache/netdeck; undefined for a user with no home. */
export function cacheFolderPath(env: NodeJS.ProcessEnv, home: () => string = homedir): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'netdeck');
  try {
    return join(home(), '.cache', 'netdeck');
  } catch {
    return undefined;
  }
}

/**
 * The folder to keep the cache in, made (0700, with its missing parents) when missing;
 * undefined when it cannot be used: safe-folders.ts's one check of a folder netdeck writes
 * in (a link, another user's, writable by others, on a path someone else could change,
 * or not makeable without making something in a folder of another user's).
 */
export function openCacheFolder(options: CacheFolderOptions): string | undefined {
  const wanted = cacheFolderPath(options.env, options.home);
  if (wanted === undefined) return undefined;
  try {
    // Links above the folder are followed once, there; Node gets the path they led to.
    return makeOwnFolder(wanted, { uid: options.uid });
  } catch {
    return undefined;
  }
}

/**
 * Whether the folder holds only what Node's cache makes, within the limits: folders of
 * regular files (one per Node version), all this user's. Links and anything else count as
 * refused entries.
 */
function withinLimits(folder: string, uid: number): boolean {
  let total = 0;
  let entries = 0;
  const fits = (path: string, depth: number): boolean => {
    for (const name of readdirSync(path)) {
      const stats = lstatSync(join(path, name));
      if (++entries > CACHE_LIMITS.entries || stats.uid !== uid) return false;
      if (stats.isDirectory()) {
        if (depth > 0 || !fits(join(path, name), depth + 1)) return false;
      } else {
        total += stats.size;
        if (!stats.isFile() || depth === 0 || stats.size > CACHE_LIMITS.entryBytes) return false;
        if (total > CACHE_LIMITS.totalBytes) return false;
      }
    }
    return true;
  };
  return fits(folder, 0);
}

/**
 * Empties `folder` when it holds more than the limits allow or anything Node's cache does
 * not make. Removes entries of the folder only: a link is removed, never followed.
 */
export function boundCacheFolder(folder: string, uid: number): void {
  if (withinLimits(folder, uid)) return;
  for (const name of readdirSync(folder)) rmSync(join(folder, name), { recursive: true, force: true });
}

/** Turns Node's compile cache on in netdeck's folder, if there is one it can use; the folder, or undefined. */
export function enableCompileCache(options: CacheFolderOptions): string | undefined {
  const folder = openCacheFolder(options);
  if (folder === undefined) return undefined;
  try {
    boundCacheFolder(folder, options.uid);
    module.enableCompileCache(folder);
    return folder;
  } catch {
    return undefined;
  }
}

/** Writes what has been compiled since the cache was read (nothing when it is off). */
export function flushCompileCache(): void {
  try {
    module.flushCompileCache();
  } catch {
    // A full or read-only disk: the next start compiles again.
  }
}
