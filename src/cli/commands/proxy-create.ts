// `netdeck proxy create`: a hosted proxy in a country or a listed location (issue 34).
// Everything that can be wrong with the request is refused before it is sent (a country
// nobody knows, an id that is no UUID, a lock entry that is no address); the service's
// own refusals (`Invalid location`) are shown in its words. It prints each URL with the
// proxy's token as the user name, ready for `curl -x`, and the shell line that sets them;
// `--wg-out` writes the WireGuard configuration to a private file, `--qr` draws it.
import { basename } from 'node:path';
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.ts';
import type { AuthClientResult, Location, ProxyConfigResult } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import { type CheckedProxy, checkProxy, exportLine } from '../../store/proxy-answer.ts';
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
import type { Output } from '../output/writer.ts';
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

/** How a caller names the place and the lock in its refusals: the command's flags, or a tool's fields. */
export interface ProxyArgNames {
  country: string;
  location: string;
  lockIp: string;
}

const FLAGS: ProxyArgNames = { country: '--country', location: '--location', lockIp: '--lock-ip' };

/** What a proxy is asked for with: the command's options, or `netdeck mcp`'s create_proxy. */
export type ProxyAsked = Pick<
  CreateOptions,
  'country' | 'location' | 'wg' | 'lockIp' | 'lockCallerIp' | 'httpsRequireAuth' | 'name'
>;

/** The place and choices, checked: no request is sent for what the service would refuse or cannot be. */
export type CheckedAsk = Pick<CreateRequest, 'place' | 'choices'>;

/**
 * The place and choices asked for, or a usage error naming the argument (`names`) and why:
 * a country nobody knows, an id that is no UUID, a lock entry that is no address.
 */
export function checkProxyAsked(asked: ProxyAsked, names: ProxyArgNames = FLAGS): CheckedAsk {
  if ((asked.country === undefined) === (asked.location === undefined))
    throw new UsageError(`give the place: ${names.country} CC or ${names.location} ID (one of them)`);
  let place: CreateRequest['place'];
  if (asked.country !== undefined) {
    const found = countryPlace(asked.country);
    if (!found)
      throw new UsageError(
        `${names.country} ${asked.country}: not a country code netdeck knows (two letters of ISO 3166-1: de, us, jp)`,
      );
    place = found;
  } else place = { locationId: uuidOf(asked.location ?? '', 'location id') };
  for (const entry of asked.lockIp ?? []) {
    const problem = ipProblem(entry);
    if (problem) throw new UsageError(`${names.lockIp} ${problem}`);
  }
  return {
    place,
    choices: {
      wireGuard: asked.wg === true,
      lockCallerIp: asked.lockCallerIp === true,
      lockIps: asked.lockIp ?? [],
      httpsRequireAuth: asked.httpsRequireAuth === true,
      name: asked.name,
    },
  };
}

function createCheck(options: CreateOptions): CreateRequest {
  const checked = checkProxyAsked(options);
  const wgOut = wgOutOf(options.wgOut);
  if ((wgOut || options.qr) && !options.wg)
    throw new UsageError(
      `${wgOut ? '--wg-out' : '--qr'} needs --wg (a proxy without WireGuard has no configuration)`,
    );
  return { ...checked, wgOut, qr: options.qr === true };
}

/** What making a proxy is given: the client, and where its notes and warnings go. */
export interface ProxySession {
  client: CommandSession['client'];
  out: Pick<Output, 'note' | 'warn'>;
}

/**
 * The listed location of `id`, or a place named by its id. provider-locations lists the
 * countries only: a region's or a city's id (as `netdeck locations -q` finds them) is not
 * there, and the service has no lookup by id, so such a place is sent and recorded by its id.
 */
async function placeOfId(session: ProxySession, id: string): Promise<ProxyPlace> {
  const listed = (await session.client.providerLocations()).locations?.find(
    (l: Location) => l.location_id === id,
  );
  if (listed) return locationPlace(listed);
  session.out.note(
    `${id} is no country the service lists, and it names no other place by its id: the proxy is made for it as given (the service takes a location unchecked) and recorded by its id`,
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
      // A terminal too small for any QR code is found before the proxy is made: rerunning
      // with --wg-out then makes the one proxy asked for, not a second.
      if (request.qr) {
        const { wgQrRoomProblem } = await import('./proxy-wg.ts');
        const problem = wgQrRoomProblem(context.io);
        if (problem) {
          session.out.error(problem);
          return ExitCode.failure;
        }
      }
      const proxy = await makeProxy(session, request);
      return printMade(
        session,
        { ...proxy, request, local: !!session.simulator || proxy.proxy.simulator },
        context,
      );
    },
  });
}

/** A proxy made: its place, the service's answer, the proxy as sent and its usable parts, checked. */
export interface MadeProxy {
  place: ProxyPlace;
  answer: AuthClientResult;
  made: ProxyConfigResult;
  proxy: CheckedProxy;
}

/**
 * Makes the proxy asked for (a location id looked up first, for its name), as `proxy
 * create` and `netdeck mcp`'s create_proxy do; throws the service's refusal, saying when
 * it left a client without a proxy behind.
 */
export async function makeProxy(session: ProxySession, asked: CheckedAsk): Promise<MadeProxy> {
  const { client, out } = session;
  const place = 'locationId' in asked.place ? await placeOfId(session, asked.place.locationId) : asked.place;
  let answer: AuthClientResult;
  try {
    answer = await client.authClient(proxyRequest(place, asked.choices, deviceSpec()));
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
  return { place, answer, made, proxy: checkProxy(made) };
}

interface Made extends MadeProxy {
  request: CreateRequest;
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

/**
 * The simulator's HTTPS proxy speaks no TLS: a TLS client hears only an alert ("unrecognized
 * name"), so the line that offers its URL says so and names what works.
 */
const SIMULATOR_HTTPS = "(the simulator's HTTPS proxy speaks no TLS: use the HTTP or SOCKS5 URL)";

/** Where a made proxy's WireGuard configuration is, and how one is asked for where it was not. */
export interface WireGuardWords {
  asked: boolean;
  where: string;
  howToAsk: string;
}

/** What `proxy create` says of a proxy it made: its place and ids, each URL with its token, the export line. */
export function madeLines(m: MadeProxy, wireGuard: WireGuardWords, dim: (text: string) => string): string[] {
  const { proxy, made } = m;
  const none = (what: string) => dim(`none (${what})`);
  return [
    `A proxy in ${sanitize(m.place.text)}: client ${made.client_id ?? '?'}, proxy ${made.proxy_id ?? '?'}`,
    `  HTTP       ${proxy.http ?? none('the service sent no HTTP URL')}`,
    `  SOCKS5     ${proxy.socks ?? none("the network's plan has no SOCKS proxy")}`,
    `  HTTPS      ${proxy.https ? `${proxy.https}${proxy.simulator ? `  ${dim(SIMULATOR_HTTPS)}` : ''}` : none('the service sent no HTTPS URL')}`,
    `  WireGuard  ${made.wg_config ? wireGuard.where : none(wireGuard.asked ? "the network's plan has no WireGuard" : `not asked for: ${wireGuard.howToAsk}`)}`,
    ...(exportLine(proxy) ? [exportLine(proxy)!] : []),
  ];
}

/** What a proxy of the simulator is not: traffic through it leaves from the simulator's machine. */
export const simulatorProxyNote = (place: ProxyPlace, thisMachine: boolean): string =>
  `this is the simulator: traffic through this proxy leaves from ${thisMachine ? 'this machine' : "the simulator's machine"}, not from ${sanitize(place.text)}`;

async function printMade(session: CommandSession, m: Made, context: CliContext): Promise<number> {
  const { out } = session;
  const { proxy } = m;
  if (m.request.wgOut && proxy.wgConfig) {
    const { writeWgFile } = await import('./proxy-wg.ts');
    writeWgFile(m.request.wgOut, proxy.wgConfig);
  }
  const lines = madeLines(
    m,
    {
      asked: m.request.choices.wireGuard === true,
      where: m.request.wgOut
        ? `written to ${m.request.wgOut} (0600)`
        : 'in --json, or --wg-out FILE.conf, or --qr',
      howToAsk: '--wg',
    },
    out.style.dim,
  );
  out.outcome(m.answer, lines, () => madeTable(m));
  if (m.local)
    out.note(
      `${simulatorProxyNote(m.place, !!session.simulator)}${session.simulator ? '; a demo simulator and its proxy end with this command' : ''}`,
    );
  out.hint('the token in these URLs acts as this network: keep it secret. netdeck proxy lists the proxies');
  if (m.request.qr && proxy.wgConfig) {
    const { printWgQr } = await import('./proxy-wg.ts');
    return printWgQr(context.io, out, proxy.wgConfig);
  }
  return ExitCode.ok;
}
