// `netdeck blocked`: the locations whose consumers the network's providers are not
// offered to; `block COUNTRY` and `unblock COUNTRY` (an id, a code or a name). Only a
// country has an effect (the service never matches regions or cities), so a region or
// city given to block is refused (exit 2) with its country to block instead.
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { orLacking } from '../../api/error-words.ts';
import type { BlockedLocation } from '../../contract/schemas.ts';
import type { CliContext } from '../context.ts';
import { type DataTable, flagField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Output } from '../output/writer.ts';
import { describeTarget, findTarget, onlyCountries, type Target } from './country-target.ts';
import { serviceCommand } from './service-command.ts';

/** What the service lacks where these routes answer 404. */
const WHAT = 'blocked locations';

const listOf = async (client: ApiClient) =>
  (await orLacking(client.blockedLocations(), WHAT)).blocked_locations ?? [];

export function registerBlocked(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'blocked',
    description: "the locations whose consumers are not offered the network's providers (countries count)",
    csv: true,
    examples: [
      ['netdeck blocked', 'name, type, country and whether the block has an effect'],
      ['netdeck blocked --csv', 'for a spreadsheet'],
    ],
    run: async ({ client, out }) => {
      const result = await blockedResult(client);
      out.result(result, () => blockedTable(result.blocked_locations ?? []));
    },
  });

  /**
   * block and unblock: a country given as an id, a code or a name (`country`, its example),
   * found among the places the service lists before `act` acts on it.
   */
  const verb = (
    name: 'block' | 'unblock',
    description: string,
    country: string,
    act: (client: ApiClient, given: string) => Promise<CountryOutcome>,
  ) =>
    serviceCommand(program, context, {
      name,
      description,
      args: [['<country>', 'a location id, a two-letter code (de) or a name (Germany)']],
      csv: true,
      examples: [
        [`netdeck ${name} de`, 'by its code'],
        [`netdeck ${name} ${country}`, 'by its name'],
      ],
      help: {
        after: `Consumers are matched by the country of their address: a region or a city would be stored and
never matched, so netdeck blocks countries only. Countries are found among the places the
service lists (where providers are); one without providers is blocked by its location id.
`,
      },
      check: (_options, [given]: [string]) => given,
      run: async ({ client, out }, given) => report(out, await act(client, given)),
    });

  verb('block', "stop offering the network's providers to consumers in a country", '"United Kingdom"', block);
  verb('unblock', "offer the network's providers to consumers in a country again", 'Germany', unblock);
}

/**
 * What `blocked` prints with --json (and `netdeck mcp` answers): the service's answer,
 * its `null` for none kept (the client reads it as absent).
 */
export async function blockedResult(client: ApiClient) {
  const result = await orLacking(client.blockedLocations(), WHAT);
  return { ...result, blocked_locations: result.blocked_locations ?? null };
}

/** What block or unblock did: the service's answer (their --json), and the sentence they print. */
export interface CountryOutcome {
  answer: unknown;
  sentence: string;
  target: Target;
  /** blocked after it */
  blocked: boolean;
  changed: boolean;
}

/** `block COUNTRY`: a country given as an id, a code or a name; a region or a city is refused. */
export async function block(client: ApiClient, given: string): Promise<CountryOutcome> {
  const target = await findTarget(client, given, await listOf(client));
  if (target.type !== undefined && target.type !== 'country') throw new UsageError(onlyCountries(target));
  const answer = await client.blockLocation({ location_id: target.id });
  const blocked = target.type ? target : await countryById(client, target);
  return {
    answer,
    target: blocked,
    blocked: true,
    changed: !target.blocked,
    sentence: target.blocked
      ? `${describeTarget(blocked)} is blocked already.`
      : `Blocked ${describeTarget(blocked)}: consumers there are no longer offered this network's providers.`,
  };
}

/** `unblock COUNTRY`: a location given as an id, a code or a name. */
export async function unblock(client: ApiClient, given: string): Promise<CountryOutcome> {
  const target = await findTarget(client, given, await listOf(client));
  const answer = await client.unblockLocation({ location_id: target.id });
  return {
    answer,
    target,
    blocked: false,
    changed: target.blocked,
    sentence: !target.blocked
      ? `${describeTarget(target)} was not blocked: nothing changed.`
      : `Unblocked ${describeTarget(target)}: ${
          target.type === 'country'
            ? "consumers there are offered this network's providers again."
            : 'its block had no effect (only countries count).'
        }`,
  };
}

/** The outcome in words, the service's answer with --json, or one record with --csv. */
function report(out: Output, { answer, sentence, target, blocked, changed }: CountryOutcome): void {
  out.outcome(
    answer,
    sentence,
    (): DataTable<Target> => ({
      rows: [target],
      fields: [
        textField('LOCATION ID', 'location_id', (t) => t.id),
        textField('NAME', 'name', (t) => t.name),
        textField('CODE', 'country_code', (t) => t.code),
        flagField('BLOCKED', 'blocked', () => blocked, 'yes', 'no'),
        flagField('CHANGED', 'changed', () => changed, 'yes', 'no'),
      ],
    }),
  );
}

/**
 * An id the service lists nowhere (a country without providers, a region, a city, or no
 * location at all): blocked, its type is read from the blocked list; anything but a
 * country is unblocked again at once (it was not blocked before) and refused.
 */
async function countryById(client: ApiClient, target: Target): Promise<Target> {
  const entry = (await listOf(client)).find((l) => l.location_id === target.id);
  if (entry?.location_type === 'country')
    return {
      id: target.id,
      name: entry.location_name,
      code: entry.country_code,
      type: 'country',
      blocked: false,
    };
  await client.unblockLocation({ location_id: target.id });
  if (!entry) throw new UsageError(`no location has the id ${target.id}: nothing blocked`);
  throw new UsageError(
    onlyCountries({
      id: target.id,
      name: entry.location_name,
      code: entry.country_code,
      type: entry.location_type,
      blocked: false,
    }),
  );
}

function blockedTable(blocked: BlockedLocation[]): DataTable<BlockedLocation> {
  const counts = (l: BlockedLocation) => l.location_type === 'country';
  return {
    fields: [
      textField('LOCATION', 'location_name', (l) => l.location_name, '-'),
      textField('TYPE', 'location_type', (l) => l.location_type, '-'),
      textField('COUNTRY', 'country_code', (l) => l.country_code, '-'),
      flagField(
        'EFFECT',
        'has_effect',
        counts,
        'its consumers are not offered your providers',
        'none: only countries count',
      ),
      textField('ID', 'location_id', (l) => l.location_id, '-'),
    ],
    rows: blocked,
    empty:
      "No blocked locations: consumers everywhere may be offered this network's providers. Block a country with: netdeck block COUNTRY",
    after: blocked.some((l) => !counts(l))
      ? ['A region or city is stored but never matched: the service locates consumers by country.']
      : [],
  };
}
