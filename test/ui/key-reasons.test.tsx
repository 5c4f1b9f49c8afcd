// Keys that cannot act say why in the footer (until the next key), instead of doing
// nothing or acting on something unseen.
import { afterEach, describe, expect, it } from 'vitest';
import { footerOf, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const footer = () => footerOf(app!.frame());

describe('keys that cannot act say why', () => {
  it('Discover: o during a search leaves the sort and says why; the next key puts the hints back', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('ber');
    await app.press('enter');
    await app.waitFor(/\d+ match/);
    await app.press('o');
    expect(app.stores.discovery.getState().sort).toBe('count');
    expect(footer()).toContain(
      'o sorts the list of places; a search shows the best match first (esc clears it)',
    );
    await app.press('right');
    expect(footer()).toContain('→ opens countries in the list of places');
    await app.press('j');
    expect(footer()).toContain('? help');
    await app.press('esc', 'o', 'o');
    expect(app.stores.discovery.getState().sort).toBe('name');
  });

  it('Discover: ← with no open country, c with nothing marked, < at the strictest distance', async () => {
    app = await renderApp({ sim: { era: 'seed' } });
    await app.waitFor('places with providers');
    await app.press('left');
    expect(footer()).toContain('← closes an open country: none open here');
    await app.press('c');
    expect(footer()).toContain('nothing marked to clear');
    await app.press('<', '<', '<');
    await app.waitFor(() => footer().includes('the match distance is at its strictest (0.0)'));
  });

  it('Providers: n with nothing chosen, d with no row, D and x with nothing to forget, + at the largest', async () => {
    app = await renderApp({ pane: 'providers' });
    await app.press('n');
    expect(footer()).toContain('nothing chosen yet: mark places in Discover');
    await app.press('d');
    expect(footer()).toContain('no provider here to mark: n fetches a batch');
    await app.press('D');
    expect(footer()).toContain('no used destinations to forget');
    await app.press('x');
    expect(footer()).toContain('nothing to reset: nothing chosen yet');
    await app.press('r');
    expect(footer()).toContain('nothing here reloads on its own');
    await app.press('+', '+', '+', '+', '+', '+', '+', '+');
    expect(app.stores.providers.getState().batchSize).toBe(1000);
    expect(footer()).toContain('batches are at their largest (1000)');
  });

  it('a key of the table that the pane does not take: / in Network', async () => {
    app = await renderApp({ pane: 'network' });
    await app.press('/');
    expect(footer()).toContain('/ (search or filter) does nothing in this pane');
  });

  it('Network: ↑/↓ on the one chart point to v', async () => {
    app = await renderApp({ pane: 'network' });
    await app.press('down');
    expect(footer()).toContain('↑/↓ pick a series in the list of every series (v)');
    await app.press('v', 'down');
    expect(footer()).toContain('? help');
  });

  it('My providers: o in the detail says the table is hidden', async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.loaded();
    await app.waitFor(/\d+ connected/);
    await app.press('enter');
    await app.waitFor('connection events');
    await app.press('o');
    expect(footer()).toContain(
      'o and I sort the 24-hour table, which is not shown here (esc goes back to it)',
    );
    await app.press('enter');
    expect(footer()).toContain('this provider is open already');
  });

  it('My providers: / in the detail or a history view leaves the hidden filter alone and says why', async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.loaded();
    await app.waitFor(/\d+ connected/);
    await app.press('enter');
    await app.waitFor('connection events');
    await app.press('/', 'x', 'y');
    expect(app.stores.session.getState().focus).toBeUndefined();
    expect(app.stores.myProviders.getState()).toMatchObject({
      view: { filter: '' },
      detailId: expect.any(String),
    });
    expect(app.frame()).toContain('connection events');
    await app.press('/');
    expect(footer()).toContain('/ filters the 24-hour table, which is not shown here (esc goes back to it)');
    await app.press('esc', 't');
    await app.press('/');
    expect(app.stores.session.getState().focus).toBeUndefined();
    expect(footer()).toContain(
      '/ filters the 24-hour table, which is not shown here (t to 24 hours shows it)',
    );
    await app.press('t', 't', '/');
    expect(app.stores.session.getState().focus).toBe('myProviders-filter');
  });
});
