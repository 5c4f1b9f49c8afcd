// `netdeck earnings`, `payments`, `reliability`, `leaderboard` and `ranking` against the
// simulator: --json prints what the service sent, the tables say it with units, and an
// older service (the seed era) without a route is exit 1 with "this service has no …".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { formatBytes } from '../../src/format/numbers.ts';
import { PAYMENT_STATES } from '../../src/format/payments.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
let seed: SimFixture;
let client: ApiClient;
beforeAll(async () => {
  fx = await startSimFixture();
  seed = await startSimFixture({ era: 'seed' });
  client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
});
afterAll(async () => {
  await client.close();
  await fx.close();
  await seed.close();
});

const json = async (argv: string[], env = fx.env) => {
  const result = await run([...argv, '--json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

describe('netdeck earnings', () => {
  it('--json prints the service’s answers by name', async () => {
    expect(await json(['earnings'])).toEqual(
      JSON.parse(
        JSON.stringify({
          payments: await client.accountPayments(),
          transfer: await client.transferStats(),
          points: await client.accountPoints(),
          referral: await client.referralCode(),
          ranking: await client.networkRanking(),
        }),
      ),
    );
  });

  it('says paid and unpaid transfer, points, the next and last payout, the referral code and the rank', async () => {
    // The next payout is counted from the service's clock (the simulator's here).
    const result = await run(['earnings'], { env: fx.env, deps: { clock: fx.clock } });
    expect(result.code).toBe(0);
    const transfer = await client.transferStats();
    const lines = linesOf(result.stdout);
    expect(lines[0]).toBe(`Paid         ${formatBytes(transfer.paid_bytes_provided)}`);
    expect(lines[1]).toMatch(/^Unpaid {7}[\d.,]+ [KMGT]iB \(paid once a payout completes\)$/);
    expect(lines[2]).toMatch(/^Points {7}[\d,]+$/);
    // The manual clock starts on Thursday 2026-01-01 00:00 UTC.
    expect(lines[3]).toBe('Next payout  2026-01-04 10:00 UTC (Sunday), in 3 days and 10 hours');
    expect(lines[4]).toMatch(/^Last payout {2}[\d.]+ USD, completed 2025-12-2\d \d\d:\d\d UTC$/);
    expect(lines[5]).toMatch(/^Pending {6}[\d.]+ USD sent$/);
    expect(lines[6]).toMatch(/^Referral {5}[A-Z0-9]{6}, 3 referred$/);
    expect(lines[7]).toMatch(
      /^Rank {9}#\d+, [\d.,]+ [KMGT]iB paid in the last 4 payouts, private \(may lag 5 minutes\)$/,
    );
  });

  it('in the seed era says which parts the service has not got, and shows the rest', async () => {
    const result = await run(['earnings'], { env: seed.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Points       this service has no points');
    expect(result.stdout).toContain('Rank         this service has no ranking');
    expect(result.stdout).toMatch(/^Paid {9}[\d.,]+ [KMGT]iB$/m);
    const answer = await json(['earnings'], seed.env);
    expect(answer.points).toBeNull();
    expect(answer.ranking).toBeNull();
  });
});

describe('netdeck payments', () => {
  it('--json prints the response; the table has a row per payout, newest first, with its state', async () => {
    const answer = await client.accountPayments();
    expect(await json(['payments'])).toEqual(JSON.parse(JSON.stringify(answer)));
    const result = await run(['payments'], { env: fx.env });
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(
      /^PLANNED\s+AMOUNT\s+BYTES\s+POINTS\s+WALLET\s+STATE\s+COMPLETED\s+TRANSACTION$/,
    );
    const rows = answer.account_payments!;
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines[1]).toMatch(/^2025-12-28 10:00 UTC +[\d.]+ USD .* sent +\w{80,}$/);
    expect(lines[2]).toMatch(/ completed +2025-12-21 \d\d:\d\d UTC +\w{80,}$/);
    expect(lines.at(-1)).toBe(`${rows.length} payouts, 1 not completed yet`);
  });

  it('says the points each payout brought (from /account/points); an older service has none to say', async () => {
    const points = (await client.accountPoints()).network_points!;
    const first = (await client.accountPayments()).account_payments![0];
    const expected = points
      .filter((p) => p.account_payment_id === first.payment_id)
      .reduce((sum, p) => sum + p.point_value! / 1e6, 0);
    expect(expected).toBeGreaterThan(0);
    const result = await run(['payments'], { env: fx.env });
    expect(linesOf(result.stdout)[1]).toContain(
      ` ${expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} `,
    );
    const older = await run(['payments'], { env: seed.env });
    expect(older.code, older.stderr).toBe(0);
    expect(linesOf(older.stdout)[1]).toMatch(/ [KMGT]iB +– /);
  });
});

describe('--csv of the earnings commands', () => {
  const csv = async (argv: string[]) => {
    const result = await run([...argv, '--csv', '--quiet'], { env: fx.env });
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = linesOf(result.stdout).map((line) => line.split(','));
    return rows.map((row) => Object.fromEntries(header.map((name, k) => [name, row[k]])));
  };

  it('payments: USD, bytes and ISO times as the service sent them, the state in words', async () => {
    const answer = (await client.accountPayments()).account_payments!;
    const rows = await csv(['payments']);
    expect(rows).toHaveLength(answer.length);
    rows.forEach((row, k) => {
      expect(Number(row.amount_usd)).toBeCloseTo(answer[k].payout_nano_cents! / 1e9, 9);
      expect(Number(row.bytes)).toBe(answer[k].payout_byte_count);
      expect(Number(row.points)).toBeGreaterThanOrEqual(0);
      expect(row.planned_at).toBe(new Date(answer[k].create_time!).toISOString());
      expect(PAYMENT_STATES).toContain(row.state);
    });
  });

  it('earnings: one record; the rank and points as numbers', async () => {
    const [row] = await csv(['earnings']);
    expect(Number(row.rank)).toBe((await client.networkRanking()).network_ranking!.leaderboard_rank);
    expect(Number(row.unpaid_bytes)).toBe((await client.transferStats()).unpaid_bytes_provided);
    expect(row.rank_public).toMatch(/^(true|false)$/);
  });
});

describe('netdeck reliability', () => {
  it('--json prints the response; the table the mean, the newest buckets and the multipliers', async () => {
    const answer = await client.networkReliability();
    expect(await json(['reliability'])).toEqual(JSON.parse(JSON.stringify(answer)));
    const result = await run(['reliability', '--buckets', '3'], { env: fx.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(/^Mean weight +\d+\.\d{3}$/);
    expect(lines[1]).toMatch(/^Window +1,439 buckets of 15 minutes, \S+ \S+ UTC to 2025-12-31 23:45 UTC$/);
    expect(lines[3]).toMatch(/^BUCKET \(UTC\)\s+WEIGHT\s+CLIENTS VALID\s+CLIENTS$/);
    expect(lines.slice(4, 7).map((line) => line.slice(0, 16))).toEqual([
      '2025-12-31 23:00',
      '2025-12-31 23:15',
      '2025-12-31 23:30',
    ]);
    expect(lines).toContain('the last 3 of 1439 buckets (--all for every one)');
    expect(lines.at(-1)).toMatch(/^Country multipliers {2}\S.* ×\d\.\d\d/);
  });

  it('in the seed era: exit 1, this service has no reliability window', async () => {
    const result = await run(['reliability'], { env: seed.env });
    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('this service has no reliability window');
    expect(result.stdout).toBe('');
  });
});

describe('netdeck leaderboard and ranking', () => {
  it('lists the top networks, this one marked, private ones as such', async () => {
    const board = await client.leaderboard({});
    expect(await json(['leaderboard'])).toEqual(JSON.parse(JSON.stringify(board)));
    const result = await run(['leaderboard'], { env: fx.env });
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(/^RANK\s+NETWORK\s+PAID\s+YOU$/);
    const rank = (await client.networkRanking()).network_ranking!.leaderboard_rank!;
    expect(rank).toBeGreaterThan(0);
    expect(lines[rank]).toMatch(
      new RegExp(`^ *#${rank} +a private network +[\\d.,]+ [KMGT]iB +★ this network$`),
    );
    expect(lines.filter((line) => line.includes('★'))).toHaveLength(1);
    expect(lines.at(-1)).toBe(`this network is #${rank} (the rank may lag 5 minutes)`);
  });

  it('ranking --visible on shows the network by name on the leaderboard at once; --json the rank', async () => {
    const result = await run(['ranking', '--visible', 'on'], { env: fx.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('the rank may say so only in up to 5 minutes');
    expect(result.stdout).toMatch(/^Rank +#\d+$/m);
    const board = await client.leaderboard({});
    expect(board.earners?.some((e) => e.network_name === 'demo' && e.is_public)).toBe(true);
    expect(await json(['ranking'])).toEqual(JSON.parse(JSON.stringify(await client.networkRanking())));
    expect((await run(['ranking', '--visible', 'off'], { env: fx.env })).code).toBe(0);
    expect((await client.leaderboard({})).earners?.some((e) => e.network_name === 'demo')).toBe(false);
  });

  it('a bad --visible is a usage error; the seed era has neither: exit 1', async () => {
    const bad = await run(['ranking', '--visible', 'maybe'], { env: fx.env });
    expect(bad.code).toBe(ExitCode.usage);
    expect(bad.stderr).toContain('expects on or off');
    for (const [argv, thing] of [
      [['leaderboard'], 'leaderboard'],
      [['ranking'], 'ranking'],
      [['ranking', '--visible', 'on'], 'leaderboard visibility'],
    ] as const) {
      const result = await run([...argv], { env: seed.env });
      expect(result.code, argv.join(' ')).toBe(ExitCode.failure);
      expect(result.stderr).toContain(`this service has no ${thing}`);
    }
  });
});
