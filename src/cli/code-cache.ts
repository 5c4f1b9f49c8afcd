// V8's code cache for the core bundle (dist/netdeck-core.cjs). The launcher
// (src/cli/launcher.ts) compiles the core with the cache a previous run left, so V8 skips
// parsing and compiling what that run compiled: the top level and every function the
// run called. A run saves the cache when there was none, when V8 refused it (a new
// build, Node or flag set) or when a run that compiled less left it. The console saves
// once its first frame is drawn: what it compiles later is not on the way to a frame.
// The cache is an optimisation: any failure is silent.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Script } from 'node:vm';
import { replacePrivateFile } from '../safe-files.ts';

/**
 * What the saving run compiled, least first: a command, the console on an API, the
 * console on the demo simulator (the simulator's code too). A run replaces a cache that
 * a lesser run left.
 */
export type CodeCacheRole = 'command' | 'console' | 'demo console';
/** The cache file's first byte: the role of the run that saved it. */
export const ROLE_BYTE: Record<CodeCacheRole, number> = { command: 1, console: 2, 'demo console': 3 };

export interface CodeCache {
  /** The bytes to hand V8, or undefined when there is no usable cache. */
  readonly data: Buffer | undefined;
  /** The script compiled with `data`: what `save` serialises. */
  attach(script: Script): void;
  save(role: CodeCacheRole): void;
}

/**
 * Where the cache lives: $XDG_CACHE_HOME/netdeck, else ~/.cache/netdeck; undefined for a
 * user with no home (no HOME and no passwd entry), who then runs without a cache.
 */
export function codeCacheFolder(env: NodeJS.ProcessEnv, home = homedir): string | undefined {
  if (env.XDG_CACHE_HOME?.startsWith('/')) return join(env.XDG_CACHE_HOME, 'netdeck');
  try {
    return join(home(), '.cache', 'netdeck');
  } catch {
    return undefined;
  }
}

/** No folder to keep a cache in: every start compiles the core. */
const NO_CACHE: CodeCache = { data: undefined, attach() {}, save() {} };

/** FNV-1a: a short, stable name part; V8 checks the cache itself, this only keeps variants apart. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The file for this build (`buildId`: a hash of the core's text, so a changed core of the
 * same length never meets an old cache) on this Node, architecture and V8 flags.
 */
export function codeCacheFile(folder: string, buildId: string): string {
  const runtime = shortHash([process.version, process.arch, ...process.execArgv].join('\0'));
  return join(folder, `core-${buildId}-${runtime}.bin`);
}

export function openCodeCache(folder: string | undefined, buildId: string): CodeCache {
  if (folder === undefined) return NO_CACHE;
  const file = codeCacheFile(folder, buildId);
  let stored: Buffer | undefined;
  try {
    // A regular file only: a FIFO laid there would hold every start up.
    if (statSync(file).isFile()) stored = readFileSync(file);
  } catch {
    // No cache yet.
  }
  const data = stored && stored.length > 1 ? stored.subarray(1) : undefined;
  let script: Script | undefined;
  let savedRole = 0;
  return {
    data,
    attach(compiled) {
      script = compiled;
      if (data && !compiled.cachedDataRejected) savedRole = stored?.[0] ?? 0;
    },
    save(role) {
      if (!script || savedRole >= ROLE_BYTE[role]) return;
      savedRole = ROLE_BYTE[role];
      try {
        const bytes = script.createCachedData();
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        // Other builds' caches are of no more use.
        for (const name of readdirSync(folder))
          if (name.startsWith('core-') && !name.startsWith(`core-${buildId}-`))
            rmSync(join(folder, name), { force: true });
        replacePrivateFile(file, Buffer.concat([Buffer.of(ROLE_BYTE[role]), bytes]));
      } catch {
        // A read-only or full disk: the next start compiles as this one did.
      }
    },
  };
}

const HOOK = Symbol.for('netdeck.code-cache');

/** The launcher hands the core its cache here (the core is compiled by the launcher, not imported). */
export function publishCodeCache(cache: CodeCache): void {
  (globalThis as Record<symbol, unknown>)[HOOK] = cache;
}

/** Saves the core's code cache as `role` compiled it; nothing when not started by the launcher (tests, tsx). */
export function saveCodeCache(role: CodeCacheRole): void {
  ((globalThis as Record<symbol, unknown>)[HOOK] as CodeCache | undefined)?.save(role);
}
