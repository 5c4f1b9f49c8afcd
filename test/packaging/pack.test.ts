// The packed tarball installs offline on its own (the bundle has no runtime
// dependencies) and runs: `netdeck --version` and `netdeck locations --json`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../e2e/harness.ts';

const work = mkdtempSync(join(tmpdir(), 'netdeck-pack-'));
const prefix = join(work, 'prefix');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** A process environment like a clean machine's: no NETDECK_*, npm caches in the temp folder. */
const env = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: join(work, 'home'),
  XDG_CONFIG_HOME: join(work, 'xdg'),
  XDG_STATE_HOME: join(work, 'state'),
  npm_config_cache: join(work, 'npm-cache'),
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
});

function exec(
  file: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: env(), maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack, then npm i -g --offline', () => {
  it('installs the tarball with nothing else and runs netdeck from the install', async () => {
    // --ignore-scripts: the bundle is already built, and a rebuild here could race other test files.
    const packed = await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', work], ROOT);
    expect(packed.code, packed.stderr).toBe(0);
    const tarball = join(work, `netdeck-${version}.tgz`);
    expect(existsSync(tarball)).toBe(true);

    const installed = await exec(
      'npm',
      ['install', '--global', '--offline', '--prefix', prefix, tarball],
      work,
    );
    expect(installed.code, installed.stderr).toBe(0);
    const packageDir = join(prefix, 'lib', 'node_modules', 'netdeck');
    // Only the bundles, the manifest, the README and the licence: no dependencies came along.
    expect(readdirSync(packageDir).sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
    expect(readFileSync(join(packageDir, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the netdeck authors/,
    );
    // No prepare script for sources the tarball does not ship (npm would warn, or fail).
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(manifest.scripts?.prepare).toBeUndefined();
    expect(installed.stderr).not.toMatch(/prepare|scripts\/build/);
    // The bin, the core it loads, the places and the manual page (`man` in package.json).
    expect(readdirSync(join(packageDir, 'dist')).sort()).toEqual([
      'netdeck-core.cjs',
      'netdeck-places.txt',
      'netdeck.1',
      'netdeck.cjs',
    ]);
    expect(manifest.man).toEqual(['./dist/netdeck.1']);
    // npm links the page where man finds it beside the bin.
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'netdeck.1'))).toBe(true);
    // The real places (issue 28) add at most 3 MB to what is installed.
    expect(statSync(join(packageDir, 'dist', 'netdeck-places.txt')).size).toBeLessThanOrEqual(3 * 2 ** 20);

    const bin = join(prefix, 'bin', 'netdeck');
    const shown = await exec(bin, ['--version'], work);
    expect(shown).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    // The first run left Node's compile cache where a person's cache goes (~/.cache/netdeck):
    // a folder for this Node, holding the core's entry.
    const caches = join(work, 'home', '.cache', 'netdeck');
    const runtimes = readdirSync(caches);
    expect(runtimes).toEqual([expect.stringMatching(new RegExp(`^${process.version}-`))]);
    expect(readdirSync(join(caches, runtimes[0]))).toHaveLength(1);

    const locations = await exec(bin, ['locations', '--json'], work);
    expect(locations.code, locations.stderr).toBe(0);
    const body = JSON.parse(locations.stdout);
    expect(body.locations.length).toBeGreaterThan(100);
    expect(body.locations[0]).toHaveProperty('location_id');
    expect(locations.stderr).toMatch(/using a fresh demo simulator/);
  }, 30_000);

  it("npm start --silent -- CMD --json prints only the JSON (npm's banner and the build stay off stdout)", async () => {
    const started = await exec('npm', ['start', '--silent', '--', 'locations', '--json'], ROOT);
    expect(started.code, started.stderr).toBe(0);
    expect(JSON.parse(started.stdout).locations.length).toBeGreaterThan(100);
  }, 30_000);
});
