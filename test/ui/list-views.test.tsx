// Filter and sort in every list (src/store/list-sort-filter.ts, src/ui/components/list-view.tsx):
// `/` filters, `o` sorts by the next column and `I` reverses, a click on a column's header
// sorts by it; the help's `/` searches the keys, the event log's filters and sorts it.
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The SGR report of a left press at 0-based `column`, `row`. */
const click = (column: number, row: number) => `\u001b[<0;${column + 1};${row + 1}M`;

/** The 0-based row and column where `text` first shows. */
function find(frame: string, text: string | RegExp): { row: number; column: number } {
  for (const [row, line] of frame.split('\n').entries()) {
    const column = typeof text === 'string' ? line.indexOf(text) : line.search(text);
    if (column >= 0) return { row, column };
  }
  throw new Error(`${String(text)} is not on the screen:\n${frame}`);
}

const lines = () => app!.frame().split('\n');

describe('filter and sort in every list', () => {
  it('Providers: o sorts by the next column, I reverses, a click on TIER sorts by it, / filters', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('p');
    await app.waitFor(() => app!.stores.providers.getState().seen.length >= 10);
    await app.press('2');
    await app.waitFor('CLIENT ID');
    await app.press('o');
    await app.waitFor('CLIENT ID▲');
    const ids = () =>
      lines()
        .map((l) => l.match(/^.{3}([0-9a-f]{8}-[0-9a-f-]{27})/)?.[1])
        .filter((id): id is string => id !== undefined);
    const ascending = ids();
    expect(ascending.length).toBeGreaterThan(5);
    expect(ascending).toEqual([...ascending].sort());
    await app.press('I');
    await app.waitFor('CLIENT ID▼');
    expect(ids()).toEqual([...ascending].reverse());
    const tier = find(app.frame(), /TIER/);
    await app.press(click(tier.column + 1, tier.row));
    await app.waitFor('TIER▲');
    expect(app.stores.providers.getState().view.sort).toEqual({ column: 'tier', descending: false });
    await app.press('/');
    await app.type(ascending[0].slice(0, 8));
    await app.press('enter');
    await app.waitFor(() => ids().length === 1);
    expect(ids()[0]).toBe(ascending[0]);
    await app.press('esc');
    await app.waitFor(() => ids().length === ascending.length);
  });

  it('Devices: / filters every section by name, o sorts them within their sections', async () => {
    app = await renderApp({ pane: 'devices' });
    await app.waitFor('Shared by this network');
    const name = app.stores.clients.getState().data?.clients?.find((c) => c.device_name)?.device_name;
    expect(name).toBeDefined();
    await app.press('/');
    await app.type(name!);
    await app.press('enter');
    await app.waitFor(() => lines().filter((l) => l.includes(name!)).length >= 1);
    expect(app.frame()).not.toContain('Shared by this network (3)');
    await app.press('esc', 'o');
    expect(app.stores.devices.getState().view).toEqual({
      filter: '',
      sort: { column: 'name', descending: false },
    });
  });

  it('Account: / filters the wallets by chain', async () => {
    app = await renderApp({ pane: 'account' });
    await app.waitFor('Wallets (3)');
    await app.press('/');
    await app.type('tao');
    await app.press('enter');
    await app.waitFor(/Wallets \(1 of 3\)/);
    expect(app.frame()).toMatch(/ {2}TAO {6}5/);
    expect(app.frame()).not.toMatch(/ MATIC /);
  });

  it('My providers: a click on the device header sorts by name, again reverses', async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.waitFor('Σ total');
    const device = find(app.frame(), / DEVICE /);
    await app.press(click(device.column + 2, device.row));
    await app.waitFor('sort device name ▲');
    expect(app.frame()).toMatch(/ DEVICE▲ /);
    await app.press(click(device.column + 2, device.row));
    await app.waitFor('sort device name ▼');
  });

  it('the help: / finds the keys by their words, esc clears the search and then closes', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('?', '/');
    await app.type('share');
    await app.waitFor('Keys matching “share”');
    expect(app.frame()).toMatch(/^ {2}s {2,}share a device/m);
    expect(app.frame()).not.toContain('send to Providers');
    await app.press('enter', 'esc');
    await app.waitFor(() => !app!.frame().includes('matching'));
    expect(app.stores.session.getState().overlay).toBe('help');
    await app.press('esc');
    expect(app.stores.session.getState().overlay).toBeUndefined();
  });

  it('the event log: / filters what happened, o sorts by severity', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    const time = new Date(app.clock.now()).toISOString();
    app.stores.events.record([
      { type: 'provider_disconnected', severity: 'warning', time, message: 'Alpha box went offline' },
      { type: 'provider_reconnected', severity: 'info', time, message: 'Beta box is back online' },
    ]);
    await app.press('!');
    await app.waitFor('Event log · newest first');
    expect(find(app.frame(), 'Beta box').row).toBeLessThan(find(app.frame(), 'Alpha box').row);
    await app.press('/');
    await app.type('alpha');
    await app.press('enter');
    await app.waitFor(/1 of \d+ match/);
    expect(app.frame()).not.toContain('Beta box');
    await app.press('esc', 'o');
    await app.waitFor('most severe first');
    expect(find(app.frame(), 'Alpha box').row).toBeLessThan(find(app.frame(), 'Beta box').row);
    await app.press('I');
    await app.waitFor('least severe first');
    expect(find(app.frame(), 'Beta box').row).toBeLessThan(find(app.frame(), 'Alpha box').row);
  });
});
