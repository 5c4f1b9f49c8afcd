// The mouse in a real pseudo-terminal: the built binary asks for SGR reports, a click on a
// tab or a row and the wheel act, and the terminal gets mouse reporting back off on quit.
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, spawnNetdeck } from './harness.ts';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

const US = /country ▸ United States\s+US\s+\d+/;
const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

/** An SGR report at 0-based column and row: a press (M), a release (m); 64/65 the wheel. */
const sgr = (code: number, column: number, row: number, final: 'M' | 'm' = 'M') =>
  `\x1b[<${code};${column + 1};${row + 1}${final}`;
const click = (column: number, row: number) => [sgr(0, column, row), sgr(0, column, row, 'm')];

/** The row of the cursor (the › mark) on the screen. */
const cursorRow = (s: Session) => s.lines().findIndex((line) => line.startsWith('›'));

/** Waits until the cursor is on screen row `row`. */
async function cursorOn(s: Session, row: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (cursorRow(s) !== row) {
    if (Date.now() > deadline) throw new Error(`the cursor is not on row ${row}:\n${s.screen()}`);
    await s.waitFor('›');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the mouse in the console', () => {
  it('clicks a tab and a row, scrolls with the wheel, and turns reporting off on quit', async () => {
    session = await spawnNetdeck({ cols: 100, rows: 30 });
    const s = session;
    await s.waitFor(US, 15_000);
    expect(s.raw).toContain(MOUSE_ON);

    const first = cursorRow(s);
    await s.keys(...click(20, first + 2));
    await cursorOn(s, first + 2);
    await s.keys(sgr(65, 20, first));
    await cursorOn(s, first + 5);
    await s.keys(sgr(64, 20, first));
    await cursorOn(s, first + 2);
    // No report reached the screen as text.
    expect(s.screen()).not.toMatch(/\[<\d/);

    const bar = s.lines()[1];
    await s.keys(...click(bar.indexOf('3 Devices') + 3, 1));
    await s.waitFor(/Shared with this network \(\d+\)/);
    // The Network tab by its digit: with eight tabs at 100 columns it has its short title.
    await s.keys(...click(bar.indexOf('5 Net') + 3, 1));
    await s.waitFor(/network statistics · computed/);

    await s.keys('q');
    expect(await s.exited()).toBe(0);
    expect(s.raw.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(s.raw.lastIndexOf(MOUSE_ON));
    expect(s.leftAlternateScreen()).toBe(true);
  });

  it('--no-mouse and NETDECK_MOUSE=0 leave the mouse to the terminal', async () => {
    for (const options of [{ args: ['--no-mouse'] }, { env: { NETDECK_MOUSE: '0' } }]) {
      session = await spawnNetdeck({ cols: 100, rows: 30, ...options });
      await session.waitFor(US, 15_000);
      expect(session.raw).not.toContain('\x1b[?1000h');
      await session.keys('q');
      expect(await session.exited()).toBe(0);
      await session.close();
      session = undefined;
    }
  });
});
