// An esbuild plugin: small edits to dependencies' code as it goes into a bundle, each for a
// CommonJS core, for a start that does less (>= 10 ms of it) or for key presses that do
// less (`weighs: 'keys'`, >= 10 ms of CPU a key): bench/dependency-patches.ts weighs each,
// docs/benchmarks.md has the figures. Each edit names the exact text it
// replaces; when a new version of the package words it otherwise, the build fails rather
// than lose the edit unseen.
import { readFile } from 'node:fs/promises';

/**
 * The HTTP/2 constants undici's HTTP/2 client reads when it loads (RFC 9113's pseudo-headers
 * and error codes, which no Node changes; test/packaging/dependency-patches.test.ts holds them
 * to this Node's `http2.constants`).
 */
export const HTTP2_CONSTANTS = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_NO_ERROR: 0,
  NGHTTP2_PROTOCOL_ERROR: 1,
  NGHTTP2_REFUSED_STREAM: 7,
};

/** file: the module's path ending; weighs: what it buys ('start' when not said); edits: [text, replacement, why]. */
export const PATCHES = [
  {
    file: 'undici/lib/dispatcher/client-h2.js',
    edits: [
      // Loading node:http2 compiles Node's HTTP/2 code (28 ms of the data frame) for a
      // client that speaks HTTP/1.1 to the simulator: it is loaded at the first HTTP/2
      // connection.
      [
        "try {\n  http2 = require('node:http2')\n} catch {\n  // @ts-ignore\n  http2 = { constants: {} }\n}",
        `http2 = { constants: ${JSON.stringify(HTTP2_CONSTANTS)} }`,
        "node:http2's constants without loading it",
      ],
      [
        'const session = http2.connect(',
        "const session = require('node:http2').connect(",
        'node:http2 at the first HTTP/2 connection',
      ],
    ],
  },
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
    file: 'ink/build/output.js',
    weighs: 'keys',
    edits: [
      // Ink parses every line of a frame into styled characters (an object each) and
      // measures every character, with caches that live for one frame. A key press's frame
      // is mostly the last one's lines: each frame's caches look in the last frame's first,
      // so a redraw parses only the lines that changed (the caches of two frames at most
      // are kept). At 2 000 providers, half the CPU of a cursor move was this parsing and
      // the garbage it left.
      [
        'cached = styledCharsFromTokens(tokenize(line))',
        'cached = this.previous?.styledChars.get(line) ?? styledCharsFromTokens(tokenize(line))',
        "a line's styled characters from the last frame",
      ],
      [
        'cached = stringWidth(text);',
        'cached = this.previous?.widths.get(text) ?? stringWidth(text);',
        "a text's width from the last frame",
      ],
      [
        'export default class Output {\n    operations = [];\n    caches = new OutputCaches();',
        [
          'let lastFrameCaches;',
          'const frameCaches = () => {',
          '    const caches = new OutputCaches();',
          '    caches.previous = lastFrameCaches;',
          '    if (lastFrameCaches) lastFrameCaches.previous = undefined;',
          '    return (lastFrameCaches = caches);',
          '};',
          'export default class Output {',
          '    operations = [];',
          '    caches = frameCaches();',
        ].join('\n'),
        "each frame's caches look in the last frame's",
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
