// When `npm start` (scripts/ensure-built.mjs) and the tests build again: dist/ must hold a
// whole build newer than every source. A build that died on the way (on an old Node it died
// after the core, before the places file and the bin) is built again, never started.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE_FILES, bundleIsCurrent } from '../../scripts/bundle-current.mjs';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'netdeck-bundle-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'package.json'), '{}');
  at(join(root, 'package.json'), 100);
  write('src/main.ts', 100);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Sets a file's modification time, in seconds of the epoch. */
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
function write(file: string, seconds: number) {
  writeFileSync(join(root, file), 'x');
  at(join(root, file), seconds);
}
/** A build at `seconds`: the core, the places file, the manual page, then the bin. */
const build = (seconds: number) => {
  for (const name of BUNDLE_FILES) write(`dist/${name}`, seconds);
};

describe('bundleIsCurrent', () => {
  it('holds for a whole build newer than every source', () => {
    build(200);
    expect(bundleIsCurrent(root)).toBe(true);
  });

  it('does not hold without a build, or once a source is newer', () => {
    expect(bundleIsCurrent(root)).toBe(false);
    build(200);
    write('src/main.ts', 300);
    expect(bundleIsCurrent(root)).toBe(false);
  });

  it('does not hold for a build that died after the core (no places file, no bin)', () => {
    write('dist/netdeck-core.cjs', 200);
    expect(bundleIsCurrent(root)).toBe(false);
  });

  it('does not hold for a new core beside the bin of an earlier build', () => {
    build(200);
    write('dist/netdeck-core.cjs', 300);
    expect(bundleIsCurrent(root)).toBe(false);
    write('dist/netdeck-places.txt', 300);
    expect(bundleIsCurrent(root)).toBe(false);
    write('dist/netdeck.1', 300);
    expect(bundleIsCurrent(root)).toBe(false);
    write('dist/netdeck.cjs', 300);
    expect(bundleIsCurrent(root)).toBe(true);
  });
});
