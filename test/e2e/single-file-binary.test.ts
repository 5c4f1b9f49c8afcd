// The single-file binary (`npm run build:binary`, dist/netdeck-<os>-<arch>) on a machine
// without Node: run with a PATH that finds no node (an empty folder) and a fresh home, it
// opens the console on demo data, answers a command in JSON (and through --jq, whose jq is
// inside it) and serves `sim`. Built here
// when it is missing or older than the core; never skipped.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { cleanEnv, ensureSingleFileBinary, execArgvOf, spawnNetdeck } from './harness.ts';

const work = mkdtempSync(join(tmpdir(), 'netdeck-sea-'));
const emptyPath = join(work, 'bin');
mkdirSync(emptyPath);
let binary = '';
const children: ChildProcess[] = [];

/** A new user's environment on a machine with no node: nothing on PATH, a fresh home. */
function noNodeEnv(): Record<string, string | undefined> {
  const home = mkdtempSync(join(work, 'home-'));
  return { PATH: emptyPath, HOME: home, XDG_CACHE_HOME: undefined, XDG_DATA_HOME: undefined };
}

beforeAll(async () => {
  binary = await ensureSingleFileBinary();
}, 120_000);
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('the single-file binary, with no node on PATH and a fresh home', () => {
  it('has no node to find', () => {
    const env = cleanEnv(work, noNodeEnv());
    const which = spawnSync('/bin/sh', ['-c', 'command -v node'], { env, encoding: 'utf8' });
    expect(which.status).not.toBe(0);
  });

  it('opens the console on demo data, and quits', async () => {
    const session = await spawnNetdeck({ executable: binary, env: noNodeEnv(), cols: 120, rows: 40 });
    try {
      const screen = await session.waitFor(/[1-9][\d ]* places with providers/, 20_000);
      expect(screen).toMatch(/^netdeck · SIMULATOR seed 1/);
      await session.keys('q');
      expect(await session.exited()).toBe(0);
    } finally {
      await session.close();
    }
  });

  const runBinary = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(binary, args, { env: cleanEnv(work, noNodeEnv()) }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );

  it('prints `providers --best --count 3 --json`', async () => {
    const run = await runBinary(['providers', '--best', '--count', '3', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).providers).toHaveLength(3);
  });

  it('carries the jq of --jq inside it', async () => {
    const run = await runBinary(['providers', '--best', '--count', '3', '--jq', '.providers | length']);
    expect([run.code, run.stdout], run.stderr).toEqual([0, '3\n']);
  });

  it('serves `sim --port 0`', async () => {
    const child = spawn(binary, ['sim', '--port', '0'], { env: cleanEnv(work, noNodeEnv()) });
    children.push(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const deadline = Date.now() + 15_000;
    while (!/^token: \S+$/m.test(out)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no banner: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const url = out.match(/^listening on (http:\/\/127\.0\.0\.1:\d+)$/m)?.[1];
    const token = out.match(/^token: (\S+)$/m)?.[1];
    const answer = await fetch(`${url}/stats/providers`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toBeTypeOf('object');
    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  });

  it("runs with netdeck's V8 flags (the blob's execArgv)", () => {
    expect(execArgvOf(binary, cleanEnv(work, noNodeEnv()))).toEqual({ execArgv: NODE_FLAGS, sea: true });
  });
});
