// Every signal that ends or stops the console gives the terminal back: the main screen,
// the mouse off, raw mode off. ctrl-z (a key in raw mode) and SIGTSTP suspend it as a shell
// expects (the shell's prompt works meanwhile), and `fg` (SIGCONT) brings the console back,
// redrawn whole, its keys working.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BINARY, ensureBuilt, type Session, spawnNetdeck } from './harness.ts';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

const US = /country ▸ United States\s+US\s+\d+/;
const ENTER_ALT = '\x1b[?1049h';
const LEAVE_ALT = '\x1b[?1049l';
const MOUSE_ON = '\x1b[?1000h';
const MOUSE_OFF = '\x1b[?1000l';

/** Whether `raw`, from where the console last took the terminal, gives it back: main screen, mouse off. */
const givenBack = (raw: string) =>
  raw.lastIndexOf(LEAVE_ALT) > raw.lastIndexOf(ENTER_ALT) &&
  raw.lastIndexOf(MOUSE_OFF) > raw.lastIndexOf(MOUSE_ON);

/** The state letter of a process (R, S, T for stopped...). */
const stateOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];

/** The process `pid` started (netdeck under the shell). */
const childOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0]);

describe.each(['SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGTERM', 'SIGINT', 'SIGALRM'] as const)(
  '%s sent to the console',
  (signal) => {
    it('ends it with the terminal given back: main screen, mouse off, raw mode off', async () => {
      await ensureBuilt();
      // A shell that runs netdeck, then says how the terminal was left.
      session = await spawnNetdeck({
        executable: '/bin/sh',
        command: [
          '-c',
          `"${process.execPath}" "${BINARY}"; echo "after: $(stty -a | tr ' ;' '\\n\\n' | grep -x -- '-\\?icanon')."`,
        ],
      });
      await session.waitFor(US, 15_000);
      process.kill(childOf(session.pid), signal);
      await session.waitFor(/after: -?icanon\./);
      expect(givenBack(session.raw)).toBe(true);
      expect(session.raw).toContain('after: icanon.');
      expect(session.bufferType()).toBe('normal');
    });
  },
);

describe('a signal before the console has drawn its first real frame', () => {
  it('ends it with the terminal given back, while the demo world is still being built', async () => {
    session = await spawnNetdeck({ args: ['--providers', '1000000', '--locations', '50000'] });
    // Its progress, not its first words: the first paint says those a moment before it
    // handles signals, and a signal in between ends netdeck as if it handled none.
    await session.waitFor(/building the demo world \d+%/, 15_000);
    session.signal('SIGQUIT');
    expect(await session.exited()).toBe(128 + 3);
    expect(session.leftAlternateScreen()).toBe(true);
  });
});

describe('suspending the console', () => {
  it('from an interactive shell, by ctrl-z or SIGTSTP: the prompt works while it is stopped; fg brings it back whole', async () => {
    await ensureBuilt();
    session = await spawnNetdeck({
      executable: 'bash',
      command: ['--norc', '--noprofile', '-i'],
      env: { PS1: 'ready$ ' },
    });
    const s = session;
    await s.waitFor('ready$');
    await s.keys(`"${process.execPath}" "${BINARY}"\r`);
    await s.waitFor(US, 15_000);
    // ctrl-z is a key only once the console reads keys; before, the terminal stops netdeck
    // itself, with nothing given back (the frame can be drawn a moment before raw mode).
    await s.waitForRawMode();
    const netdeck = childOf(s.pid);
    for (const suspend of [() => s.keys('\x1a'), async () => process.kill(netdeck, 'SIGTSTP')]) {
      const before = s.raw.length;
      await suspend();
      await s.waitFor(/Stopped/);
      expect(stateOf(netdeck)).toBe('T');
      const handedBack = s.raw.slice(before);
      // What the console wrote as it stopped, should this fail: the order of the modes.
      expect(givenBack(handedBack), JSON.stringify(handedBack.slice(-600))).toBe(true);
      expect(s.bufferType()).toBe('normal');
      await s.keys('echo "sum $((6 * 7))"\r');
      await s.waitFor(/^sum 42/m);
      await s.keys('clear; fg\r');
      await s.waitFor(US);
      expect(s.bufferType()).toBe('alternate');
      expect(s.raw.lastIndexOf(MOUSE_ON)).toBeGreaterThan(s.raw.lastIndexOf(MOUSE_OFF));
      // The whole frame, not only what changed: header, tab bar, footer (the last line drawn:
      // on a busy machine the header can be on screen before the rest).
      await s.waitFor(/q\/ctrl-c quit$/m);
      expect(s.screen()).toMatch(/^netdeck · SIMULATOR/m);
      expect(s.screen()).toMatch(/^1 Disc(over)? /m);
      // Its keys work again, in raw mode (a key is read without enter).
      await s.keys('5');
      await s.waitFor(/network statistics · computed/);
      await s.keys('1');
      await s.waitFor(US);
    }
    await s.keys('q');
    await s.waitFor(/ready\$ $/m);
    expect(givenBack(s.raw)).toBe(true);
    await s.keys('exit\r');
    expect(await s.exited()).toBe(0);
  });
});
