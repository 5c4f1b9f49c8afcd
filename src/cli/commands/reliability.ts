// `netdeck reliability`: the network's reliability window (15-minute buckets kept 15 days):
// its mean weight, and the weight and client counts of the last buckets (all with --all),
// then the country multipliers. An older service has not got it: exit 1, saying so.
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { orLacking } from '../../api/error-words.ts';
import type { ReliabilityWindow } from '../../contract/schemas.ts';
import { formatCount, formatDecimal, formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, integerArg } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, numberField } from '../output/data-table.ts';
import { serviceCommand } from './service-command.ts';

const DEFAULT_BUCKETS = 16;

interface Bucket {
  start: number;
  weight?: number;
  clients?: number;
  total?: number;
}

/** The window's buckets, oldest first (`min_bucket_number` on, one per array entry). */
export function bucketsOf(window: ReliabilityWindow): Bucket[] {
  const seconds = window.bucket_duration_seconds ?? 900;
  const first = window.min_bucket_number ?? 0;
  return (window.reliability_weights ?? []).map((weight, k) => ({
    start: (first + k) * seconds * 1000,
    weight,
    clients: window.client_counts?.[k],
    total: window.total_client_counts?.[k],
  }));
}

function reliabilityTable(window: ReliabilityWindow, count: number | undefined): DataTable<Bucket> {
  const buckets = bucketsOf(window);
  const shown = count === undefined ? buckets : buckets.slice(-count);
  const multipliers = (window.country_multipliers ?? []).map(
    (m) =>
      `${sanitize(m.country) || sanitize(m.country_code)} ×${formatDecimal(m.reliability_multiplier, 2)}`,
  );
  return {
    before: [
      ['Mean weight', formatDecimal(window.mean_reliability_weight, 3)],
      [
        'Window',
        buckets.length
          ? `${formatCount(buckets.length)} buckets of ${formatCount((window.bucket_duration_seconds ?? 900) / 60)} minutes, ${formatTimestamp(window.min_time_unix_milli)} to ${formatTimestamp(window.max_time_unix_milli)}`
          : 'no buckets yet',
      ],
      [
        'Most clients',
        `${formatCount(window.max_client_count)} valid, ${formatCount(window.max_total_client_count)} in all`,
      ],
    ],
    fields: [
      {
        header: 'BUCKET (UTC)',
        name: 'bucket_start',
        value: (b) => isoTime(b.start),
        show: (b) => formatTimestamp(b.start).replace(' UTC', ''),
      },
      numberField('WEIGHT', 'reliability_weight', (b) => b.weight, 3),
      numberField('CLIENTS VALID', 'client_count', (b) => b.clients, formatCount),
      numberField('CLIENTS', 'total_client_count', (b) => b.total, formatCount),
    ],
    rows: shown,
    empty: 'No reliability data yet: it comes once the network has providers online.',
    after: [
      ...(shown.length < buckets.length
        ? [`the last ${shown.length} of ${buckets.length} buckets (--all for every one)`]
        : []),
      ...(multipliers.length ? [['Country multipliers', multipliers.join(', ')] as [string, string]] : []),
    ],
  };
}

/** What `reliability` prints with --json (and `netdeck mcp` answers); an older service has none. */
export const reliabilityAnswer = (client: ApiClient) =>
  orLacking(client.networkReliability(), 'reliability window');

export function registerReliability(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'reliability',
    description:
      'the network’s reliability over the service’s window: 15-minute weights and client counts, the mean, the country multipliers',
    flags: (command) =>
      command
        .option(
          '--buckets <n>',
          `how many of the newest buckets to list (default ${DEFAULT_BUCKETS})`,
          integerArg({ min: 1 }),
        )
        .option('--all', 'list every bucket of the window (15 days)'),
    csv: true,
    examples: [
      ['netdeck reliability', 'the mean and the last 4 hours'],
      ['netdeck reliability --all --csv > reliability.csv', 'every bucket of the window'],
      ["netdeck reliability --json | jq '.reliability_window.mean_reliability_weight'", 'the mean weight'],
    ],
    help: {
      after: `A bucket's weight is about one per provider online and valid all of it, on an address of
its own (providers sharing one share it). The service recomputes the window every 30
minutes, so its newest buckets lag by half an hour or so.
`,
    },
    run: async ({ client, out }, options: CommonOptions & { buckets?: number; all?: boolean }) => {
      const answer = await reliabilityAnswer(client);
      out.result(answer, () =>
        reliabilityTable(
          answer.reliability_window ?? {},
          options.all ? undefined : (options.buckets ?? DEFAULT_BUCKETS),
        ),
      );
    },
  });
}
