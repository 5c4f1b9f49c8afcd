// Bracketed paste in a real pseudo-terminal: the built console asks the terminal to mark
// pastes, a code pasted with its newline waits in the box for enter, and the terminal gets
// the mode back off on quit.
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, spawnNetdeck } from './harness.ts';

const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('bracketed paste in the console', () => {
  it('turns it on, keeps a pasted code (newline and all) in the box until enter, and turns it off on quit', async () => {
    session = await spawnNetdeck({ cols: 100, rows: 30 });
    const s = session;
    await s.waitFor(/country ▸ United States/, 15_000);
    // Ink asks for the mode in an effect after its frame: on a busy machine, a moment later.
    for (let waited = 0; !s.raw.includes(PASTE_ON) && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.raw).toContain(PASTE_ON);
    await s.keys('3');
    await s.waitFor(/Pending adoption \(0\)/);
    await s.keys('a');
    const dialog = await s.waitFor('Codes to try (demo simulator)');
    const [, code, device] = /adopt\s+((?:[a-z]+ ){5}[a-z]+)\s+(.+?)\s+│/.exec(dialog) ?? [];
    expect(code).toBeDefined();
    await s.keys(paste(`${code}\n`));
    await s.waitFor(`Code: ${code}`);
    // Typed after the paste: had the newline been enter, the box would be gone.
    await s.keys('x');
    await s.waitFor(`Code: ${code}x`);
    expect(s.screen()).not.toContain('Adoption added');
    await s.keys('backspace', 'enter');
    await s.waitFor(`Adoption added: "${device}" is pending`);
    await s.keys('esc', 'q');
    expect(await s.exited()).toBe(0);
    expect(s.raw.lastIndexOf(PASTE_OFF)).toBeGreaterThan(s.raw.lastIndexOf(PASTE_ON));
  });
});
