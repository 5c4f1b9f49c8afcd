// An esbuild plugin: small edits to dependencies' code as it goes into a bundle, each for
// a start that does less. Each edit names the exact text it replaces; when a new version
// of the package words it otherwise, the build fails rather than lose the edit unseen.
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
  {
    file: 'commander/lib/command.js',
    edits: [
      [
        "import childProcess from 'node:child_process';",
        "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
        // For executable subcommands, which netdeck has none of: ~4 ms of every start.
        'load child_process when a subcommand is spawned',
      ],
    ],
  },
  {
    file: 'slice-ansi/tokenize-ansi.js',
    edits: [
      [
        "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
        "let graphemeSegmenter; const GRAPHEME_SEGMENTER = { segment: (text) => (graphemeSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(text) };",
        // Ink loads slice-ansi to cut text; building the segmenter when Ink loads cost ~8 ms.
        'build the grapheme segmenter when text is first cut',
      ],
    ],
  },
  {
    file: '@alcalzone/ansi-tokenize/build/tokenize.js',
    edits: [
      [
        'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
        [
          'let graphemeSegmenter;',
          // Every code unit of such text is a grapheme of its own: no joiners, combining
          // marks, variation selectors, Hangul or astral characters, and CR LF never
          // (the ranges of scripts/shims/string-width.js, with BEL and ESC).
          'const ONE_UNIT_GRAPHEMES = /^[\\x07\\x1b\\x20-\\x7e\\u00a0-\\u02ff\\u0370-\\u0482\\u048a-\\u0590\\u2010-\\u2027\\u2030-\\u205e\\u2070-\\u20cf\\u2100-\\u2bff]*$/;',
          'const segmenter = { segment: (str) => (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(str) };',
        ].join('\n'),
        // Building the segmenter when Ink loads cost ~5 ms of every start.
        'build the grapheme segmenter when first needed',
      ],
      [
        '    for (const { segment, index } of segmenter.segment(str)) {',
        [
          '    const byUnit = ONE_UNIT_GRAPHEMES.test(str);',
          '    const graphemes = byUnit ? undefined : segmenter.segment(str)[Symbol.iterator]();',
          '    for (let unit = 0; ; unit++) {',
          '        let segment, index;',
          '        if (byUnit) { if (unit >= str.length) break; segment = str[unit]; index = unit; }',
          '        else { const next = graphemes.next(); if (next.done) break; ({ segment, index } = next.value); }',
        ].join('\n'),
        // Ink cuts every line of every frame into graphemes here: through ICU, an object
        // per character, that was ~10 ms of the console's first frame.
        'split text a console draws by code unit, with ICU only for the rest',
      ],
    ],
  },
  {
    file: '@alcalzone/ansi-tokenize/build/styledChars.js',
    edits: [
      [
        `ret.push({
                ...token,
                styles: [...codes],
            });`,
        'ret.push({ type: token.type, value: token.value, fullWidth: token.fullWidth, styles: codes });',
        // A copy of the style list for every character of a frame (4 800 at 120x40), and
        // an object spread each: the chars of one run now share the list, which nothing
        // mutates (each style change makes a new one), and equal lists compare at once.
        'share one style list among the characters of a run',
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
