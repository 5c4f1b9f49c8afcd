// The user's keys (config `keys`, src/ui/keys/remap.ts) end to end on the screen: the
// remapped key acts, the default one no longer does, and the footer and the help show
// the user's key.
import { afterEach, describe, expect, it } from 'vitest';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const footer = () => app!.frame().trimEnd().split('\n').at(-1) ?? '';

describe('remapped keys', () => {
  it('Devices with share on S and help on ~: the footer, the help and the keys follow', async () => {
    const remapped = remapKeys(keymap, { 'devices.share': ['S'], help: ['~'] });
    expect(remapped.problems).toEqual([]);
    app = await renderApp({ pane: 'devices', keymap: remapped.table });
    await app.waitFor('Shared by this network');
    expect(footer()).toMatch(/S share a device/);
    expect(footer()).toMatch(/~ help {2}/);
    expect(footer()).not.toMatch(/\bs share a device|\? help/);
    // The default key no longer acts.
    await app.press('s');
    expect(app.stores.session.getState().dialogs).toEqual([]);
    // The user's key does.
    await app.press('S');
    await app.waitFor(() => app!.stores.session.getState().dialogs.length === 1);
    await app.press('esc');
    await app.waitFor(() => app!.stores.session.getState().dialogs.length === 0);
    // `?` is free now; `~` opens the help, which lists the user's keys.
    await app.press('?');
    expect(app.stores.session.getState().overlay).toBeUndefined();
    await app.press('~');
    await app.waitFor('Pane Devices');
    const help = app.frame();
    expect(help).toMatch(/^ {2}S {2,}share a device/m);
    expect(help).not.toMatch(/^ {2}s {2,}share a device/m);
  });

  it('sentences name the user’s keys: the status line, the stale view and the dialog titles in help', async () => {
    const remapped = remapKeys(keymap, {
      'devices.qr': ['W'],
      'devices.staleView': ['V'],
      'devices.stalePeriod': ['T'],
      'myProviders.stalePeriod': ['T'],
    });
    expect(remapped.problems).toEqual([]);
    app = await renderApp({ pane: 'devices', keymap: remapped.table, cols: 160 });
    await app.waitFor('Shared by this network');
    expect(app.frame()).toMatch(/W QR code · V stale/);
    expect(app.frame()).not.toMatch(/Q QR code|O stale/);
    await app.press('V');
    await app.waitFor(/stale for 7d \(T\)/);
    expect(app.frame()).toMatch(/V all/);
    await app.press('V');
    await app.waitFor(/W QR code · V stale/);
    // A refusal on a row of the wrong kind names the user's key too.
    await app.press('G');
    await app.press('W');
    await app.waitFor(/W shows a code: this is one of the network's own devices, which has none/);
    await app.press('?');
    await app.waitFor('Pane Devices');
    await app.type('/period');
    await app.waitFor(/The stale view’s period \(My providers or Devices, T\)/);
  });
});
