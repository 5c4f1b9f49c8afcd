// netdeck's V8 flags and Node options (scripts/node-flags.mjs: the memory budget needs them) do what they
// are there for and reach node whichever way it starts: the bin's first line (the bin, `npm i -g`, `npx`) and
// `npm start`. bench/tui-memory.ts checks the running process of each way.
import { execFileSync } from 'node:child_process';
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

  it("hold V8's young generation at 4 MB semi-spaces, whatever it allocates", () => {
    const script = `
      let kept = [];
      for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 2e5) kept = []; }
      const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      console.log(space.space_size);`;
    const size = (flags: string[]) =>
      Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
    expect(size(NODE_FLAGS)).toBeLessThanOrEqual(8 * 2 ** 20);
    // Without them the young generation grows (to 32 MB on this machine).
    expect(size([])).toBeGreaterThan(8 * 2 ** 20);
  });

  it("leave V8's memory-saving heuristics to netdeck (src/cli/runtime/memory-saver.ts): it turns them on after the start", () => {
    expect(NODE_FLAGS.filter((flag) => /optimize.for.size/.test(flag))).toEqual([]);
  });

  it('give V8 one background thread (each thread more kept its own malloc arena: the peaks)', () => {
    const threads = (flags: string[]) =>
      Number(
        execFileSync(
          process.execPath,
          [...flags, '-e', "console.log(require('node:fs').readdirSync('/proc/self/task').length)"],
          {
            encoding: 'utf8',
          },
        ),
      );
    // Node's default is four.
    expect(threads([]) - threads(NODE_FLAGS)).toBe(3);
  });

  it('are given by npm start', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    expect(scripts.start).toBe(`node ${NODE_FLAGS.join(' ')} dist/netdeck.cjs`);
  });
});
