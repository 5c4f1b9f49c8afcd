// An esbuild plugin: small edits to dependencies' code as it goes into a bundle, each for a
// CommonJS core or for a start that does less (>= 10 ms of it: bench/dependency-patches.ts
// weighs each, docs/benchmarks.md has the figures). Each edit names the exact text it
// replaces; when a new version of the package words it otherwise, the build fails rather
// than lose the edit unseen.
import { readFile } from 'node:fs/promises';

/** file: the module's path ending; edits: [text, replacement, why]. */
export const PATCHES = [
  {
    file: 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
    edits: [
      [
        'return w||"function"!=typeof fetch?Promise.resolve().then(function(){return wa()})',
        'return w||!0?Promise.resolve().then(function(){return wa()})',
        // Ink's layout engine ships its WebAssembly as base64 and, where fetch exists,
        // loads it with fetch: in Node that first loads Node's own undici (~40 ms of
        // compiling). The glue decodes the same base64 itself when told there is no fetch.
        'decode the WebAssembly without fetch',
      ],
    ],
  },
  {
    file: 'ink/build/reconciler.js',
    edits: [
      // Both only with DEV=true, which netdeck never sets (the devtools are stubbed out);
      // the core bundle is CommonJS, which has no top-level await.
      ["await import('./devtools.js');", '', 'no top-level await for the devtools'],
      [
        'const loaded = await loadPackageJson();',
        'const loaded = {};',
        "no top-level await for Ink's package.json",
      ],
    ],
  },
];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The plugin making `patches` (default all; the benches build without one to weigh it). */
export const dependencyPatches = (patches = PATCHES) => ({
  name: 'netdeck-dependency-patches',
  setup(build) {
    for (const { file, edits } of patches) {
      const filter = new RegExp(`[\\\\/]${file.split('/').map(escapeRegExp).join('[\\\\/]')}$`);
      build.onLoad({ filter }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [text, replacement, why] of edits) {
          if (!source.includes(text))
            return { errors: [{ text: `${file} changed (${why}); update scripts/dependency-patches.mjs` }] };
          source = source.replace(text, replacement);
        }
        return { contents: source, loader: 'js' };
      });
    }
  },
});

export const dependencyPatchesPlugin = dependencyPatches();
