// The header shows only what applies: the refresh time of what the pane shows (none for
// a search's matches or the Providers' batches, the history's own in a 7/30-day view),
// and one countdown at a time.
import { afterEach, describe, expect, it } from 'vitest';
import { formatClockTime } from '../../src/format/numbers.ts';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const header = () => app!.frame().split('\n')[0];

describe('header', () => {
  it('no refresh time over a search, nor in Providers; back with the browse list', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    expect(header()).toMatch(/updated 00:00:00 · next \d\d:\d\d:\d\d/);
    await app.press('/');
    await app.type('ber');
    await app.press('enter');
    await app.waitFor(/\d+ match/);
    expect(header()).not.toMatch(/updated|next/);
    expect(header()).toMatch(/● online$/);
    await app.press('esc');
    expect(header()).toMatch(/updated 00:00:00 · next \d\d:\d\d:\d\d/);
    await app.press('2');
    expect(header()).not.toMatch(/updated|next/);
  });

  it("My providers' 7-day view: the history's refresh, not the hidden table's", async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.waitFor('Σ total');
    await app.clock.advance(10_000);
    expect(header()).toContain(`next ${formatClockTime(TEST_REFRESH_MS)}`);
    await app.press('t');
    await app.waitFor('last 7 days');
    await app.waitFor(() => app!.stores.history.overview.getState().fetchedAt !== undefined);
    await app.waitFor(`updated 00:00:10 · next ${formatClockTime(10_000 + TEST_REFRESH_MS)}`);
  });

  it('while the connection retries, its countdown is the only one', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    app.sim.admin.setFaults({ error_rate: 1, status: 503 });
    await app.press('r');
    await app.waitFor(/retrying in \d+ s$/m);
    expect(header()).toMatch(/updated 00:00:00\s+● retrying in \d+ s$/);
    expect(header()).not.toContain('next');
    app.sim.admin.setFaults({});
    await app.press('r');
    await app.waitFor(/next \d\d:\d\d:\d\d +● online$/m);
  });
});
