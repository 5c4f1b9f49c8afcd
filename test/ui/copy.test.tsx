// `y` copies the id of the row under the cursor on every list that has one: OSC 52 to the
// terminal and a private file, and the footer says so (never a bare "Copied").
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { walletRows } from '../../src/store/account.ts';
import { selectedIndex, visibleProviders } from '../../src/store/my-providers.ts';
import { osc52 } from '../../src/ui/clipboard.ts';
import { isolateStateFolder, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
const copies = isolateStateFolder('netdeck-copy-');
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const footer = (a: Rendered) => a.frame().split('\n').at(-1) ?? '';

/** What the newest copy file holds, after `y`; checks the footer and the OSC 52 sequence. */
async function copied(a: Rendered): Promise<string> {
  await a.waitFor(() => footer(a).startsWith('Sent to the terminal clipboard (OSC 52) — also written to /'));
  // One file in netdeck's state folder, private, overwritten by each copy; none in $TMPDIR.
  const path = copies.copyFile;
  expect(readdirSync(copies.path)).toEqual(['netdeck']);
  expect(footer(a)).toContain(path);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  const text = readFileSync(path, 'utf8').trim();
  expect(a.stdout.frames).toContain(osc52(text));
  rmSync(path);
  return text;
}

describe('y copies the id of the selected row', () => {
  it('in Providers, My providers (list and detail) and Account', async () => {
    app = await renderApp({ cols: 160, rows: 40 });
    await app.loaded();
    const { press, stores } = app;

    await press('enter');
    await app.waitFor(() => stores.providers.getState().seen.length > 0);
    await press('j', 'y');
    const provider = stores.providers.getState().seen[1].client_id;
    expect(await copied(app)).toBe(provider);

    await press('4', 'j', 'j', 'y');
    const mine = stores.myProviders.getState();
    expect(await copied(app)).toBe(visibleProviders(mine)[selectedIndex(mine)].client_id);
    await press('enter', 'y');
    expect(await copied(app)).toBe(stores.myProviders.getState().detailId);

    await press('6');
    await app.waitFor('Wallets (');
    await press('y');
    expect(await copied(app)).toBe(walletRows(stores.account.getState()).selected?.wallet_id);
  });

  it('in Devices: the code of an association, the client id of one of the network’s own devices', async () => {
    app = await renderApp({ cols: 160, rows: 40, pane: 'devices' });
    await app.loaded();
    await app.press('G', 'y');
    expect(app.stores.devices.getState().selectedKey).toMatch(/^own:/);
    // The pane's own line under the list says it (the path on a line of its own).
    await app.waitFor(/Sent to the terminal clipboard \(OSC 52\) — also written to\n\//);
    expect(readFileSync(copies.copyFile, 'utf8').trim()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when the row has nothing to copy', async () => {
    app = await renderApp({ cols: 120, rows: 30, pane: 'providers' });
    await app.waitFor('nothing chosen yet');
    await app.press('y');
    await app.waitFor(() => footer(app!).includes('Nothing to copy here: this row has no client id.'));
    expect(readdirSync(copies.path)).toEqual([]);
  });
});

describe('the share dialog', () => {
  it('offers no j/k, y or Q while the name is typed, and y confirms where the code went', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'devices' });
    await app.loaded();
    await app.press('s');
    await app.waitFor("Which of this network's");
    expect(footer(app)).toMatch(/↓\/j next device/);
    await app.press('enter');
    await app.waitFor('Name: ');
    expect(footer(app)).toBe('enter create the code  esc back to the devices');
    await app.press('enter');
    await app.waitFor('Share code for');
    expect(footer(app)).toContain('y copy the code');
    await app.press('y');
    await app.waitFor('Sent to the terminal clipboard (OSC 52) — also written to');
    expect(app.frame()).not.toMatch(/Copied/);
  });
});
