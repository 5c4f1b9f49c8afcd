// What every scriptable command shares: the common flags, the configuration, a client
// on the configured API (or on a fresh in-process demo simulator), and the mapping of
// whatever went wrong to one stderr line and an exit code.
import { type Command, InvalidArgumentError } from 'commander';
import type { Simulator, SimulatorOptions } from '../../../simulator/index.ts';
import type { SimulatorCommandOptions } from '../../../simulator/main.ts';
import { type ApiClient, type ClientOptions, createClient } from '../../api/client.ts';
import { explainError } from '../../api/error-words.ts';
import type { Era } from '../../contract/eras.ts';
import { UUID_PATTERN } from '../../contract/schemas.ts';
import {
  ConfigError,
  type ConfigFs,
  type ResolvedConfig,
  type ResolveOptions,
  resolveConfig,
} from '../config.ts';
import { ExitCode, exitCodeFor, UsageError } from '../output/exit-codes.ts';
import type { CliIo } from '../output/io.ts';
import { createOutput, type Output } from '../output/writer.ts';
import type { TuiOptions } from '../tui.tsx';

export type { TuiOptions };

/** Seams for tests; the binary uses the defaults. */
export interface CliDeps {
  /** Starts the demo simulator (default: simulator/index.ts's createSimulator). */
  createSimulator?: (options: SimulatorOptions) => Promise<Simulator>;
  /** Timeouts, retries, a dispatcher: merged over the command defaults below. */
  clientOptions?: Partial<ClientOptions>;
  configFs?: ConfigFs;
  runSimulatorCommand?: (options: SimulatorCommandOptions) => Promise<void>;
  runTui?: (options: TuiOptions) => Promise<number>;
  /** The bound of `providers --all` (default MAX_ALL_PROVIDERS), lower in tests. */
  maxAllProviders?: number;
}

export interface CliContext {
  io: CliIo;
  deps: CliDeps;
  /** Records the exit code of the command that ran. */
  exit(code: number): void;
}

/** Commands fail fast: a person or a script is waiting. */
export const COMMAND_CLIENT_DEFAULTS: Partial<ClientOptions> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 60_000,
  /** The whole call, its retries included: a server dripping its answer ends here. */
  deadlineMs: 90_000,
  retries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 5_000,
};

export const DEMO_SEED = 1;

export interface CommonOptions {
  apiUrl?: string;
  token?: string;
  tokenFile?: string;
  profile?: string;
  json?: boolean;
  /** The demo world's flags (on the program: `netdeck --seed 7 stats network`). */
  seed?: number;
  era?: Era;
  providers?: number;
  locations?: number;
  ownProviders?: number;
}

/** The connection flags, on the program and on every command that talks to the API. */
export function addConnectionOptions(command: Command): Command {
  return command
    .option('--api-url <url>', 'base URL of the API (env NETDECK_API_URL)')
    .option('--token <jwt>', 'access token (env NETDECK_TOKEN); prefer --token-file')
    .option('--token-file <path>', 'file holding the access token (env NETDECK_TOKEN_FILE)')
    .option('--profile <name>', 'profile of the config file to use (env NETDECK_PROFILE)');
}

export function addJsonOption(command: Command): Command {
  return command.option('--json', 'print the response JSON instead of a table');
}

/** Options of a command merged with its parents'; the innermost command wins. */
export function optionsOf<T extends object>(command: Command): T {
  const chain: Command[] = [];
  for (let at: Command | null = command; at; at = at.parent) chain.unshift(at);
  return Object.assign({}, ...chain.map((c) => c.opts())) as T;
}

export function resolveOrReport(
  context: CliContext,
  options: CommonOptions,
  out: Output,
  resolveOptions?: ResolveOptions,
): ResolvedConfig | undefined {
  try {
    const config = resolveConfig(
      {
        apiUrl: options.apiUrl,
        token: options.token,
        tokenFile: options.tokenFile,
        profile: options.profile,
      },
      context.io.env,
      context.deps.configFs,
      resolveOptions,
    );
    out.hide(config.token?.value);
    for (const warning of config.warnings) out.warn(warning);
    return config;
  } catch (error) {
    // Hide a token given on the command line even when the rest of the config failed.
    out.hide(options.token);
    if (!(error instanceof ConfigError)) throw error;
    out.error(error.message);
    return undefined;
  }
}

export interface Session {
  client: ApiClient;
  out: Output;
  config: ResolvedConfig;
  /** The token the client sends (the configured one, or the demo simulator's). */
  token?: string;
  /** Set in demo mode. */
  simulator?: Simulator;
}

/** One line for an error, with a hint where the next step is not obvious (api/error-words.ts). */
export const explain = (error: unknown): string => explainError(error, 'command');

export async function loadSimulator(
  deps: CliDeps,
): Promise<(options: SimulatorOptions) => Promise<Simulator>> {
  if (deps.createSimulator) return deps.createSimulator;
  return (await import('../../../simulator/index.ts')).createSimulator;
}

/** A command's client for `baseUrl`: the command defaults, retries noted on stderr, the test seams. */
export function commandClient(context: CliContext, out: Output, baseUrl: string, token?: string): ApiClient {
  return createClient({
    ...COMMAND_CLIENT_DEFAULTS,
    onRetry: ({ error, delayMs }) =>
      out.note(`${error.message}; retrying in ${(delayMs / 1000).toFixed(1)} s`),
    ...context.deps.clientOptions,
    baseUrl,
    token,
  });
}

/** Runs `body` with a client; returns (and records) the exit code. */
export async function runWithClient(
  context: CliContext,
  options: CommonOptions,
  /** Resolves with an exit code, or with anything else for success. */
  body: (session: Session) => Promise<unknown>,
): Promise<number> {
  const out = createOutput(context.io, { json: options.json });
  const finish = (code: number) => {
    context.exit(code);
    return code;
  };
  const config = resolveOrReport(context, options, out);
  if (!config) return finish(ExitCode.usage);

  let simulator: Simulator | undefined;
  let client: ApiClient | undefined;
  try {
    if (config.mode === 'demo') {
      const { seed = DEMO_SEED, era, providers, locations, ownProviders } = options;
      out.note(
        `no API configured; using a fresh demo simulator (seed ${seed}). ` +
          'Run `netdeck sim` for a world that lasts across commands.',
      );
      simulator = await (await loadSimulator(context.deps))({
        seed,
        era,
        providers,
        locations,
        ownProviders,
      });
      client = commandClient(context, out, simulator.url, simulator.token);
    } else {
      client = commandClient(context, out, config.apiUrl!.value, config.token?.value);
    }
    const token = simulator ? simulator.token : config.token?.value;
    const code = await body({ client, out, config, token, simulator });
    return finish(typeof code === 'number' ? code : ExitCode.ok);
  } catch (error) {
    out.error(explain(error));
    return finish(exitCodeFor(error));
  } finally {
    await client?.close().catch(() => {});
    await simulator?.close().catch(() => {});
  }
}

/** A whole-number flag value; commander reports a bad one as a usage error. */
export function integerArg(range: { min?: number; max?: number } = {}) {
  return (value: string): number => {
    const text = value.trim();
    const number = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(number))
      throw new InvalidArgumentError('expects a whole number.');
    checkRange(number, range);
    return number;
  };
}

export function numberArg(range: { min?: number; max?: number } = {}) {
  return (value: string): number => {
    const text = value.trim();
    const number = Number(text);
    if (text === '' || !Number.isFinite(number)) throw new InvalidArgumentError('expects a number.');
    checkRange(number, range);
    return number;
  };
}

function checkRange(number: number, range: { min?: number; max?: number }): void {
  if (range.min !== undefined && number < range.min)
    throw new InvalidArgumentError(`must be at least ${range.min}.`);
  if (range.max !== undefined && number > range.max)
    throw new InvalidArgumentError(`must be at most ${range.max}.`);
}

/** A UUID-form id (the service answers 400 to anything else); upper case is accepted. */
export function uuidOf(value: string, what = 'id'): string {
  const id = value.trim().toLowerCase();
  if (!UUID_PATTERN.test(id)) {
    throw new UsageError(
      `"${value}" is not a valid ${what}: expected a UUID like 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47`,
    );
  }
  return id;
}

/** A repeatable flag of UUIDs; a malformed one is a usage error before anything is sent. */
export const collectUuids = (value: string, previous: string[] = []): string[] => {
  const id = value.trim().toLowerCase();
  if (!UUID_PATTERN.test(id))
    throw new InvalidArgumentError('expected a UUID (36 hex characters with dashes).');
  return [...previous, id];
};

/** Collects a repeatable flag into an array. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Runs checks that span several flags; a UsageError becomes commander's usage error (exit 2). */
export function orUsage<T>(command: Command, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: ExitCode.usage });
    throw error;
  }
}
