// `watch --exec`: a command run for each event, the event as one JSON line on its stdin.
// It is spawned without a shell from the argv the user gave (never a command line with
// the event in it), one at a time in event order; what it prints goes to netdeck's
// stderr, and one that runs too long is stopped.
import { spawn } from 'node:child_process';
import { sanitizeOutput } from '../../sanitize.ts';
import type { CliIo } from '../output/io.ts';
import type { Output } from '../output/writer.ts';

/** A command still running after this is stopped (SIGTERM), so events do not pile up. */
export const EXEC_TIMEOUT_MS = 60_000;

export interface ExecRunner {
  /** Queues a run of the command with `event` on its stdin. */
  run(event: { id?: number; type: string }): void;
  /** Resolves when every queued run has ended. */
  idle(): Promise<void>;
}

export function createExecRunner(
  argv: readonly string[],
  io: CliIo,
  out: Output,
  timeoutMs = EXEC_TIMEOUT_MS,
): ExecRunner {
  let queue = Promise.resolve();
  // The command gets netdeck's environment but not the token netdeck was given.
  const env = { ...io.env };
  delete env.NETDECK_TOKEN;
  const forward = (chunk: Buffer) => io.stderr.write(sanitizeOutput(chunk.toString('utf8'), false));

  const runOne = (event: { id?: number; type: string }) =>
    new Promise<void>((resolve) => {
      const what = `the --exec command (event ${event.id ?? ''} ${event.type})`;
      const child = spawn(argv[0], argv.slice(1), { env, stdio: ['pipe', 'pipe', 'pipe'], shell: false });
      const timer = setTimeout(() => {
        out.warn(`${what} ran longer than ${timeoutMs / 1000} s; stopped`);
        child.kill('SIGTERM');
      }, timeoutMs);
      child.stdout.on('data', forward);
      child.stderr.on('data', forward);
      // A command that does not read its stdin closes it early: not a failure of netdeck's.
      child.stdin.on('error', () => {});
      // A command that cannot start reports an error, then may close too: one warning.
      let ended = false;
      const end = (warning?: string) => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        if (warning) out.warn(warning);
        resolve();
      };
      child.on('error', (error) => end(`cannot run ${what}: ${error.message}`));
      child.on('close', (code, signal) =>
        end(
          code !== 0 && code !== null
            ? `${what} exited with code ${code}`
            : signal
              ? `${what} ended by ${signal}`
              : undefined,
        ),
      );
      child.stdin.end(`${JSON.stringify(event)}\n`);
    });

  return {
    run(event) {
      queue = queue.then(() => runOne(event));
    },
    idle: () => queue,
  };
}
