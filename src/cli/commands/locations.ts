// `netdeck locations`: where providers are (provider-locations), or a fuzzy search:
// find-locations where the service has it, else find-provider-locations
// (api/location-search.ts), optionally narrowed to places with active providers.

import type { Command } from 'commander';
import { withActiveProviders } from '../../api/active-locations.ts';
import type { ApiClient } from '../../api/client.ts';
import {
  createLocationSearch,
  distanceNotApplicable,
  FELL_BACK,
  type SearchVia,
} from '../../api/location-search.ts';
import { matchDistance, matchTier } from '../../api/match-distance.ts';
import { queryProblem, shortQueryNote } from '../../api/search-query.ts';
import type { Location, LocationGroup, LocationResult } from '../../contract/schemas.ts';
import { formatCount, NOT_SENT } from '../../format/numbers.ts';
import { ownEntry } from '../../store/distinct-keys.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, numberArg } from '../options.ts';
import { type DataTable, flagField, numberField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Output } from '../output/writer.ts';
import type { CommandSession } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

export interface LocationsOptions extends CommonOptions {
  query?: string;
  active?: boolean;
  maxDistance?: number;
}

export function registerLocations(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'locations',
    description: 'list locations and groups with active providers, or search all of them',
    flags: (command) =>
      command
        .option(
          '-q, --query <text>',
          'fuzzy search over cities, regions, countries (and groups where the service has find-locations)',
        )
        .option('--active', 'with --query: keep only matches that have active providers now')
        .option(
          '--max-distance <fraction>',
          'with --query: typos allowed per query character, 0-1 (service default 0.2); find-locations only',
          numberArg({ min: 0, max: 1 }),
        ),
    csv: true,
    examples: [
      ['netdeck locations', 'every place with at least one active provider'],
      ['netdeck locations --query ger', 'Germany, German cities, groups containing them'],
      ['netdeck locations --query "sao paulo" --active', 'matches with active providers only'],
      ['netdeck locations --query germny --max-distance 0.3', 'allow more typos'],
      ["netdeck locations --json | jq '.locations | length'", 'count them'],
    ],
    check: checkLocationsOptions,
    run: runLocations,
  });
}

function checkLocationsOptions(options: LocationsOptions): LocationsOptions {
  if (options.maxDistance !== undefined && options.query === undefined) {
    throw new UsageError('--max-distance only applies to a search: add --query');
  }
  // Said before anything is sent: the service would list places at random.
  const problem = options.query === undefined ? undefined : queryProblem(options.query);
  if (problem) throw new UsageError(problem);
  return options;
}

/** Why --max-distance cannot be honoured by a service without find-locations. */
export const MAX_DISTANCE_REFUSED = `${distanceNotApplicable('--max-distance')}; search again without it`;

/**
 * The places `locations` lists or finds: `result` is what it prints with --json (and
 * `netdeck mcp` answers), `via` who answered a search.
 */
export async function fetchLocations(
  session: { client: ApiClient; out: Pick<Output, 'note'> },
  options: LocationsOptions,
): Promise<{ result: LocationResult; via?: SearchVia }> {
  const { client, out } = session;
  if (options.query === undefined) return { result: await client.providerLocations() };
  const search = createLocationSearch(client, (notice) => {
    if (options.maxDistance !== undefined) throw new UsageError(MAX_DISTANCE_REFUSED);
    out.note(notice);
  });
  const answer = await search.search(options.query, { maxDistanceFraction: options.maxDistance });
  if (answer.leftOut) out.note(shortQueryNote(options.query, answer.leftOut));
  if (answer.fellBack) {
    out.note(
      `${FELL_BACK} (find-provider-locations)` +
        (options.maxDistance === undefined ? '' : '; --max-distance does not apply to them'),
    );
  }
  // find-provider-locations lists places with providers only, with their counts.
  const result =
    options.active && answer.via === 'find-locations'
      ? withActiveProviders(answer.result, await client.providerLocations())
      : answer.result;
  return { result, via: answer.via };
}

async function runLocations(session: CommandSession, options: LocationsOptions): Promise<void> {
  const { result, via } = await fetchLocations(session, options);
  session.out.result(result, () => locationsTable(result, options.query, via));
}

const TYPE_ORDER: Record<string, number> = { country: 0, region: 1, city: 2 };

const byTypeThenCount = (a: Location, b: Location) =>
  (ownEntry(TYPE_ORDER, a.location_type ?? '') ?? 3) - (ownEntry(TYPE_ORDER, b.location_type ?? '') ?? 3) ||
  (b.provider_count ?? 0) - (a.provider_count ?? 0) ||
  (a.name ?? '').localeCompare(b.name ?? '');

/** Where a place is: a city's region and country, a region's country. */
function placeOf(location: Location): string {
  if (location.location_type === 'city')
    return [location.region, location.country].filter(Boolean).join(', ');
  if (location.location_type === 'region') return location.country ?? '';
  return '';
}

/** A row: a group, a place or a device of an answer, in the section of its kind. */
interface Found {
  section: 'group' | 'location' | 'device';
  /** country, region, city (as sent), group or device */
  type?: string;
  name?: string;
  location?: Location;
  providers?: number;
  promoted?: boolean;
  distance?: number;
  id?: string;
  clientId?: string;
}

const SECTIONS = [
  { id: 'group', title: 'GROUPS' },
  { id: 'location', title: 'LOCATIONS' },
  { id: 'device', title: 'DEVICES' },
];

/**
 * One table of the groups, places and devices of an answer (the aligned table: a section
 * of each kind; CSV: `type` says what a row is). `query`: the search's, or undefined for
 * the list of provider-locations; `via`: who answered it.
 */
function locationsTable(
  result: LocationResult,
  query: string | undefined,
  via: SearchVia | undefined,
): DataTable<Found> {
  const search = query !== undefined;
  // find-provider-locations leaves out the 0 of an exact match.
  const distance = (name: string | undefined, sent: number | undefined) =>
    query === undefined
      ? undefined
      : via === 'find-provider-locations'
        ? (sent ?? 0)
        : matchDistance(name, sent, query);
  // A search comes best match first (parents and groups after): the service's order, with
  // the places named as the query or by its start first (it sends its matches in no order).
  const tier = (name: string | undefined, code?: string) => matchTier(name, code, query ?? '');
  const byTier = <T>(list: T[], tierOf: (item: T) => number) =>
    list
      .map((item) => ({ item, tier: tierOf(item) }))
      .sort((a, b) => a.tier - b.tier)
      .map(({ item }) => item);
  const groups = search
    ? byTier(result.groups ?? [], (g) => tier(g.name))
    : [...(result.groups ?? [])].sort(
        (a: LocationGroup, b: LocationGroup) =>
          Number(b.promoted ?? false) - Number(a.promoted ?? false) ||
          (b.provider_count ?? 0) - (a.provider_count ?? 0),
      );
  const locations = search
    ? byTier(result.locations ?? [], (l) =>
        tier(l.name, l.location_type === 'country' ? l.country_code : undefined),
      )
    : [...(result.locations ?? [])].sort(byTypeThenCount);
  const rows: Found[] = [
    ...groups.map(
      (g): Found => ({
        section: 'group',
        type: 'group',
        name: g.name,
        providers: g.provider_count,
        promoted: g.promoted ?? false,
        distance: distance(g.name, g.match_distance),
        id: g.location_group_id,
      }),
    ),
    ...locations.map(
      (l): Found => ({
        section: 'location',
        type: l.location_type,
        name: l.name,
        location: l,
        providers: l.provider_count,
        distance: distance(l.name, l.match_distance),
        id: l.location_id,
      }),
    ),
    ...(result.devices ?? []).map(
      (d): Found => ({
        section: 'device',
        type: 'device',
        name: d.device_name,
        clientId: d.client_id,
      }),
    ),
  ];
  const places = ['group', 'location'];
  const parent = (row: Found, key: 'region' | 'country', of: string[]) =>
    of.includes(row.location?.location_type ?? '') ? row.location?.[key] : undefined;
  return {
    fields: [
      { ...textField('TYPE', 'type', (row) => row.type), in: ['location'] },
      textField('NAME', 'name', (row) => row.name),
      { header: 'IN', show: (row) => (row.location ? placeOf(row.location) : ''), in: ['location'] },
      { name: 'region', value: (row) => parent(row, 'region', ['city']) },
      { name: 'country', value: (row) => parent(row, 'country', ['city', 'region']) },
      // Upper case, as the console shows it (the service sends lower case; --json keeps it).
      {
        ...textField('CC', 'country_code', (row) => row.location?.country_code?.toUpperCase()),
        in: ['location'],
      },
      { ...numberField('PROVIDERS', 'providers', (row) => row.providers, formatCount, NOT_SENT), in: places },
      { ...flagField('PROMOTED', 'promoted', (row) => row.promoted, 'yes'), in: ['group'] },
      ...(search
        ? [{ ...numberField('DIST', 'distance', (row: Found) => row.distance, String, ''), in: places }]
        : []),
      { ...textField('ID', 'id', (row) => row.id), in: places },
      { ...textField('CLIENT ID', 'client_id', (row) => row.clientId), in: ['device'] },
    ],
    rows,
    sections: { list: SECTIONS, of: (row) => row.section },
    empty: search ? 'No locations match.' : 'No locations have active providers.',
  };
}
