// `watch --exec`'s runner against commands that do not end when told: one that ignores
// SIGTERM, one that leaves a child holding its output, one that cannot be killed; a burst
// of events; netdeck stopping. None of them holds the queue, netdeck says what happened
// ("stopped" only once it has), and stopping takes a few seconds at most.
import { describe, expect, it } from 'vitest';
import { createExecRunner, type ExecOptions } from '../../src/cli/long-running/exec-runner.ts';
import { createOutput } from '../../src/cli/output/writer.ts';

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
  const timed = async () => {
    const at = Date.now();
    await exec.idle();
    return Date.now() - at;
  };
  return { exec, output, timed, warnings: () => output.stderr.split('\n').filter(Boolean) };
}

describe('the --exec runner', () => {
  it('kills a command that ignores SIGTERM after a grace period, says so, and runs the next', async () => {
    const { exec, timed, warnings, output } = runner(`trap '' TERM; ${ID}; echo "run $id"; sleep 30`, {
      timeoutMs: 300,
    });
    exec.run(event(1));
    exec.run(event(2));
    expect(await timed()).toBeLessThan(5_000);
    expect(output.stderr).toMatch(/run 1[\s\S]*run 2/);
    expect(warnings()).toEqual([
      expect.stringContaining('run 1'),
      'netdeck: warning: the --exec command (event 1 provider_disconnected) ran longer than 0.3 s; stopped (SIGKILL: SIGTERM did nothing in 0.3 s)',
      expect.stringContaining('run 2'),
      'netdeck: warning: the --exec command (event 2 provider_disconnected) ran longer than 0.3 s; stopped (SIGKILL: SIGTERM did nothing in 0.3 s)',
    ]);
  });

  it('stops what a command left behind holding its output, and runs the next', async () => {
    const { exec, timed, warnings } = runner(`${ID}; sleep 30 & echo "left $id"`);
    exec.run(event(1));
    exec.run(event(2));
    expect(await timed()).toBeLessThan(5_000);
    expect(warnings()).toEqual([
      'left 1',
      'netdeck: warning: the --exec command (event 1 provider_disconnected) exited, but processes it started kept its output open; stopped (SIGTERM)',
      'left 2',
      'netdeck: warning: the --exec command (event 2 provider_disconnected) exited, but processes it started kept its output open; stopped (SIGTERM)',
    ]);
  });

  it('says "not stopped" when even SIGKILL did not stop it, and goes on without it', async () => {
    // It ends on its own a little later: nothing is left behind.
    const { exec, timed, warnings } = runner('sleep 3', { timeoutMs: 200, kill: () => {} });
    exec.run(event(1));
    expect(await timed()).toBeLessThan(5_000);
    expect(warnings()).toEqual([
      'netdeck: warning: the --exec command (event 1 provider_disconnected) ran longer than 0.2 s; not stopped: it still runs after SIGKILL; netdeck goes on without it',
    ]);
  });

  it('keeps at most maxQueued runs waiting: the oldest are dropped, with a warning naming how many', async () => {
    const { exec, timed, warnings } = runner(`${ID}; echo "$id"; sleep 0.2`, { maxQueued: 3 });
    for (let id = 1; id <= 10; id++) exec.run(event(id));
    await timed();
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
    const { exec, timed, warnings } = runner(`trap '' TERM; sleep 30`, { signal: controller.signal });
    for (let id = 1; id <= 5; id++) exec.run(event(id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    expect(await timed()).toBeLessThan(3_000);
    expect(warnings()).toEqual([
      'netdeck: warning: stopping: the --exec command was not run for 4 events waiting',
      'netdeck: warning: the --exec command (event 1 provider_disconnected) was still running as netdeck stopped; stopped (SIGKILL: SIGTERM did nothing in 0.3 s)',
    ]);
    exec.run(event(6));
    expect(await timed()).toBeLessThan(100);
  });
});
