// The interactive console as a person meets it: the built binary in a pseudo-terminal,
// demo mode (no API configured), keys in, screen text out.
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, spawnNetdeck } from './harness.ts';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Discover's first row in the demo world: today's service lists countries only. */
const US = /country ▸ United States\s+US\s+\d+/;

/** netdeck in demo mode at 100x30, once the Discover pane shows data. */
async function demo(options: { cols?: number; rows?: number } = {}): Promise<Session> {
  session = await spawnNetdeck({ cols: options.cols ?? 100, rows: options.rows ?? 30 });
  await session.waitFor(US, 15_000);
  return session;
}

/** The bottom line the app drew (the last row of the terminal may stay empty). */
const footer = (s: Session) =>
  s
    .lines()
    .filter((line) => line.trim())
    .at(-1);

const CLIENT_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
/** SGR codes of the cursor row and of the accent colour (Discover's search prompt). */
const INVERSE = '\u001b[7m';
const CYAN = '\u001b[36m';

describe('netdeck console (demo mode)', () => {
  it('starts on the alternate screen with the simulator in the header and data in Discover', async () => {
    const s = await demo();
    expect(s.enteredAlternateScreen()).toBe(true);
    expect(s.bufferType()).toBe('alternate');
    expect(s.cursorVisible()).toBe(false);
    const lines = s.lines();
    expect(lines[0]).toMatch(/^netdeck · SIMULATOR seed 1 · demo\b.*● online$/);
    expect(lines[1]).toMatch(/^1 Discover \d[\d ]*\s+2 Providers/);
    expect(s.screen()).toMatch(US);
    expect(s.screen()).toMatch(/country ▸ Germany\s+DE\s+\d+/);
    // The frame may reach the terminal in more than one chunk: its last line may come later.
    await s.waitFor(/\? help\s+q\/ctrl-c quit$/m);
    expect(footer(s)).toMatch(/\? help\s+q\/ctrl-c quit$/);
  });

  it('paints its frame and the world’s progress before a big world is built, then the data', async () => {
    session = await spawnNetdeck({ args: ['--providers', '1000000', '--locations', '50000'] });
    const s = session;
    await s.waitFor(/building the demo world \d+%/, 15_000);
    expect(s.lines()[0]).toMatch(/^netdeck · SIMULATOR seed 1 +● connecting…$/);
    expect(s.lines()[1]).toMatch(/^1 Discover {2}2 Providers/);
    await s.waitFor(US, 15_000);
    expect(s.screen()).not.toMatch(/building the demo world/);
  });

  it('shows every pane on 1-6, and back', async () => {
    const s = await demo();
    const panes: [string, RegExp][] = [
      ['2', /nothing chosen yet: mark places in Discover/],
      ['3', /Shared with this network \(\d+\)/],
      ['4', /\d+ providers · \d+ connected/],
      ['5', /network statistics · computed/],
      ['6', /Payout wallet: [0-9a-f-]{36}/],
      ['1', US],
    ];
    for (const [key, shows] of panes) {
      await s.keys(key);
      await s.waitFor(shows);
      // A big frame can reach the pseudo-terminal in more than one piece: the whole of it.
      await s.waitFor(/q\/ctrl-c quit$/m);
      // The frame stays: header on top, tab bar under it, key hints at the bottom.
      expect(s.lines()[0]).toMatch(/^netdeck · SIMULATOR seed 1/);
      expect(s.lines()[1]).toMatch(/^1 Disc(over)? /);
      expect(footer(s)).toMatch(/q\/ctrl-c quit$/);
    }
  });

  it('opens help with ?, listing the keys, and closes it with esc', async () => {
    const s = await demo();
    await s.keys('?');
    // Help opens at the active pane's keys; Home goes to the top.
    await s.waitFor('Pane Discover');
    await s.keys('home');
    const help = await s.waitFor('Everywhere');
    expect(help).toMatch(/1\s+show Discover/);
    await s.keys('pgdn');
    await s.waitFor(/q ctrl-c\s+quit/);
    await s.keys('esc');
    await s.waitForGone('Pane Discover');
    expect(s.screen()).toMatch(US);
  });

  it('searches as you type, keeps q and 1 typed in the box as text, and leaves with esc', async () => {
    const s = await demo();
    await s.keys('/');
    await s.type('ger');
    const found = await s.waitFor(/country Germany\s+DE\s+\d+\s+0/);
    expect(found).toMatch(/^\/ ger\b/m);
    expect(found).toContain('best match first');
    // Neither quits nor switches pane: both are text in the box.
    await s.type('q1');
    await s.waitFor(/^\/ gerq1\b/m);
    expect(s.exitCode).toBeUndefined();
    await s.keys('backspace', 'backspace', 'esc');
    await s.waitFor(/\d+ matches/);
  });

  it('iterates providers of a marked place, batch after batch, with no provider twice', async () => {
    const s = await demo();
    await s.keys('p');
    const first = await s.waitFor(/10 seen · 1 batch\b/);
    expect(first).toContain('for United States (US)');
    expect(first.match(CLIENT_ID)).toHaveLength(10);
    await s.keys('n');
    const second = await s.waitFor(/20 seen · 2 batches/);
    const ids = second.match(CLIENT_ID) ?? [];
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(s.lines()[1]).toMatch(/2 Prov(iders)? 20/);
  });

  it('adds a code offered by the demo in the add dialog, and lists the device as pending', async () => {
    const s = await demo();
    await s.keys('3');
    await s.waitFor(/Pending adoption \(0\)/);
    await s.keys('a');
    const dialog = await s.waitFor('Codes to try (demo simulator)');
    const offered = /adopt\s+((?:[a-z]+ ){5}[a-z]+)\s+(.+?)\s+│/.exec(dialog);
    expect(offered).not.toBeNull();
    const [, code, device] = offered ?? [];
    await s.keys('down');
    await s.waitFor(`Code: ${code}`);
    await s.keys('enter');
    await s.waitFor(`Adoption added: "${device}" is pending`);
    await s.keys('esc');
    await s.waitFor(/Pending adoption \(1\)/);
    expect(s.screen()).toContain(device);
  });

  it('lays out compactly when narrow, says when too small, and comes back on resize', async () => {
    const s = await demo();
    await s.resize(70, 20);
    await s.waitFor(/^SIMULATOR seed 1 · demo/m);
    expect(s.lines()[1]).toMatch(/^1 Disc [\d ]+ 2 Prov/);
    for (const line of s.lines()) expect(line.length).toBeLessThanOrEqual(70);
    await s.resize(50, 12);
    await s.waitFor('terminal too small');
    expect(s.screen()).toContain('50x12, needs at least 60x15');
    await s.resize(100, 30);
    await s.waitFor(/^netdeck · SIMULATOR seed 1 · demo/m);
    await s.waitFor(US);
  });

  it('draws live frames, in colour, even when the shell exports CI=true (Ink would draw only the last, chalk none)', async () => {
    session = await spawnNetdeck({ cols: 100, rows: 30, env: { CI: 'true' } });
    await session.waitFor(US, 15_000);
    expect(session.raw).toContain(INVERSE);
    expect(session.raw).toContain(CYAN);
    await session.keys('3');
    await session.waitFor(/Shared with this network \(\d+\)/);
  });

  it('drops the colours with NO_COLOR but keeps the inverse cursor row', async () => {
    session = await spawnNetdeck({ cols: 100, rows: 30, env: { NO_COLOR: '1' } });
    await session.waitFor(US, 15_000);
    expect(session.raw).toContain(INVERSE);
    expect(session.raw).not.toMatch(/\u001b\[3[1-7]m/);
  });

  it('quits with q, leaving the alternate screen with the cursor shown', async () => {
    const s = await demo();
    await s.keys('q');
    expect(await s.exited()).toBe(0);
    expect(s.leftAlternateScreen()).toBe(true);
    expect(s.bufferType()).toBe('normal');
    expect(s.cursorVisible()).toBe(true);
    // Nothing of the console is left on the normal screen.
    expect(s.screen()).not.toContain('United States');
  });

  it('quits with ctrl-c even from inside the search box, restoring the terminal', async () => {
    const s = await demo();
    await s.keys('/');
    await s.type('ber');
    await s.waitFor(/^\/ ber\b/m);
    await s.keys('ctrl-c');
    expect(await s.exited()).toBe(0);
    expect(s.leftAlternateScreen()).toBe(true);
    expect(s.cursorVisible()).toBe(true);
  });
});

describe('netdeck console remembers between runs', () => {
  it('opens on the last pane with the last sorts and batch size, kept 0600 in $XDG_STATE_HOME', async () => {
    const { mkdtempSync, readFileSync, rmSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const state = mkdtempSync(join(tmpdir(), 'netdeck-state-'));
    try {
      session = await spawnNetdeck({ env: { XDG_STATE_HOME: state } });
      const s = session;
      await s.waitFor(US, 15_000);
      await s.keys('o');
      await s.waitFor(/sort name/);
      await s.keys('2', '+', '+');
      await s.waitFor(/batch size 50/);
      await s.keys('4', 'o');
      await s.waitFor(/sort transfer ▼/);
      await s.keys('q');
      expect(await s.exited()).toBe(0);
      await s.close();

      const file = join(state, 'netdeck', 'state.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        pane: 'myProviders',
        discoverySort: 'name',
        myProvidersSort: { column: 'transfer', descending: true },
        providersBatchSize: 50,
        stalePeriod: '7d',
      });

      session = await spawnNetdeck({ env: { XDG_STATE_HOME: state } });
      const next = session;
      await next.waitFor(/sort transfer ▼/, 15_000);
      await next.keys('2');
      await next.waitFor(/batch size 50/);
      await next.keys('1');
      await next.waitFor(/sort name/);
      await next.keys('q');
      expect(await next.exited()).toBe(0);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});
