// Files another user of the machine could tamper with: the clipboard fallback and the
// providers export (written in shared folders), and the files netdeck reads (config,
// tokens, the simulator's key). Links, files already there (with their modes), special
// files and huge ones.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
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
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportWriter } from '../../src/cli/console/export-writer.ts';
import { ManualClock } from '../../src/clock.ts';
import {
  createPrivateFile,
  createPrivateFileAt,
  readSmallFile,
  replacePrivateFile,
  UnusableFileError,
} from '../../src/safe-files.ts';
import { seenExport } from '../../src/store/providers.ts';
import { COPY_FILE, copyCode } from '../../src/ui/clipboard.ts';
import { timed } from '../bench-figures.ts';

const CODE = 'abandon ability able about above absent';
let dir: string;
let victim: string;
const savedUmask = process.umask();
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'netdeck-files-'));
  // Another user's file, which a link laid in the shared folder points at.
  victim = join(dir, 'victim');
  writeFileSync(victim, 'do not touch\n');
  // A careless umask must not widen what netdeck writes.
  process.umask(0);
});
afterEach(() => {
  process.umask(savedUmask);
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;
const untouched = () => expect(readFileSync(victim, 'utf8')).toBe('do not touch\n');

describe('the clipboard fallback file', () => {
  // One name, in netdeck's own state folder (0700): a link or a file laid there is replaced, never followed or reused.
  it('never writes through a link laid at its name: the link is replaced', () => {
    const path = join(dir, COPY_FILE);
    symlinkSync(victim, path);
    const result = copyCode(CODE, { write: () => {}, dir });
    untouched();
    expect(result).toEqual({ ok: true, path });
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(`${CODE}\n`);
  });

  it("never keeps a file's mode: a 0666 file there becomes a new 0600 one", () => {
    const planted = join(dir, COPY_FILE);
    writeFileSync(planted, 'old');
    chmodSync(planted, 0o666);
    copyCode(CODE, { write: () => {}, dir });
    expect(modeOf(planted)).toBe(0o600);
    expect(readFileSync(planted, 'utf8')).toBe(`${CODE}\n`);
  });

  it('is one file, overwritten by each copy, in a private folder made when missing', () => {
    const folder = join(dir, 'state', 'netdeck');
    const paths = ['a', 'b', 'c'].map((code) => {
      const result = copyCode(code, { write: () => {}, dir: folder });
      return result.ok ? result.path : '';
    });
    expect(new Set(paths)).toEqual(new Set([join(folder, COPY_FILE)]));
    expect(readdirSync(folder)).toEqual([COPY_FILE]);
    expect(readFileSync(paths[0], 'utf8')).toBe('c\n');
    expect(modeOf(folder)).toBe(0o700);
  });
});

describe('an export file of the console (e)', () => {
  /** What `e` in Providers writes with nothing typed in the dialog: a new file in `folder`. */
  const exportTo = (folder: string, format: 'csv' | 'jsonl' = 'jsonl') =>
    exportWriter(folder)(
      {
        ...seenExport([{ client_id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f' }]),
        stem: 'providers',
        format,
        path: '',
      },
      new ManualClock().now(),
    );

  it('is private (0600), new, and never written through a link or into a file already there', () => {
    // The names the export had before: the console's clock and the time made them known in advance.
    symlinkSync(victim, join(dir, 'netdeck-providers-20260101-000000.jsonl'));
    const path = exportTo(dir);
    untouched();
    expect(path).toMatch(/netdeck-providers-20260101-000000-[A-Za-z0-9_-]{12}\.jsonl$/);
    expect(modeOf(path)).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toContain('7c1d2e3f');
  });

  it('says why when the folder cannot be written', () => {
    expect(() => exportTo(join(dir, 'missing'), 'csv')).toThrow(/could not write in .*missing/);
  });
});

describe('createPrivateFile, createPrivateFileAt, replacePrivateFile', () => {
  it('createPrivateFile makes a new 0600 file with a random part in its name', () => {
    const path = createPrivateFile(dir, { prefix: 'a-', suffix: '.txt' }, 'x');
    expect(path).toMatch(/a-[A-Za-z0-9_-]{12}\.txt$/);
    expect(modeOf(path)).toBe(0o600);
  });

  it('createPrivateFileAt creates a missing file 0600, and leaves a file or a link there alone', () => {
    const path = join(dir, 'key');
    expect(createPrivateFileAt(path, 'secret')).toBe(true);
    expect(modeOf(path)).toBe(0o600);
    expect(createPrivateFileAt(path, 'other')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('secret');
    const link = join(dir, 'link');
    symlinkSync(victim, link);
    expect(createPrivateFileAt(link, 'other')).toBe(false);
    untouched();
    // A dangling link is not followed either (O_EXCL): its target is not created.
    const dangling = join(dir, 'dangling');
    symlinkSync(join(dir, 'would-be-created'), dangling);
    expect(createPrivateFileAt(dangling, 'x')).toBe(false);
    expect(readdirSync(dir)).not.toContain('would-be-created');
  });

  it('replacePrivateFile replaces a link (not its target) and an open file (not its mode)', () => {
    const link = join(dir, 'token');
    symlinkSync(victim, link);
    replacePrivateFile(link, 'jwt\n');
    untouched();
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link, 'utf8')).toBe('jwt\n');
    expect(modeOf(link)).toBe(0o600);
    const open = join(dir, 'open');
    writeFileSync(open, 'old');
    chmodSync(open, 0o666);
    replacePrivateFile(open, 'new');
    expect(modeOf(open)).toBe(0o600);
    expect(readFileSync(open, 'utf8')).toBe('new');
    // Nothing left behind beside it.
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('readSmallFile', () => {
  it('reads a regular file, its mode and its owner', () => {
    const path = join(dir, 'config.json');
    writeFileSync(path, '{}');
    chmodSync(path, 0o644);
    expect(readSmallFile(path, 100)).toEqual({ text: '{}', mode: 0o644, uid: process.getuid!() });
  });

  it('refuses a FIFO at once (reading one waits for a writer for ever)', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    await timed('a FIFO refused twice by readSmallFile', 1_000, () => {
      expect(() => readSmallFile(fifo, 100)).toThrow(UnusableFileError);
      expect(() => readSmallFile(fifo, 100)).toThrow(/not a regular file/);
    });
  });

  it('refuses /dev/zero, a folder and a huge file, without reading them', () => {
    expect(() => readSmallFile('/dev/zero', 100)).toThrow(/not a regular file/);
    mkdirSync(join(dir, 'folder'));
    expect(() => readSmallFile(join(dir, 'folder'), 100)).toThrow(/is a folder/);
    const huge = join(dir, 'huge');
    writeFileSync(huge, '');
    truncateSync(huge, 10 * 1024 * 1024 * 1024);
    expect(() => readSmallFile(huge, 1024)).toThrow(/larger than 1024 bytes/);
  });

  it('follows a link to a regular file (a config kept in a dotfiles folder is one)', () => {
    const target = join(dir, 'real.json');
    writeFileSync(target, '{"a":1}');
    symlinkSync(target, join(dir, 'linked.json'));
    expect(readSmallFile(join(dir, 'linked.json'), 100).text).toBe('{"a":1}');
  });
});
