// Where Node's compile cache goes (src/cli/runtime/compile-cache.ts): only a folder nobody else
// can have put code in, of a bounded size; anything else means no cache, never an error.
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  boundCacheFolder,
  CACHE_LIMITS,
  cacheFolderPath,
  openCacheFolder,
} from '../../src/cli/runtime/compile-cache.ts';

const uid = process.getuid!();
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'netdeck-compile-cache-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const open = (cacheHome: string, as = uid) =>
  openCacheFolder({ env: { XDG_CACHE_HOME: cacheHome }, uid: as });
/** A cache folder as Node fills it: one folder per Node version, one file per module. */
function nodeEntries(folder: string): string {
  const runtime = join(folder, 'v22.23.3-x64-9ac5647c-0');
  mkdirSync(runtime, { recursive: true });
  writeFileSync(join(runtime, '6bf1aa6f'), 'compiled core');
  return runtime;
}

describe('the cache folder', () => {
  it('is $XDG_CACHE_HOME/netdeck when that is absolute, else ~/.cache/netdeck, else none', () => {
    expect(cacheFolderPath({ XDG_CACHE_HOME: '/x/cache' }, () => '/home/a')).toBe('/x/cache/netdeck');
    expect(cacheFolderPath({ XDG_CACHE_HOME: 'relative' }, () => '/home/a')).toBe('/home/a/.cache/netdeck');
    expect(cacheFolderPath({}, () => '/home/a')).toBe('/home/a/.cache/netdeck');
    const noHome = () => {
      throw new Error('no home');
    };
    expect(cacheFolderPath({}, noHome)).toBeUndefined();
    expect(openCacheFolder({ env: {}, uid, home: noHome })).toBeUndefined();
  });

  it('is made 0700 when missing, with its parents', () => {
    const cacheHome = join(root, 'a', 'b');
    const folder = open(cacheHome);
    expect(folder).toBe(join(cacheHome, 'netdeck'));
    for (const dir of [join(root, 'a'), cacheHome, folder!]) expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    // And used as it is the next time.
    expect(open(cacheHome)).toBe(folder);
  });

  it('is used through a link above it, by the path the link leads to', () => {
    mkdirSync(join(root, 'real'), { mode: 0o700 });
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(open(join(root, 'link'))).toBe(join(root, 'real', 'netdeck'));
  });

  it('is not used when it is a link, even to a folder of this user', () => {
    mkdirSync(join(root, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(root, 'elsewhere'), join(root, 'netdeck'));
    expect(open(root)).toBeUndefined();
    expect(readdirSync(join(root, 'elsewhere'))).toEqual([]);
  });

  it('is not used when it is a file', () => {
    writeFileSync(join(root, 'netdeck'), '');
    expect(open(root)).toBeUndefined();
  });

  it('is not used when it belongs to another user', () => {
    mkdirSync(join(root, 'netdeck'), { mode: 0o700 });
    expect(open(root, uid + 1)).toBeUndefined();
  });

  it('is not used under sudo -E: root, with a folder of the user who ran sudo', () => {
    const folder = join(root, 'netdeck');
    mkdirSync(folder, { mode: 0o700 });
    // Run as root, the folder goes to another user; run as a user, it is theirs and the run says root.
    if (uid === 0) chownSync(folder, 1000, 1000);
    expect(lstatSync(folder).uid).not.toBe(0);
    expect(open(root, 0)).toBeUndefined();
  });

  it.each([0o777, 0o770, 0o722])('is not used when others may write to it (mode %o)', (mode) => {
    mkdirSync(join(root, 'netdeck'));
    chmodSync(join(root, 'netdeck'), mode);
    expect(open(root)).toBeUndefined();
  });

  it('is not used under a folder others may write to, unless it is sticky as /tmp is', () => {
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect(open(shared)).toBeUndefined();
    chmodSync(shared, 0o1777);
    expect(open(shared)).toBe(join(shared, 'netdeck'));
  });
});

describe('the size and contents of the cache folder', () => {
  let folder: string;
  beforeEach(() => {
    folder = open(root)!;
  });

  it("keeps what Node's cache makes, within the limits", () => {
    const runtime = nodeEntries(folder);
    boundCacheFolder(folder, uid);
    expect(readdirSync(runtime)).toEqual(['6bf1aa6f']);
  });

  it('empties the folder when one entry is too large', () => {
    const runtime = nodeEntries(folder);
    writeFileSync(join(runtime, 'big'), '');
    truncateSync(join(runtime, 'big'), CACHE_LIMITS.entryBytes + 1);
    boundCacheFolder(folder, uid);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('empties the folder when all of it is too large', () => {
    for (let i = 0; i * CACHE_LIMITS.entryBytes <= CACHE_LIMITS.totalBytes; i++) {
      const runtime = join(folder, `v22.${i}.0-x64-00000000-0`);
      mkdirSync(runtime);
      writeFileSync(join(runtime, 'entry'), '');
      truncateSync(join(runtime, 'entry'), CACHE_LIMITS.entryBytes);
    }
    boundCacheFolder(folder, uid);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('empties the folder of files Node did not make (the old launcher left one)', () => {
    nodeEntries(folder);
    writeFileSync(join(folder, 'core-0123456789abcdef-01234567.bin'), 'old cache');
    boundCacheFolder(folder, uid);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('removes a link in it without following it, and deletes nothing outside it', () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep'), 'precious');
    const runtime = nodeEntries(folder);
    symlinkSync(outside, join(runtime, 'link'));
    symlinkSync(outside, join(folder, 'link'));
    boundCacheFolder(folder, uid);
    expect(readdirSync(folder)).toEqual([]);
    expect(readdirSync(outside)).toEqual(['keep']);
  });

  it("empties the folder when an entry is another user's", () => {
    nodeEntries(folder);
    boundCacheFolder(folder, uid + 1);
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(folder)).toEqual([]);
  });
});
