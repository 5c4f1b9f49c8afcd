// An esbuild plugin: every `import ... from 'string-width'` gets the package its importer
// would get, wrapped by scripts/shims/string-width.js (same widths, a fast path for the
// characters a console draws). Used by the build and by the benches' hello world.
import { fileURLToPath } from 'node:url';

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
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: [
        `import real from ${JSON.stringify(args.path)};`,
        `import { fastStringWidth } from ${JSON.stringify(SHIM)};`,
        'export default fastStringWidth(real);',
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};
