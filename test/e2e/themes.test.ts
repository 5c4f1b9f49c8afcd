// The built console with --theme mono in a pseudo-terminal: every byte it writes through
// every pane is ASCII or box drawing, and no colour.
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, spawnNetdeck } from './harness.ts';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** What is neither ASCII nor box drawing (U+2500-U+257F). */
const OUTSIDE = /[^\x00-\x7f\u2500-\u257f]/gu;
/** Foreground or background colour SGR parameters. */
const COLOUR = /\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

describe('--theme mono', () => {
  it('writes ASCII and box drawing only, without colour, in every pane', async () => {
    session = await spawnNetdeck({ cols: 120, rows: 40, args: ['--theme', 'mono'] });
    const s = session;
    await s.waitFor(/country \+ United States\s+US\s+\d+/, 15_000);
    for (const [key, shows] of [
      ['2', /Providers/],
      ['3', /Shared by this network|This network's devices/],
      ['4', /total/],
      ['5', /Network/],
      ['6', /Wallets/],
      ['7', /Earnings/],
      ['?', /Pane Earnings/],
      ['esc', /Earnings/],
    ] as const) {
      await s.keys(key);
      await s.waitFor(shows);
    }
    expect([...new Set(s.raw.match(OUTSIDE) ?? [])]).toEqual([]);
    expect(s.raw).not.toMatch(COLOUR);
    // The sort mark and the cursor in mono's characters.
    await s.keys('1');
    await s.waitFor(/vPROVIDERS/);
    expect(s.screen()).toMatch(/^> +country \+ United States/m);
  });
});
