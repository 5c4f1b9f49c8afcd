// Entry of the `netdeck` binary (dist/netdeck.cjs): runs the core bundle
// (dist/netdeck-core.cjs, built from src/cli/main.ts) through V8's code cache
// (src/cli/code-cache.ts), which cuts the parse and compile work of every start after the
// first. The core is CommonJS because Node 20 can give a code cache only to a vm.Script;
// the launcher is bundled as CommonJS too, as Node starts a CommonJS entry ~25 ms sooner
// than a module.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { codeCacheFolder, openCodeCache, publishCodeCache } from './code-cache.ts';

declare const NETDECK_CORE_ID: string;

const corePath = join(__dirname, 'netdeck-core.cjs');
const cache = openCodeCache(codeCacheFolder(process.env), NETDECK_CORE_ID);
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(corePath, 'utf8')}\n})`,
  { filename: corePath, cachedData: cache.data },
);
cache.attach(script);
publishCodeCache(cache);
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(corePath), module, corePath, __dirname);
