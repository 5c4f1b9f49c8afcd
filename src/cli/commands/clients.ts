// `netdeck clients`: the network's clients (GET /network/clients): device names and ids,
// client ids, provide mode, whether connected. `clients: null` means none.
import type { Command } from 'commander';
import type { NetworkClient } from '../../contract/schemas.ts';
import { provideModeName } from '../../contract/schemas.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import {
  addConnectionOptions,
  addCsvOption,
  addJsonOption,
  type CommonOptions,
  optionsOf,
} from '../options.ts';
import { renderTable } from '../output/table.ts';
import type { Output } from '../output/writer.ts';
import { runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

export function registerClients(program: Command, context: CliContext): void {
  const command = program
    .command('clients')
    .description('the network’s clients: device names, device ids, client ids, provide mode, connections');
  addJsonOption(command);
  addCsvOption(command);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    examples([
      ['netdeck clients', 'one row per client'],
      ['netdeck devices set-name DEVICE_ID "attic router"', 'rename a device by the DEVICE ID shown here'],
      ["netdeck clients --json | jq -r '.clients[].device_name'", 'for scripts'],
    ]),
  );
  command.action(async (_flags, cmd: Command) => {
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.networkClients();
      if (out.json) out.printJson(result);
      else printClients(out, result.clients ?? []);
    });
  });
}

function printClients(out: Output, clients: NetworkClient[]): void {
  if (clients.length === 0) {
    out.line('This network has no clients.');
    return;
  }
  const { style } = out;
  const rows = [...clients]
    .sort(
      (a, b) =>
        (a.device_name ?? '').localeCompare(b.device_name ?? '') ||
        (a.client_id ?? '').localeCompare(b.client_id ?? ''),
    )
    .map((c) => {
      const since = c.connections?.[0]?.connect_time;
      return [
        sanitize(c.device_name) || style.dim('(no name)'),
        sanitize(c.device_id) || '-',
        sanitize(c.client_id) || '-',
        c.provide_mode === undefined ? '-' : provideModeName(c.provide_mode),
        c.connections?.length ? style.good(`since ${formatTimestamp(since)}`) : style.dim('no'),
      ];
    });
  out.lines(
    renderTable(
      [
        { header: 'DEVICE' },
        { header: 'DEVICE ID' },
        { header: 'CLIENT ID' },
        { header: 'MODE' },
        { header: 'CONNECTED' },
      ],
      rows,
      style,
    ),
  );
  const connected = clients.filter((c) => c.connections?.length).length;
  out.line();
  out.line(`${clients.length} client${clients.length === 1 ? '' : 's'}, ${connected} connected`);
}
