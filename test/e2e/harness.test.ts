// The end-to-end harness itself: on a small full-screen program, then on the binary.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, spawnNetdeck } from './harness.ts';
import { runBinary } from './run-binary.ts';

const FULLSCREEN = join(import.meta.dirname, 'fixtures', 'fullscreen.mjs');

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('harness on a full-screen program', () => {
  it('sends keys, reads the screen, follows a resize and sees the screen restored', async () => {
    process.env.NETDECK_TOKEN = 'from the parent';
    try {
      session = await spawnNetdeck({ command: [FULLSCREEN], cols: 60, rows: 20 });
    } finally {
      delete process.env.NETDECK_TOKEN;
    }
    await session.waitFor('size 60x20');
    expect(session.bufferType()).toBe('alternate');
    expect(session.cursorVisible()).toBe(false);

    await session.keys('down');
    await session.waitFor('key "\\u001b[B"');
    await session.keys('x');
    expect(session.lines()[0]).toBe('key "x"');

    await session.resize(40, 12);
    await session.waitFor('size 40x12');
    expect(session.lines()).toHaveLength(12);

    await session.keys('q');
    expect(await session.exited()).toBe(3);
    expect(session.exitCode).toBe(3);
    expect(session.bufferType()).toBe('normal');
    expect(session.leftAlternateScreen()).toBe(true);
    expect(session.cursorVisible()).toBe(true);
    // A clean environment: config in a temp folder, no NETDECK_* from the parent.
    expect(session.lines().slice(0, 3)).toEqual([
      'bye',
      expect.stringMatching(/netdeck-e2e-/),
      'CI=false TERM=xterm-256color token=none',
    ]);
  });

  it('reports what was on screen when a wait times out', async () => {
    session = await spawnNetdeck({ command: [FULLSCREEN], cols: 40, rows: 10 });
    await session.waitFor('ready');
    await expect(session.waitFor('never shown', 200)).rejects.toThrow(
      /waiting for never shown; screen:\nready/,
    );
  });
});

describe('harness on the built binary', () => {
  it('prints the version of package.json and exits 0', async () => {
    session = await spawnNetdeck({ args: ['--version'] });
    expect(await session.exited()).toBe(0);
    const { version } = await import('../../package.json', { with: { type: 'json' } }).then((m) => m.default);
    expect(session.lines()[0]).toBe(version);
  });

  it('without a terminal, says in one line to use a command and exits 2', async () => {
    const run = await runBinary([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'netdeck: the interactive console needs a terminal; in scripts and pipes use a command (netdeck --help lists them)\n',
    );
  });
});
