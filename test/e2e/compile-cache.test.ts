// The bin (dist/netdeck.cjs) with Node's compile cache (src/cli/runtime/compile-cache.ts): the
// first start writes the core's entry and the next one reads it; a folder that is a link
// or that others may write to is not used; a corrupted or oversized entry is harmless and
// replaced. Every run still does what it was asked.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_LIMITS } from '../../src/cli/runtime/compile-cache.ts';
import { BINARY, CORE, ensureBuilt, ROOT, type Session, spawnNetdeck } from './harness.ts';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

let cacheHome: string;
let tui: Session | undefined;
beforeAll(ensureBuilt, 120_000);
beforeEach(() => {
  cacheHome = mkdtempSync(join(tmpdir(), 'netdeck-compile-cache-'));
});
afterEach(async () => {
  await tui?.close();
  tui = undefined;
  rmSync(cacheHome, { recursive: true, force: true });
});

const folder = () => join(cacheHome, 'netdeck');

/** The cache's entries: path → size and modification time. */
function entries(): Record<string, { size: number; mtimeMs: number }> {
  const found: Record<string, { size: number; mtimeMs: number }> = {};
  for (const runtime of readdirSync(folder())) {
    for (const name of readdirSync(join(folder(), runtime))) {
      const { size, mtimeMs } = statSync(join(folder(), runtime, name));
      found[join(runtime, name)] = { size, mtimeMs };
    }
  }
  return found;
}

/** Runs the bin; `debug` adds Node's own report of what its compile cache does (on stderr). */
function netdeck(args: string[], debug = false): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: cacheHome };
  delete env.NODE_COMPILE_CACHE;
  if (debug) env.NODE_DEBUG_NATIVE = 'COMPILE_CACHE';
  return new Promise((resolve) => {
    execFile(process.execPath, [BINARY, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const VERSION = { code: 0, stdout: `${version}\n`, stderr: '' };
/** Node's report of the core's entry read and taken (Node 24 says "code cache for CommonJS PATH"). */
const accepted = new RegExp(`cache for (CommonJS )?${CORE.replaceAll('.', '\\.')} was accepted`);
/** Node's report of a cache turned on (a flush asked of a cache that is off reports only itself). */
const used = /\[compile cache\] (resolved path|reading cache|writing cache)/;

describe('Node’s compile cache', () => {
  it('is written by the first start and read by the next', async () => {
    expect(await netdeck(['--version'])).toEqual(VERSION);
    const written = entries();
    expect(Object.keys(written)).toEqual([expect.stringMatching(new RegExp(`^${process.version}-`))]);

    const next = await netdeck(['--version'], true);
    expect(next.stdout).toBe(VERSION.stdout);
    expect(next.stderr).toMatch(accepted);
    // Read, not written again.
    expect(entries()).toEqual(written);
  });

  it('is written by the console once its first frame is drawn, while it runs', async () => {
    tui = await spawnNetdeck({ env: { XDG_CACHE_HOME: cacheHome } });
    await tui.waitFor(/\d+ places with providers/);
    await expect.poll(() => Object.keys(entries()).length, { timeout: 5000 }).toBe(1);
    await tui.keys('q');
    expect(await tui.exited()).toBe(0);
    expect((await netdeck(['--version'], true)).stderr).toMatch(accepted);
  });

  it('shrugs off a corrupted entry, even for --version, and replaces it', async () => {
    await netdeck(['--version']);
    const [entry] = Object.keys(entries());
    for (const garbage of [Buffer.alloc(0), Buffer.from('not a cache'), Buffer.alloc(4096, 0xa5)]) {
      writeFileSync(join(folder(), entry), garbage);
      expect(await netdeck(['--version'])).toEqual(VERSION);
      expect(entries()[entry].size).toBeGreaterThan(4096);
      expect((await netdeck(['--version'], true)).stderr).toMatch(accepted);
    }
  });

  it('empties a folder whose entry is oversized, then writes the entry again', async () => {
    await netdeck(['--version']);
    const [entry] = Object.keys(entries());
    truncateSync(join(folder(), entry), CACHE_LIMITS.entryBytes + 1);
    expect(await netdeck(['--version'])).toEqual(VERSION);
    expect(entries()[entry].size).toBeLessThan(CACHE_LIMITS.entryBytes);
  });

  it.each([0o777, 0o770])('is not used in a folder others may write to (mode %o)', async (mode) => {
    mkdirSync(folder());
    chmodSync(folder(), mode);
    const run = await netdeck(['--version'], true);
    expect(run.stdout).toBe(VERSION.stdout);
    expect(run.stderr).not.toMatch(used);
    expect(readdirSync(folder())).toEqual([]);
  });

  it('is not used in a folder that is a link, and nothing is written or deleted where it leads', async () => {
    const target = mkdtempSync(join(tmpdir(), 'netdeck-link-target-'));
    try {
      writeFileSync(join(target, 'precious'), '');
      truncateSync(join(target, 'precious'), CACHE_LIMITS.totalBytes + 1);
      symlinkSync(target, folder());
      const run = await netdeck(['--version'], true);
      expect(run.stdout).toBe(VERSION.stdout);
      expect(run.stderr).not.toMatch(used);
      expect(readdirSync(target)).toEqual(['precious']);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
