// The Earnings pane (7) on the whole app against the simulator: its states at 80x24 and
// 120x40 in both eras (the seed era's service lacks points, reliability and ranks: the
// pane says so and shows the rest), scrolling to the reliability window, a payout shown
// whole, the leaderboard (b) with this network marked, the visibility question (v), and
// payouts in the event log.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import type { AccountPayments } from '../../src/contract/schemas.ts';
import { pointsByPayment } from '../../src/format/payments.ts';
import { paymentRows } from '../../src/store/earnings.ts';
import { startStores } from '../../src/store/index.ts';
import { paymentDetailLines } from '../../src/ui/panes/earnings/earnings-view.ts';
import { padCells, truncate } from '../../src/ui/text.ts';
import { lateClient, neverClient, withOverrides } from './fakes.ts';
import { footerOf, type Rendered, type RenderOptions, renderApp, TEST_REFRESH_MS, tick } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const SIZES = [
  [80, 24],
  [120, 40],
] as const;

async function open(cols: number, rows: number, options: RenderOptions = {}): Promise<Rendered> {
  app = await renderApp({ cols, rows, pane: 'earnings', ...options });
  return app;
}

/** The demo network's leaderboard rank as the simulator has it. */
const rankOf = ({ sim }: Rendered) =>
  sim.engine.handle('networkRanking', undefined, {
    networkId: sim.engine.demoNetwork.id,
    networkName: sim.engine.demoNetwork.name,
  }).network_ranking!.leaderboard_rank!;

describe.each(SIZES)('Earnings at %ix%i', (cols, rows) => {
  it('data: the summary, payouts by week, the payouts with their states; PgDn scrolls to the reliability window', async () => {
    const { waitFor, frame, press } = await open(cols, rows);
    await waitFor('Transfer');
    expect(frame()).toMatch(/Transfer {5}paid [\d.]+ TiB · unpaid [\d.]+ (G|T)iB/);
    expect(frame()).toMatch(/Points {7}[\d,.]+ in all · [\d,.]+ from the newest payout/);
    // From 110 columns each payout says the points it brought (the newest payout's, as the summary says).
    const newest = /([\d,.]+) from the newest payout/.exec(frame())![1];
    if (cols >= 110)
      expect(frame()).toMatch(
        new RegExp(`› 20\\d\\d-\\d\\d-\\d\\d 10:00 .* TiB +${newest.replaceAll('.', '\\.')}  SOL`),
      );
    // The manual clock starts on Thursday 2026-01-01 00:00 UTC.
    expect(frame()).toContain('Next payout  2026-01-04 10:00 UTC (Sunday) · in 3 days and 10 hours');
    expect(frame()).toMatch(/Last payout {2}[\d.]+ USD · completed 2025-12-21 \d\d:\d\d UTC/);
    expect(frame()).toMatch(/Referral {5}code [A-Z0-9]{6} · 3 referred/);
    expect(frame()).toMatch(
      new RegExp(`Rank {9}#${rankOf(app!)} · [\\d.]+ TiB paid in the last 4 payouts · private`),
    );
    expect(frame()).toContain('Payouts by week (USD)');
    expect(frame()).toContain('7 Earn');
    expect(frame()).toMatchSnapshot();
    // G goes to the bottom of the pane, as far as PgDn goes.
    await press('G');
    const bottom = frame();
    await press('pgdn');
    expect(frame()).toBe(bottom);
    expect(frame()).toContain('clients valid per 15 minutes');
    if (rows >= 40)
      expect(frame()).toMatch(
        /Reliability · mean weight [\d.]+ · up to \d+ clients valid · 1,439 buckets of 15 m/,
      );
    expect(frame()).toContain('Country multipliers');
    // The cursor went to the last payout, oldest first.
    expect(app!.stores.earnings.getState().selectedPayment).toBe(
      app!.stores.earnings.getState().data?.payments.account_payments?.at(-1)?.payment_id,
    );
    expect(frame()).toMatchSnapshot('scrolled to the bottom');
    await press('g');
    expect(frame()).toContain('Transfer');
    // enter shows a payout whole; esc goes back.
    await press('j', 'enter');
    await waitFor('esc back');
    expect(frame()).toMatch(/State {8}completed/);
    expect(frame()).toMatch(/Sent {9}[\d.]+ USDC \(the amount less the transfer fee\)/);
    expect(frame()).toMatch(new RegExp(`Transaction  \\w{${cols >= 100 ? 80 : 40},}`));
    expect(frame()).toMatch(/Points {7}[\d,.]+/);
    expect(frame()).toMatchSnapshot('a payout whole');
    await press('esc');
    expect(frame()).toMatch(/› (2025-)?12-21 10:00/);
  });

  it('the seed era: "this service has no …" for points, ranks and reliability; the rest shows', async () => {
    const { waitFor, frame, press } = await open(cols, rows, { sim: { era: 'seed' } });
    await waitFor('Transfer');
    expect(frame()).toContain('Points       this service has no points');
    expect(frame()).toContain('Rank         this service has no ranking');
    expect(frame()).toMatch(/› (2025-)?12-28 10:00 +[\d.]+ USD/);
    expect(frame()).toMatchSnapshot();
    await press(...Array.from({ length: 6 }, () => 'pgdn'));
    expect(frame()).toContain('this service has no reliability window');
    await press('b');
    expect(footerOf(frame())).toContain('this service has no leaderboard');
    await press('v');
    expect(footerOf(frame())).toContain('this service has no leaderboard visibility');
  });

  it('b opens the leaderboard (this network marked, private ones as such); v asks before it shows the network there; the rank says so within 5 minutes', async () => {
    const { waitFor, frame, press, clock, stores } = await open(cols, rows);
    await waitFor('private (v shows it)');
    await press('b');
    await waitFor('This network is #');
    const rank = rankOf(app!);
    expect(frame()).toContain(`This network is #${rank} (★)`);
    expect(frame()).toMatch(new RegExp(`› #${rank} +[\\d.]+ TiB +★ you +a private network`));
    expect(frame()).toMatch(/#\d+ +[\d.]+ TiB +a private network/);
    expect(frame()).toMatch(/#\d+ +[\d.]+ TiB +[a-z]+-[a-z-]+/);
    expect(frame()).toMatchSnapshot();
    await press('g');
    expect(frame()).toMatch(/› #1 /);
    await press('esc');
    expect(frame()).toContain('Transfer');
    await press('v');
    await waitFor('Make it public?');
    expect(frame()).toContain('may take up to 5 minutes');
    expect(frame()).toMatchSnapshot('the question');
    await press('y');
    await waitFor('enter or esc closes');
    expect(frame()).toContain('shows on the leaderboard now, by name');
    await press('esc');
    await waitFor('you made it public');
    expect(frame()).toContain('private (v shows it)');
    expect(frame()).toContain('you made it public less than a minute ago; ranks lag up to 5 min');
    // The leaderboard shows it at once.
    await press('b');
    await waitFor('This network is #');
    expect(frame()).toMatch(/★ you +demo/);
    await press('esc');
    // Past the service's 5 minutes the rank says it too (once: the clock's minutes are slow to run).
    if (cols !== 80) return;
    await clock.advance(3 * TEST_REFRESH_MS);
    await stores.earnings.getState().refresh();
    await waitFor('public (v hides it)');
    expect(frame()).not.toContain('you made it public');
  });
});

describe('Earnings pane states', () => {
  it('loading: the frame, nothing to show yet', async () => {
    const { frame } = await open(80, 24, { client: neverClient() });
    expect(frame()).toContain('loading…');
    expect(frame()).toMatchSnapshot();
  });

  it('empty: a network without payouts, rank or providers', async () => {
    const { client, attach } = lateClient();
    const { waitFor, frame, sim, stores } = await open(80, 24, { client, start: false });
    attach(createClient({ baseUrl: sim.url, token: sim.admin.token('new-net').token, retries: 0 }));
    void startStores(stores);
    await waitFor('Payouts (0)');
    expect(frame()).toContain('none yet: the payout task runs every Sunday at 10:00 UTC');
    expect(frame()).toContain('Rank         none: no payment in the last 4 payouts');
    expect(frame()).toContain('Last payout  none completed yet');
    expect(frame()).toMatchSnapshot();
  });

  it('error: the failure below the pane, and the last answer kept after a failed refresh', async () => {
    const { waitFor, frame, sim, stores } = await open(80, 24, { start: false });
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    void startStores(stores);
    await waitFor('No earnings yet.');
    expect(frame()).toMatch(/✗ HTTP 500/);
    expect(frame()).toMatchSnapshot();
    sim.admin.setFaults({});
    await stores.earnings.getState().refresh();
    await waitFor('Transfer');
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    await stores.earnings.getState().refresh();
    await waitFor('⚠ stale');
    expect(frame()).toContain('Transfer');
  });

  it('logs a payout planned while it watches', async () => {
    let extra: AccountPayments['account_payments'] = [];
    const { waitFor, frame, press, stores } = await open(120, 40, {
      wrapClient: (client) =>
        withOverrides(client, {
          accountPayments: async (options) => {
            const answer = await client.accountPayments(options);
            return { account_payments: [...(extra ?? []), ...(answer.account_payments ?? [])] };
          },
        }),
    });
    await waitFor('Transfer');
    extra = [
      {
        payment_id: '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01',
        wallet_id: '5a6b7c8d-9e01-4b9f-8d1e-1c2a4e8b9f00',
        wallet_address: 'AWNEkCrfNkyCJAsDALwtB8GwQLmUFWKtacq1S6K9DfMv',
        payout_nano_cents: 12_340_000_000,
        create_time: '2026-01-04T10:00:03Z',
        completed: false,
      },
    ];
    await stores.earnings.getState().refresh();
    await waitFor('a payout of 12.34 USD was planned');
    await press('!');
    await waitFor('Event log');
    expect(frame()).toContain(
      'a payout of 12.34 USD was planned to AWNEkCrfNkyCJAsDALwtB8GwQLmUFWKtacq1S6K9DfMv',
    );
  });
});

describe('Earnings at 67x19: the cursor is on a payout in view, or on none', () => {
  /** The payouts' lines in view, and those of them marked as under the cursor. */
  const payoutLines = (frame: string) =>
    frame.split('\n').filter((line) => /^(› | {2})\d\d-\d\d \d\d:\d\d /.test(line));

  it('g, G, PgUp, PgDn, ↑/↓ and a resize never leave the cursor off screen; enter with no payout in view says so', async () => {
    const { waitFor, frame, press, resize, stores } = await open(67, 19);
    await waitFor('Transfer');
    const e = () => stores.earnings.getState();
    const check = (after: string) => {
      const lines = payoutLines(frame());
      const marked = lines.filter((line) => line.startsWith('› '));
      // One payout in view is under the cursor, the one selected; none when none is in view.
      expect(marked, after).toHaveLength(lines.length ? 1 : 0);
      expect(e().cursorShown, after).toBe(lines.length > 0);
    };
    for (const key of [
      'g',
      'down',
      'down',
      'G',
      'pgup',
      'pgup',
      'up',
      'g',
      'pgdn',
      'pgdn',
      'pgdn',
      'G',
      'up',
    ]) {
      await press(key);
      check(key);
    }
    // A resize keeps the cursor on a payout in view.
    await resize(120, 40);
    await press('G', 'up', 'up', 'up');
    await resize(67, 19);
    await tick();
    check('resize');
    // With no payout in view (the top of the pane at 67x19), enter says so and opens nothing.
    await press('g');
    expect(payoutLines(frame())).toEqual([]);
    await press('enter');
    expect(footerOf(frame())).toBe('no payout in view: j/k bring the payouts back');
    expect(e().detailId).toBeUndefined();
  });
});

// Below 24 rows a payment whole is taller than the pane: its lines once overlapped (a row
// squeezed to nothing was drawn over by the next).
describe.each([
  [67, 19],
  [60, 15],
])('a payout whole at %ix%i', (cols, rows) => {
  it('draws each line whole on a row of its own, and ↓ scrolls to the last', async () => {
    const { waitFor, frame, press, stores } = await open(cols, rows);
    await waitFor('Transfer');
    // G goes past the payouts; ↑ brings the last one back under the cursor.
    await press('G', 'up', 'enter');
    await waitFor('esc back');
    const state = stores.earnings.getState();
    const id = state.detailId!;
    const payment = paymentRows(state.data).find((p) => p.payment_id === id)!;
    const expected = paymentDetailLines(payment, pointsByPayment(state.data?.points.data).get(id)).map(
      ([label, value]) => `${padCells(label, 13)}${truncate(value, cols - 13)}`,
    );
    const seen: string[] = [];
    for (let k = 0; k < 20; k++) {
      // Between the title and the footer.
      seen.push(...frame().split('\n').slice(3, -1));
      if (!frame().includes('↓ more')) break;
      await press('j');
    }
    const labels = expected.map((line) => line.slice(0, 13));
    for (const line of seen) {
      const at = labels.findIndex((label) => line.startsWith(label));
      if (at >= 0) expect(line).toBe(expected[at]);
    }
    for (const line of expected) expect(seen, line).toContain(line);
    expect(frame().split('\n')[2]).toBe(`Payment ${id}  ·  esc back`);
    expect(frame().split('\n').at(-2)).toBe('↑ more  (↑↓ PgUp PgDn)');
    // esc goes back to the payouts, the cursor where it was.
    await press('esc');
    expect(stores.earnings.getState().selectedPayment).toBe(id);
  });
});
