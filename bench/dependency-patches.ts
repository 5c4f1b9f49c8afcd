// What each dependency patch (scripts/dependency-patches.mjs) buys: netdeck built without
// it, next to netdeck built with every patch, both started in a pseudo-terminal on the
// default demo world with their own warm compile cache, runs alternating, in one run.
// The figure is the median of the rounds' differences (without minus with) to the first
// frame with Discover data; for a patch that weighs key presses (`weighs: 'keys'`), the
// process's CPU time a key over 30 cursor moves in My providers at 2 000 providers, keys
// 100 ms apart. Budget: a patch stays if it buys >= 10 ms; one the core cannot be built
// without (Ink's top-level awaits: the core is CommonJS) is reported as needed.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATCHES } from '../scripts/dependency-patches.mjs';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { cpuSeconds } from './lib/process-cpu.ts';
import { fmt, report } from './lib/report.ts';
import { netdeckStart, type Start } from './lib/start.ts';
import { BENCH_CACHE_HOME, BINARY, median, ROOT, spawnInPty, warmCompileCache } from './lib/tui-pty.ts';

const ROUNDS = 15;
const BUYS_MS = 10;

/** Builds netdeck without the patch of `file` into a new folder; its bin, or the build's error. */
function buildWithout(file: string): Promise<{ bin: string; folder: string } | { error: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'netdeck-bench-without-'));
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ['scripts/build.mjs'],
      { cwd: ROOT, env: { ...process.env, NETDECK_BUILD_OUT: folder, NETDECK_BUILD_WITHOUT: file } },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ bin: join(folder, 'netdeck.cjs'), folder });
        rmSync(folder, { recursive: true, force: true });
        resolve({ error: stderr.split('\n').find((line) => /ERROR/.test(line)) ?? String(error) });
      },
    ),
  );
}

const KEY_ROUNDS = 5;
const KEYS = 30;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU ms a key of `command`'s console over KEYS cursor moves in My providers at 2 000 providers. */
async function cpuPerKey(command: string, cacheHome: string): Promise<number> {
  const program = spawnInPty(['--own-providers', '2000'], { command, env: { XDG_CACHE_HOME: cacheHome } });
  try {
    await program.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 60_000);
    program.write('4');
    await program.until((s) => /Σ total/.test(s.text), 60_000);
    await pause(1_000);
    const before = cpuSeconds(program.pid);
    for (let i = 0; i < KEYS; i++) {
      program.write('j');
      await pause(100);
    }
    return ((cpuSeconds(program.pid) - before) * 1000) / KEYS;
  } finally {
    program.write('q');
    await program.exited;
  }
}

await ensureBuilt();
await warmCompileCache();
// The patches, and string-width's fast path (scripts/string-width-plugin.mjs), which edits
// how a dependency is loaded.
for (const file of [...PATCHES.map((patch) => patch.file), 'string-width-plugin']) {
  const built = await buildWithout(file);
  const name = `dependency patch ${file}`;
  if ('error' in built) {
    report({
      name: `${name}: netdeck's CommonJS core does not build without it (${built.error.trim()})`,
      value: 'needed',
      budget: `needed to build, or buys >= ${BUYS_MS} ms`,
      pass: true,
    });
    continue;
  }
  const cacheHome = mkdtempSync(join(tmpdir(), 'netdeck-bench-cache-'));
  try {
    await warmCompileCache(cacheHome, built.bin);
    if (PATCHES.find((patch) => patch.file === file)?.weighs === 'keys') {
      const withAll: number[] = [];
      const without: number[] = [];
      for (let round = 0; round < KEY_ROUNDS; round++) {
        withAll.push(await cpuPerKey(BINARY, BENCH_CACHE_HOME));
        without.push(await cpuPerKey(built.bin, cacheHome));
      }
      const buys = median(without.map((ms, i) => ms - withAll[i]));
      report({
        name: `${name}: CPU time a key press, ${KEYS} cursor moves in My providers at 2 000 providers, without it minus with it (median of ${KEY_ROUNDS} alternating rounds)`,
        value: `${fmt(buys)} ms`,
        budget: `buys >= ${BUYS_MS} ms`,
        baseline: `with every patch ${fmt(median(withAll))} ms a key, without this one ${fmt(median(without))} ms`,
        pass: buys >= BUYS_MS,
      });
      continue;
    }
    const withAll: Start[] = [];
    const without: Start[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      withAll.push(await netdeckStart([], { env: { XDG_CACHE_HOME: BENCH_CACHE_HOME } }));
      without.push(await netdeckStart([], { command: built.bin, env: { XDG_CACHE_HOME: cacheHome } }));
    }
    const buys = median(without.map((start, i) => start.data - withAll[i].data));
    const buysFirst = median(without.map((start, i) => start.first - withAll[i].first));
    const buysCpu = median(without.map((start, i) => start.cpu - withAll[i].cpu));
    report({
      name: `${name}: first frame with Discover data, default world, without it minus with it (median of ${ROUNDS} alternating rounds; first frame ${fmt(buysFirst)} ms; the main thread's CPU time to the data ${fmt(buysCpu)} ms)`,
      value: `${fmt(buys)} ms`,
      budget: `buys >= ${BUYS_MS} ms`,
      baseline: `with every patch ${fmt(median(withAll.map((s) => s.data)))} ms, without this one ${fmt(median(without.map((s) => s.data)))} ms`,
      pass: buys >= BUYS_MS,
    });
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
    rmSync(built.folder, { recursive: true, force: true });
  }
}
