// The edits scripts/dependency-patches.mjs makes to dependencies as they are bundled:
// each finds its text, once, in the installed package, and the yoga one does what it is
// for. Ink's layout engine in the bundle loads its WebAssembly without Node's fetch:
// through fetch, Node compiled its internal undici on the way to the console's first
// frame (~40 ms). A bundle of yoga-layout alone, built with the plugin, lays out a node
// and never loads that module; built without it, it does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { constants as http2Constants } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { dependencyPatchesPlugin, HTTP2_CONSTANTS, PATCHES } from '../../scripts/dependency-patches.mjs';
import { ROOT } from '../e2e/harness.ts';

const ENTRY = `
import Yoga from 'yoga-layout';
const node = Yoga.Node.create();
node.setWidth(42);
node.calculateLayout();
const internalUndici = process.moduleLoadList.some((name) => name.includes('internal/deps/undici'));
console.log(JSON.stringify({ width: node.getComputedWidth(), internalUndici }));
`;

// undici loads without node:http2 and still speaks HTTP/2 when asked (an h2c request).
const LAZY_ENTRY = `
import { Client } from 'undici';
const atLoad = process.moduleLoadList.includes('NativeModule http2');
const http2 = process.getBuiltinModule('node:http2');
const server = http2.createServer((req, res) => res.end('over ' + req.httpVersion));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = new Client('http://127.0.0.1:' + server.address().port, { allowH2: true, useH2c: true });
const response = await client.request({ path: '/', method: 'GET' });
const body = await response.body.text();
await client.close();
server.close();
console.log(JSON.stringify({ atLoad, body }));
`;

async function runBundle(plugins: (typeof dependencyPatchesPlugin)[], contents = ENTRY) {
  const outfile = join(mkdtempSync(join(tmpdir(), 'netdeck-yoga-')), 'yoga.mjs');
  await build({
    stdin: { contents, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // undici is CommonJS: its require of Node's modules needs one in ESM.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    outfile,
    logLevel: 'silent',
    plugins,
  });
  return JSON.parse(
    execFileSync(process.execPath, [outfile], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

describe('the dependency patches', () => {
  it.each(PATCHES)('find what they replace, once, in $file', ({ file, edits }) => {
    const source = readFileSync(join(ROOT, 'node_modules', file), 'utf8');
    for (const [text] of edits) expect(source.split(text)).toHaveLength(2);
  });
});

describe('yoga-layout in the bundle', () => {
  it('loads its WebAssembly without Node’s fetch, and lays out as before', async () => {
    expect(await runBundle([dependencyPatchesPlugin])).toEqual({ width: 42, internalUndici: false });
    // Without the plugin fetch is used: the test would see a change in yoga's loader.
    expect(await runBundle([])).toEqual({ width: 42, internalUndici: true });
  });
});

describe('undici in the bundle', () => {
  it('loads without node:http2, and loads it for its first HTTP/2 connection', async () => {
    expect(await runBundle([dependencyPatchesPlugin], LAZY_ENTRY)).toEqual({
      atLoad: false,
      body: 'over 2.0',
    });
    // Without the plugin it loads with undici: the test would see undici change.
    expect((await runBundle([], LAZY_ENTRY)).atLoad).toBe(true);
  });

  it('give undici the HTTP/2 constants this Node has', () => {
    for (const [name, value] of Object.entries(HTTP2_CONSTANTS))
      expect(http2Constants[name as keyof typeof http2Constants]).toBe(value);
  });
});
