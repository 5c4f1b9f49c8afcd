// The edits scripts/dependency-patches.mjs makes to dependencies as they are bundled:
// each finds its text, once, in the installed package, and the yoga one does what it is
// for. Ink's layout engine in the bundle loads its WebAssembly without Node's fetch:
// through fetch, Node compiled its internal undici on the way to the console's first
// frame (~40 ms). A bundle of yoga-layout alone, built with the plugin, lays out a node
// and never loads that module; built without it, it does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { dependencyPatchesPlugin, PATCHES } from '../../scripts/dependency-patches.mjs';
import { ROOT } from '../e2e/harness.ts';

const ENTRY = `
import Yoga from 'yoga-layout';
const node = Yoga.Node.create();
node.setWidth(42);
node.calculateLayout();
const internalUndici = process.moduleLoadList.some((name) => name.includes('internal/deps/undici'));
console.log(JSON.stringify({ width: node.getComputedWidth(), internalUndici }));
`;

async function runBundle(plugins: (typeof dependencyPatchesPlugin)[]) {
  const outfile = join(mkdtempSync(join(tmpdir(), 'netdeck-yoga-')), 'yoga.mjs');
  await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'silent',
    plugins,
  });
  return JSON.parse(execFileSync(process.execPath, [outfile], { encoding: 'utf8' }));
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
