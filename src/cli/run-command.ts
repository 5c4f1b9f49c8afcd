// What every scriptable command does around its own work: read the configuration (its
// warnings on stderr, the token hidden in everything printed), open a client (the API or
// a fresh demo simulator), run, and turn whatever went wrong into one stderr line and an
// exit code.
import type { Simulator } from '../../simulator/index.ts';
import type { ApiClient, ClientOptions } from '../api/client.ts';
import { explainError } from '../api/error-words.ts';
import type { CliContext } from './context.ts';
import { DEMO_SEED, openClient } from './open-client.ts';
import type { CommonOptions } from './options.ts';
import { ExitCode, exitCodeFor } from './output/exit-codes.ts';
import { createOutput, type Output } from './output/writer.ts';
import {
  ConfigError,
  type ConfigFlags,
  type ResolvedConfig,
  type ResolveOptions,
  resolveConfig,
} from './profile/config.ts';

/** Commands fail fast: a person or a script is waiting. */
const COMMAND_CLIENT_DEFAULTS: Partial<ClientOptions> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 60_000,
  /** The whole call, its retries included: a server dripping its answer ends here. */
  deadlineMs: 90_000,
  retries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 5_000,
};

/** A command's client options: the defaults above, each retry noted on stderr. */
export const commandClientDefaults = (out: Output): Partial<ClientOptions> => ({
  ...COMMAND_CLIENT_DEFAULTS,
  onRetry: ({ error, delayMs }) => out.note(`${error.message}; retrying in ${(delayMs / 1000).toFixed(1)} s`),
});

/** One line for an error, with a hint where the next step is not obvious (api/error-words.ts). */
export const explain = (error: unknown): string => explainError(error, 'command');

/**
 * The flags the configuration is resolved from, each named once: a flag added to
 * ConfigFlags does not compile until it is named here, so no command forgets to pass it.
 */
const CONFIG_FLAGS: Record<keyof ConfigFlags, true> = {
  apiUrl: true,
  token: true,
  tokenFile: true,
  profile: true,
  refresh: true,
  mouse: true,
  theme: true,
};

/** The configuration flags among a command's options (the rest are the command's own). */
const configFlagsOf = (options: ConfigFlags): ConfigFlags =>
  Object.fromEntries(
    Object.keys(CONFIG_FLAGS).map((name) => [name, options[name as keyof ConfigFlags]]),
  ) as ConfigFlags;

/** The configuration, or undefined after saying on stderr why it cannot work. */
export function resolveOrReport(
  context: CliContext,
  options: ConfigFlags,
  out: Output,
  resolveOptions?: ResolveOptions,
): ResolvedConfig | undefined {
  try {
    const config = resolveConfig(
      configFlagsOf(options),
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

/** What a command's work is given. */
export interface CommandSession {
  client: ApiClient;
  out: Output;
  config: ResolvedConfig;
  /** The token the client sends (the configured one, or the demo simulator's). */
  token?: string;
  /** Set in demo mode. */
  simulator?: Simulator;
  /** The profile it runs for, when it runs over several (`--profiles`). */
  profile?: string;
}

/** What a demo simulator plays for a command beside the world (openClient's `demo`). */
export type DemoPlay = Parameters<typeof openClient>[2]['demo'];

/** Runs `body` with a client; returns (and records) the exit code. */
export async function runWithClient(
  context: CliContext,
  options: CommonOptions,
  /** Resolves with an exit code, or with anything else for success. */
  body: (session: CommandSession) => Promise<unknown>,
  demo?: DemoPlay,
): Promise<number> {
  const out = createOutput(context.io, options);
  const finish = (code: number) => {
    context.exit(code);
    return code;
  };
  const config = resolveOrReport(context, options, out);
  if (!config) return finish(ExitCode.usage);
  if (config.mode === 'demo')
    out.note(
      `no API configured; using a fresh demo simulator (seed ${options.seed ?? DEMO_SEED}). ` +
        'Run `netdeck sim` for a world that lasts across commands.',
    );
  let opened: Awaited<ReturnType<typeof openClient>> | undefined;
  try {
    opened = await openClient(context.deps, config, {
      world: options,
      clientDefaults: commandClientDefaults(out),
      warn: (text) => out.warn(text),
      demo,
    });
    const { client, token, simulator } = opened;
    const code = await body({ client, out, config, token, simulator });
    return finish(typeof code === 'number' ? code : ExitCode.ok);
  } catch (error) {
    out.error(explain(error));
    return finish(exitCodeFor(error));
  } finally {
    await opened?.close();
  }
}
