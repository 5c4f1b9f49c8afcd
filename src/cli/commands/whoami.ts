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
import { type DataTable, flagField, textField } from '../output/data-table.ts';
import { ExitCode } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import { explain } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

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
  serviceCommand(program, context, {
    name: 'whoami',
    description:
      'the network and user of the token in use, its kind and times, and whether the service accepts it',
    examples: [
      ['netdeck whoami', 'after netdeck login'],
      ['netdeck whoami --json', 'for scripts; exit code 3 when the service refuses the token'],
    ],
    run: async ({ client, out, config, token }) => {
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
      const described: Described = {
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
      out.result(described, () => describedTable(described, issued, info?.expiresAt, out.style));
      if (!accepted) {
        out.error(refusal ?? 'the service does not accept the token');
        return ExitCode.unauthorized;
      }
    },
  });
}

/** What whoami says of the token: the keys of its --json. */
interface Described {
  api_url: string;
  network_name: string | null;
  network_id: string | null;
  user_id: string | null;
  client_id: string | null;
  token_kind: TokenKind;
  issued_at: string | null;
  expires_at: string | null;
  token_from: string;
  accepted: boolean;
}

/** The token described as `label  value` lines; a client id only where the token names one. */
function describedTable(
  described: Described,
  issued: ClaimedTime | undefined,
  expires: ClaimedTime | undefined,
  style: Style,
): DataTable<Described> {
  return {
    pairs: true,
    rows: [described],
    fields: [
      textField('api url', 'api_url', (d) => sanitize(d.api_url)),
      textField('network', 'network_name', (d) => sanitize(d.network_name ?? '-')),
      textField('network id', 'network_id', (d) => sanitize(d.network_id ?? '-')),
      textField('user id', 'user_id', (d) => sanitize(d.user_id ?? '-')),
      {
        header: 'token',
        name: 'token_kind',
        value: (d) => d.token_kind,
        show: (d) => KIND_TEXT[d.token_kind],
      },
      ...(described.client_id
        ? [textField<Described>('client id', 'client_id', (d) => sanitize(d.client_id ?? ''))]
        : []),
      { header: 'issued', name: 'issued_at', value: (d) => d.issued_at, show: () => shownTime(issued) },
      { header: 'expires', name: 'expires_at', value: (d) => d.expires_at, show: () => shownTime(expires) },
      textField('from', 'token_from', (d) => d.token_from),
      flagField(
        'accepted',
        'accepted',
        (d) => d.accepted,
        style.good('yes, the service accepts it now'),
        style.bad('no'),
      ),
    ],
  };
}
