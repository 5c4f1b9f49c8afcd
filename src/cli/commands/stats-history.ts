// What My providers shows with `t`, for scripts: `netdeck stats providers --last 7d` (the
// network's providers summed by UTC day, /stats/providers-overview-last-n) and
// `netdeck stats provider CLIENT_ID --last 30d` (one provider's days, its uptime hour by
// hour and the clients it served, /stats/provider-last-n).

import { type Command, InvalidArgumentError, Option } from 'commander';
import { provideModeName } from '../../contract/schemas.ts';
import { formatCount, formatDecimal, formatTimestamp } from '../../format/numbers.ts';
import { clientsById } from '../../store/clients.ts';
import {
  type DailyFigures,
  HISTORY_WINDOWS,
  type HistoryWindow,
  networkHistory,
  providerHistory,
  windowHours,
} from '../../store/history.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, uuidOf } from '../options.ts';
import { type DataTable, type Field, numberField, textField } from '../output/data-table.ts';
import type { CommandSession } from '../run-command.ts';
import { type Loading, withNetworkClients } from './provider-names.ts';
import { serviceCommand } from './service-command.ts';

const WINDOW_IDS = HISTORY_WINDOWS.map((w) => w.id);

/** `--last 24h|7d|30d`. */
function windowArg(value: string): HistoryWindow {
  const window = WINDOW_IDS.find((id) => id === value.trim().toLowerCase());
  if (!window) throw new InvalidArgumentError(`expected one of ${WINDOW_IDS.join(', ')}`);
  return window;
}

/** `--last WINDOW`, its windows offered by the shells' completion (argChoices; windowArg checks them). */
export function lastOption(description: string): Option {
  const option = new Option('--last <window>', `the window ${description}`).argParser(windowArg);
  option.argChoices = WINDOW_IDS;
  return option;
}

/** A UTC day's figures, or (`stats provider`) a client the provider served and its transfer. */
interface HistoryRow {
  section: 'day' | 'served_client';
  day?: string;
  clientId?: string;
  uptime?: number;
  transfer: number;
  payout?: number;
  searches?: number;
  contracts?: number;
  clients?: number;
}

/** One row per UTC day, oldest first. */
const dayRows = (figures: DailyFigures & { uptime: number[] }): HistoryRow[] =>
  figures.days.map((day, i) => ({
    section: 'day',
    day,
    uptime: figures.uptime[i],
    transfer: figures.transfer[i],
    payout: figures.payout[i],
    searches: figures.searchInterest[i],
    contracts: figures.contracts[i],
    clients: figures.clients[i],
  }));

/** The columns of the days (and of the clients served), their units in the headers. */
function historyFields(uptime: { header: string; name: string }, served: boolean): Field<HistoryRow>[] {
  const days = served ? ['day'] : undefined;
  const decimal = (decimals: number) => (n: number) => formatDecimal(n, decimals);
  return [
    ...(served ? [{ name: 'section', value: (row: HistoryRow) => row.section }] : []),
    { ...textField('DAY', 'day', (row) => row.day), in: days },
    ...(served
      ? [
          {
            ...textField('CLIENT SERVED', 'client_id', (row: HistoryRow) => row.clientId),
            in: ['served_client'],
          },
        ]
      : []),
    { ...numberField(uptime.header, uptime.name, (row) => row.uptime, decimal(1)), in: days },
    numberField('TRANSFER GiB', 'transfer_gib', (row) => row.transfer, decimal(2)),
    { ...numberField('PAYOUT USD', 'payout_usd', (row) => row.payout, decimal(4)), in: days },
    { ...numberField('SEARCHES', 'searches', (row) => row.searches, formatCount), in: days },
    { ...numberField('CONTRACTS', 'contracts', (row) => row.contracts, formatCount), in: days },
    { ...numberField('CLIENTS', 'clients', (row) => row.clients, formatCount), in: days },
  ];
}

/** `stats providers --last 7d|30d`: the network's days. */
export async function printProvidersHistory(
  { client, out }: CommandSession,
  window: HistoryWindow,
): Promise<void> {
  const answer = await client.providersOverviewLastN({ last_n: windowHours(window) });
  out.result(answer, () => {
    const rows = dayRows(networkHistory(answer, window));
    return {
      fields: historyFields({ header: 'UP NOW h/PROVIDER', name: 'uptime_hours_per_provider' }, false),
      rows,
      empty: `No figures in the ${HISTORY_WINDOWS.find((w) => w.id === window)!.label}.`,
      after: rows.length ? [['as of', formatTimestamp(answer.created_time)]] : undefined,
    };
  });
}

/**
 * What `stats provider CLIENT_ID --last WINDOW` prints with --json (and `netdeck mcp`
 * answers): the service's answer, with the provider's device name and provide mode as My
 * providers shows them beside what the service sent.
 */
export async function providerHistoryResult(session: Loading, clientId: string, window: HistoryWindow) {
  const [days, clients] = await withNetworkClients(
    session,
    session.client.providerLastN({ client_id: clientId, last_n: windowHours(window) }),
  );
  const own = clientsById(clients).get(clientId);
  return {
    ...days,
    device_name: days.device_name ?? own?.device_name,
    provide_mode: days.provide_mode ?? own?.provide_mode,
  };
}

export function registerProviderHistory(stats: Command, context: CliContext): void {
  serviceCommand(stats, context, {
    name: 'provider',
    description:
      "one provider's days over the last 24 hours, 7 or 30 days, its uptime by the hour, its clients",
    args: [['<client_id>', 'the provider (a client id of your network)']],
    flags: (command) => command.addOption(lastOption('(default 24h)')),
    csv: true,
    examples: [
      ['netdeck stats provider 0b6b…e3 --last 30d', 'its days, hours up each day and the clients it served'],
      ["netdeck stats provider 0b6b…e3 --last 7d --json | jq '.uptime'", 'minutes up per hour'],
    ],
    check: (options: CommonOptions & { last?: HistoryWindow }, [clientArg]: [string]) => ({
      clientId: uuidOf(clientArg, 'client id'),
      window: options.last ?? '24h',
    }),
    run: async (session, { clientId, window }) => {
      const answer = await providerHistoryResult(session, clientId, window);
      session.out.result(answer, (): DataTable<HistoryRow> => {
        const history = providerHistory(answer, window, clientId, Date.now());
        const hoursUp = history.hourly.minutes.filter((m) => m > 0).length;
        return {
          fields: historyFields({ header: 'UP NOW h', name: 'uptime_hours' }, true),
          rows: [
            ...dayRows(history),
            ...history.servedClients.map(
              (c): HistoryRow => ({ section: 'served_client', clientId: c.clientId, transfer: c.transfer }),
            ),
          ],
          sections: {
            list: [{ id: 'day' }, { id: 'served_client', none: 'No clients served in the window.' }],
            of: (row) => row.section,
          },
          after: [
            ['device', typeof answer.device_name === 'string' ? answer.device_name : '-'],
            ['provide mode', provideModeName(answer.provide_mode as number | undefined)],
            ['hours with uptime', `${hoursUp} of ${history.hourly.minutes.length}`],
            ['as of', formatTimestamp(answer.created_time)],
          ],
        };
      });
    },
  });
}
