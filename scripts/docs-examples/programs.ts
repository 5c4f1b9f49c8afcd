// The programs an example's line runs: netdeck in this process (the code the bundle is
// built from, without a process to start for each of the pages' hundred commands), anything
// else (curl, jq, head) as a process of its own.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { runSimulatorCommand } from '../../simulator/main.ts';
import type { CliDeps } from '../../src/cli/context.ts';
import type { CliIo } from '../../src/cli/output/io.ts';
import { runCli } from '../../src/cli/program.ts';
import { ManualClock } from '../../src/clock.ts';
import { ADMIN_SECRET } from './fixed.ts';

export interface Streams {
  stdout(text: string): void;
  stderr(text: string): void;
  /** What a pipe brings; none is an empty stdin (not a terminal). */
  stdin?: string;
  env: Record<string, string | undefined>;
}

/** What every netdeck of a page shares: its clock (standing still until a line moves it) and key. */
export interface PageWorld {
  clock: ManualClock;
  signingKey: Uint8Array;
}

/**
 * `netdeck ARGV` in process, without a terminal. Its clock is the page's, also for a demo
 * world and a simulator it starts (which gets the page's key and admin secret too); a
 * retry waits no time (time stands still); `stop` is its Ctrl-C.
 */
export function runNetdeck(
  argv: string[],
  streams: Streams,
  world: PageWorld,
  stop: AbortSignal,
): Promise<number> {
  const io: CliIo = {
    stdout: { write: streams.stdout, isTTY: false },
    stderr: { write: streams.stderr, isTTY: false },
    env: streams.env,
    stdin: Object.assign(Readable.from(streams.stdin === undefined ? [] : [streams.stdin]), {
      isTTY: false,
    }) as unknown as NodeJS.ReadStream,
  };
  const deps: CliDeps = {
    clock: world.clock,
    stop,
    clientOptions: { sleep: async () => {} },
    createSimulator: (options) =>
      createSimulator({
        ...options,
        clock: new ManualClock(world.clock.now()),
        signingKey: world.signingKey,
      }),
    runSimulatorCommand: (options) =>
      runSimulatorCommand({
        ...options,
        // A simulator started as `netdeck sim --speed 0 --start-time …` has its own still clock.
        ...(options.speed === 0 ? {} : { clock: world.clock }),
        signingKey: options.signingKey ?? world.signingKey,
        adminSecret: options.admin ? (options.adminSecret ?? ADMIN_SECRET) : undefined,
        print: streams.stdout,
        stop,
      }),
  };
  return runCli(argv, io, deps);
}

/** Another program, as a shell runs it: its exit code, 127 when there is none of that name. */
export function runProgram(argv: string[], streams: Streams, cwd: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd,
      env: Object.fromEntries(
        Object.entries(streams.env).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout.setEncoding('utf8').on('data', streams.stdout);
    child.stderr.setEncoding('utf8').on('data', streams.stderr);
    child.stdin.on('error', () => {});
    child.stdin.end(streams.stdin ?? '');
    child.on('error', () => {
      streams.stderr(`${argv[0]}: command not found\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * `netdeck sim ARGV` in process, as the simulator a page's examples run against: once it
 * listens, the simulator and the end of its run (after `stop`); rejects with what it
 * printed when it stops before it listens.
 */
export function startSimulator(
  argv: string[],
  streams: Streams,
  stop: AbortSignal,
): Promise<{ simulator: Simulator; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const keep = (text: string) => {
      printed += text;
    };
    const io: CliIo = {
      stdout: { write: keep, isTTY: false },
      stderr: { write: keep, isTTY: false },
      env: streams.env,
    };
    let listening: (simulator: Simulator) => void = () => {};
    const deps: CliDeps = {
      stop,
      runSimulatorCommand: (options) =>
        runSimulatorCommand({
          ...options,
          started: (simulator) => {
            options.started?.(simulator);
            listening(simulator);
          },
          print: streams.stdout,
          stop,
        }),
    };
    const run = runCli(['sim', ...argv], io, deps);
    const ended = run.then(() => {});
    listening = (simulator) => resolve({ simulator, ended });
    run.then(
      (code) => reject(new Error(`netdeck sim ${argv.join(' ')} ended (exit ${code}): ${printed.trim()}`)),
      reject,
    );
  });
}
