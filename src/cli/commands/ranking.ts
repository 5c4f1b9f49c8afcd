// `netdeck ranking`: this network's rank (MiB paid over the last 4 payouts) and whether it
// shows on the leaderboard; `--visible on|off` shows or hides it first. The service keeps
// ranks 5 minutes, so the rank may say a change only that late. An older service has not
// got it: exit 1, saying so.
import { type Command, InvalidArgumentError } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { orLacking } from '../../api/error-words.ts';
import type { NetworkRanking } from '../../contract/schemas.ts';
import { formatBytes, formatCount } from '../../format/numbers.ts';
import type { CliContext } from '../context.ts';
import type { CommonOptions } from '../options.ts';
import { type DataTable, flagField } from '../output/data-table.ts';
import { serviceCommand } from './service-command.ts';

type Ranking = NonNullable<NetworkRanking['network_ranking']>;

/** `on` or `off` (also yes/no, true/false). */
function onOff(value: string): boolean {
  const word = value.trim().toLowerCase();
  if (['on', 'yes', 'true'].includes(word)) return true;
  if (['off', 'no', 'false'].includes(word)) return false;
  throw new InvalidArgumentError('expects on or off.');
}

function rankingTable(ranking: Ranking): DataTable<Ranking> {
  return {
    pairs: true,
    rows: [ranking],
    fields: [
      {
        header: 'Rank',
        name: 'rank',
        value: (r) => r.leaderboard_rank,
        show: (r) =>
          r.leaderboard_rank
            ? `#${formatCount(r.leaderboard_rank)}`
            : 'none: no payment in the last 4 payouts',
      },
      {
        header: 'Paid',
        name: 'net_mib',
        value: (r) => r.net_mib_count,
        show: (r) => `${formatBytes((r.net_mib_count ?? 0) * 2 ** 20)} in the last 4 payouts`,
      },
      flagField(
        'On the leaderboard',
        'public',
        (r) => r.leaderboard_public,
        'by name (public)',
        'without a name (private)',
      ),
    ],
  };
}

/** What `ranking` prints with --json (and `netdeck mcp` answers); an older service has none. */
export const rankingAnswer = (client: ApiClient) => orLacking(client.networkRanking(), 'ranking');

export function registerRanking(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'ranking',
    description:
      'this network’s rank, and whether the leaderboard shows it by name (--visible on|off changes that)',
    flags: (command) =>
      command.option(
        '--visible <on|off>',
        'show this network by name on the leaderboard (on) or not (off) first',
        onOff,
      ),
    csv: true,
    examples: [
      ['netdeck ranking', 'the rank'],
      ['netdeck ranking --visible on', 'show this network by name on the leaderboard'],
    ],
    help: {
      after: `The service computes ranks at most every 5 minutes: after --visible the leaderboard shows
the change at once, the rank up to 5 minutes later.
`,
    },
    run: async ({ client, out }, options: CommonOptions & { visible?: boolean }) => {
      if (options.visible !== undefined) {
        await orLacking(
          client.setRankingVisibility({ is_public: options.visible }),
          'leaderboard visibility',
        );
        out.note(
          `this network is ${options.visible ? 'public' : 'private'} on the leaderboard now; the rank may say so only in up to 5 minutes`,
        );
      }
      const answer = await rankingAnswer(client);
      out.result(answer, () => rankingTable(answer.network_ranking ?? {}));
    },
  });
}
