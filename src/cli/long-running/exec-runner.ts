// `watch --exec`: a command run for each event, the event as one JSON line on its stdin.
// It is spawned without a shell from the argv the user gave (never a command line with
// the event in it), one at a time in event order; what it prints goes to netdeck's
// stderr. Nothing it does can hold the queue: it runs in a process group of its own, and
// one that runs too long, or leaves processes behind holding its output, has its whole
// group stopped (SIGTERM, then SIGKILL after a grace period); netdeck says "stopped" only
// once it has. The queue is bounded, and when netdeck stops, so does the run under way.
import { spawn } from 'node:child_process';
import { sanitizeOutput } from '../../sanitize.ts';
import type { CliIo } from '../output/io.ts';
import type { Output } from '../output/writer.ts';

/** A command still running after this is stopped, so events do not pile up. */
const EXEC_TIMEOUT_MS = 60_000;
/** How long a process group has after SIGTERM before SIGKILL, and after SIGKILL before netdeck goes on. */
const GRACE_MS = 3_000;
/** Events waiting for their run; past it the oldest are dropped. */
const MAX_QUEUED = 100;

export interface ExecOptions {
  timeoutMs?: number;
  graceMs?: number;
  maxQueued?: number;
  /** When it aborts (SIGINT, SIGTERM): what waits is dropped and the run under way stopped. */
  signal?: AbortSignal;
  /** Signals a process group (the default); another in tests. */
  kill?: (pid: number, signal: NodeJS.Signals) => void;
}

export interface ExecRunner {
  /** Queues a run of the command with `event` on its stdin. */
  run(event: { id?: number; type: string }): void;
  /** Resolves when no run is under way or waiting (at once after a stop, but for the one ending). */
  idle(): Promise<void>;
}

type NetdeckEvent = { id?: number; type: string };

/** A run stopped by netdeck: why, said before what became of it. */
type Why = 'timeout' | 'output' | 'stopping';

const killGroup = (pid: number, signal: NodeJS.Signals) => {
  // Spawned detached: its process group has its pid.
  process.kill(process.platform === 'win32' ? pid : -pid, signal);
};

export function createExecRunner(
  argv: readonly string[],
  io: CliIo,
  out: Output,
  options: ExecOptions = {},
): ExecRunner {
  const timeoutMs = options.timeoutMs ?? EXEC_TIMEOUT_MS;
  const graceMs = options.graceMs ?? GRACE_MS;
  const maxQueued = options.maxQueued ?? MAX_QUEUED;
  const kill = options.kill ?? killGroup;
  const seconds = (ms: number) => `${ms / 1000} s`;
  const WHY_TEXT: Record<Why, string> = {
    timeout: `ran longer than ${seconds(timeoutMs)}`,
    output: 'exited, but processes it started kept its output open',
    stopping: 'was still running as netdeck stopped',
  };
  // The command gets netdeck's environment but not the token netdeck was given.
  const env = { ...io.env };
  delete env.NETDECK_TOKEN;
  const forward = (chunk: Buffer) => io.stderr.write(sanitizeOutput(chunk.toString('utf8'), false));

  const queue: NetdeckEvent[] = [];
  let dropped = 0;
  let current: { stop(why: Why): void; done: Promise<void> } | undefined;
  let waiters: (() => void)[] = [];

  const runOne = (event: NetdeckEvent) => {
    let stop: (why: Why) => void = () => {};
    const done = new Promise<void>((resolve) => {
      const what = `the --exec command (event ${event.id ?? ''} ${event.type})`;
      const child = spawn(argv[0], argv.slice(1), {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        detached: true,
      });
      child.stdout.on('data', forward);
      child.stderr.on('data', forward);
      // A command that does not read its stdin closes it early: not a failure of netdeck's.
      child.stdin.on('error', () => {});
      const timers = new Set<NodeJS.Timeout>();
      const after = (ms: number, fn: () => void) => timers.add(setTimeout(fn, ms));
      let why: Why | undefined;
      let sent: 'SIGTERM' | 'SIGKILL' | undefined;
      let exited = false;
      let ended = false;
      const end = (warning?: string) => {
        if (ended) return;
        ended = true;
        for (const timer of timers) clearTimeout(timer);
        if (warning) out.warn(warning);
        resolve();
      };
      const signal = (name: 'SIGTERM' | 'SIGKILL') => {
        sent = name;
        try {
          if (child.pid !== undefined) kill(child.pid, name);
        } catch {
          // The group is gone already: what is left is its 'close'.
        }
      };
      // SIGTERM to the whole group, SIGKILL after the grace period, and after another one
      // netdeck stops waiting: it stops reading the output and says what still runs.
      stop = (reason) => {
        if (why || ended) return;
        why = reason;
        signal('SIGTERM');
        after(graceMs, () => {
          signal('SIGKILL');
          after(graceMs, () => {
            child.stdout.destroy();
            child.stderr.destroy();
            child.unref();
            end(
              exited
                ? `${what} ${WHY_TEXT[reason]}; a process it started still holds its output after SIGKILL; netdeck no longer reads it`
                : `${what} ${WHY_TEXT[reason]}; not stopped: it still runs after SIGKILL; netdeck goes on without it`,
            );
          });
        });
      };
      after(timeoutMs, () => stop('timeout'));
      child.on('exit', (code) => {
        exited = true;
        if (code !== 0 && code !== null && !why) out.warn(`${what} exited with code ${code}`);
        // Its output still open: processes it left behind hold it.
        after(graceMs, () => stop('output'));
      });
      // A command that cannot start reports an error, then may close too: one warning.
      child.on('error', (error) => end(`cannot run ${what}: ${error.message}`));
      child.on('close', (_code, closedBy) => {
        if (why) {
          const how = sent === 'SIGKILL' ? `SIGKILL: SIGTERM did nothing in ${seconds(graceMs)}` : 'SIGTERM';
          return end(`${what} ${WHY_TEXT[why]}; stopped (${how})`);
        }
        end(closedBy ? `${what} ended by ${closedBy}` : undefined);
      });
      child.stdin.end(`${JSON.stringify(event)}\n`);
    });
    return { stop: (why: Why) => stop(why), done };
  };

  const next = () => {
    if (current) return;
    const event = queue.shift();
    if (!event) {
      for (const waiter of waiters.splice(0)) waiter();
      return;
    }
    if (dropped) {
      out.warn(
        `dropped the runs of the --exec command for the ${dropped} oldest events waiting: at most ${maxQueued} wait`,
      );
      dropped = 0;
    }
    const run = runOne(event);
    current = run;
    void run.done.then(() => {
      current = undefined;
      next();
    });
  };

  options.signal?.addEventListener(
    'abort',
    () => {
      if (queue.length)
        out.warn(`stopping: the --exec command was not run for ${queue.length} events waiting`);
      queue.length = 0;
      dropped = 0;
      current?.stop('stopping');
    },
    { once: true },
  );

  return {
    run(event) {
      if (options.signal?.aborted) return;
      queue.push(event);
      if (queue.length > maxQueued) dropped += queue.splice(0, queue.length - maxQueued).length;
      next();
    },
    idle: () =>
      !current && !queue.length
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters = [...waiters, resolve];
          }),
  };
}
