// The mouse: SGR reports parsed, a click on a tab or a row, the wheel, and no report
// ever read as keys.
import { afterEach, describe, expect, it } from 'vitest';
import { WHEEL_ROWS } from '../../src/ui/input/dispatcher.tsx';
import { cellIn, MOUSE_OFF, MOUSE_ON, parseSgrMouse } from '../../src/ui/input/mouse.ts';
import { activePane } from '../../src/ui/panes/registry.ts';
import { type Rendered, renderApp } from './render.tsx';

/** The SGR report of a press (M) or release (m) at 0-based `column`, `row`. */
const sgr = (code: number, column: number, row: number, final: 'M' | 'm' = 'M') =>
  `\u001b[<${code};${column + 1};${row + 1}${final}`;

describe('parseSgrMouse', () => {
  it('reads presses, releases and the wheel, with or without the ESC Ink strips', () => {
    expect(parseSgrMouse('\u001b[<0;12;3M')).toEqual({ kind: 'press', button: 0, column: 11, row: 2 });
    expect(parseSgrMouse('[<0;12;3m')).toEqual({ kind: 'release', button: 0, column: 11, row: 2 });
    expect(parseSgrMouse('[<2;1;1M')).toEqual({ kind: 'press', button: 2, column: 0, row: 0 });
    expect(parseSgrMouse('[<64;5;6M')).toMatchObject({ kind: 'wheelUp', column: 4, row: 5 });
    expect(parseSgrMouse('[<65;5;6M')).toMatchObject({ kind: 'wheelDown' });
    // With ctrl (16) or shift (4) held: the same event.
    expect(parseSgrMouse('[<16;2;2M')).toMatchObject({ kind: 'press', button: 0 });
    expect(parseSgrMouse('[<69;2;2M')).toMatchObject({ kind: 'wheelDown' });
    // Wheel left/right and drags are reports all the same, of nothing netdeck uses.
    expect(parseSgrMouse('[<66;2;2M')).toMatchObject({ kind: 'other' });
    expect(parseSgrMouse('[<32;2;2M')).toMatchObject({ kind: 'other' });
  });

  it('is nothing for keys and other sequences', () => {
    for (const input of ['a', '[A', '\u001b[A', '[<0;1M', '[<a;1;1M', '[<0;1;1X', '[5~', '<0;1;1M'])
      expect(parseSgrMouse(input), input).toBeUndefined();
  });

  it('turns reporting on for clicks and the wheel in the SGR encoding, and off again', () => {
    expect(MOUSE_ON).toBe('\u001b[?1000h\u001b[?1006h');
    expect(MOUSE_OFF).toBe('\u001b[?1006l\u001b[?1000l');
  });

  it('finds the cell inside a box', () => {
    const rect = { left: 2, top: 3, width: 10, height: 4 };
    expect(cellIn(rect, { column: 2, row: 3 })).toEqual({ column: 0, row: 0 });
    expect(cellIn(rect, { column: 11, row: 6 })).toEqual({ column: 9, row: 3 });
    expect(cellIn(rect, { column: 12, row: 3 })).toBeUndefined();
    expect(cellIn(rect, { column: 5, row: 7 })).toBeUndefined();
  });
});

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The 0-based screen row and column where `text` first shows. */
function find(frame: string, text: string | RegExp): { row: number; column: number } {
  const lines = frame.split('\n');
  for (const [row, line] of lines.entries()) {
    const column = typeof text === 'string' ? line.indexOf(text) : line.search(text);
    if (column >= 0) return { row, column };
  }
  throw new Error(`${String(text)} is not on the screen:\n${frame}`);
}

describe('the mouse in the console', () => {
  it('a click on a tab shows its pane, at full width and compact', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    const at = find(app.frame(), '3 Devices');
    await app.press(sgr(0, at.column + 4, at.row), sgr(0, at.column + 4, at.row, 'm'));
    expect(activePane(app.stores.session.getState()).id).toBe('devices');
    await app.waitFor(/Shared with this network/);

    await app.resize(70, 20);
    // The tab bar is the second line.
    const bar = app.frame().split('\n')[1];
    await app.press(sgr(0, bar.search(/(?<!\d)6 [A-Z]/) + 2, 1));
    expect(activePane(app.stores.session.getState()).id).toBe('account');
    // The gap between two tabs is no tab.
    await app.press(sgr(0, bar.search(/(?<!\d)2 [A-Z]/) - 1, 1));
    expect(activePane(app.stores.session.getState()).id).toBe('account');
  });

  it('a click on a row selects it; the wheel moves the cursor three rows', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    const rows = app.stores.discovery.getState().rows;
    const first = find(app.frame(), '›');
    await app.press(sgr(0, first.column + 10, first.row + 4));
    expect(app.stores.discovery.getState().cursor).toBe(4);
    await app.waitFor(() => find(app!.frame(), '›').row === first.row + 4);

    // The wheel's rows are queued keys, handled one a render: wait for them all.
    const cursorAt = (row: number) => app!.waitFor(() => app!.stores.discovery.getState().cursor === row);
    await app.press(sgr(65, 10, first.row));
    await cursorAt(4 + WHEEL_ROWS);
    await app.press(sgr(64, 10, first.row), sgr(64, 10, first.row), sgr(64, 10, first.row));
    await cursorAt(0);
    expect(rows.length).toBeGreaterThan(8);
    // Right clicks, releases and clicks below the last row move nothing.
    await app.press(sgr(2, 10, first.row + 2), sgr(0, 10, first.row + 2, 'm'));
    expect(app.stores.discovery.getState().cursor).toBe(0);
  });

  it('a click on a device or a wallet selects it', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.loaded();
    await app.press('3');
    await app.waitFor('›');
    const devices = app.stores.devices;
    const before = devices.getState().selectedKey;
    const cursor = find(app.frame(), '›');
    // The next selectable line below the cursor (titles and "none" take no click).
    const lines = app.frame().split('\n');
    const below = lines.findIndex((line, i) => i > cursor.row && /^ {2}\S/.test(line) && !/none/.test(line));
    await app.press(sgr(0, 5, below));
    expect(devices.getState().selectedKey).not.toBe(before);
    await app.waitFor(() => app!.frame().split('\n')[below].startsWith('›'));

    await app.press('6');
    await app.waitFor('›');
    const wallet = find(app.frame(), '›');
    await app.press(sgr(0, 5, wallet.row + 1));
    await app.waitFor(() => find(app!.frame(), '›').row === wallet.row + 1);
  });

  it('a report is never text: the Discover search keeps what was typed', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('ger');
    await app.press(sgr(0, 3, 30), sgr(0, 3, 30, 'm'), sgr(65, 3, 10), sgr(66, 3, 10));
    expect(app.stores.discovery.getState().query).toBe('ger');
  });

  it('a click does nothing behind the help or a dialog', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    await app.press('?');
    const at = find(app.frame(), '3 Devices');
    await app.press(sgr(0, at.column, at.row));
    expect(activePane(app.stores.session.getState()).id).toBe('discover');
  });
});
