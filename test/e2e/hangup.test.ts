// The terminal window closed under the console (a killed tmux pane, a closed ssh
// session): netdeck ends as a hung-up process, silently, without the abort Node's exit
// path hits when it cannot reset a terminal that is gone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from '@lydell/node-pty';
import { describe, expect, it } from 'vitest';
import { BINARY, cleanEnv, ensureBuilt } from './harness.ts';

describe('terminal closed under the console', () => {
  it('ends by SIGHUP with nothing on stderr', async () => {
    await ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'netdeck-hangup-'));
    try {
      const errors = join(dir, 'stderr');
      const child = pty.spawn('/bin/sh', ['-c', `exec "${process.execPath}" "${BINARY}" 2>"${errors}"`], {
        name: 'xterm-256color',
        cols: 100,
        rows: 30,
        cwd: dir,
        env: cleanEnv(dir),
      });
      const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => child.onExit(resolve));
      await new Promise<void>((resolve) => {
        let seen = '';
        child.onData((data) => {
          seen += data;
          if (seen.includes('places with providers')) resolve();
        });
      });
      // Closes the terminal (node-pty's UnixTerminal has destroy, its typings do not): the
      // console gets SIGHUP and its writes EIO.
      (child as unknown as { destroy(): void }).destroy();
      const { signal } = await exited;
      expect(signal).toBe(1);
      expect(readFileSync(errors, 'utf8')).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
