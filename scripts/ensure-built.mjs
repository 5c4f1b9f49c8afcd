// `npm start` and `npm run sim` in a clone: build the bundle first when it is missing,
// half-built or older than a source file (the package ships the bundle, so it needs no
// `prepare`). On a Node older than netdeck needs it says so and builds nothing. The
// build's own output goes to stderr, so `npm start --silent -- … --json | jq` stays clean.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleIsCurrent } from './bundle-current.mjs';
import { oldNodeMessage, requiredNode } from './node-version.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tooOld = oldNodeMessage(requiredNode(engines), process.versions.node);
if (tooOld) {
  process.stderr.write(tooOld);
  process.exit(1);
}

if (!bundleIsCurrent(root)) {
  process.stderr.write('netdeck: building dist/netdeck.cjs…\n');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  process.exit(result.status ?? 1);
}
