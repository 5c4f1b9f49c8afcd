// Runs netdeck command lines in process: captured stdout/stderr, a controlled
// environment (no NETDECK_* from the machine, XDG_CONFIG_HOME in a temp folder) and a
// small simulator on port 0 with a ManualClock.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../simulator/index.ts';
import type { CliDeps } from '../../src/cli/context.ts';
import type { CliIo } from '../../src/cli/output/io.ts';
import { runCli } from '../../src/cli/program.ts';
import { ManualClock } from '../../src/clock.ts';

/** A small world: generated in a few ms, big enough for every command. */
export const SMALL_WORLD = { providers: 600, locations: 80, ownProviders: 6 } as const;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Pretend stdout (and stdin) are a terminal. */
  tty?: boolean;
  /** What a pipe on stdin sends, or a stream (e.g. `terminalInput()`). */
  stdin?: string | NodeJS.ReadStream;
  deps?: CliDeps;
  /** Filled as the command writes (for commands that keep running: watch, exporter). */
  output?: { stdout: string; stderr: string };
}

/** A terminal's keyboard: keys written to it arrive in raw mode, nothing is echoed. */
export function terminalInput(): NodeJS.ReadStream & PassThrough & { rawMode: boolean[] } {
  const stream = new PassThrough() as unknown as NodeJS.ReadStream & PassThrough & { rawMode: boolean[] };
  stream.isTTY = true;
  stream.rawMode = [];
  stream.setRawMode = (mode: boolean) => {
    stream.rawMode.push(mode);
    return stream;
  };
  return stream;
}

/** A folder for XDG_CONFIG_HOME and token files, removed by `cleanup`. */
export function tempDir(): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), 'netdeck-cli-'));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * A home of a test's own: `env` holds nothing of the machine's, only HOME and
 * XDG_CONFIG_HOME inside `dir`, where netdeck's config folder (`folder`) is made.
 */
export function configHome() {
  const dir = tempDir();
  const folder = join(dir.path, 'xdg', 'netdeck');
  mkdirSync(folder, { recursive: true });
  const env: Record<string, string | undefined> = {
    HOME: join(dir.path, 'home'),
    XDG_CONFIG_HOME: join(dir.path, 'xdg'),
  };
  return { dir, env, folder };
}

/** Starts a fresh small demo world per call, as the binary does, but on a ManualClock. */
export const smallDemo =
  (options: SimulatorOptions = {}): CliDeps['createSimulator'] =>
  (requested) =>
    createSimulator({ ...requested, ...SMALL_WORLD, clock: new ManualClock(), ...options });

export async function run(argv: string[], options: RunOptions = {}): Promise<Run> {
  const output = options.output ?? { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: { write: (chunk: string) => (output.stdout += chunk), isTTY: options.tty ?? false, columns: 120 },
    stderr: { write: (chunk: string) => (output.stderr += chunk), isTTY: options.tty ?? false },
    env: { HOME: '/nonexistent-home', ...options.env },
    stdin:
      typeof options.stdin === 'string'
        ? (Object.assign(Readable.from([options.stdin]), { isTTY: false }) as unknown as NodeJS.ReadStream)
        : (options.stdin ?? ({ isTTY: options.tty ?? false } as NodeJS.ReadStream)),
  };
  const deps: CliDeps = {
    createSimulator: smallDemo(),
    clientOptions: { retries: 0 },
    ...options.deps,
  };
  const code = await runCli(argv, io, deps);
  return { code, stdout: output.stdout, stderr: output.stderr };
}

export interface SimFixture {
  sim: Simulator;
  clock: ManualClock;
  config: { path: string; cleanup(): void };
  /** Environment pointing netdeck at the simulator with the demo token. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSimFixture(options: SimulatorOptions = {}): Promise<SimFixture> {
  const clock = new ManualClock();
  const sim = await createSimulator({ seed: 5, clock, admin: true, ...SMALL_WORLD, ...options });
  const config = tempDir();
  return {
    sim,
    clock,
    config,
    env: { NETDECK_API_URL: sim.url, NETDECK_TOKEN: sim.token, XDG_CONFIG_HOME: config.path },
    close: async () => {
      await sim.close();
      config.cleanup();
    },
  };
}

/** Lines of a table's text, for column checks. */
export const linesOf = (text: string) => text.split('\n').filter((line) => line.length > 0);

/** A JSON Lines text as values. */
export const jsonLines = (text: string) =>
  linesOf(text).map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits (in real time) until `check` holds; fails naming `what` after `timeoutMs`. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs `argv` on a terminal and answers each question once it is asked: `answers` pairs
 * what the question says (or a function giving the answer then) with what is typed.
 */
export async function onTerminal(
  argv: string[],
  env: Record<string, string | undefined>,
  answers: [RegExp, string | (() => string)][],
): Promise<Run> {
  const keyboard = terminalInput();
  const output = { stdout: '', stderr: '' };
  const running = run(argv, { env, stdin: keyboard, output });
  let asked = 0;
  for (const [question, answer] of answers) {
    await eventually(() => question.test(output.stderr.slice(asked)), `the question ${question}`);
    asked = output.stderr.length;
    keyboard.write(`${typeof answer === 'string' ? answer : answer()}\r`);
  }
  return running;
}
