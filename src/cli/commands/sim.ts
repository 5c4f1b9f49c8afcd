// `netdeck sim`: the simulator as a local service, for a world that lasts across
// commands (every command without an API gets a fresh one).
import { isIP } from 'node:net';
import { type Command, InvalidArgumentError } from 'commander';
import { normalOrigin } from '../../../simulator/http/cors.ts';
import type { SimulatorCommandOptions } from '../../../simulator/main.ts';
import { MAX_LATENCY_MS } from '../../contract/admin.ts';
import type { Era } from '../../contract/eras.ts';
import type { CliContext } from '../context.ts';
import {
  addWorldOptions,
  checkWorldFlags,
  collectHostNames,
  integerArg,
  numberArg,
  optionsOf,
} from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import { loadOrCreateKey } from '../sim-key-file.ts';
import { examples } from './help.ts';
import { writeTokenFile } from './token-output.ts';

const SIM_DEFAULT_PORT = 8080;

export interface SimOptions {
  era?: Era;
  host?: string;
  port?: number;
  seed?: number;
  providers?: number;
  locations?: number;
  ownProviders?: number;
  speed?: number;
  /** Epoch ms, parsed from --start-time. */
  startTime?: number;
  admin?: boolean;
  adminSecret?: string;
  keyFile?: string;
  tokenFile?: string;
  latency?: number;
  errorRate?: number;
  verbose?: boolean;
  allowHost?: string[];
  cors?: string[];
  callerCountry?: string;
  proxyAllowLocal?: boolean;
  httpProxyPort?: number;
  socksProxyPort?: number;
}

/** A secret anyone on the network may try to guess wants some length. */
const MIN_ADMIN_SECRET = 16;

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * The admin flags: --admin-secret implies --admin; a non-loopback host with the admin
 * routes needs an explicit secret (and gets a warning). Returns the warning to print.
 */
function checkAdminExposure(options: SimOptions): string | undefined {
  const secret = options.adminSecret;
  if (secret !== undefined && (secret.length < MIN_ADMIN_SECRET || /[^\x21-\x7e]/.test(secret))) {
    throw new UsageError(
      `--admin-secret must be at least ${MIN_ADMIN_SECRET} printable characters, without spaces`,
    );
  }
  const host = options.host ?? '127.0.0.1';
  if (!(options.admin || secret !== undefined) || isLoopback(host)) return undefined;
  if (secret === undefined) {
    throw new UsageError(
      `--admin on --host ${host} serves the admin routes to other machines: give their secret with --admin-secret VALUE`,
    );
  }
  return `the admin routes (reset, tokens, faults) are reachable from other machines through ${host}; anyone with the secret can use them`;
}

/** Issue 34: a host other machines reach exposes the proxies too. */
function proxyExposure(options: SimOptions): string | undefined {
  const host = options.host ?? '127.0.0.1';
  if (isLoopback(host)) return undefined;
  return `the proxies listen on ${host} too: anyone who reaches that address with a proxy token can send traffic out through this machine`;
}

/**
 * The simulator's world flags, shared with the interactive console's demo mode. The
 * defaults are spelled out rather than imported: importing simulator/world would load
 * Faker on every start (test/cli/program.test.ts keeps the two in step).
 */

export function simulatorOptions(options: SimOptions): SimulatorCommandOptions {
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? SIM_DEFAULT_PORT,
    seed: options.seed,
    era: options.era,
    providers: options.providers,
    locations: options.locations,
    ownProviders: options.ownProviders,
    speed: options.speed,
    startAt: options.startTime,
    admin: (options.admin ?? false) || options.adminSecret !== undefined,
    adminSecret: options.adminSecret,
    latencyMs: options.latency,
    errorRate: options.errorRate,
    verbose: options.verbose ?? false,
    allowHosts: options.allowHost,
    cors: options.cors,
    ...(options.callerCountry ? { callerCountry: options.callerCountry } : {}),
    // The proxies take free ports unless given (the banner says which): fixed ones beside
    // --port would take ports a web app or another server started next wants.
    proxyPorts: { http: options.httpProxyPort, socks: options.socksProxyPort },
    proxyAllowLocal: options.proxyAllowLocal ?? false,
  };
}

/** --cors, repeatable: an origin as a browser sends it, or `*`. */
function collectOrigin(value: string, previous: string[] = []): string[] {
  try {
    return [...previous, normalOrigin(value)];
  } catch {
    throw new InvalidArgumentError(
      'expects an origin (scheme://host[:port], e.g. http://localhost:5173) or *.',
    );
  }
}

/**
 * --start-time: an ISO 8601 instant with its zone (`Z` or an offset), so that the world
 * begins at the same instant whatever TZ the machine has.
 */
function instantArg(value: string): number {
  const text = value.trim();
  const instant = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/i.test(text) || Number.isNaN(instant))
    throw new InvalidArgumentError(
      'expects an instant in ISO 8601 with its zone, e.g. 2026-01-01T00:00:00Z.',
    );
  return instant;
}

/** --caller-country: a two-letter code, lower case (checked against the world's countries before the start). */
function countryCodeArg(value: string): string {
  const code = value.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(code)) throw new InvalidArgumentError('expects a two-letter country code, e.g. de.');
  return code;
}

export function registerSim(program: Command, context: CliContext): void {
  const command = program
    .command('sim')
    .description('run the simulated network as a local API until Ctrl-C')
    .option(
      '--host <address>',
      'address to listen on (default 127.0.0.1, reachable from this machine only; 0.0.0.0 for every interface)',
    )
    .option(
      '--port <port>',
      `port to listen on; 0 picks a free one (default ${SIM_DEFAULT_PORT})`,
      integerArg({ min: 0, max: 65535 }),
    );
  addWorldOptions(command, { stillClock: true })
    .option(
      '--start-time <instant>',
      "the instant the world's clock starts at, e.g. 2026-01-01T00:00:00Z (default: now)",
      instantArg,
    )
    .option(
      '--admin',
      'serve the /__sim/ admin routes (reset, advance time, tokens, codes, faults); prints their secret',
    )
    .option('--admin-secret <value>', 'the secret the admin routes want in X-Sim-Admin (implies --admin)')
    .option('--key-file <path>', 'keep the token signing key in this file (0600, made if missing)')
    .option('--token-file <path>', 'write the demo token to this file (0600)')
    .option(
      '--latency <ms>',
      'delay every answer by this many milliseconds',
      integerArg({ min: 0, max: MAX_LATENCY_MS }),
    )
    .option(
      '--error-rate <fraction>',
      'answer this fraction of requests with a 500, 0-1',
      numberArg({ min: 0, max: 1 }),
    )
    .option('--verbose', 'log every request to stderr')
    .option(
      '--allow-host <name>',
      'answer requests for this Host name too (repeatable; loopback names and the bound address always)',
      collectHostNames,
    )
    .option(
      '--cors <origin>',
      'let web pages of this origin (or *) call the API and read its answers (repeatable)',
      collectOrigin,
    )
    .option(
      '--http-proxy-port <port>',
      'port of the HTTP proxy (default: a free one)',
      integerArg({ min: 1, max: 65535 }),
    )
    .option(
      '--socks-proxy-port <port>',
      'port of the SOCKS5 proxy (default: a free one)',
      integerArg({ min: 1, max: 65535 }),
    )
    .option(
      '--proxy-allow-local',
      'let the proxies reach private, loopback and link-local addresses (tests, loopback demos); the service never does',
    )
    .option(
      '--caller-country <cc>',
      'the country the service locates callers in, for blocked countries (default us; POST /__sim/caller-country changes it)',
      countryCodeArg,
    );
  command.addHelpText(
    'after',
    `${examples([
      ['netdeck sim', `listen on 127.0.0.1:${SIM_DEFAULT_PORT}, print the demo token`],
      ['netdeck sim --port 0 --seed 7 --speed 60 --admin', 'free port, world 7, a minute per second'],
      ['netdeck sim --cors http://localhost:5173', 'let a web app on that origin use it'],
      [
        'netdeck sim --start-time 2026-01-01T00:00:00Z --speed 0 --key-file sim.key',
        'the same answers every run: a clock that stands still, the same tokens',
      ],
      ['netdeck sim --caller-country de', 'callers in Germany: networks that block it are not offered'],
    ])}
It prints, one per line: "listening on URL", "token: JWT", "admin secret: SECRET" (with
--admin), "demo user: EMAIL PASSWORD", an export line for the shell, and where its
proxies listen (free ports: HTTP and SOCKS5; a proxy's traffic leaves from this machine). What the service would e-mail (a sign-up's
code, a password reset link) goes to stderr. Point netdeck at it with
  NETDECK_API_URL=URL NETDECK_TOKEN=JWT netdeck devices
or log in as the demo user:
  netdeck login --api-url URL --email EMAIL
The admin routes want the secret: curl -H "X-Sim-Admin: SECRET" URL/__sim/codes
`,
  );
  command.action(async (_flags, cmd: Command) => {
    const flags = optionsOf<SimOptions>(cmd);
    // The program's --token-file names a token to read; only sim's own one is written.
    const own = cmd.opts<Pick<SimOptions, 'tokenFile' | 'keyFile'>>();
    const out = createOutput(context.io);
    let options: SimulatorCommandOptions;
    try {
      checkWorldFlags(flags);
      const warning = checkAdminExposure(flags);
      if (warning) out.warn(warning);
      const proxies = proxyExposure(flags);
      if (proxies) out.warn(proxies);
      options = {
        ...simulatorOptions(flags),
        signingKey: own.keyFile ? loadOrCreateKey(own.keyFile, (text) => out.warn(text)) : undefined,
        started: own.tokenFile ? (simulator) => writeTokenFile(own.tokenFile!, simulator.token) : undefined,
      };
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      out.error(error.message);
      return context.exit(ExitCode.usage);
    }
    // The world's countries come with the simulator, loaded only now.
    if (
      flags.callerCountry &&
      !(await import('../../../simulator/world/countries.ts')).isCountryCode(flags.callerCountry)
    ) {
      out.error(`--caller-country ${flags.callerCountry}: not a country of the simulated worlds`);
      return context.exit(ExitCode.usage);
    }
    const run =
      context.deps.runSimulatorCommand ?? (await import('../../../simulator/main.ts')).runSimulatorCommand;
    try {
      await run(options);
      context.exit(ExitCode.ok);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      out.error(
        code === 'EADDRINUSE'
          ? `port ${options.port} is in use; pick another with --port (0 picks a free one)`
          : `the simulator failed: ${(error as Error).message}`,
      );
      context.exit(ExitCode.failure);
    }
  });
}
