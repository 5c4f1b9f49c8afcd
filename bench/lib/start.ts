// One start in a pseudo-terminal, timed from the spawn to what the screen shows: netdeck's
// first frame (header, tab bar, what is loading) and its first frame with Discover data,
// or the plain Ink hello world's first frame. Used by bench/tui-start.ts and
// bench/dependency-patches.ts.
import { readFileSync } from 'node:fs';
import { BINARY, type Screen, spawnInPty } from './tui-pty.ts';

export const firstFrame = (s: Screen) =>
  /^netdeck · /.test(s.lines[0]) &&
  /^1 Discover/.test(s.lines[1]) &&
  /loading|building|places with providers/.test(s.text);
export const withData = (s: Screen) => /[1-9][\d ]* places with providers/.test(s.text);
const progress = (s: Screen) => /building the demo world \d+%/.test(s.text);

export interface Start {
  /** ms from the spawn to the first frame. */
  first: number;
  /** ms from the spawn to the first frame with Discover data. */
  data: number;
  /** The world's progress was on screen before the data. */
  sawProgress: boolean;
  /**
   * ms the main thread had run on a CPU by the data frame (from /proc: it leaves out the
   * time spent waiting for a CPU, which other programs on the machine decide).
   */
  cpu: number;
}

/** ms a process's main thread has run on a CPU (the first field of /proc/PID/schedstat, in ns). */
const cpuMs = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** netdeck (the bin, or `command`) with `args`, until Discover shows data. */
export async function netdeckStart(
  args: string[],
  options: { command?: string; env?: Record<string, string> } = {},
): Promise<Start> {
  const program = spawnInPty(args, { command: options.command ?? BINARY, env: options.env });
  try {
    let sawProgress = false;
    const first = await program.until(firstFrame, 60_000);
    const data = await program.until((s) => {
      if (progress(s)) sawProgress = true;
      return withData(s);
    }, 60_000);
    const cpu = cpuMs(program.pid);
    return { first: first - program.startedAt, data: data - program.startedAt, sawProgress, cpu };
  } finally {
    program.kill();
    await program.exited;
  }
}

/** The hello world (bench/lib/tui-pty.ts plainInkHello) to its first frame, in ms. */
export async function helloStart(hello: string): Promise<number> {
  const program = spawnInPty([hello]);
  try {
    return (await program.until((s) => s.text.includes('Hello, world'))) - program.startedAt;
  } finally {
    program.kill();
    await program.exited;
  }
}
