import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { NETWORK_SERIES_FIELDS } from '../../src/contract/schemas.ts';
import { formatClockTime } from '../../src/format/numbers.ts';
import { summaryCards } from '../../src/ui/panes/network/network-view.ts';
import { startFixture } from '../api/fixture.ts';

/** Today's service sends 7 daily series (no packet, extender or superspeed ones). */
const CURRENT_SERIES = 7;

import { answering, neverClient } from './fakes.ts';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

const silentClient = neverClient();

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

async function open(options: Parameters<typeof renderApp>[0] = {}) {
  app = await renderApp({ cols: 120, rows: 40, pane: 'network', ...options });
  return app;
}

const title = (frame: string) =>
  frame
    .match(/‹ (\d+)\/\d+ ([^›]+) ›/)
    ?.slice(1, 3)
    .join(' ');
const legend = (frame: string) => frame.match(/min .* · max .* · last .*\)/)?.[0];

describe('Network pane', () => {
  it('shows a card with its unit for every summary sent, and a 90-day chart with min, max, last and dates', async () => {
    const { frame, waitFor } = await open();
    await waitFor('computed');
    expect(frame()).toContain(
      'network statistics · computed 0 s ago · figures: highest day of the last 3 · series: last 90 days',
    );
    for (const label of ['transfer a day', 'average rate', 'providers', 'devices'])
      expect(frame()).toContain(label);
    // Bytes a day, MiB and Mibit/s from the service, with fitting binary prefixes.
    expect(frame()).toMatch(/\d (K|M|G)ibit\/s/);
    expect(frame()).toMatch(/\d+(\.\d+)? TiB/);
    // What today's service no longer sends is not shown as 0.
    for (const gone of ['packet', 'extender', 'superspeed']) expect(frame()).not.toContain(gone);
    expect(title(frame())).toBe('1 transfer per day');
    expect(frame()).toContain(`‹ 1/${CURRENT_SERIES} transfer per day ›`);
    expect(legend(frame())).toMatch(
      // The service leaves today out of the transfer series until something moved today.
      /^min [\d.,]+ (GiB|TiB) · max [\d.,]+ (GiB|TiB) · last [\d.,]+ (B|GiB|TiB) \(2025-12-31\)$/,
    );
    expect(frame()).toMatch(/ 2025-10-03 +2025-11-17 +2025-12-31/);
    expect(frame()).toMatchSnapshot();
  });

  it('shows the seed era’s figures too: packets, extenders, and its transfer rate in packets/s', async () => {
    const { frame, waitFor } = await open({ sim: { era: 'seed' } });
    await waitFor('computed');
    for (const label of ['packet rate', 'superspeed extenders', 'packets a day'])
      expect(frame()).toContain(label);
    expect(frame()).toMatch(/\d packets\/s/);
    expect(frame()).toContain(`‹ 1/${NETWORK_SERIES_FIELDS.length} transfer per day ›`);
    expect(frame()).toMatchSnapshot();
  });

  it('switches the series with right/left and ] / [, wrapping around the series sent', async () => {
    const { frame, waitFor, press } = await open();
    await waitFor('computed');
    await press('right');
    expect(title(frame())).toBe('2 providers online');
    await press(']');
    expect(title(frame())).toBe('3 countries with providers');
    expect(legend(frame())).toMatch(/^min [\d,]+ · max [\d,]+ · last [\d,]+ \(2026-01-01\)$/);
    await press('left', '[', '[');
    expect(title(frame())).toBe(`${CURRENT_SERIES} devices`);
  });

  it('shows every series as a sparkline in the compact view (v), choosing one with up/down and enter', async () => {
    const { frame, waitFor, press } = await open();
    await waitFor('computed');
    await press('v');
    expect(frame()).toContain('all series, last 90 days');
    const lines = frame()
      .split('\n')
      .filter((line) => /^[› ] \S/.test(line) && /[▁-█]{20}/.test(line));
    expect(lines).toHaveLength(CURRENT_SERIES);
    expect(frame()).toMatch(/› transfer per day/);
    expect(frame()).toMatchSnapshot();
    await press('down', 'down');
    expect(frame()).toMatch(/› countries with providers/);
    await press('enter');
    expect(title(frame())).toBe('3 countries with providers');
  });

  it('moves with the simulator: a refresh period on, the figures and the chart change; a second before, nothing is fetched', async () => {
    const { frame, waitFor, clock, stores, stdout } = await open();
    await waitFor('computed');
    const first = legend(frame());
    const frames = stdout.frames.length;
    await clock.advance(30_000);
    // The blob's age is told as of the answer: nothing on screen moves between refreshes.
    expect(frame()).toContain('computed 0 s ago');
    expect(stdout.frames.length).toBe(frames);
    await clock.advance(TEST_REFRESH_MS - 31_000);
    expect(stores.network.getState().version).toBe(1);
    expect(legend(frame())).toBe(first);
    expect(frame()).toContain(`next ${formatClockTime(TEST_REFRESH_MS)}`);
    await clock.advance(1_000);
    await waitFor(() => legend(frame()) !== first);
    expect(frame()).toContain('computed 0 s ago');
    expect(stores.network.getState().version).toBe(2);
  });

  it('shows a spinner while loading', async () => {
    const { frame, waitFor } = await open({ client: silentClient });
    await waitFor('loading…');
    expect(frame()).toMatchSnapshot();
  });

  it('shows no cards and says there are no series when the answer is empty', async () => {
    const { frame, waitFor } = await open({ client: answering('networkStats', { lookback: 90 }) });
    await waitFor('No daily series');
    expect(frame()).not.toContain('transfer a day');
    expect(frame()).toMatchSnapshot();
  });

  it('shows a known byte figure in the right unit: 1 TiB a day, 5 GiB summary, 8 Mibit/s', async () => {
    const data = {
      lookback: 90,
      created_time: Date.parse('2026-01-01T00:00:00Z'),
      all_transfer_data: { '2025-12-31': 2 ** 40, '2026-01-01': 2 ** 39 },
      all_transfer_summary: 5 * 1024,
      all_transfer_summary_rate: 8,
      providers_data: { '2025-12-31': 10, '2026-01-01': 12 },
      providers_summary: 12,
    };
    // Over a socket, from a server answering exactly these figures.
    const fixture = await startFixture((request) => ({
      body: request.path === '/stats/last-90' ? data : {},
    }));
    const { frame, waitFor } = await open({ client: createClient({ baseUrl: fixture.url, retries: 0 }) });
    await waitFor('computed');
    await fixture.close();
    expect(frame()).toMatch(/transfer a day +average rate +providers\n5 GiB +8 Mibit\/s +12\n/);
    // The day still running is not the minimum: it is today so far.
    expect(legend(frame())).toBe('min 1 TiB · max 1 TiB · last 512 GiB (2026-01-01, so far)');
  });

  it('shows the failure when the first load fails, and keeps stale data when a refresh fails', async () => {
    const failing = await open({ sim: { errorRate: 1 } });
    await failing.waitFor('retrying at 00:00:05');
    expect(failing.frame()).toContain('No network statistics yet.');
    expect(failing.frame()).toContain('✗ HTTP 500');
    expect(failing.frame()).toMatchSnapshot();
    await failing.unmount();

    const { frame, waitFor, clock, sim } = await open();
    await waitFor('computed');
    const first = legend(frame());
    sim.admin.setFaults({ error_rate: 1, status: 500, retry_after_s: 20 });
    await clock.advance(TEST_REFRESH_MS);
    await waitFor('stale');
    // When the data shown was fetched and when the next try comes, as clock times: nothing counts down.
    expect(frame()).toContain(
      `⚠ stale · data fetched at 00:00:00 · retrying at ${formatClockTime(TEST_REFRESH_MS + 20_000)} · HTTP 500`,
    );
    expect(legend(frame())).toBe(first);
    // The footer toasts one of the failures (which one comes first varies): the log has them all.
    expect(frame().split('\n').at(-1)).toContain('! event log');
    expect(frame().split('\n').slice(0, -1).join('\n')).toMatchSnapshot();
  });

  it('fits a 70-column terminal', async () => {
    const { frame, waitFor } = await open({ cols: 70, rows: 30 });
    await waitFor('computed');
    expect(
      frame()
        .split('\n')
        .every((line) => line.length <= 70),
    ).toBe(true);
    expect(frame()).toMatch(/10-03 +11-17 +12-31|2025-10-03/);
    expect(frame()).toMatchSnapshot();
  });

  it('on a 60x15 terminal the chart keeps its rows: fewer cards, no blank line', async () => {
    const { frame, waitFor } = await open({ cols: 60, rows: 15 });
    await waitFor('computed');
    const plotRows = frame()
      .split('\n')
      .filter((line) => /[┤│]/.test(line));
    expect(plotRows.length).toBeGreaterThanOrEqual(4);
    expect(frame()).toMatch(/0 B ┤/);
    for (const line of frame().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('on a short 70x20 terminal, cards on one line each cut their label, never their figure', async () => {
    const { frame, waitFor, client } = await open({ cols: 70, rows: 20 });
    await waitFor('computed');
    const data = await client.networkStats();
    for (const { value } of summaryCards(data)) expect(frame()).toContain(value);
  });
});
