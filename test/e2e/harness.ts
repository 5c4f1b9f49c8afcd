// End-to-end harness: the built binary (dist/netdeck.cjs) in a pseudo-terminal whose
// output feeds a headless xterm of a set size. Tests send keys and read screen text.
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { BINARY_PATH, buildBinary } from '../../scripts/build-binary.mjs';
import { bundleIsCurrent } from '../../scripts/bundle-current.mjs';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ROOT = join(import.meta.dirname, '..', '..');
export const BINARY = join(ROOT, 'dist', 'netdeck.cjs');
/** The core bundle the binary loads (src/cli/bin.ts). */
export const CORE = join(ROOT, 'dist', 'netdeck-core.cjs');

/** Named keys as a terminal sends them; anything else is sent as typed. */
export const KEYS: Record<string, string> = {
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  'shift-tab': '\x1b[Z',
  backspace: '\x7f',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  pgup: '\x1b[5~',
  pgdn: '\x1b[6~',
  'ctrl-c': '\x03',
};

const ENTER_ALT_SCREEN = '\x1b[?1049h';
const LEAVE_ALT_SCREEN = '\x1b[?1049l';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

/** Builds dist/netdeck.cjs (and its core) when it is not a whole build of the sources as they are (one builder at a time). */
export async function ensureBuilt(): Promise<void> {
  const fresh = () => bundleIsCurrent(ROOT);
  if (fresh()) return;
  await withBuildLock('.e2e-build.lock', async () => {
    if (!fresh()) {
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, ['scripts/build.mjs'], { cwd: ROOT }, (error, _out, stderr) =>
          error ? reject(new Error(`npm run build failed:\n${stderr}`)) : resolve(),
        ),
      );
    }
  });
}

/** Runs `build` holding a lock folder in dist/ (one builder at a time across test files). */
async function withBuildLock(name: string, build: () => Promise<void>): Promise<void> {
  const lock = join(ROOT, 'dist', name);
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is building; take over a lock left behind by a dead one.
      if (Date.now() > deadline) rmdirSync(lock);
      await pause(100);
    }
  }
  try {
    await build();
  } finally {
    rmdirSync(lock);
  }
}

/**
 * Builds the single-file binary (`npm run build:binary`, scripts/build-binary.mjs) when it
 * is missing or older than the core it holds; its path.
 */
export async function ensureSingleFileBinary(): Promise<string> {
  await ensureBuilt();
  const fresh = () => existsSync(BINARY_PATH) && statSync(BINARY_PATH).mtimeMs >= statSync(CORE).mtimeMs;
  await withBuildLock('.binary-build.lock', async () => {
    if (!fresh()) buildBinary();
  });
  return BINARY_PATH;
}

/**
 * The node options an executable runs with (process.execArgv, the single-file binary's from
 * its blob) and whether it is a single-executable application, as a script preloaded
 * through NODE_OPTIONS (which extends them) finds them in `<executable> --version`.
 */
export function execArgvOf(executable: string, env: Record<string, string> = cleanEnv(tmpdir())) {
  const folder = mkdtempSync(join(tmpdir(), 'netdeck-probe-'));
  try {
    const probe = join(folder, 'probe.cjs');
    const report = join(folder, 'report.json');
    writeFileSync(
      probe,
      `require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify({ execArgv: process.execArgv, sea: require('node:sea').isSea() }));`,
    );
    execFileSync(executable, ['--version'], { env: { ...env, NODE_OPTIONS: `--require ${probe}` } });
    return JSON.parse(readFileSync(report, 'utf8')) as { execArgv: string[]; sea: boolean };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface SpawnOptions {
  /** Arguments of netdeck. */
  args?: string[];
  /** Node arguments instead of the binary and `args` (to test the harness itself). */
  command?: string[];
  /**
   * A program to run instead of node and the bin: with `command` as its arguments (a shell
   * that runs netdeck), else with `args` (the single-file binary).
   */
  executable?: string;
  cols?: number;
  rows?: number;
  /** Added to the clean environment (a value of undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Pause after each key, so the app handles keys one at a time as a person types them. */
  keyDelayMs?: number;
}

export interface Session {
  /** Named keys (`enter`, `down`, `ctrl-c`, ...) or literal text, one after another. */
  keys(...keys: string[]): Promise<void>;
  /** Types text one character at a time. */
  type(text: string): Promise<void>;
  /** The visible screen, one line per row, trailing spaces removed. */
  screen(): string;
  lines(): string[];
  /** Resolves with the screen once it shows `match`; fails with the screen after `timeoutMs`. */
  waitFor(match: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the screen no longer shows `match`. */
  waitForGone(match: string | RegExp, timeoutMs?: number): Promise<string>;
  /**
   * Resolves once the terminal is in raw mode, as a console reading keys puts it: before
   * that, ctrl-c and ctrl-z are signals from the terminal, not keys. A frame can be on the
   * screen a moment before raw mode (Ink sets it in an effect after drawing).
   */
  waitForRawMode(timeoutMs?: number): Promise<void>;
  resize(cols: number, rows: number): Promise<void>;
  /** Resolves with the exit code (a signal counts as 128 + its number). */
  exited(timeoutMs?: number): Promise<number>;
  /** Sends netdeck (the program spawned) a signal, as `kill -SIGNAL` would. */
  signal(name: NodeJS.Signals): void;
  /** Its process id. */
  readonly pid: number;
  readonly exitCode: number | undefined;
  /** Everything the program wrote, escape sequences included. */
  readonly raw: string;
  /** Window titles the program set (OSC 0/2): a console drawing server data sets none. */
  readonly titles: string[];
  readonly cols: number;
  readonly rows: number;
  /** Its XDG_CONFIG_HOME (and working folder), removed by `close`. */
  readonly configHome: string;
  /** The headless terminal itself: its cells' colours and styles (scripts/picture.ts). */
  readonly terminal: xterm.Terminal;
  /** Which xterm buffer is showing: `alternate` while a full-screen app runs. */
  bufferType(): 'normal' | 'alternate';
  /** Whether the program's last word on the cursor was "show" (it starts shown). */
  cursorVisible(): boolean;
  enteredAlternateScreen(): boolean;
  leftAlternateScreen(): boolean;
  /** Kills the process if still running and removes its temporary config folder. */
  close(): Promise<void>;
}

const matches = (text: string, match: string | RegExp) =>
  typeof match === 'string' ? text.includes(match) : match.test(text);

/** The environment of a person's terminal: no NETDECK_* settings, config and state in a temp folder. */
export function cleanEnv(configHome: string, extra: SpawnOptions['env'] = {}): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('NETDECK_') || key.startsWith('VITEST') || key === 'NODE_OPTIONS') delete env[key];
  }
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  // The remembered choices (state.json) stay in the temp folder too, never in the real home.
  const XDG_STATE_HOME = join(configHome, 'state');
  Object.assign(
    env,
    { CI: 'false', TERM: 'xterm-256color', XDG_CONFIG_HOME: configHome, XDG_STATE_HOME, TZ: 'UTC' },
    extra,
  );
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function spawnNetdeck(options: SpawnOptions = {}): Promise<Session> {
  if (!options.command && !options.executable) await ensureBuilt();
  let cols = options.cols ?? 100;
  let rows = options.rows ?? 30;
  const keyDelayMs = options.keyDelayMs ?? 40;
  const configHome = mkdtempSync(join(tmpdir(), 'netdeck-e2e-'));
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const [file, args] = options.executable
    ? [options.executable, options.command ?? options.args ?? []]
    : [process.execPath, options.command ?? [BINARY, ...(options.args ?? [])]];
  const child = pty.spawn(file, args, {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: configHome,
    env: cleanEnv(configHome, options.env),
  });
  let raw = '';
  const titles: string[] = [];
  term.onTitleChange((title) => titles.push(title));
  let pendingWrites = 0;
  let exitCode: number | undefined;
  child.onData((data) => {
    raw += data;
    pendingWrites++;
    term.write(data, () => pendingWrites--);
  });
  const exit = new Promise<number>((resolve) => {
    child.onExit(({ exitCode: code, signal }) => {
      exitCode = signal ? 128 + signal : code;
      resolve(exitCode);
    });
  });
  /** Lets xterm parse everything received so far. */
  const flush = () => new Promise<void>((resolve) => term.write('', resolve));

  const lines = () => {
    const buffer = term.buffer.active;
    return Array.from(
      { length: rows },
      (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '',
    );
  };
  const screen = () => lines().join('\n');
  /** Whether the terminal hands over each key as typed (stty's -icanon), asked of the program's standard input. */
  const inRawMode = () => {
    const tty = readlinkSync(`/proc/${child.pid}/fd/0`);
    return /(^|\s)-icanon(\s|$)/.test(execFileSync('stty', ['-F', tty, '-a'], { encoding: 'utf8' }));
  };

  async function poll(done: (text: string) => boolean, what: string, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await flush();
      if (pendingWrites === 0 && done(screen())) return screen();
      if (Date.now() > deadline) {
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; screen:\n${screen()}`);
      }
      await pause(20);
    }
  }

  const session: Session = {
    async keys(...keys) {
      for (const key of keys) {
        if (exitCode !== undefined) throw new Error(`cannot send ${JSON.stringify(key)}: netdeck has exited`);
        child.write(KEYS[key] ?? key);
        await pause(keyDelayMs);
      }
    },
    async type(text) {
      await session.keys(...Array.from(text));
    },
    screen,
    lines,
    waitFor: (match, timeoutMs = 10_000) => poll((text) => matches(text, match), String(match), timeoutMs),
    waitForGone: (match, timeoutMs = 10_000) =>
      poll((text) => !matches(text, match), `${String(match)} to go`, timeoutMs),
    async waitForRawMode(timeoutMs = 10_000) {
      await poll(inRawMode, 'the terminal in raw mode', timeoutMs);
    },
    async resize(newCols, newRows) {
      cols = newCols;
      rows = newRows;
      child.resize(cols, rows);
      term.resize(cols, rows);
      await flush();
    },
    async exited(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`netdeck did not exit within ${timeoutMs} ms; screen:\n${screen()}`)),
          timeoutMs,
        );
      });
      try {
        const code = await Promise.race([exit, timeout]);
        await flush();
        return code;
      } finally {
        clearTimeout(timer);
      }
    },
    signal: (name) => process.kill(child.pid, name),
    pid: child.pid,
    get exitCode() {
      return exitCode;
    },
    get raw() {
      return raw;
    },
    titles,
    get cols() {
      return cols;
    },
    configHome,
    get rows() {
      return rows;
    },
    terminal: term,
    bufferType: () => term.buffer.active.type,
    cursorVisible: () => raw.lastIndexOf(SHOW_CURSOR) >= raw.lastIndexOf(HIDE_CURSOR),
    enteredAlternateScreen: () => raw.includes(ENTER_ALT_SCREEN),
    leftAlternateScreen: () => raw.lastIndexOf(LEAVE_ALT_SCREEN) > raw.lastIndexOf(ENTER_ALT_SCREEN),
    async close() {
      if (exitCode === undefined) {
        child.kill();
        await Promise.race([exit, pause(2000)]);
      }
      term.dispose();
      rmSync(configHome, { recursive: true, force: true });
    },
  };
  return session;
}
