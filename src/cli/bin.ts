// The `netdeck` command (dist/netdeck.cjs). Built for any Node to parse (scripts/build.mjs
// lowers its syntax), so that an older Node prints which one netdeck needs and how to get
// it (scripts/node-version.mjs, as `npm start` does) instead of a syntax error. Then it
// turns on Node's compile cache (runtime/compile-cache.ts) and loads the core
// (dist/netdeck-core.cjs, built from main.ts), which the cache then holds.

import { oldNodeMessage } from '../../scripts/node-version.mjs';

/** The oldest Node netdeck runs on, from package.json's engines (scripts/build.mjs). */
declare const NETDECK_NODE_MIN: string;

const tooOld = oldNodeMessage(NETDECK_NODE_MIN, process.versions.node);
if (tooOld) {
  process.stderr.write(tooOld);
  process.exit(1);
}

// Loaded only now: an old Node never reads past the check above.
const { startMark } = require('./console/start-marks.ts') as typeof import('./console/start-marks.ts');
startMark('bin');
const { enableCompileCache } =
  require('./runtime/compile-cache.ts') as typeof import('./runtime/compile-cache.ts');
const { join } = require('node:path') as typeof import('node:path');

// No cache where there is no user id to check the folder against (Windows).
if (process.getuid) enableCompileCache({ env: process.env, uid: process.getuid() });
startMark('compile cache on');
require(join(__dirname, 'netdeck-core.cjs'));
