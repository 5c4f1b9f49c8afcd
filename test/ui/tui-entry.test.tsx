import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { CLEAR_SCREEN, ENTER_ALT_SCREEN, LEAVE_ALT_SCREEN } from '../../src/cli/console/terminal-screen.ts';
import { NO_TTY_EXIT, runTui, type TuiOptions } from '../../src/cli/console/tui.tsx';
import { ManualClock, settle } from '../../src/clock.ts';
import { MOUSE_OFF, MOUSE_ON } from '../../src/ui/input/mouse.ts';
import { type SimHarness, startSim } from '../simulator/integration/harness.ts';
import { FakeStdin, FakeStdout } from './render.tsx';

let harness: SimHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(extra: Partial<TuiOptions> & { mouse?: boolean } = {}) {
  harness = await startSim({ seed: 5 });
  const { sim, clock, client } = harness;
  const stdin = new FakeStdin();
  const stdout = new FakeStdout(100, 30);
  const stderr = new FakeStdout(100, 30);
  const done = runTui({
    client,
    clock,
    target: { kind: 'demo', seed: 5 },
    token: sim.token,
    demo: sim.demo,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    ...extra,
  });
  const output = () => stdout.frames.join('');
  const until = async (text: string) => {
    for (let i = 0; i < 200 && !output().includes(text); i++) await settle(1);
    expect(output()).toContain(text);
  };
  return { stdin, stdout, stderr, done, output, until };
}

/** Everything written after the app left the alternate screen. */
const afterLeaving = (output: string) =>
  output.slice(output.lastIndexOf(LEAVE_ALT_SCREEN) + LEAVE_ALT_SCREEN.length);

describe('runTui', () => {
  it('refuses without a TTY on stdin, with a hint and exit code 2', async () => {
    const stdin = new FakeStdin();
    stdin.isTTY = false;
    const stderr = new FakeStdout(80, 24);
    const code = await runTui({
      client: {} as ApiClient,
      clock: new ManualClock(),
      target: { kind: 'demo', seed: 1 },
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: stderr as unknown as NodeJS.WriteStream,
    });
    expect(code).toBe(NO_TTY_EXIT);
    expect(stderr.frames.join('')).toMatch(/needs a terminal.*use a command/);
  });

  it('draws on the alternate screen and gives the terminal back on q, cursor shown', async () => {
    const app = await start();
    await app.until('places with providers');
    expect(app.output().startsWith(ENTER_ALT_SCREEN)).toBe(true);
    app.stdin.write('q');
    expect(await app.done).toBe(0);
    expect(app.output()).toContain(LEAVE_ALT_SCREEN);
    expect(LEAVE_ALT_SCREEN).toContain('\u001b[?25h');
    expect(afterLeaving(app.output())).not.toContain('places with providers');
  });

  it('SIGTERM restores the terminal and resolves 143', async () => {
    const app = await start();
    await app.until('places with providers');
    process.emit('SIGTERM', 'SIGTERM');
    expect(await app.done).toBe(143);
    expect(app.output()).toContain(LEAVE_ALT_SCREEN);
  });

  it('turns mouse reporting on with the alternate screen and off before leaving it, on q and on SIGINT', async () => {
    const app = await start();
    await app.until('places with providers');
    expect(app.output().startsWith(ENTER_ALT_SCREEN + CLEAR_SCREEN + MOUSE_ON)).toBe(true);
    app.stdin.write('q');
    expect(await app.done).toBe(0);
    expect(app.output().endsWith(MOUSE_OFF + LEAVE_ALT_SCREEN)).toBe(true);

    const again = await start();
    await again.until('places with providers');
    process.emit('SIGINT', 'SIGINT');
    expect(await again.done).toBe(130);
    expect(again.output().endsWith(MOUSE_OFF + LEAVE_ALT_SCREEN)).toBe(true);
  });

  it('with the mouse off (--no-mouse) never asks the terminal for mouse reports', async () => {
    const app = await start({ mouse: false });
    await app.until('places with providers');
    app.stdin.write('q');
    expect(await app.done).toBe(0);
    expect(app.output()).not.toContain('\u001b[?1000h');
    expect(app.output()).not.toContain(MOUSE_OFF);
  });

  it('an uncaught error restores the terminal, reports the error and resolves 1', async () => {
    // Only runTui's own handler hears this one (the test runner's are put back after).
    const others = process.listeners('uncaughtException');
    const app = await start();
    await app.until('places with providers');
    for (const l of others) process.off('uncaughtException', l);
    try {
      (process.emit as (event: string, error: Error) => boolean)(
        'uncaughtException',
        new Error('something broke'),
      );
    } finally {
      for (const l of others) process.on('uncaughtException', l);
    }
    expect(await app.done).toBe(1);
    expect(app.output()).toContain(LEAVE_ALT_SCREEN);
    expect(app.stderr.frames.join('')).toContain('something broke');
  });

  it('opens on a remembered pane, the first pane for one that is gone, and saves the choice on q', async () => {
    const saved: unknown[] = [];
    const kept = await start({ remember: { initial: { pane: 'network' }, save: (r) => saved.push(r) } });
    await kept.until('network statistics');
    kept.stdin.write('q');
    expect(await kept.done).toBe(0);
    expect(saved).toEqual([]);

    const gone = await start({
      remember: { initial: { pane: 'weather', discoverySort: 'name' }, save: (r) => saved.push(r) },
    });
    await gone.until('sort name');
    gone.stdin.write('q');
    expect(await gone.done).toBe(0);
    // The file's pane is put right at once, as the console shows it.
    expect(saved).toEqual([expect.objectContaining({ pane: 'discover', discoverySort: 'name' })]);
  });
});
