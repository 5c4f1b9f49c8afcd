// `netdeck ip`: where the service places this machine's address (GET /my-ip-info, no
// token): the address, its country, region and city, and whether it is a client of
// URnetwork. `--via CLIENT_ID` asks through that hosted proxy instead, so it shows where
// the proxy's traffic leaves from; a proxy that does not answer ends in a time-out.
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.ts';
import { isProxyClient } from '../../api/proxy-secrets.ts';
import type { MyIpInfo } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import { checkProxy } from '../../store/proxy-answer.ts';
import { placeOfDescription } from '../../store/proxy-place.ts';
import type { CliContext } from '../context.ts';
import { clientFor } from '../open-client.ts';
import { type CommonOptions, uuidOf } from '../options.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { CommandSession } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

/** How long a proxy has to answer, connection and answer together. */
const VIA_TIMEOUT_MS = 15_000;

function ipTable(info: MyIpInfo): DataTable<MyIpInfo> {
  const where = (i: MyIpInfo) => i.info?.location;
  return {
    fields: [
      textField('IP', 'ip', (i) => i.info?.ip),
      textField(
        'COUNTRY',
        'country',
        (i) => {
          const country = where(i)?.country;
          return [country?.name, country?.code?.toUpperCase()].filter(Boolean).join(' ') || undefined;
        },
        '-',
      ),
      textField('REGION', 'region', (i) => where(i)?.region, '-'),
      textField('CITY', 'city', (i) => where(i)?.city, '-'),
      {
        header: 'URNETWORK',
        name: 'connected_to_network',
        value: (i) => i.connected_to_network,
        show: (i) => (i.connected_to_network ? 'yes: a client of the network' : 'no'),
      },
    ],
    rows: [info],
    pairs: true,
  };
}

/** The API asked through the proxy of `clientId`: the same service, its answer from where the proxy sends. */
async function viaProxy(session: CommandSession, context: CliContext, clientId: string) {
  const listed = (await session.client.networkClients()).clients?.find((c) => c.client_id === clientId);
  if (!listed?.proxy_client || !isProxyClient(listed))
    throw new UsageError(
      `${clientId} is not one of this network's hosted proxies (netdeck proxy lists them)`,
    );
  const proxy = checkProxy(listed.proxy_client);
  const httpUrl = listed.proxy_client.http_proxy_url;
  if (!httpUrl) throw new UsageError(`the proxy ${clientId} has no HTTP URL to ask through`);
  const { proxyDispatcher } = await import('../../api/proxy-dispatcher.ts');
  const dispatcher = await proxyDispatcher(httpUrl, proxy.token);
  const baseUrl =
    session.simulator?.url ?? (session.config.mode === 'api' ? session.config.apiUrl.value : '');
  const timeouts = {
    connectTimeoutMs: VIA_TIMEOUT_MS,
    headersTimeoutMs: VIA_TIMEOUT_MS,
    deadlineMs: VIA_TIMEOUT_MS,
  };
  const through = clientFor(context.deps, { ...timeouts, dispatcher, retries: 0 }, baseUrl);
  const place = placeOfDescription(listed.device_name);
  try {
    return { info: await through.myIpInfo(), place };
  } catch (error) {
    // Said as the proxy's failure: the service itself was not asked directly.
    if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))
      throw new ApiError(
        error.kind,
        `through the proxy ${place ? `in ${place} ` : ''}(${clientId}): ${error.message}`,
        error.details,
      );
    throw error;
  } finally {
    await through.close().catch(() => {});
    await dispatcher.close().catch(() => {});
  }
}

export function registerIp(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'ip',
    description: "where the service places this machine's address, or (--via) a hosted proxy's",
    flags: (command) =>
      command.option('--via <client-id>', 'ask through this hosted proxy (netdeck proxy lists them)'),
    csv: true,
    examples: [
      ['netdeck ip', 'this address: country, region, city, whether it is a client of URnetwork'],
      ['netdeck ip --via CLIENT_ID', 'where that proxy’s traffic leaves from'],
      ['netdeck ip --json', "the service's answer"],
    ],
    help: {
      after: `Against the simulator a proxy's traffic leaves from the simulator's machine; it answers with
the place the proxy was made for.
`,
    },
    check: (options: CommonOptions & { via?: string }) =>
      options.via === undefined ? undefined : uuidOf(options.via, 'client id'),
    run: async (session, via) => {
      const { out } = session;
      if (via === undefined) {
        const info = await session.client.myIpInfo();
        out.result(info, () => ipTable(info));
        return;
      }
      const { info, place } = await viaProxy(session, context, via);
      out.result(info, () => ipTable(info));
      if (place) out.hint(`through the proxy in ${sanitize(place)}`);
    },
  });
}
