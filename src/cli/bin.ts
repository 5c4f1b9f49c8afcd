// The `netdeck` command (dist/netdeck.cjs). Built for any Node to parse (scripts/build.mjs
// lowers its syntax), so that an older Node prints which one netdeck needs instead of a
// syntax error. Then it turns on Node's compile cache (compile-cache.ts) and loads the
// core (dist/netdeck-core.cjs, built from main.ts), which the cache then holds.

/** The oldest Node netdeck runs on, from package.json's engines (scripts/build.mjs). */
declare const NETDECK_NODE_MIN: string;

const needed = NETDECK_NODE_MIN.split('.').map(Number);
const found = process.versions.node.split('.').map(Number);
if (found[0] < needed[0] || (found[0] === needed[0] && found[1] < needed[1])) {
  process.stderr.write(
    `netdeck: needs Node.js ${NETDECK_NODE_MIN} or newer; this is Node.js ${process.versions.node}\n`,
  );
  process.exit(1);
}

// Loaded only now: an old Node never reads past the check above.
const { startMark } = require('./console/start-marks.ts') as typeof import('./console/start-marks.ts');
startMark('bin');
const { enableCompileCache } = require('./compile-cache.ts') as typeof import('./compile-cache.ts');
const { join } = require('node:path') as typeof import('node:path');

// No cache where there is no user id to check the folder against (Windows).
if (process.getuid) enableCompileCache({ env: process.env, uid: process.getuid() });
startMark('compile cache on');
require(join(__dirname, 'netdeck-core.cjs'));
