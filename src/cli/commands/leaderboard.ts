// `netdeck leaderboard`: the top 100 networks by MiB paid over the last 4 payouts, this
// network marked (the row of its rank); a network that is not public keeps its place
// without id and name. An older service has not got it: exit 1, saying so.
import type { Command } from 'commander';
import { orLacking } from '../../api/error-words.ts';
import type { Earner } from '../../contract/schemas.ts';
import { formatBytes, formatCount } from '../../format/numbers.ts';
import { ownRow } from '../../store/earnings.ts';
import type { CliContext } from '../context.ts';
import { type DataTable, flagField, numberField } from '../output/data-table.ts';
import type { Style } from '../output/style.ts';
import { unlessMissing } from './earnings.ts';
import { serviceCommand } from './service-command.ts';

type Row = Earner & { rank: number; own: boolean };

function leaderboardTable(rows: Row[], rank: number | undefined, style: Style): DataTable<Row> {
  return {
    fields: [
      numberField(
        'RANK',
        'rank',
        (r) => r.rank,
        (n) => `#${formatCount(n)}`,
      ),
      {
        header: 'NETWORK',
        name: 'network_name',
        value: (r) => r.network_name,
        show: (r) => (r.is_public ? r.network_name || '(no name)' : style.dim('a private network')),
      },
      { name: 'network_id', value: (r) => r.network_id },
      numberField(
        'PAID',
        'net_mib',
        (r) => r.net_mib_count,
        (n) => formatBytes(n * 2 ** 20),
      ),
      { name: 'is_public', value: (r) => r.is_public },
      flagField('YOU', 'own', (r) => r.own, style.good('★ this network')),
    ],
    rows,
    empty: 'No network was paid in the last 4 payouts.',
    after: [
      rank
        ? rows.some((r) => r.own)
          ? `this network is #${formatCount(rank)} (the rank may lag 5 minutes)`
          : `this network is #${formatCount(rank)}, below the top ${formatCount(rows.length)}`
        : 'this network has no rank: no payment in the last 4 payouts',
    ],
  };
}

export function registerLeaderboard(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'leaderboard',
    description: 'the top 100 networks by MiB paid over the last 4 payouts; this network marked',
    csv: true,
    examples: [
      ['netdeck leaderboard', 'one row per network'],
      ['netdeck ranking --visible on', 'show this network by name on it'],
    ],
    run: async ({ client, out }) => {
      const [board, ranking] = await Promise.all([
        orLacking(client.leaderboard({}), 'leaderboard'),
        unlessMissing(client.networkRanking()),
      ]);
      const rank = ranking?.network_ranking?.leaderboard_rank;
      const earners = board.earners ?? [];
      const own = ownRow(earners, rank);
      out.result(board, () =>
        leaderboardTable(
          earners.map((earner, k) => ({ ...earner, rank: k + 1, own: k === own })),
          rank,
          out.style,
        ),
      );
    },
  });
}
