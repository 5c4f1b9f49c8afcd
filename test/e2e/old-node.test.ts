// netdeck on a Node older than it needs (the machines' own Node 20): the bin says in one
// line which Node it needs and which it found, and how to get one, and runs nothing else;
// in a fresh clone, `npm ci` stops before installing anything, naming netdeck's
// requirement, and `npm start` says what the bin says and builds nothing.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { itNeeds } from '../machine.ts';
import { BINARY, ensureBuilt, ROOT } from './harness.ts';

const { engines, name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const needed = engines.node.replace(/^>=/, '');
const [neededMajor] = needed.split('.').map(Number);

/** A Node older than the one netdeck needs: the machine's own (Debian's Node 20 here), or one on PATH. */
function oldNode(): { path: string; version: string } | undefined {
  const candidates = [
    '/usr/bin/node',
    '/usr/local/bin/node',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
  ];
  for (const path of new Set(candidates)) {
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (Number(version.split('.')[0]) < neededMajor) return { path, version };
  }
  return undefined;
}

const node = oldNode();
const itOnOldNode = itNeeds(`a Node older than ${needed} (/usr/bin/node)`, node !== undefined);

/** What netdeck says to that Node, whichever way it is started. */
const refusal = () =>
  `netdeck: needs Node.js ${needed} or newer; this is Node.js ${node!.version}\n` +
  `netdeck: get Node.js ${neededMajor} from https://nodejs.org/en/download (or: nvm install ${neededMajor})\n`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<Run>((resolve) =>
    // The timeout only stops a hang: each of these ends within seconds.
    execFile(file, args, { ...options, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** `test ! -e PATH`, as a user would check it (dist/ is ignored by git: status says nothing). */
const absent = (path: string) => spawnSync('test', ['!', '-e', path]).status === 0;

describe('the bin on an old Node', () => {
  beforeAll(ensureBuilt, 120_000);

  itOnOldNode('says which Node it needs, which it found and how to get one, and exits 1', async () => {
    expect(await run(node!.path, [BINARY, 'providers', '--json'])).toEqual({
      code: 1,
      stdout: '',
      stderr: refusal(),
    });
  });
});

describe('a fresh clone with an old Node first on PATH and an empty home', () => {
  const work = mkdtempSync(join(tmpdir(), 'netdeck-old-node-'));
  const clone = join(work, 'netdeck');
  // Nothing from this machine's npm or netdeck settings: a first-time user's shell.
  const env = () => ({
    PATH: `${dirname(node!.path)}${delimiter}${process.env.PATH}`,
    HOME: join(work, 'home'),
    // npm would ask the registry whether it is the newest npm: not this test's business.
    npm_config_update_notifier: 'false',
  });
  beforeAll(() => {
    // What is committed, as a user's clone has it (--shared: the objects are not copied).
    if (node) execFileSync('git', ['clone', '--quiet', '--shared', ROOT, clone]);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  itOnOldNode(
    'npm ci stops before it installs anything, naming netdeck and its Node',
    async () => {
      const ci = await run('npm', ['ci'], { cwd: clone, env: env() });
      expect(ci.code, ci.stderr).not.toBe(0);
      expect(ci.stderr).toContain(`Not compatible with your version of node/npm: ${name}@${version}`);
      expect(ci.stderr).toContain(`Required: {"node":">=${needed}"}`);
      expect(ci.stderr).toContain(`Actual:   {"node":"v${node!.version}"`);
      expect(absent(join(clone, 'node_modules'))).toBe(true);
      expect(absent(join(clone, 'dist'))).toBe(true);
    },
    60_000,
  );

  itOnOldNode(
    'npm start says what the bin says, exits 1 and builds nothing',
    async () => {
      const start = await run('npm', ['start'], { cwd: clone, env: env() });
      expect(start.code).toBe(1);
      expect(start.stderr).toBe(refusal());
      // npm's own banner (`> netdeck@… prestart`), nothing else.
      for (const line of start.stdout.split('\n').filter(Boolean)) expect(line).toMatch(/^> /);
      expect(absent(join(clone, 'dist'))).toBe(true);
      expect(absent(join(clone, 'node_modules'))).toBe(true);
    },
    60_000,
  );
});
