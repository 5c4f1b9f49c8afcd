// Resident memory of the whole netdeck process (the in-process demo simulator included)
// on a demo world of 10 000 locations and 1 000 own providers, after it has shown every
// pane: the peak (VmHWM) from /proc, median of 3 runs (one run's peak moves by several MB
// with the timing of V8's collections), for every way of starting it, each of which must
// give node netdeck's flags (scripts/node-flags.mjs): the bin, `npm start`, the packed
// tarball installed with `npm i -g` into a temporary prefix (offline), `npx` on that
// tarball, and the single-file binary (`npm run build:binary`; its flags are its blob's
// execArgv, which a preloaded script reads). Baseline, same run: the plain Ink hello
// world. Budget: < 150 MB each. The binary is measured as docs/install.md installs it
// (`install -m 755`): straight out of the build, as postject left it in the page cache, its
// own file pages map in larger pieces and the same run peaks ~20 MB higher (153 against
// 134 MB), none of it netdeck's memory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';
import { ensureBuilt, ensureSingleFileBinary, execArgvOf } from '../test/e2e/harness.ts';
import { fmt, report } from './lib/report.ts';
import {
  BINARY,
  commandLine,
  findProcess,
  median,
  memoryOf,
  plainInkHello,
  ROOT,
  type SpawnOptions,
  spawnInPty,
} from './lib/tui-pty.ts';

const BUDGET_MB = 150;
const RUNS = 3;
const WORLD = ['--era', 'seed', '--locations', '10000', '--own-providers', '1000'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  peakMb: number;
  /** netdeck's node options (its command line's; the binary's are not on it). */
  execArgv: string[];
}

/** The netdeck process under whatever started it (npm and npx run it as a child). */
const isNetdeck = (argv: string[]) =>
  argv[0] === installedBinary ||
  (/(^|\/)node$/.test(argv[0] ?? '') && argv.some((arg) => /netdeck(\.c?js)?$/.test(arg)));

/** Peak resident MB of one run: every pane once, a search, a batch of providers. */
async function netdeckPeak(args: string[], options: SpawnOptions): Promise<Run> {
  const netdeck = spawnInPty(args, options);
  await netdeck.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 120_000);
  const pid = findProcess(netdeck.pid, isNetdeck);
  if (pid === undefined) throw new Error(`no netdeck process under ${options.command}`);
  const argv = commandLine(pid);
  for (const key of ['2', '3', '4', '5', '6', '1']) {
    netdeck.write(key);
    await pause(700);
  }
  netdeck.write('/');
  for (const ch of 'san') {
    netdeck.write(ch);
    await pause(50);
  }
  await pause(500);
  netdeck.write('\r');
  netdeck.write('p');
  await pause(700);
  netdeck.write('n');
  await pause(700);
  const { peakMb } = memoryOf(pid);
  netdeck.write('q');
  await netdeck.exited;
  return { peakMb, execArgv: argv };
}

await ensureBuilt();
const SINGLE_FILE_BINARY = await ensureSingleFileBinary();
/** The binary's options are in its blob, not on its command line: asked of it once. */
const binaryFlags = execArgvOf(SINGLE_FILE_BINARY).execArgv;
const hello = await plainInkHello();
const base = spawnInPty([hello]);
await base.until((s) => s.text.includes('Hello, world'));
await pause(500);
const baseline = base.memory();
base.kill();
await base.exited;

// The package and the binary as users get them: packed and installed offline into a
// temporary prefix, the binary copied there as docs/install.md says.
const work = mkdtempSync(join(tmpdir(), 'netdeck-bench-pack-'));
const npmEnv = {
  npm_config_cache: join(work, 'npm-cache'),
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
const installedBinary = join(work, 'bin', 'netdeck');
execFileSync('install', ['-D', '-m', '755', SINGLE_FILE_BINARY, installedBinary]);
const npm = (args: string[]) =>
  execFileSync('npm', args, { cwd: ROOT, env: { ...process.env, ...npmEnv }, encoding: 'utf8' });
const tarball = join(work, npm(['pack', '--silent', '--ignore-scripts', '--pack-destination', work]).trim());
const prefix = join(work, 'prefix');
npm(['install', '--global', '--offline', '--prefix', prefix, tarball]);

const ways: { name: string; args: string[]; options: SpawnOptions; flags?: string[] }[] = [
  { name: 'the bin (dist/netdeck.cjs)', args: WORLD, options: { command: BINARY } },
  {
    name: 'npm start',
    args: ['start', '--silent', '--', ...WORLD],
    options: { command: 'npm', env: npmEnv, cwd: ROOT },
  },
  { name: 'npm i -g of the tarball', args: WORLD, options: { command: join(prefix, 'bin', 'netdeck') } },
  {
    name: 'npx of the tarball',
    args: ['--yes', '--offline', `--package=${tarball}`, 'netdeck', ...WORLD],
    options: { command: 'npx', env: npmEnv },
  },
  {
    name: `the single-file binary (${relative(ROOT, SINGLE_FILE_BINARY)}, installed with install -m 755)`,
    args: WORLD,
    options: { command: installedBinary },
    flags: binaryFlags,
  },
];
try {
  for (const way of ways) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await netdeckPeak(way.args, way.options));
    const peak = median(runs.map((run) => run.peakMb));
    const flagged = runs.every((run) =>
      NODE_FLAGS.every((flag) => (way.flags ?? run.execArgv).includes(flag)),
    );
    report({
      name: `netdeck resident memory started by ${way.name}, demo world of 10 000 locations and 1 000 own providers, every pane shown (peak, median of ${RUNS}; node flags ${flagged ? 'on' : 'MISSING'})`,
      value: `${fmt(peak)} MB (runs ${runs.map((run) => fmt(run.peakMb)).join(', ')})`,
      budget: `< ${BUDGET_MB} MB, with netdeck's node flags (${NODE_FLAGS.join(' ')})`,
      baseline: `Ink hello world ${fmt(baseline.peakMb)} MB`,
      pass: peak < BUDGET_MB && flagged,
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
