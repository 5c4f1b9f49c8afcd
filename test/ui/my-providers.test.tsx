import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { formatAge, formatClockTime } from '../../src/format/numbers.ts';
import { findProvider } from '../../src/store/my-providers.ts';
import { dataTime } from '../../src/ui/panes/my-providers/data-time.ts';
import { detailFigures, eventLines } from '../../src/ui/panes/my-providers/provider-detail-lines.ts';
import { truncate } from '../../src/ui/text.ts';
import { neverClient } from './fakes.ts';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

const silentClient = neverClient();

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The provider rows of the table (a connection dot, then an 8-character id). */
const rows = (frame: string) => frame.split('\n').filter((line) => /^[●○] [0-9a-f]{8} /.test(line));
/** The GiB figure of a provider row: two decimals, followed by the payout's four. */
const gib = (line: string) =>
  Number(line.match(/ ([\d,]+\.\d{2}) +[\d,]+\.\d{4} /)?.[1].replace(/,/g, '') ?? Number.NaN);

async function open(options: Parameters<typeof renderApp>[0] = {}) {
  app = await renderApp({ cols: 120, rows: 40, pane: 'myProviders', ...options });
  return app;
}

describe('My providers pane', () => {
  it('shows every provider of the network with its figures, a timeline and a totals row', async () => {
    const { frame, waitFor } = await open();
    await waitFor('Σ total');
    expect(rows(frame())).toHaveLength(10);
    expect(frame()).toContain('/ filter · 10 providers · 7 connected · sort uptime ▼');
    expect(frame()).toMatch(
      /CLIENT +DEVICE +UP NOW▼ +LAST 24 H, 1 H A CELL +GiB +USD +SEARCH +CONTR +CLIENTS MODE/,
    );
    // Each provider by its device name, from GET /network/clients.
    const names = (app!.stores.clients.getState().data?.clients ?? []).map((c) => c.device_name ?? '');
    expect(names).toHaveLength(10);
    for (const line of rows(frame()))
      expect(names.some((name) => line.includes(name.slice(0, 10)))).toBe(true);
    expect(frame()).toContain(`next ${formatClockTime(TEST_REFRESH_MS)}`);
    // Today's /stats/providers has no provide_mode: /network/clients says public (3) or
    // nothing, and the column then says it is not known.
    const modes = rows(frame()).map((line) => line.trimEnd().split(/\s+/).at(-1));
    expect(modes.every((mode) => mode === 'public' || mode === 'unknown')).toBe(true);
    expect(modes).toContain('public');
    expect(frame()).toMatchSnapshot();
  });

  it('shows a spinner while the first answer is on its way', async () => {
    const { frame, waitFor } = await open({ client: silentClient });
    await waitFor('loading…');
    expect(rows(frame())).toHaveLength(0);
    expect(frame()).toMatchSnapshot();
  });

  it('says so when the network has no providers', async () => {
    const { frame, waitFor } = await open({ sim: { ownProviders: 0 } });
    await waitFor('No providers in this network yet');
    expect(rows(frame())).toHaveLength(0);
    expect(frame()).toMatchSnapshot();
  });

  it('shows the failure and when it retries when the first load fails', async () => {
    const { frame, waitFor } = await open({ sim: { errorRate: 1 } });
    await waitFor('retrying at 00:00:05');
    expect(frame()).toContain('✗ HTTP 500');
    expect(frame()).toMatchSnapshot();
  });

  it('keeps the last figures after a failed refresh, marked stale with when they were fetched, and recovers', async () => {
    const { frame, waitFor, clock, sim } = await open();
    await waitFor('Σ total');
    const before = rows(frame());
    sim.admin.setFaults({ error_rate: 1, status: 503 });
    await clock.advance(TEST_REFRESH_MS);
    await waitFor('stale');
    // As clock times: nothing on screen counts while the figures wait for the next try.
    expect(frame()).toContain(
      `⚠ stale · data fetched at 00:00:00 · retrying at ${formatClockTime(TEST_REFRESH_MS + 5_000)} · HTTP 503`,
    );
    // The header counts down to the connection's retry.
    expect(frame()).toContain('● retrying in 5 s');
    expect(rows(frame())).toEqual(before);
    // The footer toasts one of the failures (which one comes first varies): the log has them all.
    expect(frame().split('\n').at(-1)).toContain('! event log');
    expect(frame().split('\n').slice(0, -1).join('\n')).toMatchSnapshot();
    sim.admin.setFaults({});
    await clock.advance(5_000);
    await waitFor(`live, every ${formatAge(TEST_REFRESH_MS / 1000)}`);
    expect(frame()).not.toContain('stale');
  });

  it('fits a 70-column terminal: hourly timeline, no count columns', async () => {
    const { frame, waitFor } = await open({ cols: 70, rows: 30 });
    await waitFor('Σ total');
    expect(rows(frame())).toHaveLength(10);
    expect(
      frame()
        .split('\n')
        .every((line) => line.length <= 70),
    ).toBe(true);
    expect(frame()).not.toContain('clients');
    expect(frame()).toMatchSnapshot();
  });

  it('at 73x19 every device name shows whole: the timeline narrows first', async () => {
    const { frame, waitFor, stores } = await open({ cols: 73, rows: 19 });
    await waitFor('Σ total');
    const names = (stores.myProviders.getState().data?.providers ?? []).map((p) => String(p.device_name));
    const shown = rows(frame());
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown)
      expect(
        names.some((name) => line.includes(` ${name} `)),
        line,
      ).toBe(true);
    expect(frame()).toContain('24 H BY 2 H');
  });

  it('refreshes a refresh period later on the store clock, and not a second before', async () => {
    const { frame, waitFor, clock } = await open();
    await waitFor('Σ total');
    const first = rows(frame());
    await clock.advance(TEST_REFRESH_MS - 1_000);
    expect(rows(frame())).toEqual(first);
    expect(frame()).toContain(`next ${formatClockTime(TEST_REFRESH_MS)}`);
    await clock.advance(1_000);
    await waitFor(() => rows(frame()).join() !== first.join());
    expect(frame()).toContain(`next ${formatClockTime(2 * TEST_REFRESH_MS)}`);
  });

  it('cycles the sort column with o and reverses it with I', async () => {
    const { frame, waitFor, press } = await open();
    await waitFor('Σ total');
    await press('o');
    expect(frame()).toContain('sort transfer ▼');
    expect(frame()).toMatch(/ +▼GiB /);
    const down = rows(frame()).map(gib);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await press('I');
    expect(frame()).toContain('sort transfer ▲');
    const up = rows(frame()).map(gib);
    expect(up).toEqual([...down].reverse());
    await press('o', 'o', 'o', 'o', 'o');
    expect(frame()).toContain('sort provide mode ▲');
    expect(frame()).toMatch(/ MODE▲/);
    // Around to connected (its mark stands in the one-cell state column), then the names.
    await press('o');
    expect(frame()).toContain('sort connected ▼');
    expect(
      frame()
        .split('\n')
        .find((l) => l.includes('CLIENT')),
    ).toMatch(/^▼ CLIENT /);
    await press('o', 'o');
    expect(frame()).toContain('sort device name ▲');
    expect(frame()).toMatch(/ DEVICE▲ /);
    // In the detail the table is hidden: o and I leave its sort alone.
    const sorted = app!.stores.myProviders.getState().view;
    await press('enter');
    await waitFor('connection events');
    await press('o', 'I');
    expect(app!.stores.myProviders.getState().view).toEqual(sorted);
  });

  it('filters by provide mode (seed era) or client id with /, and esc clears the filter', async () => {
    const { frame, waitFor, press, type } = await open({ sim: { era: 'seed' } });
    await waitFor('Σ total');
    await press('/');
    await type('public');
    const matched = Number(frame().match(/^\/ public +· (\d+) of 10 match · 10 providers/m)?.[1]);
    const publicRows = rows(frame());
    expect(publicRows.length).toBeGreaterThan(0);
    expect(publicRows).toHaveLength(matched);
    expect(publicRows.every((line) => line.trimEnd().endsWith('public'))).toBe(true);
    await press('enter');
    expect(frame()).toContain(`/ public · ${publicRows.length} of 10 match (esc clears) · 10 providers`);
    const id = publicRows[0].slice(2, 10);
    // Keys typed in one chunk right after / land in the box.
    await press('esc', `/${id}`, 'enter');
    expect(rows(frame())).toHaveLength(1);
    expect(rows(frame())[0]).toContain(id);
    await press('esc');
    expect(rows(frame())).toHaveLength(10);
    await press('/');
    await type('zzz');
    expect(frame()).toContain('No provider matches “zzz”');
  });

  it('shows the 30-minute timeline at 140 columns', async () => {
    const { frame, waitFor } = await open({ cols: 140 });
    await waitFor('Σ total');
    expect(frame()).toMatch(/CLIENT +DEVICE +UP NOW▼ +LAST 24 H, 30 MIN A CELL +GiB/);
  });

  it('filters by device name too', async () => {
    const { frame, waitFor, press, type } = await open();
    await waitFor('Σ total');
    const name = app!.stores.clients.getState().data?.clients?.[0].device_name ?? '';
    await press('/');
    await type(name.toUpperCase());
    expect(rows(frame()).length).toBeGreaterThanOrEqual(1);
    expect(rows(frame()).every((line) => line.includes(name.slice(0, 10)))).toBe(true);
  });

  it('opens the detail of the provider under the cursor with enter and closes it with esc', async () => {
    const { frame, waitFor, press, stores } = await open();
    await waitFor('Σ total');
    await press('j', 'j');
    const id = stores.myProviders.getState().selectedId!;
    expect(rows(frame())[2]).toContain(id.slice(0, 8));
    await press('enter');
    expect(frame()).toContain(`Provider ${id}`);
    const name = stores.clients.getState().data?.clients?.find((c) => c.client_id === id)?.device_name ?? '';
    expect(frame()).toMatch(new RegExp(`device +${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(frame()).toMatch(/last 24 hours, one cell per 30 minutes/);
    expect(frame()).toContain('-24h');
    expect(frame()).toMatch(/connection events \(\d+\)/);
    expect(frame()).toMatchSnapshot();
    await press('esc');
    expect(frame()).toContain('Σ total');
    expect(stores.myProviders.getState().selectedId).toBe(id);
  });

  it('a provider that just disconnected: offline, up 0 h, on until then; its age moves on r, not by itself', async () => {
    const { frame, waitFor, press, stores, sim, clock, stdout } = await open();
    await waitFor('Σ total');
    const id =
      stores.myProviders.getState().selectedId ??
      stores.myProviders.getState().data?.providers?.[0].client_id;
    await clock.advance(20_000);
    // Between two ticks of the world, as `POST /__sim/providers` does it.
    sim.engine.setProviderConnected(id!, false);
    await press('r');
    await waitFor(() => stores.myProviders.getState().version === 2);
    stores.myProviders.getState().openDetail(id);
    await waitFor(`Provider ${id}`);
    expect(frame()).toMatch(/state +disconnected/);
    expect(frame()).toMatch(/up now +0\.00 h connected now/);
    expect(frame()).toMatch(/disconnected {2}0 s ago/);
    // On until it went: the day is not drawn all off.
    expect(frame()).toMatch(/█·*\n/);
    // The changed figures' highlight ends a few seconds on; then nothing moves until a refresh.
    await clock.advance(5_000);
    const frames = stdout.frames.length;
    await clock.advance(10_000);
    expect(stdout.frames.length).toBe(frames);
    expect(frame()).toMatch(/disconnected {2}0 s ago/);
    await press('r');
    await waitFor(/disconnected {2}15 s ago/);
  });

  it('without a token: what is missing and how to give it', async () => {
    app = await renderApp({ pane: 'myProviders', client: createClient({ baseUrl: 'http://127.0.0.1:9' }) });
    await app.waitFor('none was given');
    expect(app.frame()).toContain(
      "✗ Your providers' statistics need your network's token, and none was given.",
    );
    expect(app.frame()).toContain('NETDECK_TOKEN=<jwt>  or  NETDECK_TOKEN_FILE=<path>');
    expect(app.frame()).not.toContain('provider stats needs a token');
    expect(app.frame()).toContain('Press L to log in with an auth code');
  });
});

/**
 * Every line a view draws between its title (the pane's first row) and its status (the
 * last), frame by frame, scrolled with j from the top until nothing more is below.
 */
async function scrolledLines({ frame, press }: Rendered): Promise<string[][]> {
  const frames: string[][] = [];
  for (let k = 0; k < 40; k++) {
    frames.push(frame().split('\n').slice(3, -2));
    if (!frame().includes('↓ more')) break;
    await press('j');
  }
  return frames;
}

// Below 24 rows the detail is taller than the pane: its lines once overlapped (a row
// squeezed to nothing was drawn over by the next: "provide mode     publicted").
describe.each([
  [67, 19],
  [60, 15],
])('the provider detail at %ix%i', (cols, rows) => {
  it('draws each line whole on a row of its own, and ↓ scrolls to the events', async () => {
    const view = await open({ cols, rows });
    await view.waitFor('Σ total');
    await view.press('enter');
    const state = view.stores.myProviders.getState();
    const id = state.detailId!;
    const provider = findProvider(state, id)!;
    const figures = detailFigures(provider, (text) => text).map(
      ([label, value]) => `${label.padEnd(17)}${truncate(value, cols - 17)}`,
    );
    const events = eventLines(provider, dataTime(state));
    expect(events.length).toBeGreaterThan(0);
    const frames = await scrolledLines(view);
    const seen = frames.flat();
    // A row holds one line: a figure's row is that figure only, never two run together.
    const labels = figures.map((line) => line.slice(0, 17));
    for (const line of seen) {
      const figure = labels.findIndex((label) => line.startsWith(label));
      if (figure >= 0) expect(line).toBe(figures[figure]);
    }
    for (const line of [
      ...figures,
      'last 24 hours, one cell per 30 minutes',
      '-24h        -18h        -12h        -6h      now',
      `connection events (${events.length})`,
      ...events,
    ])
      expect(seen, line).toContain(line);
    expect(frames.at(-1)?.at(-1)).toBe('↑ more  (↑↓ PgUp PgDn)');
    // The title stays whole and on top, the refresh status at the bottom.
    expect(view.frame().split('\n')[2]).toBe(`Provider ${id}  ·  esc back`);
    expect(view.frame().split('\n').at(-2)).toMatch(/^live, every 2 min/);
    // g goes back to the top; esc to the table, whose cursor ↓ left alone.
    await view.press('g');
    expect(view.frame().split('\n').slice(3, 5)).toEqual(['', figures[0]]);
    await view.press('esc');
    expect(view.stores.myProviders.getState().selectedId).toBe(id);
  });
});
