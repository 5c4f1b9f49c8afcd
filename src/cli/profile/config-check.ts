// `netdeck config --check`: does the configuration work against the service? It reaches
// the API (a public request), then has the token accepted (an authenticated one), and
// says which network the token is for and when it expires.
import { type ClaimedTime, claimedIso, decodeToken, isApiKey } from '../../api/auth.ts';
import { ApiError } from '../../api/errors.ts';
import type { CliDeps } from '../context.ts';
import { clientFor } from '../open-client.ts';
import { ExitCode, exitCodeFor } from '../output/exit-codes.ts';
import { explain } from '../run-command.ts';
import type { ResolvedConfig } from './config.ts';

export interface ConfigCheck {
  reachable: boolean;
  /** Undefined when there was no token to try (or the service could not be reached). */
  token_accepted?: boolean;
  network_name?: string;
  /** RFC 3339, or `unknown` when the token's `exp` is beyond what a date holds. */
  expires_at?: string;
  /** What failed, in words. */
  problem?: string;
  /** 0 all is well; 1 the service cannot be reached; 3 no token, or the token is refused. */
  exit_code: number;
}

const expiryText = (time: ClaimedTime | undefined) =>
  time === 'unknown' ? time : (claimedIso(time) ?? undefined);

export async function checkConfig(
  deps: CliDeps,
  config: ResolvedConfig & { mode: 'api' },
): Promise<ConfigCheck> {
  const token = config.token?.value;
  const claims = token ? decodeToken(token) : undefined;
  const about = {
    network_name: claims?.networkName,
    expires_at: expiryText(claims?.expiresAt),
  };
  const client = clientFor(deps, { retries: 0, deadlineMs: 10_000 }, config.apiUrl.value, token);
  try {
    await client.providerLocations();
  } catch (error) {
    await client.close().catch(() => {});
    return { reachable: false, ...about, problem: explain(error), exit_code: exitCodeFor(error) };
  }
  try {
    if (!token) throw new ApiError('no-token', 'no token: log in with `netdeck login`');
    // An API key names no network: the service says which (and so whether it accepts the key).
    const named = isApiKey(token) ? (await client.networkUser()).network_user?.network_name : undefined;
    if (!named) await client.getPayoutWallet();
    // The service's acceptance decides, not this machine's clock.
    return {
      reachable: true,
      token_accepted: true,
      ...about,
      ...(named ? { network_name: named } : {}),
      exit_code: ExitCode.ok,
    };
  } catch (error) {
    return {
      reachable: true,
      token_accepted: token ? false : undefined,
      ...about,
      problem: explain(error),
      exit_code: exitCodeFor(error),
    };
  } finally {
    await client.close().catch(() => {});
  }
}
