// Bundles the CLI into two files with no runtime dependencies: the core (everything) and
// the bin, which checks the Node version, turns on Node's compile cache and loads the
// core. Ink starts about twice as fast from a bundle as from node_modules, and the packed
// tarball installs offline.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { dependencyPatches, PATCHES } from './dependency-patches.mjs';
import { NODE_FLAGS } from './node-flags.mjs';
import { requiredNode } from './node-version.mjs';
import { placesPlugin, writePlaces } from './places.mjs';
import { stringWidthPlugin } from './string-width-plugin.mjs';

const { version, engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** The bin says so to an older Node. */
const nodeMin = requiredNode(engines);
// For bench/dependency-patches.ts, which weighs each patch: a build without the patch of
// the package file NETDECK_BUILD_WITHOUT (or without string-width's fast path, for
// `string-width-plugin`), into NETDECK_BUILD_OUT.
const outDir = process.env.NETDECK_BUILD_OUT || 'dist';
const without = process.env.NETDECK_BUILD_WITHOUT;
const patches = PATCHES.filter(({ file }) => file !== without);
const stringWidth = without === 'string-width-plugin' ? [] : [stringWidthPlugin];

const common = {
  write: false,
  bundle: true,
  platform: 'node',
  minify: process.env.NETDECK_BUILD_MINIFY !== '0',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
};

// The core: everything netdeck does, as CommonJS (what the bin loads with Node's compile
// cache, and what a single-executable application's entry must be). Every `import()`
// becomes a require, so the core is one file with no module loading of its own.
const core = await build({
  ...common,
  target: 'node22',
  entryPoints: ['src/cli/main.ts'],
  format: 'cjs',
  supported: { 'dynamic-import': false },
  // NODE_ENV=production picks React's production build: a smaller bundle and a faster first frame.
  define: {
    'process.env.NETDECK_VERSION': JSON.stringify(version),
    'process.env.DEV': '"false"',
    'process.env.NODE_ENV': '"production"',
  },
  // Ink's devtools (DEV=true only) go with the dependency patches' top-level awaits.
  // yoga-layout's entry awaits its WebAssembly at the top level, which CommonJS cannot: a
  // shim loads it in the background. The world's real places (scripts/places.mjs) are read
  // from a file beside the bundle when a world is built.
  plugins: [...stringWidth, dependencyPatches(patches), placesPlugin()],
  alias: {
    'yoga-layout': './scripts/shims/yoga-layout.js',
  },
});

// esbuild writes ASCII except inside regular expression literals (a chart pattern has
// block characters): one such character makes V8 keep the whole 1.8 MB source as a
// two-byte string, 1.8 MB more resident for the life of the process. In a pattern an
// escape matches what the character matched.
const coreText = core.outputFiles[0].text.replace(
  /[^\x00-\x7f]/g,
  (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
);

// The bin, with netdeck's V8 flags on its `#!` line. Its syntax is lowered for old Node
// versions, so that they can read its version check.
const bin = await build({
  ...common,
  entryPoints: ['src/cli/bin.ts'],
  format: 'cjs',
  target: 'node8',
  minify: false,
  define: { NETDECK_NODE_MIN: JSON.stringify(nodeMin) },
  banner: { js: `#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}` },
});

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'netdeck-core.cjs'), coreText);
await writePlaces(outDir);
// The manual page, from the commands' --help (scripts/man-page.ts reads the program).
const manual = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/man-page.ts', join(outDir, 'netdeck.1')],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
if (manual.status !== 0) throw new Error('scripts/man-page.ts failed: no dist/netdeck.1');
writeFileSync(join(outDir, 'netdeck.cjs'), bin.outputFiles[0].text);
// Runnable as it is (`npm start`, the benches), as npm makes it when it installs the bin.
chmodSync(join(outDir, 'netdeck.cjs'), 0o755);
