// `netdeck network`: the network's name and its user as the service has them now
// (GET /network/user); `network rename NAME` renames it, the name checked as the service
// checks it before anything is sent, the service's own refusal (a name taken) exit 4.
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.ts';
import { checkNetworkName, NAME_REFUSALS } from '../../contract/network-name.ts';
import type { NetworkUser } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { type DataTable, flagField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import { serviceCommand } from './service-command.ts';

/** What the service's refusal of a name taken means, beside its words. */
const TAKEN_MEANS = 'another network has this name, or one a letter away from it';

/** The network's user in one row: its name, how the user signs in, whether verified. */
function userTable(user: NetworkUser | undefined): DataTable<NetworkUser> {
  return {
    fields: [
      textField('NETWORK', 'network_name', (u) => u.network_name, '-'),
      textField('USER', 'user_auth', (u) => u.user_auth, '-'),
      {
        header: 'SIGNS IN WITH',
        name: 'auth_types',
        value: (u) => u.auth_types?.join(' '),
        // A user without sign-in methods listed: the account's own type.
        show: (u) => u.auth_types?.join(', ') || u.auth_type || '-',
      },
      {
        header: 'VERIFIED',
        name: 'verified',
        value: (u) => u.verified,
        show: (u) => (u.verified === undefined ? '-' : u.verified ? 'yes' : 'no'),
      },
      textField('USER ID', 'user_id', (u) => u.user_id, '-'),
    ],
    rows: user ? [user] : [],
    empty: 'The service sent no user for this token.',
  };
}

export function registerNetwork(program: Command, context: CliContext): void {
  const network = serviceCommand(program, context, {
    name: 'network',
    description: "the network's name and user, as the service has them now; network rename renames it",
    csv: true,
    examples: [
      ['netdeck network', 'the name, the user and how it signs in'],
      ['netdeck network rename "My Net 1"', 'checked as "my-net-1"; kept as typed'],
    ],
    run: async ({ client, out }) => {
      const result = await client.networkUser();
      out.result(result, () => userTable(result.network_user));
    },
  });

  serviceCommand(network, context, {
    name: 'rename',
    description: 'rename the network: 5 to 50 letters, digits, dashes or spaces, not taken',
    args: [['<name>', 'the new name (spaces are fine: the service checks them as dashes)']],
    csv: true,
    examples: [
      ['netdeck network rename home-lab', 'prints the new name'],
      ['netdeck network rename "Home Lab"', 'the same name for the checks, stored as typed'],
    ],
    help: {
      after: `The service checks the trimmed name in lower case with spaces as dashes: 5 to 50 characters of
a-z, 0-9 and -, and not within one letter of a name another network has (or had first). Tokens
made before keep naming the old name until renewed; API keys and netdeck network show the new one.
`,
    },
    check: (_options, [name]: [string]) => {
      const { form, refusal } = checkNetworkName(name);
      if (refusal) throw new UsageError(`${refusal} (the service checks the name as "${sanitize(form)}")`);
      return name;
    },
    run: async ({ client, out }, name) => {
      const now = (await client.networkUser()).network_user?.network_name;
      const record = (): DataTable<{ now?: string; name: string }> => ({
        rows: [{ now, name }],
        fields: [
          textField('NAME', 'network_name', (r) => r.name),
          textField('BEFORE', 'previous_name', (r) => r.now),
          flagField('CHANGED', 'changed', () => now !== name, 'yes', 'no'),
        ],
      });
      // The same name: nothing to send, but --json prints what the service answers.
      if (now === name && !out.json)
        return out.outcome({}, `The network is named ${sanitize(name)} already.`, record);
      let result: unknown;
      try {
        result = await client.updateNetworkName({ network_name: name });
      } catch (error) {
        if (error instanceof ApiError && error.message === NAME_REFUSALS.taken)
          throw new ApiError('business', `${NAME_REFUSALS.taken}: ${TAKEN_MEANS}`, error.details);
        throw error;
      }
      out.outcome(
        result,
        `Renamed the network${now ? ` from ${sanitize(now)}` : ''} to ${sanitize(name.trim())}.`,
        record,
      );
    },
  });
}
