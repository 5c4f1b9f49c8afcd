// `netdeck login`: gets a network token as the service's own tools do (an auth code from
// the web app, an email and password, or the token the official provider saved) and
// stores it for the profile with the API URL it belongs to. The token is never printed.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { decodeToken, isApiKey, TOKEN_RULE, tokenKind, tokenProblem } from '../../api/auth.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError, isApiError } from '../../api/errors.ts';
import { HTTP_TEXT, REFUSALS_AS_500 } from '../../contract/messages.ts';
import { API_KEY_LENGTH } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { clientFor } from '../open-client.ts';
import { addOutputOptions, type CommonOptions, optionsOf, orUsage } from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { renderPairs } from '../output/table.ts';
import { createOutput, type Output } from '../output/writer.ts';
import { ConfigError, expandHome, type ResolvedConfig, resolveConfig } from '../profile/config.ts';
import { LoginFileError, readSmallFile, saveLogin, tokenBeforeLogin } from '../profile/login-store.ts';
import { askSecret, readAll } from '../profile/prompt.ts';
import { commandClientDefaults, explain, resolveOrReport } from '../run-command.ts';
import { examples } from './help.ts';

/** The real service: where `netdeck login` goes unless told otherwise. */
const REAL_API_URL = 'https://api.bringyour.com';
/** Where the official provider's `auth` writes its network token. */
const PROVIDER_TOKEN_PATH = '~/.urnetwork/jwt';

interface LoginOptions extends CommonOptions {
  code?: string;
  email?: string;
  fromProvider?: string | boolean;
  apiKey?: string | boolean;
}

/** A refusal of the service, said for a person: exit code 4. */
class Refused extends Error {}

export function registerLogin(program: Command, context: CliContext): void {
  const command = program
    .command('login')
    .description(
      'log in and keep the token for this profile: an auth code, a password, or the provider’s token',
    )
    .option('--code <code>', 'the auth code ("-" reads it from stdin); asked for when not given')
    .option('--email <address>', 'log in with this email (or phone) and its password, asked for without echo')
    .option(
      '--from-provider [path]',
      `use the token the official provider's auth saved (default ${PROVIDER_TOKEN_PATH})`,
    )
    .option(
      '--api-key [key]',
      'keep an API key (urn_…) as the token: asked for without echo, or "-" reads it from stdin',
    )
    .option('--api-url <url>', `the API to log in to (default ${REAL_API_URL}, or the one configured)`)
    .option('--profile <name>', 'the profile to keep the login for (env NETDECK_PROFILE)');
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `${examples([
      ['netdeck login', 'asks for an auth code: "Copy an Auth Code" in the web app (https://ur.io/?auth)'],
      ['pbpaste | netdeck login --code -', 'the code from stdin'],
      ['netdeck login --email me@example.com', 'asks for the password (not shown as it is typed)'],
      ['netdeck login --from-provider', `after the official provider's auth: uses ${PROVIDER_TOKEN_PATH}`],
      ['netdeck api-keys create laptop | netdeck login --api-key -', 'an API key as this profile’s token'],
      ['netdeck login --api-url http://127.0.0.1:8080 --email demo@netdeck.example', 'the simulator'],
    ])}
The token is kept in $XDG_CONFIG_HOME/netdeck/logins/<profile>.json (mode 0600, in a 0700
folder) with the API URL it belongs to; netdeck whoami shows it, netdeck logout removes it.
Flags, the environment and a token in the config file still come first (netdeck config).
`,
  );
  command.action(async (_flags, cmd: Command) => {
    const options = optionsOf<LoginOptions>(cmd);
    orUsage(cmd, () => {
      const ways = [
        options.code !== undefined,
        options.email !== undefined,
        options.fromProvider !== undefined,
        options.apiKey !== undefined,
      ];
      if (ways.filter(Boolean).length > 1)
        throw new UsageError('choose one of --code, --email, --from-provider and --api-key');
    });
    context.exit(await login(context, options));
  });
}

async function login(context: CliContext, options: LoginOptions): Promise<number> {
  const out = createOutput(context.io, options);
  const config = loginConfig(context, options, out);
  if (!config) return ExitCode.usage;
  const apiUrl = config.apiUrl?.value ?? REAL_API_URL;
  const client = clientFor(context.deps, commandClientDefaults(out), apiUrl);
  try {
    const obtained = await obtainToken(context, options, client, out);
    const token = obtained.token.trim();
    // Every later command would fail on a token that cannot be sent: it is not kept.
    const problem = tokenProblem(token);
    if (problem)
      throw new Error(
        `the service answered with a token netdeck cannot use: it ${problem} (${TOKEN_RULE}); nothing was saved`,
      );
    out.hide(token);
    // An API key names no network: the service says which (asked when the key was checked).
    const keyNetwork = isApiKey(token)
      ? (obtained.network ?? (await client.networkUser()).network_user?.network_name)
      : undefined;
    saveLogin(config.login.path, { apiUrl, token });
    report(out, config, apiUrl, token, keyNetwork);
    warnIfOverridden(context, options, out, token);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(error.message);
      return ExitCode.usage;
    }
    if (error instanceof Refused) {
      out.error(error.message);
      return ExitCode.business;
    }
    if (error instanceof LoginFileError) {
      out.error(error.message);
      return ExitCode.failure;
    }
    out.error(explain(error));
    return isApiError(error) && error.kind === 'unauthorized' ? ExitCode.unauthorized : ExitCode.failure;
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * Where to log in: the configured API (the stored login's, if nothing else names one),
 * else the real service. A stored login that cannot be read is replaced, not in the way.
 */
function loginConfig(context: CliContext, options: LoginOptions, out: Output): ResolvedConfig | undefined {
  const flags = { apiUrl: options.apiUrl, profile: options.profile };
  try {
    return resolveConfig(flags, context.io.env, context.deps.configFs);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
  }
  return resolveOrReport(context, flags, out, { forLogin: true });
}

/** The token, and the network the service named while checking it (an API key's). */
async function obtainToken(
  context: CliContext,
  options: LoginOptions,
  client: ApiClient,
  out: Output,
): Promise<{ token: string; network?: string }> {
  if (options.fromProvider !== undefined) return { token: await providerToken(context, options, client) };
  if (options.apiKey !== undefined) return apiKeyToken(context, options.apiKey, client, out);
  if (options.email !== undefined) return { token: await passwordToken(context, options.email, client) };
  return { token: await codeToken(context, options.code, client, out) };
}

async function codeToken(context: CliContext, given: string | undefined, client: ApiClient, out: Output) {
  const { io } = context;
  let code = given;
  if (code === '-') {
    if (!io.stdin) throw new UsageError('--code -: there is no stdin to read the code from');
    code = await readAll(io.stdin);
  } else if (code === undefined) {
    if (!io.stdin?.isTTY)
      throw new UsageError(
        'no terminal to ask for the auth code: pass --code CODE, or --code - to read it from stdin',
      );
    out.note(
      'an auth code logs this computer in to your network: in the web app (https://ur.io/?auth) press "Copy an Auth Code"',
    );
    code = await askSecret(io, 'Auth code: ');
  }
  code = code?.trim();
  if (!code) throw new UsageError('no auth code given');
  try {
    const { by_jwt } = await client.authCodeLogin({ auth_code: code });
    if (!by_jwt) throw new Error('the service answered the auth code without a token');
    return by_jwt;
  } catch (error) {
    if (isApiError(error) && error.kind === 'business')
      throw new Refused(
        `${error.message} An auth code works once and for a minute unless made otherwise: copy a new one and run netdeck login again.`,
      );
    throw error;
  }
}

async function passwordToken(context: CliContext, email: string, client: ApiClient) {
  const userAuth = email.trim();
  if (!userAuth) throw new UsageError('--email needs an address');
  const password = await askSecret(context.io, `Password for ${sanitize(userAuth)}: `);
  if (!password) throw new UsageError('no password given');
  let result: Awaited<ReturnType<ApiClient['authLoginWithPassword']>>;
  try {
    result = await client.authLoginWithPassword({ user_auth: userAuth, password });
  } catch (error) {
    throw passwordRefusal(error, userAuth);
  }
  if (result.verification_required) {
    throw new Refused(
      `the account ${sanitize(result.verification_required.user_auth ?? userAuth)} is not verified yet: ` +
        'verify it with the code the service sent to it (in the app or on the web), then run netdeck login again',
    );
  }
  const token = result.network?.by_jwt;
  if (!token) throw new Error('the service answered the login without a token');
  return token;
}

/** Each way a password login is refused, in words. */
function passwordRefusal(error: unknown, userAuth: string): unknown {
  if (!isApiError(error)) return error;
  const who = sanitize(userAuth);
  const body = error.details.body?.trim();
  // The service says "no such user" as a 500 whose body is the reason (a 'business' refusal).
  if (error.status === 500 && body === REFUSALS_AS_500.userDoesNotExist)
    return new Refused(
      `there is no account ${who} (${REFUSALS_AS_500.userDoesNotExist}); sign up in the app or on the web first`,
    );
  if (error.kind === 'business') {
    if (error.message === 'Invalid user or password.')
      return new Refused(`wrong password for ${who} (Invalid user or password.)`);
    if (error.message === 'Invalid user auth.')
      return new Refused(`"${who}" is not an email address or phone number (Invalid user auth.)`);
    return new Refused(error.message);
  }
  if (error.status === 503 && body === HTTP_TEXT.authAttempts)
    return new Refused(
      `too many login attempts for ${who} from this address (${HTTP_TEXT.authAttempts}): wait 5 minutes before trying again; every attempt meanwhile counts too`,
    );
  return error;
}

async function providerToken(context: CliContext, options: LoginOptions, client: ApiClient) {
  const { env } = context.io;
  const given = typeof options.fromProvider === 'string' ? options.fromProvider : PROVIDER_TOKEN_PATH;
  const path = given.startsWith('~') ? expandHome(given, env) : given;
  const home = env.HOME?.trim() || homedir();
  const text = readSmallFile(path, "the provider's token file", { follow: true });
  if (text === undefined) {
    throw new UsageError(
      `no token at ${path}: run the official provider's \`provider auth\` first (it writes ${join(home, '.urnetwork', 'jwt')}), or use netdeck login with an auth code`,
    );
  }
  const token = text.trim();
  const problem = tokenProblem(token);
  if (problem) throw new UsageError(`the token in ${path} ${problem} (${TOKEN_RULE}); nothing was saved`);
  if (!token || (!isApiKey(token) && !decodeToken(token)))
    throw new UsageError(`${path} does not hold a token (a JWT); run the official provider's auth again`);
  return acceptedToken(client, token, `the token in ${path}`, () => client.getPayoutWallet());
}

/** An API key, given, piped or typed without echo; kept only if the service accepts it. */
async function apiKeyToken(context: CliContext, given: string | boolean, client: ApiClient, out: Output) {
  const { io } = context;
  let key = typeof given === 'string' ? given : undefined;
  if (key === '-') {
    if (!io.stdin) throw new UsageError('--api-key -: there is no stdin to read the key from');
    key = await readAll(io.stdin);
  } else if (key === undefined) {
    if (!io.stdin?.isTTY)
      throw new UsageError('no terminal to ask for the API key: pass --api-key - to read it from stdin');
    out.note('an API key acts as your network: netdeck api-keys create NAME makes one (shown once)');
    key = await askSecret(io, 'API key: ');
  }
  key = key?.trim() ?? '';
  if (!isApiKey(key) || key.length !== API_KEY_LENGTH)
    throw new UsageError(`an API key starts with urn_ and is ${API_KEY_LENGTH} characters long`);
  let network: string | undefined;
  await acceptedToken(client, key, 'this API key', async () => {
    network = (await client.networkUser()).network_user?.network_name;
  });
  return { token: key, network };
}

/** The token, once the service accepted it (`check`): one it refuses is not kept. */
async function acceptedToken(
  client: ApiClient,
  token: string,
  what: string,
  check: () => Promise<unknown>,
): Promise<string> {
  // Checked now rather than at the next command.
  client.setToken(token);
  try {
    await check();
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized')
      throw new ApiError(
        'unauthorized',
        `the service does not accept ${what} (Not authorized.)`,
        error.details,
      );
    throw error;
  }
  return token;
}

function report(
  out: Output,
  config: ResolvedConfig,
  apiUrl: string,
  token: string,
  keyNetwork: string | undefined,
): void {
  const info = decodeToken(token);
  const networkName = info?.networkName ?? keyNetwork;
  const described = {
    api_url: apiUrl,
    profile: config.profile?.value ?? 'default',
    network_name: networkName ?? null,
    network_id: info?.networkId ?? null,
    user_id: info?.claims.user_id ?? null,
    token_kind: tokenKind(token),
    saved_to: config.login.path,
  };
  out.outcome(described, [
    `Logged in to ${sanitize(apiUrl)}${networkName ? ` as network ${sanitize(networkName)}` : ''}.`,
    ...renderPairs(
      [
        ['network id', sanitize(described.network_id ?? '-')],
        ['user id', sanitize(described.user_id ?? '-')],
        ['profile', sanitize(described.profile)],
        ['token kept in', `${described.saved_to} (mode 0600)`],
      ],
      out.style,
    ),
  ]);
}

/** Flags, the environment or the config file may still name another token: say so. */
function warnIfOverridden(context: CliContext, options: LoginOptions, out: Output, token: string): void {
  try {
    const now = resolveConfig(
      { apiUrl: options.apiUrl, profile: options.profile },
      context.io.env,
      context.deps.configFs,
    );
    const before = tokenBeforeLogin(now.token, token);
    if (before) out.warn(before);
  } catch {
    // A configuration that cannot work is reported by the next command.
  }
}
