// `--profiles all` or `--profiles prod,lab`: the configuration's profiles (the config
// file's and the kept logins, as `netdeck config profiles` lists them), each resolved as
// `--profile NAME` would resolve it and given a client of its own. A profile that cannot be
// used (its token file gone, no API named) is kept beside the others as a failure: the
// commands and the exporter say it failed and go on with the rest. A token the service
// refuses or a service that cannot be reached shows only when asked, and is that
// profile's failure alone too.
import { decodeToken } from '../../api/auth.ts';
import type { ApiClient, ClientOptions } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import { echoed, sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { clientFor } from '../open-client.ts';
import { UsageError } from '../output/exit-codes.ts';
import { didYouMean } from '../suggest.ts';
import { ConfigError, type ConfigFlags, type ResolvedConfig, resolveConfig } from './config.ts';
import { listProfiles } from './config-edit.ts';

/** `--profiles all`: every profile there is. */
export const ALL_PROFILES = 'all';

/** What `--profiles` says, for --help. */
export const PROFILES_HELP =
  'run over these profiles of the config file: all, or names separated by commas (each with its own API and token)';

/**
 * The environment that picks one API and token for every command: with --profiles each
 * profile's own are used, so these are left out (and said so).
 */
const ONE_PROFILE_ENV = ['NETDECK_API_URL', 'NETDECK_TOKEN', 'NETDECK_TOKEN_FILE', 'NETDECK_PROFILE'];

/** The flags that pick one API and token, which --profiles replaces. */
const ONE_PROFILE_FLAGS: [keyof ConfigFlags, string][] = [
  ['apiUrl', '--api-url'],
  ['token', '--token'],
  ['tokenFile', '--token-file'],
  ['profile', '--profile'],
];

/** A profile ready to be asked: its client, the clock its answers are read on, its configuration. */
export interface UsableProfile {
  name: string;
  ok: true;
  /** The network its token names (empty for an API key, which names none). */
  network: string;
  client: ApiClient;
  /** The service's clock as this profile's answers tell it (long-running.ts commandClock). */
  clock: Clock;
  config: ResolvedConfig & { mode: 'api' };
  token?: string;
}

/** A profile that cannot be used, and why (a ConfigError: exit 2, as for one profile). */
export interface FailedProfile {
  name: string;
  ok: false;
  network: string;
  error: Error;
}

export type ResolvedProfile = UsableProfile | FailedProfile;

export interface ResolvedProfiles {
  profiles: ResolvedProfile[];
  /** Closes every client; never throws. */
  close(): Promise<void>;
}

/** The profiles there are (defined in the config file or by a kept login), by name. */
function knownProfiles(context: CliContext): string[] {
  return listProfiles({}, withoutOneProfileEnv(context.io.env), context.deps.configFs)
    .filter((row) => row.from.length > 0)
    .map((row) => row.name);
}

const withoutOneProfileEnv = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !ONE_PROFILE_ENV.includes(name)));

/**
 * The names `--profiles` gives, in its order without repeats: `all` is every profile there
 * is. An unknown name, or no profile at all, is a usage error that lists those there are;
 * so is a flag that picks one API or token beside it.
 */
export function profileNames(context: CliContext, given: string, flags: ConfigFlags = {}): string[] {
  const clashing = ONE_PROFILE_FLAGS.filter(([name]) => flags[name] !== undefined).map(([, flag]) => flag);
  if (clashing.length)
    throw new UsageError(
      `--profiles takes each profile's own API and token: leave out ${clashing.join(' and ')}`,
    );
  const known = knownProfiles(context);
  const there = `the profiles there are: ${known.map(sanitize).join(', ') || 'none'}`;
  const words = [...new Set(given.split(',').map((word) => word.trim()))].filter(Boolean);
  if (!words.length)
    throw new UsageError(`--profiles takes ${ALL_PROFILES} or names separated by commas; ${there}`);
  if (words.includes(ALL_PROFILES)) {
    if (!known.length)
      throw new UsageError(
        'there are no profiles: netdeck login --profile NAME, or netdeck config set api_url URL --profile NAME, makes one',
      );
    return known;
  }
  const unknown = words.filter((word) => !known.includes(word));
  if (unknown.length)
    throw new UsageError(
      `no profile ${unknown.map((word) => `"${echoed(word)}"${didYouMean(word, known, '"')}`).join(', ')}; ${there}`,
    );
  return words;
}

/** The network a token names, as a label or a heading shows it ('' when it names none). */
export const networkOfToken = (token: string | undefined): string =>
  sanitize(token ? decodeToken(token)?.networkName : undefined);

/**
 * Each profile resolved as `--profile NAME` resolves it (the flags given beside, such as
 * --refresh, apply to all), with a client on its API. `hide` is given every token, so that
 * what is printed masks them all.
 */
export function resolveProfiles(
  context: CliContext,
  names: readonly string[],
  options: {
    flags?: ConfigFlags;
    /** A profile's client options (a command's defaults, its retries noted with its name). */
    clientDefaults(profile: string): Partial<ClientOptions>;
    hide(token: string | undefined): void;
    note(text: string): void;
    warn(text: string): void;
  },
): ResolvedProfiles {
  const set = ONE_PROFILE_ENV.filter((name) => context.io.env[name]?.trim());
  if (set.length)
    options.note(
      `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} left out: --profiles uses each profile's own`,
    );
  const env = withoutOneProfileEnv(context.io.env);
  const profiles = names.map((name): ResolvedProfile => {
    let config: ResolvedConfig;
    try {
      config = resolveConfig({ ...options.flags, profile: name }, env, context.deps.configFs);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return { name, ok: false, network: '', error };
    }
    const token = config.token?.value;
    options.hide(token);
    for (const warning of config.warnings) options.warn(`profile ${sanitize(name)}: ${warning}`);
    const network = networkOfToken(token);
    if (config.mode !== 'api')
      return {
        name,
        ok: false,
        network,
        error: new ConfigError(
          `it names no API (netdeck login --profile ${name}, or api_url in the config file)`,
        ),
      };
    const client = clientFor(context.deps, options.clientDefaults(name), config.apiUrl.value, token);
    return { name, ok: true, network, client, clock: client.serverClock, config, token };
  });
  return {
    profiles,
    close: async () => {
      await Promise.all(profiles.map((p) => (p.ok ? p.client.close().catch(() => {}) : undefined)));
    },
  };
}
