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
import { besideClientInfo } from '../../store/clients.ts';
import { fleetTotals } from '../../store/fleet-totals.ts';
import type { HistoryWindow } from '../../store/history.ts';
import { deviceNameOf } from '../../store/my-providers.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, integerArg } from '../options.ts';
import {
  type DataTable,
  flagField,
  type Line,
  numberField,
  summed,
  textField,
} from '../output/data-table.ts';
import type { Style } from '../output/style.ts';
import { examples } from './help.ts';
import { type Loading, withNetworkClients } from './provider-names.ts';
import { serviceCommand } from './service-command.ts';
import { lastOption, printProvidersHistory, registerProviderHistory } from './stats-history.ts';

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

  serviceCommand(stats, context, {
    name: 'providers',
    description:
      "the network's providers: uptime, transfer, payout and more over the last 24 hours (each), or 7 or 30 days (by day)",
    flags: (command) =>
      command.addOption(lastOption('(default 24h: one row per provider; 7d, 30d: one row per day)')),
    csv: true,
    profiles: true,
    examples: [
      ['netdeck stats providers', 'one row per provider, totals below'],
      [
        'netdeck stats providers --profiles all',
        'every profile’s providers, a section each, and their total',
      ],
      ["netdeck stats providers --json | jq '[.providers[] | .payout_last_24h] | add'", 'payout of the day'],
      ['netdeck stats providers --last 30d', 'the whole network by UTC day over 30 days'],
    ],
    run: async (session, options: CommonOptions & { last?: HistoryWindow }) => {
      if (options.last && options.last !== '24h') return printProvidersHistory(session, options.last);
      const result = await providerStatsResult(session);
      session.out.result(result, () => providerStatsTable(result, session.out.style));
    },
  });
  registerProviderHistory(stats, context);

  serviceCommand(stats, context, {
    name: 'network',
    description: 'network-wide statistics of the last 90 days (transfer in bytes, rates in bit/s)',
    flags: (command) =>
      command.option(
        '--days <n>',
        'how many recent days to list (default 7)',
        integerArg({ min: 0, max: 90 }),
      ),
    csv: true,
    examples: [
      ['netdeck stats network', 'summary and the last 7 days'],
      ["netdeck stats network --json | jq '.providers_data'", 'providers online per day'],
    ],
    run: async ({ client, out }, options: CommonOptions & { days?: number }) => {
      const result = await client.networkStats();
      out.result(result, () => networkStatsTable(result, options.days ?? 7));
    },
  });
}

/**
 * What `stats providers` prints with --json (and `netdeck mcp` answers): the service's
 * answer, with each provider's device name and provide mode as My providers shows them
 * beside what the service sent.
 */
export async function providerStatsResult(session: Loading): Promise<ProvidersStats> {
  const [answer, clients] = await withNetworkClients(session, session.client.providerStats());
  return besideClientInfo(answer, clients);
}

type ProviderFigures = NonNullable<ProvidersStats['providers']>[number];

/** One row per provider over the last 24 hours, in the service's units; totals after. */
function providerStatsTable(stats: ProvidersStats, style: Style): DataTable<ProviderFigures> {
  const providers = stats.providers ?? [];
  const totals = fleetTotals(stats);
  return {
    fields: [
      textField('CLIENT ID', 'client_id', (p) => p.client_id),
      textField('DEVICE', 'device_name', deviceNameOf),
      summed(
        flagField('STATE', 'connected', (p) => p.connected, style.good('online'), style.bad('offline')),
        (n) => `${formatCount(n)} online`,
      ),
      numberField('UP NOW h', 'uptime_hours', (p) => p.uptime_last_24h, 1),
      summed(
        numberField('TRANSFER GiB', 'transfer_gib', (p) => p.transfer_data_last_24h, 2),
        2,
      ),
      summed(
        numberField('PAYOUT USD', 'payout_usd', (p) => p.payout_last_24h, 4),
        4,
      ),
      summed(
        numberField('SEARCHES', 'searches', (p) => p.search_interest_last_24h, formatCount),
        formatCount,
      ),
      summed(
        numberField('CONTRACTS', 'contracts', (p) => p.contracts_last_24h, formatCount),
        formatCount,
      ),
      summed(
        numberField('CLIENTS', 'clients', (p) => p.clients_last_24h, formatCount),
        formatCount,
      ),
      {
        header: 'MODE',
        name: 'provide_mode',
        value: (p) => (p.provide_mode === undefined ? undefined : provideModeName(p.provide_mode)),
        show: (p) => provideModeName(p.provide_mode),
      },
    ],
    rows: providers,
    counted: 'PROVIDERS',
    empty: 'The network has no providers.',
    after: providers.length
      ? [
          ['providers', `${totals.providers} (${totals.connected} online)`],
          ['transfer', `${formatDecimal(totals.transferGib, 2)} GiB in 24 h`],
          ['payout', `${formatDecimal(totals.payoutUsd, 4)} USD in 24 h`],
          ['as of', formatTimestamp(stats.created_time)],
        ]
      : undefined,
  };
}

/**
 * The last `days` days, newest first, in the service's units (transfer in bytes), after
 * the summary figures (each the highest day of the last 3, not a total: format/network-fields.ts).
 * A figure the service did not send is left out, not shown as 0.
 */
function networkStatsTable(stats: NetworkStats, days: number): DataTable<string> {
  const dates = days
    ? Object.keys(stats.providers_data ?? stats.all_transfer_data ?? {})
        .sort()
        .slice(-days)
        .reverse()
    : [];
  const series = DAY_TABLE.filter(({ field }) => stats[field] !== undefined);
  return {
    fields: [
      textField('DAY', 'day', (day) => day),
      ...series.map(({ header, name, field, format }) =>
        numberField(header, name, (day: string) => stats[field]?.[day], format, '-'),
      ),
    ],
    rows: dates,
    before: [
      ...presentSummaries(stats).map((field): Line => {
        const { long, format } = summaryField(field, stats);
        return [long, format(stats[field])];
      }),
      ['as of', `${formatTimestamp(stats.created_time)}, lookback ${stats.lookback ?? '-'} days`],
    ],
  };
}

/** The daily series `stats network` lists, by column. */
const DAY_TABLE: {
  header: string;
  name: string;
  field: NetworkSeriesField;
  format: (n: number) => string;
}[] = [
  { header: 'PROVIDERS', name: 'providers', field: 'providers_data', format: formatCount },
  { header: 'COUNTRIES', name: 'countries', field: 'countries_data', format: formatCount },
  { header: 'CITIES', name: 'cities', field: 'cities_data', format: formatCount },
  { header: 'NETWORKS', name: 'networks', field: 'networks_data', format: formatCount },
  { header: 'DEVICES', name: 'devices', field: 'devices_data', format: formatCount },
  { header: 'TRANSFER', name: 'transfer_bytes', field: 'all_transfer_data', format: formatBytes },
];
