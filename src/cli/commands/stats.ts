// `netdeck stats providers` (the network's providers, last 24 h, or by day: --last) and
// `netdeck stats network` (network-wide, last 90 days).
import type { Command } from 'commander';
import {
  type NetworkSeriesField,
  type NetworkStats,
  type ProvidersStats,
  provideModeName,
} from '../../contract/schemas.ts';
import { presentSummaries, summaryField } from '../../format/network-fields.ts';
import { formatBytes, formatCount, formatDecimal, formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { HistoryWindow } from '../../store/history.ts';
import type { CliContext } from '../context.ts';
import {
  addConnectionOptions,
  addCsvOption,
  addJsonOption,
  type CommonOptions,
  integerArg,
  optionsOf,
} from '../options.ts';
import { renderPairs, renderTable } from '../output/table.ts';
import type { Output } from '../output/writer.ts';
import { runWithClient } from '../run-command.ts';
import { examples } from './help.ts';
import { LAST_OPTION, printProvidersHistory, registerProviderHistory, windowArg } from './stats-history.ts';

export function registerStats(program: Command, context: CliContext): void {
  const stats = program
    .command('stats')
    .description('statistics: your providers (24 h) or the whole network (90 days)');
  stats.addHelpText(
    'after',
    examples([
      ['netdeck stats providers', "your network's providers over the last 24 hours"],
      [
        'netdeck stats network --days 14',
        'network-wide figures (highest day of the last 3) and the last 14 days',
      ],
    ]),
  );

  const providers = stats
    .command('providers')
    .description(
      "the network's providers: uptime, transfer, payout and more over the last 24 hours (each), or 7 or 30 days (by day)",
    )
    .option(
      LAST_OPTION[0],
      `${LAST_OPTION[1]} (default 24h: one row per provider; 7d, 30d: one row per day)`,
      windowArg,
    );
  addJsonOption(providers);
  addCsvOption(providers);
  addConnectionOptions(providers);
  providers.addHelpText(
    'after',
    examples([
      ['netdeck stats providers', 'one row per provider, totals below'],
      ["netdeck stats providers --json | jq '[.providers[] | .payout_last_24h] | add'", 'payout of the day'],
      ['netdeck stats providers --last 30d', 'the whole network by UTC day over 30 days'],
    ]),
  );
  registerProviderHistory(stats, context);
  providers.action(async (_flags, cmd: Command) => {
    const options = optionsOf<CommonOptions & { last?: HistoryWindow }>(cmd);
    if (options.last && options.last !== '24h') return printProvidersHistory(context, options, options.last);
    await runWithClient(context, options, async ({ client, out }) => {
      const result = await client.providerStats();
      if (out.json) out.printJson(result);
      else printProviderStats(out, result);
    });
  });

  const network = stats
    .command('network')
    .description('network-wide statistics of the last 90 days (transfer in bytes, rates in bit/s)')
    .option('--days <n>', 'how many recent days to list (default 7)', integerArg({ min: 0, max: 90 }));
  addJsonOption(network);
  addCsvOption(network);
  addConnectionOptions(network);
  network.addHelpText(
    'after',
    examples([
      ['netdeck stats network', 'summary and the last 7 days'],
      ["netdeck stats network --json | jq '.providers_data'", 'providers online per day'],
    ]),
  );
  network.action(async (_flags, cmd: Command) => {
    const options = optionsOf<CommonOptions & { days?: number }>(cmd);
    await runWithClient(context, options, async ({ client, out }) => {
      const result = await client.networkStats();
      if (out.json) out.printJson(result);
      else printNetworkStats(out, result, options.days ?? 7);
    });
  });
}

function printProviderStats(out: Output, stats: ProvidersStats): void {
  const { style } = out;
  const providers = stats.providers ?? [];
  if (!providers.length) {
    out.line('The network has no providers.');
    return;
  }
  const sum = (pick: (p: (typeof providers)[number]) => number | undefined) =>
    providers.reduce((total, p) => total + (pick(p) ?? 0), 0);
  const connected = providers.filter((p) => p.connected).length;
  out.lines([
    ...renderTable(
      [
        { header: 'CLIENT ID' },
        { header: 'STATE' },
        { header: 'UPTIME h', align: 'right' },
        { header: 'TRANSFER GiB', align: 'right' },
        { header: 'PAYOUT USDC', align: 'right' },
        { header: 'SEARCHES', align: 'right' },
        { header: 'CONTRACTS', align: 'right' },
        { header: 'CLIENTS', align: 'right' },
        { header: 'MODE' },
      ],
      providers.map((p) => [
        sanitize(p.client_id),
        p.connected ? style.good('online') : style.bad('offline'),
        formatDecimal(p.uptime_last_24h, 1),
        formatDecimal(p.transfer_data_last_24h, 2),
        formatDecimal(p.payout_last_24h, 4),
        formatCount(p.search_interest_last_24h),
        formatCount(p.contracts_last_24h),
        formatCount(p.clients_last_24h),
        provideModeName(p.provide_mode),
      ]),
      style,
    ),
    '',
    ...renderPairs(
      [
        ['providers', `${providers.length} (${connected} online)`],
        [
          'transfer',
          `${formatDecimal(
            sum((p) => p.transfer_data_last_24h),
            2,
          )} GiB in 24 h`,
        ],
        [
          'payout',
          `${formatDecimal(
            sum((p) => p.payout_last_24h),
            4,
          )} USDC in 24 h`,
        ],
        ['as of', formatTimestamp(stats.created_time)],
      ],
      style,
    ),
  ]);
}

function printNetworkStats(out: Output, stats: NetworkStats, days: number): void {
  const { style } = out;
  // Units as the service computes them: bytes a day, MiB, Mibit/s (format/network-fields.ts);
  // a figure the service did not send is left out, not shown as 0.
  out.lines(
    renderPairs(
      [
        ...presentSummaries(stats).map((field): [string, string] => {
          const { long, format } = summaryField(field, stats);
          return [long, format(stats[field])];
        }),
        ['as of', `${formatTimestamp(stats.created_time)}, lookback ${stats.lookback ?? '-'} days`],
      ],
      style,
    ),
  );
  const dates = Object.keys(stats.providers_data ?? stats.all_transfer_data ?? {})
    .sort()
    .slice(-days)
    .reverse();
  if (!days || !dates.length) return;
  const series = DAY_TABLE.filter(([, field]) => stats[field] !== undefined);
  out.line();
  out.lines(
    renderTable(
      [{ header: 'DAY' }, ...series.map(([header]) => ({ header, align: 'right' as const }))],
      dates.map((day) => [
        sanitize(day),
        ...series.map(([, field]) => {
          const value = stats[field]?.[day];
          return value === undefined
            ? '-'
            : field === 'all_transfer_data'
              ? formatBytes(value)
              : formatCount(value);
        }),
      ]),
      style,
    ),
  );
}

/** The daily series `stats network` lists, by column. */
const DAY_TABLE: [string, NetworkSeriesField][] = [
  ['PROVIDERS', 'providers_data'],
  ['COUNTRIES', 'countries_data'],
  ['CITIES', 'cities_data'],
  ['NETWORKS', 'networks_data'],
  ['DEVICES', 'devices_data'],
  ['TRANSFER', 'all_transfer_data'],
];
