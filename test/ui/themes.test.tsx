// Themes on the screen: mono draws no colour and no character beyond ASCII and box
// drawing in any pane (its glyph table, src/ui/glyphs.ts; the words' punctuation and what
// a service sent are folded as the frame is written, src/cli/console/ascii-stream.ts);
// NO_COLOR is a theme without its colours.
import { afterEach, describe, expect, it } from 'vitest';
import { foldToAscii, isMonoSafe } from '../../src/ui/glyphs.ts';
import { PANES } from '../../src/ui/panes/registry.ts';
import { COLOR_THEME, LIGHT_THEME, MONO_THEME, themeFor } from '../../src/ui/theme.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** Colour SGR parameters (30-37, 90-97, 38;…, and backgrounds). */
const COLOUR = /\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

/** What mono would write of a frame that is neither ASCII nor box drawing (it writes frames folded). */
const outside = (frame: string) => [...new Set([...foldToAscii(frame)].filter((ch) => !isMonoSafe(ch)))];

/** The console's own characters mono folds by a table, not to `?` (what only a service's text may be). */
const unknown = (frame: string) =>
  [...new Set(frame)].filter((ch) => !isMonoSafe(ch) && foldToAscii(ch).includes('?'));

describe('themes', () => {
  it('mono: every pane and the help and event log at 120x40 and 67x19 draw ASCII and box drawing only, no colour', async () => {
    for (const [cols, rows] of [
      [120, 40],
      [67, 19],
    ]) {
      app = await renderApp({ cols, rows, theme: MONO_THEME });
      await app.loaded();
      for (const [index, pane] of PANES.entries()) {
        await app.press(String(index + 1));
        await app.waitFor(() => app!.stores.session.getState().activePane === pane.id);
        const frame = app.frame();
        expect(outside(frame), `${pane.id} at ${cols}x${rows}:\n${frame}`).toEqual([]);
        expect(unknown(frame), `${pane.id} at ${cols}x${rows}`).toEqual([]);
        // The table's own marks: the sort mark and the cursor are mono's from the start.
        if (pane.id === 'discover') expect(frame).toMatch(/ vPROVIDERS/);
        expect(app.stdout.lastFrame()).not.toMatch(COLOUR);
      }
      for (const overlay of ['?', '!']) {
        await app.press(overlay);
        expect(outside(app.frame()), `${overlay} at ${cols}x${rows}`).toEqual([]);
        expect(unknown(app.frame()), `${overlay} at ${cols}x${rows}`).toEqual([]);
        await app.press('esc');
      }
      await app.unmount();
      app = undefined;
    }
  });

  it('mono: the dialogs (share and its code, add a code, the palette, feedback, the leaderboard, a payment) too', async () => {
    app = await renderApp({ cols: 120, rows: 40, theme: MONO_THEME });
    await app.loaded();
    const check = (what: string) => {
      const frame = app!.frame();
      expect(outside(frame), `${what}:\n${frame}`).toEqual([]);
      expect(unknown(frame), what).toEqual([]);
      expect(app!.stdout.lastFrame(), what).not.toMatch(COLOUR);
    };
    const dialogs = () => app!.stores.session.getState().dialogs.length;
    await app.press('3');
    await app.waitFor('Shared by this network');
    await app.press('s');
    await app.waitFor(() => dialogs() === 1);
    check('share, pick');
    await app.press('enter', 'enter');
    await app.waitFor('Share code for');
    check('share, code');
    await app.press('esc');
    await app.waitFor(() => dialogs() === 0);
    await app.press('a');
    await app.waitFor(() => dialogs() === 1);
    check('add a code');
    await app.press('esc');
    await app.press(':');
    await app.waitFor('an action or a pane');
    check('palette');
    await app.press('esc');
    await app.press('6');
    await app.waitFor(() => app!.stores.session.getState().activePane === 'account');
    await app.press('f');
    await app.waitFor(() => dialogs() === 1);
    check('feedback');
    await app.press('esc');
    await app.press('7');
    await app.waitFor(() => app!.stores.session.getState().activePane === 'earnings');
    await app.waitFor('Payouts (');
    await app.press('b');
    await app.waitFor(/RANK.? +PAID +NETWORK/);
    check('leaderboard');
    await app.press('esc');
    await app.waitFor(() => dialogs() === 0);
  });

  it("mono's fold: a dot between words separates them, a timeline's dots stay dots", () => {
    expect(foldToAscii('netdeck · demo')).toBe('netdeck | demo');
    expect(foldToAscii(' ··▒███· ')).toBe(' ..+###. ');
    expect(foldToAscii('▼ ★ ✓ → ⠋ “x”')).toBe('v * + > | "x"');
  });

  it('NO_COLOR keeps a theme its characters and takes its colours away', () => {
    expect(themeFor({ NO_COLOR: '1' }, 'dark')).toEqual({
      name: 'dark',
      dim: false,
      glyphs: COLOR_THEME.glyphs,
    });
    expect(themeFor({ NO_COLOR: '1' }, 'mono')).toEqual(MONO_THEME);
    expect(themeFor({ NO_COLOR: '' }, 'light')).toBe(LIGHT_THEME);
    expect(themeFor({}, 'light')).not.toEqual(themeFor({}, 'dark'));
  });
});
