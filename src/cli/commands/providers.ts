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
import type { AllBounds, CliContext } from '../context.ts';
import { type CommonOptions, collect, collectUuids, integerArg, uuidOf } from '../options.ts';
import { type Field, numberField, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { CommandSession } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

/** The most one find-providers2 call returns (the simulator's cap; the real service has none). */
const MAX_BATCH = 1000;

/**
 * What `--all` does at most; past any of them it stops with exit 1, saying which. Each batch
 * excludes every id seen, so the bound of providers bounds the exclusion list: 100 000 ids
 * are a 3.9 MB body, under the 4 MiB the strictest service takes. A server can make the
 * walk cost far more than its rows (one new id per batch: 100 000 requests sending 195 GB
 * in all), so the requests and the bytes sent are bounded too: walking 100 000 providers
 * in batches of 1 000 makes 101 requests sending about 195 MB.
 */
export const ALL_BOUNDS: AllBounds = { providers: 100_000, requests: 1_000, bytes: 256 * 1024 * 1024 };

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
          `every matching provider (at most ${formatCount(ALL_BOUNDS.providers)}), streamed one per line (JSON Lines with --json)`,
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
        ? streamAll(session, request, { ...ALL_BOUNDS, ...context.deps.allBounds })
        : sampleOnce(session, request),
  });
}

function buildRequest(options: ProvidersOptions): FindProvidersRequest {
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

/** Bytes of an id in a JSON list of ids: quoted, and a comma. */
const idBytes = (id: string) => Buffer.byteLength(JSON.stringify(id)) + 1;

/**
 * Batches of up to MAX_BATCH with every id seen so far excluded, until a batch brings
 * nothing new, or a bound is reached while the service still sends more (then exit 1,
 * saying which). Each provider is printed as soon as it arrives, exactly once.
 */
async function streamAll(
  session: CommandSession,
  request: FindProvidersRequest,
  bounds: AllBounds,
): Promise<number> {
  const { out, client } = session;
  const seen = new Set<string>(request.exclude_client_ids ?? []);
  const baseBytes = Buffer.byteLength(JSON.stringify({ ...request, exclude_client_ids: [] }));
  let excludedBytes = [...seen].reduce((sum, id) => sum + idBytes(id), 0);
  let printed = 0;
  let requests = 0;
  let sentBytes = 0;
  const narrow = 'narrow the search (--location, --group)';
  // Rows are printed as they arrive: fixed widths instead of a measured table.
  const print = out.stream(FIELDS, STREAM_WIDTHS);
  for (;;) {
    if (requests >= bounds.requests) {
      out.error(
        `stopped after ${printed} providers and ${requests} requests, the most --all makes: the service still sends new ones, a few at a time; ${narrow} to see the rest`,
      );
      return ExitCode.failure;
    }
    const bodyBytes = baseBytes + excludedBytes;
    if (sentBytes + bodyBytes > bounds.bytes) {
      out.error(
        `stopped after ${printed} providers: the next request would take what --all sends past ${formatBytes(bounds.bytes)} (each excludes every id seen); ${narrow}, or raise --count, to see the rest`,
      );
      return ExitCode.failure;
    }
    requests++;
    sentBytes += bodyBytes;
    let providers: Provider[];
    try {
      const result = await client.findProviders({ ...request, exclude_client_ids: [...seen] });
      providers = result.providers ?? [];
    } catch (error) {
      if (isApiError(error) && error.status === 413) {
        out.error(
          `stopped after ${printed} providers: the service refused a request excluding ${seen.size} ids as too large (413); ` +
            'narrow the search (--location, --group) to see the rest',
        );
        return ExitCode.failure;
      }
      throw error;
    }
    const fresh = providers.filter(
      (p): p is Provider & { client_id: string } => !!p.client_id && !seen.has(p.client_id),
    );
    // An empty batch ends the walk; so does one with nothing new (a service that ignores exclusions).
    if (!fresh.length) break;
    if (printed >= bounds.providers) {
      out.error(
        `stopped after ${printed} providers, the most --all lists: the service still sends new ones; ${narrow} to see the rest`,
      );
      return ExitCode.failure;
    }
    for (const provider of fresh.slice(0, bounds.providers - printed)) {
      seen.add(provider.client_id);
      excludedBytes += idBytes(provider.client_id);
      printed++;
      print(provider);
    }
  }
  out.note(`${printed} provider${printed === 1 ? '' : 's'}`);
  return ExitCode.ok;
}
