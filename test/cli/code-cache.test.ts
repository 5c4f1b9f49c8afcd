// V8's code cache of the core bundle (src/cli/code-cache.ts): where it lives, when a run
// writes it, and that nothing about it can stop netdeck from starting.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeCacheFile,
  codeCacheFolder,
  openCodeCache,
  publishCodeCache,
  saveCodeCache,
} from '../../src/cli/code-cache.ts';

const SOURCE = 'function add(a, b) { return a + b; } add(1, 2);';
const BUILD = '0123456789abcdef';

let home: string;
let folder: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'netdeck-code-cache-'));
  folder = join(home, 'netdeck');
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

let starts = 0;

/**
 * One start of the launcher: open the cache, compile with it, run. Each under its own
 * name, or V8 would take the script from this process's own compilation cache.
 */
function start(build = BUILD) {
  const cache = openCodeCache(folder, build);
  const script = new Script(SOURCE, { filename: `core-${++starts}.cjs`, cachedData: cache.data });
  cache.attach(script);
  script.runInThisContext();
  return { cache, script };
}

const stored = () => readFileSync(codeCacheFile(folder, BUILD));

describe('the code cache', () => {
  it('lives in $XDG_CACHE_HOME/netdeck, else ~/.cache/netdeck', () => {
    expect(codeCacheFolder({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/netdeck');
    expect(codeCacheFolder({})).toBe(join(homedir(), '.cache', 'netdeck'));
    // A relative XDG path is to be ignored (XDG Base Directory specification).
    expect(codeCacheFolder({ XDG_CACHE_HOME: 'cache' })).toBe(join(homedir(), '.cache', 'netdeck'));
  });

  it('is not kept for a user with no home, who still starts', () => {
    const noHome = () => {
      throw new Error('ENOENT: no such user');
    };
    expect(codeCacheFolder({}, noHome)).toBeUndefined();
    const cache = openCodeCache(undefined, BUILD);
    const script = new Script(SOURCE, { filename: 'homeless.cjs', cachedData: cache.data });
    cache.attach(script);
    expect(() => cache.save('console')).not.toThrow();
    expect(cache.data).toBeUndefined();
  });

  it('names the build, and this Node with its flags', () => {
    const file = codeCacheFile(folder, BUILD);
    expect(file.startsWith(join(folder, `core-${BUILD}-`))).toBe(true);
    expect(file.endsWith('.bin')).toBe(true);
  });

  it('is written by the first run, private to the user, and taken by the next', () => {
    const first = start();
    expect(first.cache.data).toBeUndefined();
    first.cache.save('command');
    const bytes = stored();
    expect(bytes[0]).toBe(1);
    expect(statSync(codeCacheFile(folder, BUILD)).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);

    const second = start();
    expect(second.cache.data?.equals(bytes.subarray(1))).toBe(true);
    expect(second.script.cachedDataRejected).toBe(false);
  });

  it('is replaced only by a run that compiled more: a command, then the console, then the demo console', () => {
    start().cache.save('command');
    const { cache } = start();
    cache.save('command');
    expect(stored()[0]).toBe(1);
    cache.save('console');
    expect(stored()[0]).toBe(2);
    cache.save('console');
    cache.save('command');
    expect(stored()[0]).toBe(2);

    start().cache.save('demo console');
    expect(stored()[0]).toBe(3);
    start().cache.save('console');
    expect(stored()[0]).toBe(3);
  });

  it('is rewritten when V8 refuses it', () => {
    start().cache.save('console');
    writeFileSync(
      codeCacheFile(folder, BUILD),
      Buffer.concat([Buffer.of(2), Buffer.from('not a code cache')]),
    );
    const { cache, script } = start();
    expect(script.cachedDataRejected).toBe(true);
    cache.save('command');
    expect(stored()[0]).toBe(1);
    expect(start().script.cachedDataRejected).toBe(false);
  });

  it('leaves no cache of another build behind, and nothing else is touched', () => {
    start('aaaaaaaaaaaaaaaa').cache.save('command');
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    start().cache.save('command');
    expect(readdirSync(folder).sort()).toEqual(
      [codeCacheFile(folder, BUILD).slice(folder.length + 1), 'notes.txt'].sort(),
    );
  });

  it('never stops a run: a folder that cannot be made or a cut file is passed over', () => {
    // A file where the folder would be (a read-only folder would not stop root).
    writeFileSync(folder, 'in the way');
    expect(() => start().cache.save('console')).not.toThrow();
    rmSync(folder);

    start().cache.save('command');
    writeFileSync(codeCacheFile(folder, BUILD), Buffer.of(1));
    expect(start().cache.data).toBeUndefined();

    // Not a regular file: passed over, and replaced by the next save.
    rmSync(codeCacheFile(folder, BUILD));
    mkdirSync(codeCacheFile(folder, BUILD));
    const { cache } = start();
    expect(cache.data).toBeUndefined();
    expect(() => cache.save('command')).not.toThrow();
  });

  it('is saved through the hook the launcher publishes, and without a launcher nothing happens', () => {
    expect(() => saveCodeCache('console')).not.toThrow();
    const { cache } = start();
    publishCodeCache(cache);
    try {
      saveCodeCache('demo console');
      expect(stored()[0]).toBe(3);
    } finally {
      (globalThis as Record<symbol, unknown>)[Symbol.for('netdeck.code-cache')] = undefined;
    }
  });
});
