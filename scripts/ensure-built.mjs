// `npm start` and `npm run sim` in a clone: build the bundle first when it is missing or
// older than a source file (the package ships the bundle, so it needs no `prepare`). The
// build's own output goes to stderr, so `npm start --silent -- … --json | jq` stays clean.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'netdeck.cjs');
const core = join(root, 'dist', 'netdeck-core.cjs');
const SOURCES = ['src', 'simulator', 'scripts/build.mjs', 'package.json', 'package-lock.json'];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

// The build writes the core first, then the bin.
const built = existsSync(bundle) && existsSync(core) ? statSync(bundle).mtimeMs : 0;
if (!built || SOURCES.some((source) => newest(join(root, source)) > built)) {
  process.stderr.write('netdeck: building dist/netdeck.cjs…\n');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  process.exit(result.status ?? 1);
}
