// The bin on a Node older than netdeck needs (the machines' own Node 20): one line naming
// the version it needs and the one it found, exit code 1, nothing else run.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINARY, ensureBuilt, ROOT } from './harness.ts';

const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const needed = engines.node.replace(/^>=/, '');
const [neededMajor] = needed.split('.').map(Number);

/** A Node older than the one netdeck needs: the machine's own (on PATH, or /usr/bin/node). */
function oldNode(): { path: string; version: string } | undefined {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
    '/usr/bin/node',
    '/usr/local/bin/node',
  ];
  for (const path of new Set(candidates)) {
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (Number(version.split('.')[0]) < neededMajor) return { path, version };
  }
  return undefined;
}

beforeAll(ensureBuilt, 120_000);

describe('the bin on an old Node', () => {
  it('says in one line which Node it needs and which it found, and exits 1', async () => {
    const node = oldNode();
    // The machines and CI always have one (Debian's Node 20): its absence is a failure, not a skip.
    expect(node, `no Node older than ${needed} on PATH or in /usr/bin`).toBeDefined();
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(node!.path, [BINARY, 'providers', '--json'], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `netdeck: needs Node.js ${needed} or newer; this is Node.js ${node!.version}\n`,
    });
  });
});
