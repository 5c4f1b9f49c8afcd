// A paste the terminal brackets (\e[200~ … \e[201~) is text for the box that has the keys:
// a code copied with its newline waits for enter, several lines stay in the field as one,
// and where no box takes it, none of its characters act as keys.
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

const paste = (text: string) => `\u001b[200~${text}\u001b[201~`;

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

describe('bracketed paste', () => {
  it('a pasted code ending with a newline fills the box and waits for enter', async () => {
    app = await renderApp({ pane: 'devices' });
    await app.waitFor(/Pending adoption \(0\)/);
    // The console asks the terminal to mark pastes.
    expect(app.stdout.modes).toContain('\u001b[?2004h');
    const { code } = app.sim.admin.codes().adopt_codes[0];
    await app.press('a');
    await app.waitFor('Add a code');
    await app.press(paste(`${code}\r\n`));
    await app.waitFor(`Code: ${code}`);
    await app.press('x'); // a key after the paste: the box had not submitted (nor closed)
    await app.waitFor(`Code: ${code}x`);
    expect(app.frame()).not.toContain('Adoption added');
    await app.press('backspace', 'enter');
    await app.waitFor('Adoption added');
  });

  it('several lines pasted into Feedback stay in its field', async () => {
    app = await renderApp({ pane: 'account' });
    await app.waitFor('Payout wallet');
    await app.press('f', 'shift-tab', 'shift-tab');
    await app.waitFor('›Other:');
    await app.press(paste('first line\nsecond line\n'));
    await app.waitFor('Other: first line second line');
    expect(app.frame()).toContain('›Other:');
    expect(app.frame()).not.toContain('›[ Send ]');
  });

  it('where no box has the keys a paste is no keys (a pasted q does not quit)', async () => {
    app = await renderApp({ pane: 'devices' });
    await app.waitFor(/Pending adoption \(0\)/);
    await app.press(paste('q2'));
    await app.waitFor('a paste goes into a text box');
    expect(app.stores.session.getState().activePane).toBe('devices');
    expect(app.stores.session.getState().quitting).toBe(false);
  });
});
