// `watch --exec`'s runner against commands that do not end when told: one that ignores
// SIGTERM, one that leaves a child holding its output, one that cannot be killed; a burst
// of events; netdeck stopping. None of them holds the queue (each command would run 30 s,
// past the test's timeout), netdeck says what happened ("stopped" only once it has), and
// stopping takes a few seconds at most (figures bench/test-figures.ts holds).
import { describe, expect, it } from 'vitest';
import { createExecRunner, type ExecOptions } from '../../src/cli/long-running/exec-runner.ts';
import { createOutput } from '../../src/cli/output/writer.ts';
import { timed } from '../bench-figures.ts';
import { eventually } from './harness.ts';

const event = (id: number) => ({ id, type: 'provider_disconnected' });
/** The event's id, as the command reads it from its stdin. */
const ID = 'id=$(head -c 40 | tr -dc 0-9)';

/** A runner of `sh -c SCRIPT`, with what it wrote to stderr. */
function runner(script: string, options: ExecOptions = {}) {
  const output = { stderr: '' };
  const io = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (output.stderr += text) },
    env: { PATH: process.env.PATH },
  };
  const exec = createExecRunner(['sh', '-c', script], io, createOutput(io), {
    graceMs: 300,
    ...options,
  });
  /** Until the runner is idle: how long that took is the figure `name`, held to `boundMs`. */
  const idle = (name: string, boundMs: number) => timed(`--exec runner: ${name}`, boundMs, () => exec.idle());
  return { exec, output, idle, warnings: () => output.stderr.split('\n').filter(Boolean) };
}

describe('the --exec runner', () => {
  it('kills a command that ignores SIGTERM after a grace period, says so, and runs the next', async () => {
    const { exec, idle, warnings, output } = runner(`trap '' TERM; ${ID}; echo "run $id"; sleep 30`, {
      timeoutMs: 300,
    });
    exec.run(event(1));
    exec.run(event(2));
    await idle('two runs that ignore SIGTERM, killed after 0.3 s and its grace', 5_000);
    expect(output.stderr).toMatch(/run 1[\s\S]*run 2/);
    expect(warnings()).toEqual([
      expect.stringContaining('run 1'),
      'netdeck: warning: the --exec command (event 1 provider_disconnected) ran longer than 0.3 s; stopped (SIGKILL: SIGTERM did nothing in 0.3 s)',
      expect.stringContaining('run 2'),
      'netdeck: warning: the --exec command (event 2 provider_disconnected) ran longer than 0.3 s; stopped (SIGKILL: SIGTERM did nothing in 0.3 s)',
    ]);
  });

  it('stops what a command left behind holding its output, and runs the next', async () => {
    const { exec, idle, warnings } = runner(`${ID}; sleep 30 & echo "left $id"`);
    exec.run(event(1));
    exec.run(event(2));
    await idle('two runs that leave a child holding their output', 5_000);
    expect(warnings()).toEqual([
      'left 1',
      'netdeck: warning: the --exec command (event 1 provider_disconnected) exited, but processes it started kept its output open; stopped (SIGTERM)',
      'left 2',
      'netdeck: warning: the --exec command (event 2 provider_disconnected) exited, but processes it started kept its output open; stopped (SIGTERM)',
    ]);
  });

  it('says "not stopped" when even SIGKILL did not stop it, and goes on without it', async () => {
    // It ends on its own a little later: nothing is left behind.
    const { exec, idle, warnings } = runner('sleep 3', { timeoutMs: 200, kill: () => {} });
    exec.run(event(1));
    await idle('a run SIGKILL does not stop, left behind', 5_000);
    expect(warnings()).toEqual([
      'netdeck: warning: the --exec command (event 1 provider_disconnected) ran longer than 0.2 s; not stopped: it still runs after SIGKILL; netdeck goes on without it',
    ]);
  });

  it('keeps at most maxQueued runs waiting: the oldest are dropped, with a warning naming how many', async () => {
    const { exec, warnings } = runner(`${ID}; echo "$id"; sleep 0.2`, { maxQueued: 3 });
    for (let id = 1; id <= 10; id++) exec.run(event(id));
    await exec.idle();
    expect(warnings()).toEqual([
      '1',
      'netdeck: warning: dropped the runs of the --exec command for the 6 oldest events waiting: at most 3 wait',
      '8',
      '9',
      '10',
    ]);
  });

  it('on stop: drops what waits and ends the run under way within the grace period', async () => {
    const controller = new AbortController();
    const { exec, idle, output, warnings } = runner(`trap '' TERM; echo ignoring SIGTERM; sleep 30`, {
      signal: controller.signal,
    });
    for (let id = 1; id <= 5; id++) exec.run(event(id));
    // Stopped before its trap, the command would go at SIGTERM: wait for it to say it ignores it.
    await eventually(() => output.stderr.includes('ignoring SIGTERM'), 'the first run');
    controller.abort();
    await idle('stopped with a run under way that ignores SIGTERM', 3_000);
    const stopped = [
      'ignoring SIGTERM',
      'netdeck: warning: stopping: the --exec command was not run for 4 events waiting',
      'netdeck: warning: the --exec command (event 1 provider_disconnected) was still running as netdeck stopped; stopped (SIGKILL: SIGTERM did nothing in 0.3 s)',
    ];
    expect(warnings()).toEqual(stopped);
    // Once stopped it runs nothing more: idle at once, and nothing new said.
    exec.run(event(6));
    await idle('an event after the stop', 100);
    expect(warnings()).toEqual(stopped);
  });
});
