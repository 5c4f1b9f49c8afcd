// A program in a pseudo-terminal feeding a headless xterm, for the TUI benchmarks:
// spawn, wait for a screen condition checked on every chunk of output (not on a
// polling interval, so times are exact to a chunk), send keys, read resident memory.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { build } from 'esbuild';

export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The benches' XDG_CACHE_HOME: netdeck keeps Node's compile cache there (src/cli/runtime/compile-cache.ts),
 * so every start after a bench's first is warm, as a person's starts are after their first.
 */
export const BENCH_CACHE_HOME = mkdtempSync(join(tmpdir(), 'netdeck-bench-cache-'));

export interface PtyProgram {
  /** performance.now() when the process was spawned. */
  startedAt: number;
  /** Resolves with performance.now() of the first parsed output for which `check` is true. */
  until(check: (screen: Screen) => boolean, timeoutMs?: number): Promise<number>;
  write(data: string): void;
  screen(): Screen;
  /** Resident set size now and at its peak (from /proc), in MB. */
  memory(): { rssMb: number; peakMb: number };
  /** Every chunk of output so far: when it came (performance.now()), its bytes, the screen's top line after it. */
  chunks: { at: number; bytes: number; top: string }[];
  pid: number;
  kill(): void;
  exited: Promise<number>;
}

export interface Screen {
  lines: string[];
  text: string;
  /** Index of the first row drawn in inverse video (the cursor row), or -1. */
  inverseRow: number;
}

export interface SpawnOptions {
  cols?: number;
  rows?: number;
  /** What to run (default: this node, with `args`). */
  command?: string;
  env?: Record<string, string>;
  /** Where it runs (default: a new temporary folder, also its XDG_CONFIG_HOME). */
  cwd?: string;
}

export function spawnInPty(args: string[], options: SpawnOptions = {}): PtyProgram {
  const cols = options.cols ?? 120;
  const rows = options.rows ?? 40;
  const home = mkdtempSync(join(tmpdir(), 'netdeck-bench-'));
  const cwd = options.cwd ?? home;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('NETDECK_') && !k.startsWith('npm_')) env[k] = v;
  const XDG_STATE_HOME = join(home, 'state');
  Object.assign(
    env,
    {
      CI: 'false',
      TERM: 'xterm-256color',
      XDG_CONFIG_HOME: home,
      XDG_STATE_HOME,
      XDG_CACHE_HOME: BENCH_CACHE_HOME,
      TZ: 'UTC',
    },
    options.env,
  );
  delete env.NODE_OPTIONS;
  // Node's compile cache is netdeck's to turn on (the bin does), never the environment's.
  delete env.NODE_COMPILE_CACHE;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const startedAt = performance.now();
  const child = pty.spawn(options.command ?? process.execPath, args, {
    name: 'xterm-256color',
    cols,
    rows,
    cwd,
    env,
  });
  const waiters = new Set<() => void>();
  const chunks: PtyProgram['chunks'] = [];
  child.onData((data) => {
    const at = performance.now();
    term.write(data, () => {
      const buffer = term.buffer.active;
      chunks.push({
        at,
        bytes: Buffer.byteLength(data),
        top: buffer.getLine(buffer.viewportY)?.translateToString(true) ?? '',
      });
      for (const waiter of [...waiters]) waiter();
    });
  });
  const exited = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));

  const screen = (): Screen => {
    const buffer = term.buffer.active;
    const lines: string[] = [];
    let inverseRow = -1;
    for (let y = 0; y < rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y);
      lines.push(line?.translateToString(true) ?? '');
      if (inverseRow < 0 && line?.getCell(4)?.isInverse()) inverseRow = y;
    }
    return { lines, text: lines.join('\n'), inverseRow };
  };

  return {
    startedAt,
    until(check, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`timed out; screen:\n${screen().text}`));
        }, timeoutMs);
        const waiter = () => {
          if (!check(screen())) return;
          const at = performance.now();
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(at);
        };
        waiters.add(waiter);
        waiter();
      });
    },
    write: (data) => child.write(data),
    screen,
    memory: () => memoryOf(child.pid),
    chunks,
    pid: child.pid,
    kill: () => child.kill(),
    exited,
  };
}

/** Resident set size of a process now and at its peak (from /proc), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** The command line of a process, argument by argument. */
export function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

/** The process itself or its first descendant (breadth first) whose command line passes `test`. */
export function findProcess(root: number, test: (argv: string[]) => boolean): number | undefined {
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      if (test(commandLine(pid))) return pid;
      for (const task of readdirSync(`/proc/${pid}/task`))
        for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) queue.push(Number(child));
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** netdeck's bundle, run as the bin (its first line gives node its flags). */
export const BINARY = join(ROOT, 'dist', 'netdeck.cjs');

/**
 * The baseline of the TUI benches: an Ink hello world (bench/lib/ink-hello.tsx) on the Ink
 * netdeck bundles, bundled the ordinary way: an esbuild ES module bundle of ink and react
 * (React's production build), with none of netdeck's dependency patches and no compile
 * cache (node runs it as it is). Ink's devtools module (DEV=true only) goes into a chunk
 * of its own that never loads, its package left out as Ink's bundling advice has it; the
 * `require` of the CommonJS dependencies comes from createRequire, esbuild's way for ESM.
 * What any Ink program costs: a patch that speeds up both sides does not move the target.
 */
export async function plainInkHello(): Promise<string> {
  const outdir = join(tmpdir(), 'netdeck-ink-hello');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(ROOT, 'bench/lib/ink-hello.tsx')],
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    external: ['react-devtools-core'],
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return join(outdir, 'ink-hello.js');
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * netdeck in demo mode on a seed-era world of 10 000 locations: its Discover list holds
 * every city (today's service lists countries only). `extra`: more world flags.
 */
export const bigDiscover = (...extra: string[]) =>
  spawnInPty(['--era', 'seed', '--locations', '10000', ...extra], { command: BINARY });

/**
 * One start of the demo console, until Node's compile cache holds the core in `cacheHome`
 * (written after the first frame): the starts after it are a person's every start but their
 * first.
 */
export async function warmCompileCache(cacheHome = BENCH_CACHE_HOME, command = BINARY): Promise<void> {
  const program = spawnInPty([], { command, env: { XDG_CACHE_HOME: cacheHome } });
  try {
    await program.until((s) => /[1-9][\d ]* places with providers/.test(s.text), 60_000);
    const folder = join(cacheHome, 'netdeck');
    // One folder per Node version, holding an entry per module: the core is the one module.
    const saved = () => {
      try {
        return readdirSync(folder).some((version) => readdirSync(join(folder, version)).length > 0);
      } catch {
        return false;
      }
    };
    for (const deadline = Date.now() + 10_000; !saved(); ) {
      if (Date.now() > deadline) throw new Error(`netdeck left no compile cache in ${folder}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    program.kill();
    await program.exited;
  }
}
