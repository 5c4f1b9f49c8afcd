// `netdeck proxy create`: a hosted proxy in a country or a listed location (issue 34).
// Everything that can be wrong with the request is refused before it is sent (a country
// nobody knows, an id that is no UUID, a lock entry that is no address); the service's
// own refusals (`Invalid location`) are shown in its words. It prints each URL with the
// proxy's token as the user name, ready for `curl -x`, and the shell line that sets them;
// `--wg-out` writes the WireGuard configuration to a private file, `--qr` draws it.
import { basename } from 'node:path';
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.ts';
import type { Location, ProxyConfigResult } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import { type CheckedProxy, checkProxy, exportLine, isLocalProxyHost } from '../../store/proxy-answer.ts';
import {
  countryPlace,
  ipProblem,
  locationPlace,
  type ProxyChoices,
  type ProxyPlace,
  proxyRequest,
} from '../../store/proxy-place.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, collect, uuidOf } from '../options.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { CommandSession } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';
import { deviceSpec } from './token-output.ts';

interface CreateOptions extends CommonOptions {
  country?: string;
  location?: string;
  wg?: boolean;
  lockIp?: string[];
  lockCallerIp?: boolean;
  httpsRequireAuth?: boolean;
  name?: string;
  wgOut?: string;
  qr?: boolean;
}

interface CreateRequest {
  /** a country, or (for --location) the id still to look up */
  place: ProxyPlace | { locationId: string };
  choices: ProxyChoices;
  wgOut?: string;
  qr: boolean;
}

/** A wg-quick interface is named after its file: at most 15 letters, digits and `_=+.-`. */
const INTERFACE_NAME = /^[A-Za-z0-9_=+.-]{1,15}$/;

/** `--wg-out FILE`: a `.conf` file whose stem is a valid interface name, else a usage error. */
function wgOutOf(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const name = basename(path);
  const stem = name.endsWith('.conf') ? name.slice(0, -'.conf'.length) : undefined;
  if (stem === undefined) throw new UsageError(`--wg-out ${path}: wg-quick reads only files ending in .conf`);
  if (!INTERFACE_NAME.test(stem))
    throw new UsageError(
      `--wg-out ${path}: wg-quick names the interface after the file, so "${stem}" must be 1 to 15 letters, digits or _=+.- (urnet-de.conf)`,
    );
  return path;
}

function createCheck(options: CreateOptions): CreateRequest {
  if ((options.country === undefined) === (options.location === undefined))
    throw new UsageError('give the place: --country CC or --location ID (one of them)');
  let place: CreateRequest['place'];
  if (options.country !== undefined) {
    const found = countryPlace(options.country);
    if (!found)
      throw new UsageError(
        `--country ${options.country}: not a country code netdeck knows (two letters of ISO 3166-1: de, us, jp)`,
      );
    place = found;
  } else place = { locationId: uuidOf(options.location ?? '', 'location id') };
  for (const entry of options.lockIp ?? []) {
    const problem = ipProblem(entry);
    if (problem) throw new UsageError(`--lock-ip ${problem}`);
  }
  const wgOut = wgOutOf(options.wgOut);
  if ((wgOut || options.qr) && !options.wg)
    throw new UsageError(
      `${wgOut ? '--wg-out' : '--qr'} needs --wg (a proxy without WireGuard has no configuration)`,
    );
  return {
    place,
    choices: {
      wireGuard: options.wg === true,
      lockCallerIp: options.lockCallerIp === true,
      lockIps: options.lockIp ?? [],
      httpsRequireAuth: options.httpsRequireAuth === true,
      name: options.name,
    },
    wgOut,
    qr: options.qr === true,
  };
}

/** The listed location of `id` (every place provider-locations lists), or a place named by its id. */
async function placeOfId(session: CommandSession, id: string): Promise<ProxyPlace> {
  const listed = (await session.client.providerLocations()).locations?.find(
    (l: Location) => l.location_id === id,
  );
  if (listed) return locationPlace(listed);
  session.out.warn(
    `the service lists no location ${id} with providers; it takes a proxy's location unchecked, so the proxy is made for it as given`,
  );
  return locationPlace({ location_id: id });
}

export function registerProxyCreate(proxy: Command, context: CliContext): void {
  serviceCommand(proxy, context, {
    name: 'create',
    description:
      'make a hosted proxy in a country or a location; prints its URLs with the token, ready for curl -x',
    flags: (command) =>
      command
        .option('--country <cc>', 'the country its traffic leaves from (two letters: de)')
        .option('--location <id>', 'or a location id (netdeck locations lists them)')
        .option('--wg', 'also a WireGuard configuration')
        .option('--lock-ip <ip>', 'only this address or prefix may use it (repeatable)', collect)
        .option('--lock-caller-ip', 'only the address this request comes from may use it')
        .option('--https-require-auth', 'the HTTPS URL without the token: it wants Proxy-Authorization')
        .option('--name <name>', "the proxy's name (its client's description, before its place)")
        .option('--wg-out <file>', 'write the WireGuard configuration to FILE.conf (0600; with --wg)')
        .option('--qr', 'draw the WireGuard configuration as a QR code (with --wg)'),
    csv: true,
    examples: [
      ['netdeck proxy create --country de', 'HTTP and SOCKS URLs with the token, and an export line'],
      [
        'eval "$(netdeck proxy create --country jp -q | tail -1)"',
        'set HTTPS_PROXY and ALL_PROXY in this shell',
      ],
      [
        'netdeck proxy create --country us --wg --wg-out urnet-us.conf',
        'then: sudo wg-quick up ./urnet-us.conf',
      ],
      ['netdeck proxy create --location LOCATION_ID --lock-caller-ip', 'only this machine may use it'],
      ['netdeck proxy create --country de --json', "the service's answer as sent"],
    ],
    help: {
      after: `The token in the URLs acts as this network: keep it as you would a password.
netdeck records the place in the new client's description (the service does not list it).
Against the simulator (the demo, or netdeck sim) traffic through the proxy leaves from the
simulator's machine, not from the place chosen; a demo's proxy ends with the command.
`,
    },
    check: createCheck,
    run: async (session, request) => {
      const { client, out } = session;
      const place =
        'locationId' in request.place ? await placeOfId(session, request.place.locationId) : request.place;
      let answer: Awaited<ReturnType<typeof client.authClient>>;
      try {
        answer = await client.authClient(proxyRequest(place, request.choices, deviceSpec()));
      } catch (error) {
        // The service made the client before it looked for the place: it stays, without a proxy.
        if (error instanceof ApiError && error.kind === 'business')
          out.note(
            'the service made a client without a proxy: netdeck clients lists it, netdeck clients remove removes it',
          );
        throw error;
      }
      const made = answer.proxy_config_result;
      if (!made) throw new ApiError('shape', 'authClient: the answer has no proxy_config_result');
      const proxy = checkProxy(made);
      return printMade(
        session,
        {
          place,
          made,
          proxy,
          request,
          json: answer,
          local: !!session.simulator || isLocalProxyHost(proxy.host),
        },
        context,
      );
    },
  });
}

interface Made {
  place: ProxyPlace;
  made: ProxyConfigResult;
  proxy: CheckedProxy;
  request: CreateRequest;
  json: unknown;
  /** the simulator's proxy: traffic leaves from its machine */
  local: boolean;
}

function madeTable(m: Made): DataTable<Made> {
  return {
    fields: [
      textField('PLACE', 'place', (r) => r.place.text),
      textField('CLIENT ID', 'client_id', (r) => r.made.client_id),
      textField('PROXY ID', 'proxy_id', (r) => r.made.proxy_id),
      textField('HTTP', 'http_proxy_url', (r) => r.proxy.http),
      textField('SOCKS', 'socks_proxy_url', (r) => r.proxy.socks),
      textField('HTTPS', 'https_proxy_url', (r) => r.proxy.https),
      textField('TOKEN', 'auth_token', (r) => r.proxy.token),
      textField('WIREGUARD FILE', 'wg_file', (r) => r.request.wgOut),
    ],
    rows: [m],
  };
}

async function printMade(session: CommandSession, m: Made, context: CliContext): Promise<number> {
  const { out } = session;
  const { proxy, made } = m;
  if (m.request.wgOut && proxy.wgConfig) {
    const { writeWgFile } = await import('./proxy-wg.ts');
    writeWgFile(m.request.wgOut, proxy.wgConfig);
  }
  const none = (what: string) => out.style.dim(`none (${what})`);
  const lines = [
    `A proxy in ${sanitize(m.place.text)}: client ${made.client_id ?? '?'}, proxy ${made.proxy_id ?? '?'}`,
    `  HTTP       ${proxy.http ?? none('the service sent no HTTP URL')}`,
    `  SOCKS5     ${proxy.socks ?? none("the network's plan has no SOCKS proxy")}`,
    `  HTTPS      ${proxy.https ?? none('the service sent no HTTPS URL')}`,
    `  WireGuard  ${made.wg_config ? (m.request.wgOut ? `written to ${m.request.wgOut} (0600)` : 'in --json, or --wg-out FILE.conf, or --qr') : none(m.request.choices.wireGuard ? "the network's plan has no WireGuard" : 'not asked for: --wg')}`,
    ...(exportLine(proxy) ? [exportLine(proxy)!] : []),
  ];
  out.outcome(m.json, lines, () => madeTable(m));
  if (m.local)
    out.note(
      `this is the simulator: traffic through this proxy leaves from ${session.simulator ? 'this machine' : "the simulator's machine"}, not from ${sanitize(m.place.text)}${session.simulator ? '; a demo simulator and its proxy end with this command' : ''}`,
    );
  out.hint('the token in these URLs acts as this network: keep it secret. netdeck proxy lists the proxies');
  if (m.request.qr && proxy.wgConfig) {
    const { printWgQr } = await import('./proxy-wg.ts');
    return printWgQr(context.io, out, proxy.wgConfig);
  }
  return ExitCode.ok;
}
