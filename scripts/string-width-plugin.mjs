// An esbuild plugin: every `import ... from 'string-width'` gets the package its importer
// would get, wrapped by scripts/shims/string-width.js (same widths, a fast path for the
// characters a console draws). Used by the build.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { simpleWidthExceptions } from './shims/string-width.js';

const SHIM = fileURLToPath(new URL('./shims/string-width.js', import.meta.url));
const NAMESPACE = 'netdeck-string-width';

export const stringWidthPlugin = {
  name: 'netdeck-string-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === NAMESPACE) return undefined;
      const real = await build.resolve('string-width', {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: NAMESPACE,
      });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: NAMESPACE };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
      // This copy's widths of the fast path's characters, asked of it here, at build time.
      const real = (await import(pathToFileURL(args.path).href)).default;
      const exceptions = JSON.stringify(simpleWidthExceptions(real));
      return {
        contents: [
          `import { fastStringWidth } from ${JSON.stringify(SHIM)};`,
          // A require, not an import: the package's module runs only when first needed.
          `export default fastStringWidth(() => require(${JSON.stringify(args.path)}).default, ${exceptions});`,
        ].join('\n'),
        resolveDir: process.cwd(),
        loader: 'js',
      };
    });
  },
};
