// netdeck's V8 flags (scripts/node-flags.mjs: the memory budget needs them) reach node
// whichever way it starts: the bundle's first line (the bin, `npm i -g`, `npx`) and
// `npm start`. bench/tui-memory.ts checks the running process of each way.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { ensureBuilt, ROOT } from '../e2e/harness.ts';

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

describe("netdeck's V8 flags", () => {
  it('are on the bundle first line, which runs it as it is', async () => {
    const bundle = join(ROOT, 'dist', 'netdeck.cjs');
    const first = (await readFile(bundle, 'utf8')).split('\n', 1)[0];
    expect(first).toBe(`#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}`);
    expect(statSync(bundle).mode & 0o111).not.toBe(0);
  });

  it('are given by npm start', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    expect(scripts.start).toBe(`node ${NODE_FLAGS.join(' ')} dist/netdeck.cjs`);
  });
});
