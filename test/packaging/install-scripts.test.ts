// An install that compiles nothing and runs nobody's code: no package in the lock file has
// an install script but esbuild (which only checks its own binary), and the pseudo-terminal
// the tests use comes prebuilt as npm packages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/harness.ts';

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const packages = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>);

describe('npm ci', () => {
  it('runs no install script but esbuild’s', () => {
    const withScripts = packages.filter(([, entry]) => entry.hasInstallScript).map(([path]) => path);
    expect(withScripts).toEqual(['node_modules/esbuild']);
  });

  it('builds no native module: the pty package ships prebuilt binaries', () => {
    const names = packages.map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(names).not.toContain('node-pty');
    expect(names).not.toContain('node-gyp');
    expect(names).toContain('@lydell/node-pty-linux-x64');
    expect(manifest.allowScripts).toBeUndefined();
  });
});
