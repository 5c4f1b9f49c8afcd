// `netdeck whoami`: who the configured token says you are, and whether the service
// accepts it now. The token itself is never shown.
import type { Command } from 'commander';
import {
  type ClaimedTime,
  claimedIso,
  decodeToken,
  issuedAt,
  type TokenKind,
  tokenKind,
} from '../../api/auth.ts';
import { ApiError, isApiError } from '../../api/errors.ts';
import type { NetworkUser } from '../../contract/schemas.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { addServiceOptions, type CommonOptions, optionsOf } from '../options.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { renderPairs } from '../output/table.ts';
import { explain, runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

const KIND_TEXT: Record<TokenKind, string> = {
  network: 'network token',
  client: 'client token',
  'api-key': 'API key (urn_…)',
  unknown: 'not a token netdeck can read',
};

/** A claimed time for people: when, `unknown` beyond what a date holds, `-` when not claimed. */
function shownTime(time: ClaimedTime | undefined): string {
  if (time === undefined) return '-';
  return time === 'unknown' ? 'unknown' : formatTimestamp(time);
}

export function registerWhoami(program: Command, context: CliContext): void {
  const command = program
    .command('whoami')
    .description(
      'the network and user of the token in use, its kind and times, and whether the service accepts it',
    );
  addServiceOptions(command);
  command.addHelpText(
    'after',
    examples([
      ['netdeck whoami', 'after netdeck login'],
      ['netdeck whoami --json', 'for scripts; exit code 3 when the service refuses the token'],
    ]),
  );
  command.action(async (_flags, cmd: Command) => {
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out, config, token }) => {
      if (!token) {
        throw new ApiError(
          'no-token',
          'no token: log in with `netdeck login` (netdeck config shows what is configured)',
        );
      }
      const info = decodeToken(token);
      const kind = tokenKind(token);
      let accepted = true;
      let refusal: string | undefined;
      // An API key names no network: the service says which (and so whether it accepts the key).
      let user: NetworkUser | undefined;
      try {
        if (kind === 'api-key') user = (await client.networkUser()).network_user;
        else await client.getPayoutWallet();
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'unauthorized') throw error;
        accepted = false;
        refusal = explain(error);
      }
      const issued = info ? issuedAt(info) : undefined;
      const described = {
        api_url: client.baseUrl,
        network_name: info?.networkName ?? user?.network_name ?? null,
        network_id: info?.networkId ?? null,
        user_id: info?.claims.user_id ?? user?.user_id ?? null,
        client_id: info?.claims.client_id ?? null,
        token_kind: kind,
        issued_at: claimedIso(issued),
        expires_at: claimedIso(info?.expiresAt),
        token_from: config.token?.origin ?? 'the demo simulator',
        accepted,
      };
      if (out.json) out.printJson(described);
      else {
        const pairs: [string, string][] = [
          ['api url', sanitize(described.api_url)],
          ['network', sanitize(described.network_name ?? '-')],
          ['network id', sanitize(described.network_id ?? '-')],
          ['user id', sanitize(described.user_id ?? '-')],
          ['token', KIND_TEXT[kind]],
        ];
        if (described.client_id) pairs.push(['client id', sanitize(described.client_id)]);
        pairs.push(
          ['issued', shownTime(issued)],
          ['expires', shownTime(info?.expiresAt)],
          ['from', described.token_from],
          ['accepted', accepted ? out.style.good('yes, the service accepts it now') : out.style.bad('no')],
        );
        out.lines(renderPairs(pairs, out.style));
      }
      if (!accepted) {
        out.error(refusal ?? 'the service does not accept the token');
        return ExitCode.unauthorized;
      }
    });
  });
}
