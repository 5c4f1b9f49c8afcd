// Bundles the CLI into one file with no runtime dependencies: Ink starts about twice
// as fast from a single bundle as from node_modules, and the packed tarball installs
// offline.

import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/netdeck.js',
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
  // Ink loads react-devtools-core only when DEV=true; the stub keeps it out of the bundle.
  alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js' },
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __netdeckCreateRequire } from 'node:module';",
      'const require = __netdeckCreateRequire(import.meta.url);',
    ].join('\n'),
  },
});
