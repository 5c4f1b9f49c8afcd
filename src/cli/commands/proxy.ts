// `netdeck proxy`: the network's hosted proxies (issue 34). A proxy is a client the
// service made with `proxy_config`: traffic sent through its URLs leaves through
// URnetwork providers in the place it was made for. `proxy list` lists them (their place
// from the description netdeck wrote, both ids, when made, the URLs without the token),
// `proxy create` makes one (proxy-create.ts), `proxy remove` removes its client.
import type { Command } from 'commander';
import { isProxyClient } from '../../api/proxy-secrets.ts';
import type { NetworkClient } from '../../contract/schemas.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import { placeOfDescription } from '../../store/proxy-place.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, uuidOf } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import type { CommandSession } from '../run-command.ts';
import { registerProxyCreate } from './proxy-create.ts';
import { type SecretsOption, SHOW_SECRETS_HELP, secretsAsAsked } from './secrets.ts';
import { serviceCommand } from './service-command.ts';

const CLIENT_ID = '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47';

/** `none` for a URL the service sent empty (a plan without that proxy). */
const urlCell = (style: Style) => (url: string | undefined) => url || style.dim('none');

/** The proxies; their token a CSV column only with --show-secrets (a mask is no data). */
function proxiesTable(
  clients: NetworkClient[],
  style: Style,
  showSecrets: boolean,
): DataTable<NetworkClient> {
  const url = urlCell(style);
  return {
    fields: [
      textField(
        'PLACE',
        'place',
        (c) => placeOfDescription(c.device_name),
        style.dim('(not made by netdeck)'),
      ),
      textField('CLIENT ID', 'client_id', (c) => c.client_id),
      textField('PROXY ID', 'proxy_id', (c) => c.proxy_client?.proxy_id),
      {
        header: 'CREATED',
        name: 'create_time',
        value: (c) => isoTime(c.proxy_client?.create_time ?? c.create_time),
        show: (c) => formatTimestamp(c.proxy_client?.create_time ?? c.create_time),
      },
      {
        header: 'HTTP',
        name: 'http_proxy_url',
        value: (c) => c.proxy_client?.http_proxy_url,
        show: (c) => url(c.proxy_client?.http_proxy_url),
      },
      {
        header: 'SOCKS',
        name: 'socks_proxy_url',
        value: (c) => c.proxy_client?.socks_proxy_url,
        show: (c) => url(c.proxy_client?.socks_proxy_url),
      },
      { name: 'https_proxy_url', value: (c) => c.proxy_client?.https_proxy_url },
      { name: 'auth_token', value: (c) => (showSecrets ? c.proxy_client?.auth_token : undefined) },
      {
        header: 'WIREGUARD',
        name: 'wireguard',
        value: (c) => Boolean(c.proxy_client?.wg_config),
        show: (c) => (c.proxy_client?.wg_config ? 'yes' : style.dim('no')),
      },
    ],
    rows: [...clients].sort((a, b) =>
      (a.proxy_client?.create_time ?? '').localeCompare(b.proxy_client?.create_time ?? ''),
    ),
    empty: 'This network has no hosted proxies. netdeck proxy create --country CC makes one.',
    after: clients.length ? [`${clients.length} prox${clients.length === 1 ? 'y' : 'ies'}`] : undefined,
  };
}

export function registerProxy(program: Command, context: CliContext): void {
  const proxy = serviceCommand(program, context, {
    name: 'proxy',
    description:
      "the network's hosted proxies: HTTP, SOCKS5 and WireGuard endpoints whose traffic leaves through providers in a chosen place",
    flags: (command) => command.option('--show-secrets', SHOW_SECRETS_HELP),
    csv: true,
    examples: [
      ['netdeck proxy', 'place, client and proxy ids, when made, URLs (the token masked)'],
      ['netdeck proxy create --country de', 'a proxy in Germany: prints URLs ready for curl -x'],
      [`netdeck proxy remove ${CLIENT_ID}`, 'its URLs stop working'],
      ['netdeck proxy list --csv', 'for a spreadsheet'],
    ],
    help: {
      after: `The service does not list a proxy's place: netdeck writes it into the client's
description when it makes the proxy. Against the simulator, traffic through a proxy leaves
from the simulator's machine, not from the place chosen.
`,
    },
    check: listCheck,
    run: (session, showSecrets) => listProxies(session, showSecrets),
  });
  serviceCommand(proxy, context, {
    name: 'list',
    description: 'list the hosted proxies (as netdeck proxy alone)',
    flags: (command) => command.option('--show-secrets', SHOW_SECRETS_HELP),
    csv: true,
    examples: [['netdeck proxy list --json', 'the service’s fields, tokens and private keys masked']],
    check: listCheck,
    run: (session, showSecrets) => listProxies(session, showSecrets),
  });
  registerProxyCreate(proxy, context);
  serviceCommand(proxy, context, {
    name: 'remove',
    description: 'remove a hosted proxy by its client id (netdeck proxy lists them): its URLs stop working',
    args: [['<client-id>', "the proxy's client id"]],
    examples: [[`netdeck proxy remove ${CLIENT_ID}`, 'removes the proxy and its client']],
    check: (_options, [id]: [string]) => uuidOf(id, 'client id'),
    run: async ({ client, out }, clientId) => {
      const listed = (await client.networkClients()).clients?.find((c) => c.client_id === clientId);
      if (listed && !isProxyClient(listed))
        throw new UsageError(
          `${clientId} is not a hosted proxy's client (${sanitize(listed.device_name) || 'no name'}): netdeck clients remove removes other clients`,
        );
      if (!listed) out.warn(`no proxy of this network has the client id ${clientId} (the service will say)`);
      const answer = await client.removeClient({ client_id: clientId });
      const place = placeOfDescription(listed?.device_name);
      out.outcome(
        answer,
        `removed the proxy${place ? ` in ${sanitize(place)}` : ''} (client ${clientId}): its URLs stop working`,
      );
      return ExitCode.ok;
    },
  });
}

const listCheck = (options: CommonOptions & SecretsOption) => options.showSecrets === true;

async function listProxies({ client, out }: CommandSession, showSecrets: boolean) {
  const answer = await client.networkClients();
  const shown = secretsAsAsked(out, { clients: (answer.clients ?? []).filter(isProxyClient) }, showSecrets);
  out.result(shown, () => proxiesTable(shown.clients ?? [], out.style, showSecrets));
}
