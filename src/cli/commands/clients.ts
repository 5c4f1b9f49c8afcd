// `netdeck clients`: the network's clients (GET /network/clients): device names and ids,
// client ids, provide mode, whether connected. `clients: null` means none. A hosted
// proxy's token and private key are masked unless --show-secrets; proxies are never stale. `--stale 7d`
// only those stale for a period (src/store/stale-clients.ts); `clients remove` removes
// clients by id or the stale ones, after a question on a terminal (else --yes);
// `clients add --name NAME` gets a client token for a new device (POST /network/auth-client).
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { NetworkClient } from '../../contract/schemas.ts';
import { provideModeName } from '../../contract/schemas.ts';
import { formatAge, formatCount, formatPeriod, formatTimestamp, parsePeriod } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import { describeRemoval, type Removal, removeClients } from '../../store/client-removal.ts';
import { clientsById } from '../../store/clients.ts';
import {
  answeredAt,
  DEFAULT_STALE_MS,
  lastEventsOf,
  lastNFor,
  leftOutText,
  PERIOD_PROBLEM,
  proxiesLeftOut,
  type StaleClient,
  staleClients,
} from '../../store/stale-clients.ts';
import type { CliContext } from '../context.ts';
import { commandClock } from '../long-running/long-running.ts';
import { type CommonOptions, uuidOf } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, type Field, summed, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import { askYesNo } from '../profile/prompt.ts';
import { type SecretsOption, SHOW_SECRETS_HELP, secretsAsAsked } from './secrets.ts';
import { serviceCommand } from './service-command.ts';
import { deviceSpec, handOverToken, newTokenOf, tokenCommand } from './token-output.ts';

const STALE_HELP =
  'only clients with no open connection last seen longer ago than PERIOD (30m, 12h, 7d, 2w; default 7d): seen is the last connection event, the auth time or the creation, whichever is latest';

interface StaleOptions extends CommonOptions {
  stale?: string | boolean;
}

/** `--stale [period]`: the period in ms (`--stale` alone is the default), or a usage error. */
function periodOf(value: string | boolean | undefined): number | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return DEFAULT_STALE_MS;
  const ms = parsePeriod(value);
  if (ms === undefined) throw new UsageError(`--stale ${value}: ${PERIOD_PROBLEM}`);
  return ms;
}

/**
 * The network's stale clients for `periodMs`, as of the service's time, the longest gone
 * first; `json` is what `clients --stale` prints with --json (and `netdeck mcp` answers).
 */
export async function findStale(client: ApiClient, periodMs: number, fallbackNow: number) {
  const [clients, recent] = await Promise.all([
    client.networkClients(),
    client.providersLastN({ last_n: lastNFor(periodMs) }),
  ]);
  const now = answeredAt(recent, fallbackNow);
  const stale = staleClients(clients, lastEventsOf(recent), now, periodMs);
  return { clients, now, stale, json: { clients: stale.map((s) => s.client) } };
}

export function registerClients(program: Command, context: CliContext): void {
  const command = serviceCommand(program, context, {
    name: 'clients',
    description: 'the network’s clients: device names, device ids, client ids, provide mode, connections',
    flags: (command) =>
      command.option('--stale [period]', STALE_HELP).option('--show-secrets', SHOW_SECRETS_HELP),
    csv: true,
    profiles: true,
    examples: [
      ['netdeck clients', 'one row per client'],
      ['netdeck clients --profiles all --stale 7d', 'the stale clients of every profile'],
      ['netdeck clients --stale 7d', 'the clients nobody has seen for a week, the longest gone first'],
      ['netdeck clients remove --stale 7d', 'remove them (asks first)'],
      ['netdeck clients add --name "attic pi" --token-file pi.jwt', 'a client token for a new device'],
      ['netdeck devices set-name DEVICE_ID "attic router"', 'rename a device by the DEVICE ID shown here'],
      ["netdeck clients --json | jq -r '.clients[].device_name'", 'for scripts'],
    ],
    check: (options: StaleOptions & SecretsOption) => ({
      periodMs: periodOf(options.stale),
      showSecrets: options.showSecrets === true,
    }),
    run: async ({ client, out, simulator }, { periodMs, showSecrets }) => {
      if (periodMs === undefined) {
        const result = secretsAsAsked(out, await client.networkClients(), showSecrets);
        out.result(result, () => clientsTable(result.clients ?? [], out.style));
        return;
      }
      const now = commandClock({ client, simulator }).now();
      const found = await findStale(client, periodMs, now);
      const leftOut = leftOutText(proxiesLeftOut(found.clients));
      if (leftOut) out.note(leftOut);
      const rows = found.json.clients;
      const seen = new Map(found.stale.map((s) => [s.client, s.lastSeen]));
      out.result(found.json, () =>
        clientsTable(rows, out.style, {
          periodMs,
          now: found.now,
          lastSeen: (c) => seen.get(c),
        }),
      );
    },
  });
  registerRemove(command, context);
  registerAdd(command, context);
}

/** Columns of a client's last sighting (the stale lists). */
function lastSeenFields<R>(lastSeen: (row: R) => number | undefined, now: number): Field<R>[] {
  return [
    {
      header: 'LAST SEEN',
      name: 'last_seen',
      value: (row) => isoTime(lastSeen(row)),
      show: (row) => {
        const time = lastSeen(row);
        return time === undefined ? 'never' : `${formatAge((now - time) / 1000)} ago`;
      },
    },
  ];
}

/** One row per client, by device name; CONNECTED is `connected` and `connected_since` in CSV. */
function clientsTable(
  clients: NetworkClient[],
  style: Style,
  stale?: { periodMs: number; now: number; lastSeen: (c: NetworkClient) => number | undefined },
): DataTable<NetworkClient> {
  const since = (c: NetworkClient) => c.connections?.[0]?.connect_time;
  const connected = clients.filter((c) => c.connections?.length).length;
  const count = `${clients.length} client${clients.length === 1 ? '' : 's'}`;
  return {
    fields: [
      textField('DEVICE', 'device', (c) => c.device_name, style.dim('(no name)')),
      textField('DEVICE ID', 'device_id', (c) => c.device_id, '-'),
      textField('CLIENT ID', 'client_id', (c) => c.client_id, '-'),
      {
        header: 'MODE',
        name: 'provide_mode',
        value: (c) => (c.provide_mode === undefined ? undefined : provideModeName(c.provide_mode)),
        show: (c) => (c.provide_mode === undefined ? '-' : provideModeName(c.provide_mode)),
      },
      summed(
        {
          header: 'CONNECTED',
          name: 'connected',
          value: (c) => Boolean(c.connections?.length),
          show: (c) =>
            c.connections?.length ? style.good(`since ${formatTimestamp(since(c))}`) : style.dim('no'),
        },
        (n) => `${formatCount(n)} connected`,
      ),
      { name: 'connected_since', value: (c) => isoTime(since(c)) },
      ...(stale ? lastSeenFields(stale.lastSeen, stale.now) : []),
    ],
    counted: 'CLIENTS',
    // The stale ones the longest gone first; all of them by name.
    rows: stale
      ? clients
      : [...clients].sort(
          (a, b) =>
            (a.device_name ?? '').localeCompare(b.device_name ?? '') ||
            (a.client_id ?? '').localeCompare(b.client_id ?? ''),
        ),
    empty: stale
      ? `No client of this network is stale for ${formatPeriod(stale.periodMs)} (none offline and unseen that long).`
      : 'This network has no clients.',
    after: clients.length
      ? [
          stale
            ? `${count} stale for ${formatPeriod(stale.periodMs)}: no open connection, last seen before ${formatTimestamp(stale.now - stale.periodMs)}`
            : `${count}, ${connected} connected`,
        ]
      : undefined,
  };
}

export interface Target {
  clientId: string;
  name?: string;
  lastSeen?: number;
  /** after the removal: what became of it */
  result?: string;
}

/** The clients a removal names, with what /network/clients knows of them. */
function targetsOf(ids: readonly string[], known: Map<string, NetworkClient>): Target[] {
  return ids.map((clientId) => ({ clientId, name: known.get(clientId)?.device_name }));
}

function removalTable(targets: Target[], now: number, style: Style, after?: string): DataTable<Target> {
  return {
    fields: [
      textField('DEVICE', 'device', (t) => t.name, style.dim('(unknown)')),
      textField('CLIENT ID', 'client_id', (t) => t.clientId),
      ...lastSeenFields<Target>((t) => t.lastSeen, now).map((field) => ({
        ...field,
        show: (t: Target) => (t.lastSeen === undefined ? '-' : field.show!(t)),
      })),
      ...(after === undefined ? [] : [textField<Target>('RESULT', 'result', (t) => t.result)]),
    ],
    rows: targets,
    empty: 'Nothing to remove.',
    after: after === undefined ? undefined : [after],
  };
}

/** Each target's result: removed, scheduled, or not (and why). */
function resultsOf(removal: Removal, targets: Target[]): Target[] {
  if (removal.route === 'remove-client') {
    const failed = new Map(removal.failed.map((f) => [f.clientId, f.message]));
    return targets.map((t) => ({
      ...t,
      result: failed.has(t.clientId) ? `not removed: ${failed.get(t.clientId)}` : 'removed',
    }));
  }
  const { answer } = removal;
  const result = answer.scheduled
    ? 'scheduled'
    : answer.already_in_progress || answer.too_many_concurrent_runs
      ? 'not removed'
      : 'removed';
  return targets.map((t) => ({ ...t, result }));
}

/**
 * Removes the targets (store/client-removal.ts picks the route); what `clients remove`
 * prints with --json, and what came of it in words (the sentence below its table).
 */
export async function removeTargets(client: ApiClient, targets: Target[]) {
  const removal = await removeClients(
    client,
    targets.map((t) => t.clientId),
  );
  const json = {
    client_ids: targets.map((t) => t.clientId),
    ...(removal.route === 'remove-clients'
      ? { route: '/network/remove-clients', answer: removal.answer }
      : { route: '/network/remove-client', answers: removal.answers }),
  };
  return { removal, outcome: describeRemoval(removal, targets.length), json };
}

function registerRemove(clients: Command, context: CliContext): void {
  serviceCommand(clients, context, {
    name: 'remove',
    description: 'remove clients of the network by id, or the stale ones; asks first on a terminal',
    args: [['[client-id...]', 'client ids (netdeck clients lists them)']],
    flags: (command) =>
      command
        .option(
          '--stale [period]',
          `instead of ids: the stale clients (${STALE_HELP.replace('only clients', 'clients')})`,
        )
        .option('--yes', 'do not ask (needed without a terminal)'),
    csv: true,
    examples: [
      ['netdeck clients remove --stale 7d', 'lists the clients unseen for a week, asks, removes them'],
      ['netdeck clients remove 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', 'one client'],
      ['netdeck clients remove --stale 30d --yes --json', 'from a script: no question'],
    ],
    help: {
      after: `One client is removed with /network/remove-client (the service answers for it); more
with one /network/remove-clients: the service removes up to 10 000 at once within its
hourly budget and schedules the rest in the background (netdeck says when), or refuses
with a reason (exit 4). A removed client leaves the lists and statistics, and its token
stops working.
`,
    },
    check: (options: StaleOptions & { yes?: boolean }, [ids]: [string[]]) => {
      const periodMs = periodOf(options.stale);
      if (periodMs !== undefined && ids.length)
        throw new UsageError('give either client ids or --stale, not both');
      if (periodMs === undefined && !ids.length)
        throw new UsageError('name the clients to remove (ids), or --stale PERIOD for the stale ones');
      const given = [...new Set(ids.map((id) => uuidOf(id, 'client id')))];
      const asking = !options.yes;
      if (asking && !context.io.stdin?.isTTY)
        throw new UsageError('no terminal to ask on: add --yes to remove without a question');
      return { periodMs, given, asking };
    },
    run: async ({ client, out, simulator }, { periodMs, given, asking }) => {
      const clock = commandClock({ client, simulator });
      let targets: Target[];
      let now = clock.now();
      if (periodMs !== undefined) {
        const found = await findStale(client, periodMs, now);
        const leftOut = leftOutText(proxiesLeftOut(found.clients));
        if (leftOut) out.note(leftOut);
        now = found.now;
        targets = found.stale.map((s: StaleClient) => ({
          clientId: s.client.client_id!,
          name: s.client.device_name,
          lastSeen: s.lastSeen,
        }));
        if (!targets.length) {
          out.result({ client_ids: [] }, () => removalTable([], now, out.style));
          out.note(`no client has been stale for ${formatPeriod(periodMs)}: nothing to remove`);
          return;
        }
      } else {
        const known = clientsById(await client.networkClients());
        targets = targetsOf(given, known);
        const unknown = targets.filter((t) => !known.has(t.clientId));
        if (unknown.length)
          out.warn(
            `not among the network's clients: ${unknown.map((t) => t.clientId).join(', ')} (the service will say)`,
          );
      }
      if (asking) {
        context.io.stderr.write(
          `${targets.length === 1 ? 'This client' : `These ${targets.length} clients`} will be removed:\n`,
        );
        for (const t of targets)
          context.io.stderr.write(
            `  ${sanitize(t.name) || '(unknown)'}  ${t.clientId}${t.lastSeen === undefined ? '' : `  last seen ${formatAge((now - t.lastSeen) / 1000)} ago`}\n`,
          );
        const yes = await askYesNo(
          context.io,
          `Remove ${targets.length === 1 ? 'it' : `these ${targets.length}`}?`,
        );
        if (!yes) {
          out.note('nothing removed');
          return ExitCode.ok;
        }
      }
      const { removal, outcome, json } = await removeTargets(client, targets);
      out.result(json, () => removalTable(resultsOf(removal, targets), now, out.style, outcome.text));
      // The table says what failed in its last line; the service's answer does not.
      if (!outcome.ok && out.json) out.warn(outcome.text);
      return outcome.ok ? ExitCode.ok : ExitCode.business;
    },
  });
}

function registerAdd(clients: Command, context: CliContext): void {
  serviceCommand(clients, context, {
    name: 'add',
    description:
      'a client token for a new device of the network (a new client, as the provider program gets one)',
    ...tokenCommand('the device’s name (the new client’s description)'),
    examples: [
      ['netdeck clients add --name "attic pi"', 'prints the client token'],
      ['netdeck clients add --name "attic pi" --token-file pi.jwt', 'writes it to pi.jwt (0600)'],
      [
        'netdeck --token-file network.jwt clients add --name pi --token-file pi.jwt',
        'the network’s token from a file',
      ],
    ],
    help: {
      after: `The device shows in netdeck clients at once; it shows in the statistics once it provides.
For a device without a screen that has no token to copy, see netdeck adopt.
`,
    },
    check: newTokenOf,
    run: async ({ client, out }, { name, tokenFile, csv }) => {
      const answer = await client.authClient({ description: name, device_spec: deviceSpec() });
      const token = answer.by_client_jwt ?? '';
      if (!token) throw new ApiError('shape', 'authClient: the answer has no client token');
      const record = { client_id: answer.client_id, device_name: name, token, tokenFile };
      // --json: the service's answer (without the token when it went to a file); --csv: one
      // record; else the token alone on stdout, for `TOKEN=$(netdeck clients add ...)`.
      const code = handOverToken(out, record, {
        csv,
        printJson: () =>
          out.printJson(tokenFile ? { client_id: answer.client_id, token_file: tokenFile } : answer),
      });
      if (code !== ExitCode.ok) return code;
      out.note(
        tokenFile
          ? `client token of "${sanitize(name)}" written to ${tokenFile} (0600)`
          : `the client token of "${sanitize(name)}": keep it secret; it acts as this network`,
      );
    },
  });
}
