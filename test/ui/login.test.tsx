// The console on a real API with no token: the panes that need one offer a login (`L`)
// with an auth code; once logged in, they load with the new token, which is kept.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { footerOf, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

async function authCode(rendered: Rendered): Promise<string> {
  const issuer = createClient({ baseUrl: rendered.sim.url, token: rendered.sim.token, retries: 0 });
  const { auth_code } = await issuer.authCodeCreate({ duration_minutes: 5 });
  await issuer.close();
  return auth_code!;
}

describe('logging in from the console', () => {
  it('Devices offers L; the dialog takes a pasted auth code (drawn masked); the panes then load', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'devices', loggedOut: true });
    const { waitFor, frame, press } = app;
    await waitFor('none was given');
    expect(frame()).toContain('Press L to log in with an auth code ("Copy an Auth Code" in the web app).');
    expect(frame()).toContain(`netdeck · ${app.sim.url}`);
    await press('L');
    await waitFor('Auth code:');
    expect(frame()).toContain('An auth code logs this console in to your network at');
    // The simulator's port changes from run to run (its digits become x, the layout stays).
    const port = new URL(app.sim.url).port;
    expect(frame().replaceAll(`:${port}`, `:${'x'.repeat(port.length)}`)).toMatchSnapshot('login dialog');

    const code = await authCode(app);
    // A paste arrives as one chunk.
    await press(code);
    expect(frame()).not.toContain(code.slice(0, 20));
    expect(frame()).toMatch(/Auth code: •+/);
    await press('enter');
    await waitFor('✓ Logged in. The token is kept for the next start.');
    expect(app.saved).toHaveLength(1);
    expect(frame()).toMatch(/^netdeck · http:\/\/127\.0\.0\.1:\d+ · demo/);
    await press('esc');
    await waitFor('Shared by this network (3)');
    expect(frame()).not.toContain('none was given');
    // The other panes load too.
    await press('6');
    await waitFor('Wallets (3)');
  });

  it('a wrong or used code is said in the dialog, and the text can be replaced', async () => {
    app = await renderApp({ cols: 100, rows: 30, pane: 'account', loggedOut: true });
    const { waitFor, frame, press } = app;
    await waitFor('none was given');
    await press('L');
    await waitFor('Auth code:');
    await press('enter');
    expect(frame()).toContain('✗ Paste an auth code: "Copy an Auth Code" in the web app.');
    await press('not-a-code');
    await press('enter');
    await waitFor('✗ Invalid auth code.');
    expect(app.saved).toHaveLength(0);
    await press('ctrl-u', await authCode(app), 'enter');
    await waitFor('✓ Logged in.');
  });

  it('L in the demo, logged in from the start, says so and opens nothing', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'account' });
    await app.waitFor('Wallets (');
    await app.press('L');
    expect(app.stores.session.getState().dialogs).toEqual([]);
    expect(footerOf(app.frame())).toContain('the demo is logged in already, as its own network');
  });

  it('My providers offers L too', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'myProviders', loggedOut: true });
    await app.waitFor('none was given');
    await app.press('L');
    await app.waitFor('Log in');
    await app.press('esc');
    await app.waitFor('Press L to log in');
  });

  it('L works everywhere: Discover, where B says a token is needed and names L, opens the login too', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'discover', loggedOut: true });
    await app.waitFor('Germany');
    await app.press('B');
    await app.waitFor(/needs your network's token, and none was given: L logs in/);
    await app.press('L');
    await app.waitFor('Log in');
    expect(app.stores.session.getState().dialogs.at(-1)).toBe('login');
  });
});

describe('dialogs that need a token, with none given', () => {
  const footer = () => footerOf(app!.frame());

  it('Devices: a, s, c, x, R, N open nothing; the footer says a token is needed and offers L', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'devices', loggedOut: true });
    await app.waitFor('none was given');
    const reasons: [string, string][] = [
      ['a', 'Adding a code'],
      ['s', 'Sharing a device'],
      ['c', 'Confirming a share'],
      ['x', 'Removing an association'],
      ['R', 'Renaming an association'],
      ['N', 'Renaming a device'],
    ];
    for (const [key, what] of reasons) {
      await app.press(key);
      expect(app.stores.session.getState().dialogs).toEqual([]);
      expect(footer()).toContain(`${what} needs your network's token, and none was given: L logs in`);
    }
    await app.press('L');
    await app.waitFor('Auth code:');
    await app.press(await authCode(app), 'enter');
    await app.waitFor('✓ Logged in.');
    await app.press('esc');
    await app.waitFor('Shared by this network (3)');
    // With the token the dialogs open.
    await app.press('a');
    expect(app.stores.session.getState().dialogs).toEqual(['addCode']);
  });

  it('Account: a, w, f, x and enter open nothing and say why', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'account', loggedOut: true });
    await app.waitFor('none was given');
    const reasons: [string, string][] = [
      ['a', 'Adding a wallet'],
      ['w', 'Setting the payout wallet'],
      ['f', 'Sending feedback'],
      ['x', 'Removing a wallet'],
      ['enter', 'Setting the payout wallet'],
    ];
    for (const [key, what] of reasons) {
      await app.press(key);
      expect(app.stores.session.getState().dialogs).toEqual([]);
      expect(footer()).toContain(`${what} needs your network's token`);
    }
  });
});

describe('a token the service refuses', () => {
  it('says in the pane how to log in again', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'devices', loggedOut: true });
    await app.waitFor('none was given');
    app.client.setToken('not-a-token-the-service-knows');
    await app.press('r');
    await app.waitFor('press L to log in again');
    expect(app.frame()).toContain('✗ device associations: not authorized (Not authorized.)');
  });
});
