// An esbuild plugin: Ink's layout engine (yoga-layout) ships its WebAssembly as a base64
// data: URL and, where `fetch` exists, loads it with fetch(). In Node that first fetch
// loads Node's own undici (~40 ms of compiling on a 2-core machine, more with netdeck's V8
// flags), on the way to a console's first frame. The glue decodes the same base64 itself
// when there is no fetch: this makes it take that way. Used by the build and by the
// benches' hello world, so both start the same way.
import { readFile } from 'node:fs/promises';

const FETCH_TEST = 'return w||"function"!=typeof fetch?Promise.resolve().then(function(){return wa()})';

export const yogaWasmPlugin = {
  name: 'netdeck-yoga-wasm',
  setup(build) {
    build.onLoad(
      { filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ },
      async (args) => {
        const source = await readFile(args.path, 'utf8');
        // A new yoga-layout may word it otherwise: fail the build rather than lose the fix unseen.
        if (!source.includes(FETCH_TEST))
          return {
            errors: [{ text: 'yoga-layout: the wasm loader changed; update scripts/yoga-wasm-plugin.mjs' }],
          };
        return {
          // `w || true ? decode : fetch`: the fetch branch is never taken.
          contents: source.replace(
            FETCH_TEST,
            'return w||!0?Promise.resolve().then(function(){return wa()})',
          ),
          loader: 'js',
        };
      },
    );
  },
};
