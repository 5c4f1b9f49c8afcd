// `netdeck providers`: sample providers for locations, groups or devices, or with --all
// walk every matching provider once (batches with every seen id excluded).
import { type Command, InvalidArgumentError } from 'commander';
import { isApiError } from '../../api/errors.ts';
import {
  type FindProvidersRequest,
  type LocationSpecInput,
  type Provider,
  RANK_MODES,
  type RankMode,
} from '../../contract/schemas.ts';
import { formatBytes, formatCount, NOT_SENT } from '../../format/numbers.ts';
import { speedFigure, speedText } from '../../format/provider-speed.ts';
import { MAX_BATCH, providerWalk, WALK_BOUNDS, type WalkBounds } from '../../store/provider-walk.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, collect, collectUuids, integerArg, uuidOf } from '../options.ts';
import { type Field, numberField, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { CommandSession } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

export interface ProvidersOptions extends CommonOptions {
  location?: string[];
  group?: string[];
  client?: string[];
  best?: boolean;
  count?: number;
  rank?: RankMode;
  all?: boolean;
  exclude?: string[];
  excludeDestination?: string[];
}

export function registerProviders(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'providers',
    description: 'sample active providers of locations, groups or devices (--all: every one, once)',
    flags: (command) =>
      command
        .option('-l, --location <id>', 'a location id (city, region or country); repeatable', collectUuids)
        .option('-g, --group <id>', 'a location group id; repeatable', collectUuids)
        .option('-c, --client <id>', 'a provider client id; repeatable', collectUuids)
        .option('--best', 'add the best available providers (the service picks where)')
        .option(
          '-n, --count <n>',
          `how many to sample, exactly (sent with force_count; without it the service picks: 20 today, 10 in the seed era; with --all the batch size, max ${MAX_BATCH}; the simulator answers at most ${MAX_BATCH})`,
          integerArg({ min: 1 }),
        )
        .option(
          '--rank <mode>',
          `rank by ${RANK_MODES.join(' or ')} (today's service; default quality)`,
          rankArg,
        )
        .option(
          '--all',
          `every matching provider (at most ${formatCount(WALK_BOUNDS.providers)}), streamed one per line (JSON Lines with --json)`,
        )
        .option('-x, --exclude <id>', 'leave out this provider; repeatable', collectUuids)
        .option(
          '--exclude-destination <ids>',
          'leave out a destination: a path "INTERMEDIARY,...,DESTINATION" of ids; repeatable',
          collect,
        ),
    csv: true,
    examples: [
      ['netdeck providers --location LOCATION_ID', 'random providers there, better tiers first'],
      ['netdeck providers --location LOCATION_ID --count 5 --rank speed', '5 of them, ranked by speed'],
      ['netdeck providers --group GROUP_ID --count 50', '50 of a group'],
      ['netdeck providers --location ID --all --json | wc -l', 'every provider of a location, counted'],
      ['netdeck providers --best --exclude CLIENT_ID', 'best available, without one provider'],
    ],
    check: (options: ProvidersOptions) => ({ all: options.all, request: buildRequest(options) }),
    run: (session, { all, request }) =>
      all
        ? streamAll(session, request, { ...WALK_BOUNDS, ...context.deps.allBounds })
        : sampleOnce(session, request),
  });
}

/** The find-providers2 request of the options (`netdeck mcp` samples a place with it too). */
export function buildRequest(options: ProvidersOptions): FindProvidersRequest {
  const specs: LocationSpecInput[] = [
    ...(options.location ?? []).map((id) => ({ location_id: id })),
    ...(options.group ?? []).map((id) => ({ location_group_id: id })),
    ...(options.client ?? []).map((id) => ({ client_id: id })),
    ...(options.best ? [{ best_available: true }] : []),
  ];
  if (!specs.length) {
    throw new UsageError(
      'say where to look: --location, --group, --client or --best (netdeck locations lists ids)',
    );
  }
  if (options.all && options.count !== undefined && options.count > MAX_BATCH) {
    throw new UsageError(`with --all, --count is the batch size: at most ${MAX_BATCH}`);
  }
  const destinations = (options.excludeDestination ?? []).map((path) => {
    const ids = path.split(',').map((id) => id.trim());
    if (ids.some((id) => id === '')) throw new UsageError(`--exclude-destination "${path}" has an empty id`);
    return ids.map((id) => uuidOf(id, 'client id in --exclude-destination'));
  });
  const count = options.all ? (options.count ?? MAX_BATCH) : options.count;
  return {
    specs,
    // force_count: the count asked is the count answered (today's service raises less than 20).
    ...(count === undefined ? {} : { count, force_count: true }),
    ...(options.rank ? { rank_mode: options.rank } : {}),
    ...(options.exclude?.length ? { exclude_client_ids: options.exclude } : {}),
    ...(destinations.length ? { exclude_destinations: destinations } : {}),
  };
}

/** A provider's figures as sent: `?` in the aligned table where the service sent none. */
const FIELDS: Field<Provider>[] = [
  textField('CLIENT ID', 'client_id', (p) => p.client_id),
  numberField('TIER', 'tier', (p) => p.tier, String, NOT_SENT),
  {
    header: 'SPEED',
    name: 'speed_bytes_per_second',
    align: 'right',
    // No figure where the service has no estimate (`unmeasured` for people).
    value: speedFigure,
    show: speedText,
  },
  {
    header: 'LOCATION',
    show: ({ location: where }) =>
      where
        ? [where.city, where.region, where.country_code?.toUpperCase() ?? where.country]
            .filter(Boolean)
            .join(', ')
        : NOT_SENT,
  },
  { name: 'city', value: (p) => p.location?.city },
  { name: 'region', value: (p) => p.location?.region },
  { name: 'country_code', value: (p) => p.location?.country_code?.toUpperCase() },
];
const STREAM_WIDTHS = [36, 4, 10];

function rankArg(value: string): RankMode {
  if (!RANK_MODES.includes(value as RankMode))
    throw new InvalidArgumentError(`expects ${RANK_MODES.join(' or ')}.`);
  return value as RankMode;
}

async function sampleOnce(session: CommandSession, request: FindProvidersRequest): Promise<void> {
  const { out } = session;
  const result = await session.client.findProviders(request);
  out.result(result, () => ({
    fields: FIELDS,
    rows: result.providers ?? [],
    empty: 'No active providers match.',
  }));
}

/**
 * The walk (src/store/provider-walk.ts), batches of up to MAX_BATCH, until a batch brings
 * nothing new, or a bound is reached while the service still sends more (then exit 1,
 * saying which). Each provider is printed as soon as it arrives, exactly once.
 */
async function streamAll(
  session: CommandSession,
  request: FindProvidersRequest,
  bounds: WalkBounds,
): Promise<number> {
  const { out, client } = session;
  const walk = providerWalk(request, bounds);
  const narrow = 'narrow the search (--location, --group)';
  const stopped = (why: string) => {
    out.error(`stopped after ${walk.counts().listed} providers${why}`);
    return ExitCode.failure;
  };
  // Rows are printed as they arrive: fixed widths instead of a measured table.
  const print = out.stream(FIELDS, STREAM_WIDTHS);
  for (;;) {
    const step = walk.next();
    if ('stop' in step)
      return stopped(
        step.stop === 'requests'
          ? ` and ${walk.counts().requests} requests, the most --all makes: the service still sends new ones, a few at a time; ${narrow} to see the rest`
          : `: the next request would take what --all sends past ${formatBytes(bounds.bytes)} (each excludes every id seen); ${narrow}, or raise --count, to see the rest`,
      );
    let providers: Provider[];
    try {
      providers = (await client.findProviders(step.body)).providers ?? [];
    } catch (error) {
      if (isApiError(error) && error.status === 413)
        return stopped(
          `: the service refused a request excluding ${step.body.exclude_client_ids?.length ?? 0} ids as too large (413); ${narrow} to see the rest`,
        );
      throw error;
    }
    const { fresh, stop } = walk.took(providers);
    if (stop)
      return stopped(`, the most --all lists: the service still sends new ones; ${narrow} to see the rest`);
    // An empty batch ends the walk; so does one with nothing new (a service that ignores exclusions).
    if (!fresh.length) break;
    for (const provider of fresh) print(provider);
  }
  const printed = walk.counts().listed;
  out.note(`${printed} provider${printed === 1 ? '' : 's'}`);
  return ExitCode.ok;
}
