// `netdeck clients`: the network's clients (GET /network/clients): device names and ids,
// client ids, provide mode, whether connected. `clients: null` means none.
import type { Command } from 'commander';
import type { NetworkClient } from '../../contract/schemas.ts';
import { provideModeName } from '../../contract/schemas.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import type { CliContext } from '../context.ts';
import { addConnectionOptions, addOutputOptions, type CommonOptions, optionsOf } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import type { Style } from '../output/style.ts';
import { runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

export function registerClients(program: Command, context: CliContext): void {
  const command = program
    .command('clients')
    .description('the network’s clients: device names, device ids, client ids, provide mode, connections');
  addOutputOptions(command, { csv: true });
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
      out.result(result, () => clientsTable(result.clients ?? [], out.style));
    });
  });
}

/** One row per client, by device name; CONNECTED is `connected` and `connected_since` in CSV. */
function clientsTable(clients: NetworkClient[], style: Style): DataTable<NetworkClient> {
  const since = (c: NetworkClient) => c.connections?.[0]?.connect_time;
  const connected = clients.filter((c) => c.connections?.length).length;
  return {
    fields: [
      textField('DEVICE', 'device', (c) => c.device_name, style.dim('(no name)')),
      textField('DEVICE ID', 'device_id', (c) => c.device_id, '-'),
      textField('CLIENT ID', 'client_id', (c) => c.client_id, '-'),
      {
        header: 'MODE',
        name: 'provide_mode',
        value: (c) => (c.provide_mode === undefined ? undefined : provideModeName(c.provide_mode)),
        show: (c) => (c.provide_mode === undefined ? '-' : provideModeName(c.provide_mode)),
      },
      {
        header: 'CONNECTED',
        name: 'connected',
        value: (c) => Boolean(c.connections?.length),
        show: (c) =>
          c.connections?.length ? style.good(`since ${formatTimestamp(since(c))}`) : style.dim('no'),
      },
      { name: 'connected_since', value: (c) => isoTime(since(c)) },
    ],
    rows: [...clients].sort(
      (a, b) =>
        (a.device_name ?? '').localeCompare(b.device_name ?? '') ||
        (a.client_id ?? '').localeCompare(b.client_id ?? ''),
    ),
    empty: 'This network has no clients.',
    after: clients.length
      ? [`${clients.length} client${clients.length === 1 ? '' : 's'}, ${connected} connected`]
      : undefined,
  };
}
