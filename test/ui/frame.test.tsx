import { afterEach, describe, expect, it } from 'vitest';
import { formatClockTime } from '../../src/format/numbers.ts';
import { activePane } from '../../src/ui/panes/registry.ts';
import { COLOR_THEME, PLAIN_THEME, themeFor } from '../../src/ui/theme.ts';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The countdown right after a refresh. */

describe('frame', () => {
  it('shows header, tabs with counts, the Discover pane with data, and footer hints', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    const frame = app.frame();
    const lines = frame.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^netdeck · SIMULATOR seed 7 · demo .*updated 00:00:00 · next ${formatClockTime(TEST_REFRESH_MS)}\\s+● online$`,
      ),
    );
    expect(lines[1]).toMatch(/^1 Discover \d+ {2}2 Providers {2}3 Devices/);
    expect(lines.at(-1)).toContain('? help');
    // One row shorter than the terminal: Ink clears the screen when output reaches the last row.
    expect(lines).toHaveLength(39);
    expect(frame).toMatchSnapshot();
  });

  it('says when the next refresh is due on the store clock, refreshes then, and draws nothing meanwhile', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    // Every pane's first answer is in (the tab bar's counts drawn): the console is idle.
    await app.loaded();
    const frames = app.stdout.frames.length;
    await app.clock.advance(TEST_REFRESH_MS - 15_000);
    expect(app.frame()).toContain(`next ${formatClockTime(TEST_REFRESH_MS)}`);
    // No countdown: an idle console has nothing to redraw between refreshes.
    expect(app.stdout.frames.length).toBe(frames);
    await app.clock.advance(15_000);
    await app.waitFor(
      `updated ${formatClockTime(app.clock.now())} · next ${formatClockTime(2 * TEST_REFRESH_MS)}`,
    );
  });

  it('draws nothing between refreshes on Network: its "computed N s ago" is told as of the answer', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.clock.advance(500);
    await app.press('5');
    await app.waitFor(/computed \d+ s ago/);
    const before = app.stdout.frames.length;
    await app.clock.advance(3_000);
    expect(app.frame()).toMatch(/computed \d+ s ago/);
    expect(app.stdout.frames.length).toBe(before);
  });

  it('? opens the help overlay at the active pane keys, scrolls every way, names dialogs as people read them; esc closes it', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('?');
    const frame = app.frame();
    // Opens at the active pane's section.
    expect(frame.split('\n')[3]).toBe('Pane Discover');
    // A key today's service cannot serve is marked, with the reason.
    expect(frame).toMatch(
      /\(<\)\s+match distance: stricter \(find-locations only\) · this service has no find-locations/,
    );
    expect(frame).toMatchSnapshot();
    // Keys do not reach the pane or the globals while help is open.
    await app.press('2');
    expect(activePane(app.stores.session.getState()).id).toBe('discover');
    await app.press('home');
    expect(app.frame()).toContain('Everywhere');
    expect(app.frame()).toMatch(/q ctrl-c\s+quit/);
    await app.press('j', 'j');
    expect(app.frame()).toMatch(/PgUp PgDn Home End, 3-/);
    await app.press('end');
    expect(app.frame()).not.toMatch(/Dialog: [a-z]+[A-Z]/);
    expect(app.frame()).toMatch(
      /Setting the payout wallet \(Account, w\)|The feedback form \(Account, f\)|Sharing a device|Adding a wallet|The leaderboard \(Earnings, b\)|Switching profile \(@\)/,
    );
    await app.press('pgup');
    await app.press('esc');
    expect(app.frame()).not.toContain('Everywhere');
    expect(app.frame()).toContain('places with providers');
  });

  it('help opened in another pane starts at that pane', async () => {
    app = await renderApp({ pane: 'devices' });
    await app.press('?');
    await app.waitFor('Pane Devices');
    expect(app.frame().split('\n')[3]).toBe('Pane Devices');
  });

  it('a compact layout below 80 columns (70x20)', async () => {
    app = await renderApp({ cols: 70, rows: 20 });
    await app.waitFor('places with providers');
    const lines = app.frame().split('\n');
    expect(lines).toHaveLength(19);
    expect(lines[1]).toContain('1 Disc');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(70);
    expect(app.frame()).toMatchSnapshot();
  });

  it('a "too small" notice below 60x15, and back to the frame when the window grows', async () => {
    app = await renderApp({ cols: 50, rows: 12 });
    expect(app.frame()).toContain('terminal too small');
    expect(app.frame()).toContain('50x12, needs at least 60x15');
    expect(app.frame()).toMatchSnapshot();
    await app.resize(100, 30);
    await app.waitFor('places with providers');
    expect(app.frame().split('\n')).toHaveLength(29);
    await app.resize(100, 14);
    expect(app.frame()).toContain('terminal too small');
  });

  it('1-6, tab and shift-tab switch panes', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('3');
    expect(app.stores.session.getState().activePane).toBe('devices');
    await app.press('tab');
    expect(app.stores.session.getState().activePane).toBe('myProviders');
    await app.press('shift-tab', 'shift-tab');
    expect(app.stores.session.getState().activePane).toBe('providers');
    expect(app.frame()).toContain('nothing chosen yet');
    await app.press('1');
    expect(app.frame()).toContain('places with providers');
  });

  it('keys in one chunk after a pane switch or a box opening reach what they open', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('3a');
    await app.waitFor('Add a code');
    expect(app.stores.session.getState().dialogs).toEqual(['addCode']);
    await app.press('esc', '4/zz');
    await app.waitFor(() => app!.frame().includes('/ zz'));
    expect(app.stores.session.getState().activePane).toBe('myProviders');
    // A pane, its dialog and a field of the dialog's form, in one chunk.
    await app.press('esc', '6f ');
    await app.waitFor('[x] personal');
  });

  it('esc and q in one chunk (read as alt-q) close help, then quit', async () => {
    app = await renderApp();
    await app.press('?');
    expect(app.frame()).toContain('esc closes');
    await app.press('\u001bq');
    await app.exited;
  });

  it('q quits; ctrl-c quits even from inside the search box', async () => {
    app = await renderApp();
    await app.press('q');
    await app.exited;
    await app.unmount();
    app = await renderApp();
    await app.press('/', 'a', 'ctrl-c');
    expect(app.stores.discovery.getState().query).toBe('a');
    await app.exited;
  });

  it('NO_COLOR gives a colourless theme', () => {
    expect(themeFor({ NO_COLOR: '1' })).toEqual(PLAIN_THEME);
    expect(themeFor({ NO_COLOR: '' })).toBe(COLOR_THEME);
    expect(themeFor({})).toBe(COLOR_THEME);
    const { name: _name, glyphs: _glyphs, ...colours } = PLAIN_THEME;
    expect(Object.values(colours).filter((v) => typeof v === 'string')).toEqual([]);
  });
});
