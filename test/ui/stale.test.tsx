// The stale view of My providers and Devices (issue 26, group 3): O shows only the clients
// with no open connection that nobody has seen for the period, with when each was last
// seen; space marks; X removes the marked ones (or all shown) after one question listing
// them; P sets the period. At 80x24 and 120x40.
import { afterEach, describe, expect, it } from 'vitest';
import { selectedIndex } from '../../src/store/my-providers.ts';
import { footerOf, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** Rows of the My providers table (a state mark, then an 8-character id). */
const rows = (frame: string) => frame.split('\n').filter((line) => /^[●○✓] [0-9a-f]{8} /.test(line));

/** The app on `pane` with its stale view on and the stale clients known. */
async function staleView(pane: 'myProviders' | 'devices', cols = 120, size = 40) {
  app = await renderApp({ cols, rows: size, pane });
  await app.loaded();
  await app.press('O');
  await app.waitFor(() => app!.stores.stale.getState().staleIds !== undefined);
  await app.waitFor(pane === 'myProviders' ? 'LAST SEEN' : 'Stale for 7d');
  return app;
}

/** Client ids of the demo network's clients now (the simulator's own answer). */
const clientIds = async (a: Rendered) =>
  ((await a.client.networkClients()).clients ?? []).map((c) => c.client_id ?? '');

describe.each([
  [80, 24],
  [120, 40],
])('the stale view at %ix%i', (cols, size) => {
  it('My providers: only the stale providers, when each was last seen, the period and the keys', async () => {
    const a = await staleView('myProviders', cols, size);
    const stale = rows(a.frame());
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatch(/^○ [0-9a-f]{8} .* \d+ d( \d+ h)? ago/);
    expect(a.frame()).toMatch(/stale for 7d \(P\) · 1 of 10 providers · space marks · X removes/);
    expect(a.frame()).toMatchSnapshot();
  });

  it('Devices: the network’s own stale devices only, under the period', async () => {
    const a = await staleView('devices', cols, size);
    expect(a.frame()).toContain('Stale for 7d (1)');
    expect(a.frame()).not.toContain('Shared by this network');
    expect(a.frame()).toMatch(/○ seen \d+ d/);
    expect(a.frame()).toMatchSnapshot();
  });

  it('X: one question listing what goes, then what the service did; the rows are gone', async () => {
    const a = await staleView('myProviders', cols, size);
    const id = a.stores.myProviders.getState().only!.ids.values().next().value!;
    await a.press('X');
    await a.waitFor(/Remove it\?/);
    expect(a.frame()).toContain('This client goes: out of the lists and statistics');
    expect(a.frame()).toContain(cols >= 120 ? id : id.slice(0, 8));
    expect(footerOf(a.frame())).toMatch(/y\/enter yes, do it +n\/esc no/);
    expect(a.frame()).toMatchSnapshot();
    await a.press('y');
    await a.waitFor('✓ Removed 1 client.');
    await a.press('enter');
    await a.waitFor('No provider is stale for 7d');
    expect(await clientIds(a)).not.toContain(id);
  });
});

describe('the stale view, what the keys do', () => {
  it('space marks; X removes only the marked ones; O shows all again', async () => {
    const a = await staleView('myProviders');
    await a.press('P');
    await a.waitFor('Period: 7d');
    // A shorter period: the other old client is stale too.
    await a.press('backspace', 'backspace', '3', '0', 'm', 'enter');
    await a.waitFor(/stale for 30m \(P\) · \d+ of 10 providers/);
    await a.waitFor(() => rows(a.frame()).length >= 2);
    const shown = rows(a.frame());
    await a.press('g', 'space');
    await a.waitFor('1 marked');
    const marked = rows(a.frame()).filter((line) => line.startsWith('✓'));
    expect(marked).toHaveLength(1);
    // space marks and moves down: the cursor is on the next row.
    expect(selectedIndex(a.stores.myProviders.getState())).toBe(1);
    const markedId = marked[0].slice(2, 10);
    await a.press('X');
    await a.waitFor('Remove it?');
    expect(a.frame()).toContain(markedId);
    await a.press('y');
    await a.waitFor('✓ Removed 1 client.');
    await a.press('esc');
    await a.waitFor(() => rows(a.frame()).length === shown.length - 1);
    expect(a.frame()).not.toContain(markedId);
    expect((await clientIds(a)).some((id) => id.startsWith(markedId))).toBe(false);
    await a.press('O');
    await a.waitFor('/ filter · 9 providers');
    // The period is remembered for the next run.
    expect(a.stores.stale.getState().periodMs).toBe(30 * 60_000);
  });

  it('n keeps them all; a period that is not one says so and keeps the dialog; X outside the view says why', async () => {
    const a = await staleView('devices');
    await a.press('X');
    await a.waitFor('Remove it?');
    await a.press('n');
    await a.waitFor('Stale for 7d (1)');
    await a.press('P', 'backspace', 'backspace', 'x', 'enter');
    await a.waitFor('✗ a period is a whole number and a unit');
    expect(a.frame()).toMatchSnapshot();
    await a.press('esc');
    await a.press('O');
    await a.waitFor('Shared by this network');
    await a.press('X');
    expect(footerOf(a.frame())).toContain('X removes stale clients: O shows them first');
    await a.press('space');
    expect(footerOf(a.frame())).toContain('space marks clients in the stale view (O shows it)');
    expect((await clientIds(a)).length).toBe(10);
  });

  it('a period nobody is stale for says so, and how to change it', async () => {
    const a = await staleView('myProviders', 80, 24);
    await a.press('P');
    await a.press('backspace', 'backspace', '3', '6', '6', 'd', 'enter');
    await a.waitFor('No provider is stale for 366d');
    expect(a.frame()).toMatch(/P sets\s+another period, O shows them all/);
    await a.press('X');
    expect(footerOf(a.frame())).toContain('no client here is stale for 366d: nothing to remove');
  });
});
