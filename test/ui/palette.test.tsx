// `:` the command palette: every pane and action of the key table, matched fuzzily;
// enter runs the one under the cursor (switching pane for another pane's action), esc
// closes and runs nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { fuzzyScore, matchEntries, paletteEntries } from '../../src/ui/frame/palette-entries.ts';
import { isDialogScope } from '../../src/ui/keys/bindings.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { PANES } from '../../src/ui/panes/registry.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const session = () => app!.stores.session.getState();

describe('palette entries', () => {
  it('lists every pane and every action outside the dialogs, the palette itself aside', () => {
    const entries = paletteEntries(keymap, 'discover');
    for (const pane of PANES)
      expect(entries).toContainEqual(expect.objectContaining({ label: `go to ${pane.title}` }));
    const actions = keymap.filter((b) => !isDialogScope(b.scope) && b.action !== 'palette');
    expect(entries).toHaveLength(actions.length);
    expect(entries.map((e) => e.action)).not.toContain('palette');
    // The active pane's actions before the global ones.
    expect(entries.findIndex((e) => e.scope === 'discover')).toBeLessThan(
      entries.findIndex((e) => e.action === 'quit'),
    );
  });

  it('matches fuzzily: letters in order, word starts and runs first', () => {
    expect(fuzzyScore('shdev', 'share a device')).toBeDefined();
    expect(fuzzyScore('vs', 'share a device')).toBeUndefined();
    expect(fuzzyScore('dev', 'go to Devices')!).toBeGreaterThan(fuzzyScore('dev', 'add a code to receive')!);
    const entries = paletteEntries(keymap, 'discover');
    expect(matchEntries(entries, 'devices')[0]).toMatchObject({ label: 'go to Devices', keys: '3' });
    expect(matchEntries(entries, 'share dev')[0]).toMatchObject({ scope: 'devices', action: 'share' });
    expect(matchEntries(entries, 'zzzz')).toEqual([]);
  });
});

describe('the palette on the screen', () => {
  it(': lists panes and actions; typing narrows them; enter goes to the pane', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press(':');
    await app.waitFor('ACTION');
    expect(app.frame()).toMatch(/go to Discover\s+pane\s+1/);
    expect(app.frame()).toMatch(/send to Providers\s+Discover\s+p/);
    expect(app.frame()).toMatchSnapshot();
    await app.type('earn');
    await app.waitFor(/^› go to Earnings/m);
    await app.press('enter');
    await app.waitFor(() => session().activePane === 'earnings');
    expect(session().overlay).toBeUndefined();
  });

  it("another pane's action: the palette switches to it and runs it there", async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press(':');
    await app.type('share dev');
    await app.waitFor(/^› share a device\s+Devices\s+s/m);
    await app.press('enter');
    await app.waitFor(() => session().activePane === 'devices' && session().dialogs.includes('share'));
  });

  it('↓ moves, esc closes and runs nothing; nothing matching says so', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press(':');
    await app.type('help');
    await app.waitFor(/^› help: all keys/m);
    await app.press('esc');
    await app.waitFor(() => session().overlay === undefined);
    expect(session().activePane ?? 'discover').toBe('discover');
    await app.press(':');
    await app.type('qqqqq');
    await app.waitFor('No action or pane matches “qqqqq”');
    await app.press('esc', ':');
    await app.type('go to');
    await app.press('down', 'down');
    await app.waitFor(/^› go to Devices/m);
    await app.press('enter');
    await app.waitFor(() => session().activePane === 'devices');
  });
});

describe('the palette in a narrow terminal', () => {
  it('keeps its placeholder whole and cuts the hint beside it instead, down to 60 columns', async () => {
    app = await renderApp({ cols: 67, rows: 19 });
    await app.waitFor('places with providers');
    await app.press(':');
    await app.waitFor('ACTION');
    for (const cols of [67, 60]) {
      await app.resize(cols, 19);
      const line = app.frame().split('\n')[2];
      expect(line).toMatch(/^: {3}an action or a pane {2}row 1 of \d+ · /);
      expect(line).toMatch(/…$/);
    }
  });
});
