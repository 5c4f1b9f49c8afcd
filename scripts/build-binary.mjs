// `npm run build:binary`: netdeck as one executable for machines without Node,
// dist/netdeck-<os>-<arch>. A single-executable application (Node's SEA): the CommonJS core
// (dist/netdeck-core.cjs, built first), its code cache and netdeck's V8 flags (execArgv)
// in a blob, injected with postject into a copy of the node that runs this script. The
// core needs nothing at run time but Node's builtins: the layout engine's WebAssembly is
// inside it. The bin's version check and compile cache have no part here: the node is
// inside, and the blob carries the code cache.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from './node-flags.mjs';
import { PLACES_ASSET } from './places.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const core = join(root, 'dist', 'netdeck-core.cjs');
const platform = process.platform === 'win32' ? 'windows' : process.platform;
export const BINARY_PATH = join(
  root,
  'dist',
  `netdeck-${platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`,
);
/** The fuse Node looks for to know a blob was injected (Node's SEA documentation). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Runs a program to its end; its output is shown only when it fails. */
function run(file, args) {
  const result = spawnSync(file, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${[file, ...args].join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result;
}

export function buildBinary() {
  statSync(core); // built by `npm run build` first
  const work = mkdtempSync(join(tmpdir(), 'netdeck-sea-'));
  try {
    const blob = join(work, 'netdeck.blob');
    const config = join(work, 'sea-config.json');
    writeFileSync(
      config,
      JSON.stringify({
        main: core,
        output: blob,
        disableExperimentalSEAWarning: true,
        useCodeCache: true,
        execArgv: NODE_FLAGS,
        // The world's places, read when a world is built (scripts/places.mjs).
        assets: { [PLACES_ASSET]: join(root, 'dist', PLACES_ASSET) },
      }),
    );
    // The code cache is made under the flags it will run with: V8 refuses one made under others.
    run(process.execPath, [...NODE_FLAGS, '--experimental-sea-config', config]);
    rmSync(BINARY_PATH, { force: true });
    copyFileSync(process.execPath, BINARY_PATH);
    chmodSync(BINARY_PATH, 0o755);
    const macos = process.platform === 'darwin';
    // A signed macOS node must lose its signature to be changed, and be signed again after.
    if (macos) run('codesign', ['--remove-signature', BINARY_PATH]);
    run(process.execPath, [
      join(root, 'node_modules', 'postject', 'dist', 'cli.js'),
      BINARY_PATH,
      'NODE_SEA_BLOB',
      blob,
      '--sentinel-fuse',
      FUSE,
      ...(macos ? ['--macho-segment-name', 'NODE_SEA'] : []),
    ]);
    if (macos) run('codesign', ['--sign', '-', BINARY_PATH]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // It runs, and takes its code cache (a refused one is a warning on stderr).
  const { stdout, stderr } = run(BINARY_PATH, ['--version']);
  if (stderr.trim()) throw new Error(`${BINARY_PATH} --version said on stderr:\n${stderr}`);
  return { path: BINARY_PATH, version: stdout.trim(), bytes: statSync(BINARY_PATH).size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = buildBinary();
  const mb = (built.bytes / 2 ** 20).toFixed(0);
  process.stdout.write(`${built.path}: netdeck ${built.version}, Node ${process.versions.node}, ${mb} MB\n`);
}
