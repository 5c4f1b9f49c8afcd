// My providers over 24 hours, 7 and 30 days (`t`): the network's overview and a
// provider's detail from the *-last-n routes, in both eras, at 80x24 and 120x40; loading
// and a failed refresh that keeps the last chart.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { withOverrides } from './fakes.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const SERIES = ['up now h', 'transfer GiB', 'payout', 'searches', 'contracts', 'clients'];
const widest = (frame: string) => Math.max(...frame.split('\n').map((line) => [...line].length));

describe('My providers history (t)', () => {
  for (const [cols, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`cycles 24 hours, 7 days, 30 days and back, in the list and the detail, at ${cols}x${rows}`, async () => {
      app = await renderApp({ cols, rows, pane: 'myProviders' });
      await app.waitFor('Σ total');
      await app.press('t');
      await app.waitFor(/My providers, last 7 days[\s\S]*UTC days/);
      for (const label of SERIES) expect(app.frame()).toContain(label);
      expect(app.frame()).toMatch(/TiB in all|GiB in all/);
      expect(widest(app.frame())).toBeLessThanOrEqual(cols);
      expect(app.stores.history.overview.getState().data?.days).toHaveLength(8);
      expect(app.frame()).toMatchSnapshot('network, 7 days');

      await app.press('t');
      await app.waitFor(() => app!.stores.history.overview.getState().data?.window === '30d');
      await app.waitFor('My providers, last 30 days');
      expect(app.stores.history.overview.getState().data?.days).toHaveLength(31);
      expect(app.frame()).toMatchSnapshot('network, 30 days');

      await app.press('enter');
      await app.waitFor(/clients served \(\d+\)/);
      expect(app.frame()).toContain('up now by the hour');
      expect(app.frame()).toMatch(/Provider [0-9a-f-]{8}/);
      expect(widest(app.frame())).toBeLessThanOrEqual(cols);
      const shown = app.stores.history.provider.getState().data;
      expect(shown?.clientId).toBe(app.stores.myProviders.getState().detailId);
      expect(shown?.hourly.minutes).toHaveLength(721);
      expect(app.frame()).toMatchSnapshot('provider, 30 days');

      await app.press('t');
      // At 80x24 the idle verdict's line leaves the events' heading below the fold.
      await app.waitFor('last 24 hours, one cell per 30 minutes');
      await app.press('t');
      // The 30 days stay on screen until the 7 days come in.
      await app.waitFor(() => app!.stores.history.provider.getState().data?.window === '7d');
      await app.waitFor(/clients served/);
      expect(app.stores.history.provider.getState().data?.window).toBe('7d');
      expect(app.frame()).toMatchSnapshot('provider, 7 days');

      await app.press('esc');
      await app.waitFor('My providers, last 7 days');
      await app.press('t', 't');
      await app.waitFor('Σ total');
    });
  }

  it('works against the seed era too', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'myProviders', sim: { era: 'seed' } });
    await app.waitFor('Σ total');
    await app.press('t');
    await app.waitFor(/UTC days/);
    for (const label of SERIES) expect(app.frame()).toContain(label);
  });

  it('says it is loading, and keeps the last chart when a refresh fails', async () => {
    let fail = false;
    app = await renderApp({
      cols: 120,
      rows: 40,
      pane: 'myProviders',
      wrapClient: (client: ApiClient) =>
        withOverrides(client, {
          providersOverviewLastN: async (...args: Parameters<ApiClient['providersOverviewLastN']>) => {
            if (fail)
              throw new ApiError('network', 'connection refused', { operation: 'providersOverviewLastN' });
            return client.providersOverviewLastN(...args);
          },
        }),
    });
    await app.waitFor('Σ total');
    await app.press('t');
    await app.waitFor(/UTC days/);
    const chart = app
      .frame()
      .split('\n')
      .find((line) => line.startsWith('transfer GiB'));
    fail = true;
    await app.press('t');
    await app.waitFor(/stale|✗|connection refused/);
    // The 7 days stay on screen while 30 cannot load.
    expect(app.frame()).toContain('loading last 30 days…');
    expect(
      app
        .frame()
        .split('\n')
        .find((line) => line.startsWith('transfer GiB')),
    ).toBe(chart);
  });
});

// Below 24 rows a provider's history is taller than the pane: its rows were once squeezed
// to nothing and drawn over (the hourly line, a series, the axis went missing).
describe.each([
  [67, 19],
  [60, 15],
])("a provider's history at %ix%i", (cols, rows) => {
  it('draws each line on a row of its own, and ↓ scrolls to the last client served', async () => {
    app = await renderApp({ cols, rows, pane: 'myProviders' });
    await app.waitFor('Σ total');
    await app.press('enter', 't');
    await app.waitFor(() => app!.stores.history.provider.getState().data?.window === '7d');
    await app.waitFor('up now by the hour');
    const served = app.stores.history.provider.getState().data?.servedClients ?? [];
    expect(served.length).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let k = 0; k < 40; k++) {
      // Between the title and the refresh status.
      seen.push(...app.frame().split('\n').slice(3, -2));
      if (!app.frame().includes('↓ more')) break;
      await app.press('j');
    }
    // Each row's label, as wide as the labels' column (22).
    const labels = [
      ...['up now by the hour', ...SERIES].map((label) => label.padEnd(22)),
      `clients served (${served.length})`,
    ];
    // Each once (a row seen again as the view scrolls is one row).
    const rowsSeen = [...new Set(seen)];
    for (const label of labels)
      expect(rowsSeen.filter((line) => line.startsWith(label)).length, label).toBe(1);
    // No row holds two lines run together.
    for (const line of seen)
      expect(labels.filter((label) => line.includes(label)).length, line).toBeLessThan(2);
    for (const client of served)
      expect(
        seen.some((line) => line.endsWith(client.clientId)),
        client.clientId,
      ).toBe(true);
  });
});
