// `netdeck earnings`: the network's earnings in one look: paid and unpaid transfer, its
// points, the next payout (Sundays 10:00 UTC) and the last one, the referral code and the
// rank. Where the service lacks a route (an older one: points, ranking), that line says so.
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { isMissingRoute, lacking } from '../../api/error-words.ts';
import type { AccountPayment } from '../../contract/schemas.ts';
import {
  formatBytes,
  formatCount,
  formatTimestamp,
  formatUsd,
  formatWaitInWords,
} from '../../format/numbers.ts';
import {
  lastPayout,
  nextPayout,
  paymentState,
  paymentUsd,
  pendingPayments,
  totalPoints,
} from '../../format/payments.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { commandClock } from '../long-running/long-running.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, summed } from '../output/data-table.ts';
import { serviceCommand } from './service-command.ts';

const MIB = 2 ** 20;

/** The answer, or undefined where the service has not got the route (a 404). */
export async function unlessMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (isMissingRoute(error)) return undefined;
    throw error;
  }
}

/**
 * What `earnings` prints with --json (and `netdeck mcp` answers): the service's answers by
 * name, `null` where it has not got the route (points and ranking, on an older service).
 */
export async function earningsAnswers(client: ApiClient) {
  const [payments, transfer, points, referral, ranking] = await Promise.all([
    client.accountPayments(),
    client.transferStats(),
    unlessMissing(client.accountPoints()),
    client.referralCode(),
    unlessMissing(client.networkRanking()),
  ]);
  return { payments, transfer, points: points ?? null, referral, ranking: ranking ?? null };
}

interface Summary {
  paid?: number;
  unpaid?: number;
  /** undefined: the service has no points. */
  points?: number;
  nextAt: number;
  now: number;
  last?: AccountPayment;
  pending: AccountPayment[];
  code?: string;
  referrals?: number;
  ranking?: { net_mib_count?: number; leaderboard_rank?: number; leaderboard_public?: boolean };
}

function summaryTable(summary: Summary): DataTable<Summary> {
  const { ranking } = summary;
  const rank = (s: Summary) => s.ranking?.leaderboard_rank;
  return {
    pairs: true,
    rows: [summary],
    fields: [
      summed(
        { header: 'Paid', name: 'paid_bytes', value: (s) => s.paid, show: (s) => formatBytes(s.paid) },
        formatBytes,
      ),
      summed(
        {
          header: 'Unpaid',
          name: 'unpaid_bytes',
          value: (s) => s.unpaid,
          show: (s) => `${formatBytes(s.unpaid)} (paid once a payout completes)`,
        },
        formatBytes,
      ),
      summed(
        {
          header: 'Points',
          name: 'points',
          value: (s) => s.points,
          show: (s) => (s.points === undefined ? lacking('points') : formatCount(s.points)),
        },
        formatCount,
      ),
      {
        header: 'Next payout',
        name: 'next_payout_at',
        value: (s) => isoTime(s.nextAt),
        show: (s) => `${formatTimestamp(s.nextAt)} (Sunday), in ${formatWaitInWords(s.nextAt - s.now)}`,
      },
      {
        header: 'Last payout',
        name: 'last_payout_usd',
        value: (s) => (s.last ? paymentUsd(s.last) : undefined),
        show: (s) =>
          s.last
            ? `${formatUsd(paymentUsd(s.last))}, completed ${formatTimestamp(s.last.complete_time)}`
            : 'none completed yet',
      },
      { name: 'last_payout_at', value: (s) => isoTime(s.last?.complete_time) },
      summed(
        {
          header: 'Pending',
          name: 'pending_payouts',
          value: (s) => s.pending.length,
          show: (s) =>
            s.pending.length
              ? s.pending.map((p) => `${formatUsd(paymentUsd(p))} ${paymentState(p)}`).join(', ')
              : 'none',
        },
        (n) => `${formatCount(n)} payout${n === 1 ? '' : 's'}`,
      ),
      {
        header: 'Referral',
        name: 'referral_code',
        value: (s) => s.code,
        show: (s) => `${sanitize(s.code)}, ${formatCount(s.referrals ?? 0)} referred`,
      },
      { name: 'referrals', value: (s) => s.referrals },
      {
        header: 'Rank',
        name: 'rank',
        value: rank,
        show: (s) =>
          !s.ranking
            ? lacking('ranking')
            : rank(s)
              ? `#${formatCount(rank(s))}, ${formatBytes((s.ranking.net_mib_count ?? 0) * MIB)} paid in the last 4 payouts, ${s.ranking.leaderboard_public ? 'public' : 'private'} (may lag 5 minutes)`
              : 'none: no payment in the last 4 payouts',
      },
      { name: 'net_mib', value: () => ranking?.net_mib_count },
      { name: 'rank_public', value: () => ranking?.leaderboard_public },
    ],
  };
}

export function registerEarnings(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'earnings',
    description:
      'the network’s earnings: paid and unpaid transfer, points, the next and the last payout, the referral code, the rank',
    csv: true,
    profiles: true,
    examples: [
      ['netdeck earnings', 'the summary'],
      ['netdeck earnings --profiles all', 'each profile’s summary, and what they have earned together'],
      ["netdeck earnings --json | jq '.transfer.unpaid_bytes_provided'", 'bytes not paid yet'],
      ['netdeck payments', 'every payout'],
    ],
    help: {
      after: `The payout task runs every Sunday at 10:00 UTC; a payment is planned then, submitted to
Circle minutes later and completed once Circle has sent it. --json prints the service's
answers by name (payments, transfer, points, referral, ranking; null where it has not got
the route).
`,
    },
    run: async ({ client, out, simulator }) => {
      const answers = await earningsAnswers(client);
      const { payments, transfer, points, referral, ranking } = answers;
      const now = commandClock({ client, simulator }).now();
      const rows = payments.account_payments ?? [];
      out.result(answers, () =>
        summaryTable({
          paid: transfer.paid_bytes_provided,
          unpaid: transfer.unpaid_bytes_provided,
          points: points ? totalPoints(points) : undefined,
          nextAt: nextPayout(rows, now),
          now,
          last: lastPayout(rows),
          pending: pendingPayments(rows),
          code: referral.referral_code,
          referrals: referral.total_referrals,
          ranking: ranking?.network_ranking,
        }),
      );
    },
  });
}
