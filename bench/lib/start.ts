// One start in a pseudo-terminal, timed from the spawn to what the screen shows: netdeck's
// first frame (header, tab bar, what is loading) and its first frame with Discover data,
// or the plain Ink hello world's first frame. Used by bench/tui-start.ts and
// bench/dependency-patches.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  /** The process's own marks to its first Ink frame (src/cli/console/start-marks.ts), ms from its start. */
  marks: [name: string, ms: number][];
}

/** ms a process's main thread has run on a CPU (the first field of /proc/PID/schedstat, in ns). */
const cpuMs = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** netdeck (the bin, or `command`) with `args`, until Discover shows data. */
export async function netdeckStart(
  args: string[],
  options: { command?: string; env?: Record<string, string> } = {},
): Promise<Start> {
  const folder = mkdtempSync(join(tmpdir(), 'netdeck-bench-marks-'));
  const marksFile = join(folder, 'marks.json');
  const program = spawnInPty(args, {
    command: options.command ?? BINARY,
    env: { NETDECK_START_MARKS: marksFile, ...options.env },
  });
  try {
    let sawProgress = false;
    const first = await program.until(firstFrame, 60_000);
    const data = await program.until((s) => {
      if (progress(s)) sawProgress = true;
      return withData(s);
    }, 60_000);
    const cpu = cpuMs(program.pid);
    let marks: Start['marks'] = [];
    try {
      marks = JSON.parse(readFileSync(marksFile, 'utf8'));
    } catch {
      // Written with the first Ink frame, which the screen may show a moment before.
    }
    return { first: first - program.startedAt, data: data - program.startedAt, sawProgress, cpu, marks };
  } finally {
    program.kill();
    await program.exited;
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The median time of each mark over `starts` (those that have it), in the order they came:
 * "bin 16 · core evaluated 70 · …".
 */
export function markTimeline(starts: Start[]): string {
  const times = new Map<string, number[]>();
  for (const start of starts)
    for (const [name, ms] of start.marks) times.set(name, [...(times.get(name) ?? []), ms]);
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return [...times]
    .map(([name, values]) => [name, middle(values)] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(' · ');
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
