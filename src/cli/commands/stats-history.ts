// What My providers shows with `t`, for scripts: `netdeck stats providers --last 7d` (the
// network's providers summed by UTC day, /stats/providers-overview-last-n) and
// `netdeck stats provider CLIENT_ID --last 30d` (one provider's days, its uptime hour by
// hour and the clients it served, /stats/provider-last-n).

import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { formatCount, formatDecimal, formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import {
  type DailyFigures,
  HISTORY_WINDOWS,
  type HistoryWindow,
  networkHistory,
  providerHistory,
  windowHours,
} from '../../store/history.ts';
import type { CliContext } from '../context.ts';
import {
  addConnectionOptions,
  addCsvOption,
  addJsonOption,
  type CommonOptions,
  optionsOf,
  orUsage,
  uuidOf,
} from '../options.ts';
import { renderPairs, renderTable } from '../output/table.ts';
import type { Output } from '../output/writer.ts';
import { runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

const WINDOW_IDS = HISTORY_WINDOWS.map((w) => w.id);

/** `--last 24h|7d|30d`. */
export function windowArg(value: string): HistoryWindow {
  const window = WINDOW_IDS.find((id) => id === value.trim().toLowerCase());
  if (!window) throw new InvalidArgumentError(`expected one of ${WINDOW_IDS.join(', ')}`);
  return window;
}

export const LAST_OPTION = ['--last <window>', `the window: ${WINDOW_IDS.join(', ')}`] as const;

/** One row per UTC day, oldest first, with the figures' units in the headers. */
function dayTable(out: Output, figures: DailyFigures & { uptime: number[] }, uptimeHeader: string): string[] {
  return renderTable(
    [
      { header: 'DAY' },
      { header: uptimeHeader, align: 'right' },
      { header: 'TRANSFER GiB', align: 'right' },
      { header: 'PAYOUT USDC', align: 'right' },
      { header: 'SEARCHES', align: 'right' },
      { header: 'CONTRACTS', align: 'right' },
      { header: 'CLIENTS', align: 'right' },
    ],
    figures.days.map((day, i) => [
      sanitize(day),
      formatDecimal(figures.uptime[i], 1),
      formatDecimal(figures.transfer[i], 2),
      formatDecimal(figures.payout[i], 4),
      formatCount(figures.searchInterest[i]),
      formatCount(figures.contracts[i]),
      formatCount(figures.clients[i]),
    ]),
    out.style,
  );
}

/** `stats providers --last 7d|30d`: the network's days. */
export async function printProvidersHistory(
  context: CliContext,
  options: CommonOptions,
  window: HistoryWindow,
): Promise<void> {
  await runWithClient(context, options, async ({ client, out }) => {
    const answer = await client.providersOverviewLastN({ last_n: windowHours(window) });
    if (out.json) return out.printJson(answer);
    const history = networkHistory(answer, window);
    if (!history.days.length)
      return out.line(`No figures in the ${HISTORY_WINDOWS.find((w) => w.id === window)!.label}.`);
    out.lines(dayTable(out, history, 'UPTIME h/PROVIDER'));
    out.line();
    out.lines(renderPairs([['as of', formatTimestamp(answer.created_time)]], out.style));
  });
}

export function registerProviderHistory(stats: Command, context: CliContext): void {
  const provider = stats
    .command('provider')
    .description(
      "one provider's days over the last 24 hours, 7 or 30 days, its uptime by the hour, its clients",
    )
    .argument('<client_id>', 'the provider (a client id of your network)')
    .option(LAST_OPTION[0], `${LAST_OPTION[1]} (default 24h)`, windowArg);
  addJsonOption(provider);
  addCsvOption(provider);
  addConnectionOptions(provider);
  provider.addHelpText(
    'after',
    examples([
      ['netdeck stats provider 0b6b…e3 --last 30d', 'its days, hours up each day and the clients it served'],
      ["netdeck stats provider 0b6b…e3 --last 7d --json | jq '.uptime'", 'minutes up per hour'],
    ]),
  );
  provider.action(async (clientArg: string, _flags, cmd: Command) => {
    const options = optionsOf<CommonOptions & { last?: HistoryWindow }>(cmd);
    const clientId = orUsage(cmd, () => uuidOf(clientArg, 'client id'));
    const window = options.last ?? '24h';
    await runWithClient(context, options, async ({ client, out }) => {
      const answer = await client.providerLastN({ client_id: clientId, last_n: windowHours(window) });
      if (out.json) return out.printJson(answer);
      const history = providerHistory(answer, window, clientId, Date.now());
      const hoursUp = history.hourly.minutes.filter((m) => m > 0).length;
      out.lines(dayTable(out, history, 'UPTIME h'));
      out.line();
      out.lines(
        renderPairs(
          [
            ['hours with uptime', `${hoursUp} of ${history.hourly.minutes.length}`],
            ['as of', formatTimestamp(answer.created_time)],
          ],
          out.style,
        ),
      );
      out.line();
      out.lines(
        history.servedClients.length
          ? renderTable(
              [{ header: 'CLIENT SERVED' }, { header: 'TRANSFER GiB', align: 'right' }],
              history.servedClients.map((c) => [sanitize(c.clientId), formatDecimal(c.transfer, 2)]),
              out.style,
            )
          : ['No clients served in the window.'],
      );
    });
  });
}
