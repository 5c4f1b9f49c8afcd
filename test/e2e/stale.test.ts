// Removing stale clients in the console, as a person does it: the built binary in a
// pseudo-terminal, demo mode. My providers (4), O for the stale clients, space marks
// one, X asks with the list of what goes, y removes it; the row and the tab's count go.
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, spawnNetdeck } from './harness.ts';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Rows of the My providers table: a mark, an 8-character client id. */
const rows = (s: Session) => s.lines().filter((line) => /^[●○✓] [0-9a-f]{8} /.test(line));

describe('removing stale clients in the console', () => {
  it('O shows them, space marks one, X lists it and asks, y removes it: gone from the table and the count', async () => {
    session = await spawnNetdeck({ cols: 120, rows: 40 });
    const s = session;
    await s.waitFor(/4 My providers 30/, 15_000);
    await s.keys('4');
    await s.waitFor(/30 providers · \d+ connected/);
    await s.keys('O');
    await s.waitFor(/stale for 7d \(P\) · 3 of 30 providers · space marks · X removes/);
    expect(rows(s)).toHaveLength(3);
    for (const row of rows(s)) expect(row).toMatch(/ \d+ d( \d+ h)? ago /);
    await s.keys('space');
    await s.waitFor(/1 marked/);
    const marked = rows(s).find((row) => row.startsWith('✓'))!;
    const id = marked.slice(2, 10);
    await s.keys('X');
    await s.waitFor(/Remove it\? {2}y yes · n no/);
    expect(s.screen()).toContain('This client goes: out of the lists and statistics');
    expect(s.screen()).toMatch(new RegExp(`• .+ {2}${id}[0-9a-f-]{28} {2}\\d+ d`));
    await s.keys('y');
    await s.waitFor(/✓ Removed 1 client\./);
    await s.keys('enter');
    await s.waitFor(/stale for 7d \(P\) · 2 of 29 providers/);
    expect(s.screen()).not.toContain(id);
    expect(s.lines()[1]).toMatch(/4 My providers 29/);
    // O: every provider again, the removed one not among them.
    await s.keys('O');
    await s.waitFor(/29 providers · \d+ connected/);
    expect(s.screen()).not.toContain(id);
  }, 60_000);
});
