// Bundles the CLI into one file with no runtime dependencies: Ink starts about twice
// as fast from a single bundle as from node_modules, and the packed tarball installs
// offline.

import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { NODE_FLAGS } from './node-flags.mjs';
import { stringWidthPlugin } from './string-width-plugin.mjs';
import { yogaWasmPlugin } from './yoga-wasm-plugin.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const outfile = 'dist/netdeck.js';
const result = await build({
  entryPoints: ['src/cli/main.ts'],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: process.env.NETDECK_BUILD_MINIFY !== '0',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // NODE_ENV=production picks React's production build: a smaller bundle and a faster first frame.
  define: {
    'process.env.NETDECK_VERSION': JSON.stringify(version),
    'process.env.DEV': '"false"',
    'process.env.NODE_ENV': '"production"',
  },
  // Ink loads react-devtools-core (and ws for it) only when DEV=true; stubs keep them out of the bundle.
  plugins: [stringWidthPlugin, yogaWasmPlugin],
  alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js', ws: './scripts/stubs/ws.js' },
  banner: {
    js: [
      `#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}`,
      "import { createRequire as __netdeckCreateRequire } from 'node:module';",
      'const require = __netdeckCreateRequire(import.meta.url);',
    ].join('\n'),
  },
});

// esbuild writes ASCII except inside regular expression literals (a chart pattern has
// block characters): one such character makes V8 keep the whole 1.8 MB source as a
// two-byte string, 1.8 MB more resident for the life of the process. In a pattern an
// escape matches what the character matched.
const text = result.outputFiles[0].text.replace(
  /[^\x00-\x7f]/g,
  (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
);
mkdirSync(dirname(outfile), { recursive: true });
writeFileSync(outfile, text);
// Runnable as it is (`npm start`, the benches), as npm makes it when it installs the bin.
chmodSync(outfile, 0o755);
