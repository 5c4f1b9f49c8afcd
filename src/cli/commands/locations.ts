// `netdeck locations`: where providers are (provider-locations), or a fuzzy search:
// find-locations where the service has it, else find-provider-locations
// (api/location-search.ts), optionally narrowed to places with active providers.

import type { Command } from 'commander';
import { withActiveProviders } from '../../api/active-locations.ts';
import {
  createLocationSearch,
  distanceNotApplicable,
  FELL_BACK,
  type SearchVia,
} from '../../api/location-search.ts';
import { matchDistance } from '../../api/match-distance.ts';
import type { Location, LocationGroup, LocationResult } from '../../contract/schemas.ts';
import { formatCount, NOT_SENT } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import {
  addConnectionOptions,
  addCsvOption,
  addJsonOption,
  type CommonOptions,
  numberArg,
  optionsOf,
  orUsage,
} from '../options.ts';
import { UsageError } from '../output/exit-codes.ts';
import { renderTable } from '../output/table.ts';
import type { Output } from '../output/writer.ts';
import { type CommandSession, runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

export interface LocationsOptions extends CommonOptions {
  query?: string;
  active?: boolean;
  maxDistance?: number;
}

export function registerLocations(program: Command, context: CliContext): void {
  const command = program
    .command('locations')
    .description('list locations and groups with active providers, or search all of them')
    .option(
      '-q, --query <text>',
      'fuzzy search over cities, regions, countries (and groups where the service has find-locations)',
    )
    .option('--active', 'with --query: keep only matches that have active providers now')
    .option(
      '--max-distance <fraction>',
      'with --query: typos allowed per query character, 0-1 (service default 0.2); find-locations only',
      numberArg({ min: 0, max: 1 }),
    );
  addJsonOption(command);
  addCsvOption(command);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    examples([
      ['netdeck locations', 'every place with at least one active provider'],
      ['netdeck locations --query ger', 'Germany, German cities, groups containing them'],
      ['netdeck locations --query "sao paulo" --active', 'matches with active providers only'],
      ['netdeck locations --query germny --max-distance 0.3', 'allow more typos'],
      ["netdeck locations --json | jq '.locations | length'", 'count them'],
    ]),
  );
  command.action(async (_flags, cmd: Command) => {
    const options = orUsage(cmd, () => checkLocationsOptions(optionsOf<LocationsOptions>(cmd)));
    await runWithClient(context, options, (session) => runLocations(session, options));
  });
}

function checkLocationsOptions(options: LocationsOptions): LocationsOptions {
  if (options.maxDistance !== undefined && options.query === undefined) {
    throw new UsageError('--max-distance only applies to a search: add --query');
  }
  return options;
}

/** Why --max-distance cannot be honoured by a service without find-locations. */
export const MAX_DISTANCE_REFUSED = `${distanceNotApplicable('--max-distance')}; search again without it`;

async function fetchLocations(
  session: CommandSession,
  options: LocationsOptions,
): Promise<{ result: LocationResult; via?: SearchVia }> {
  const { client, out } = session;
  if (options.query === undefined) return { result: await client.providerLocations() };
  const search = createLocationSearch(client, (notice) => {
    if (options.maxDistance !== undefined) throw new UsageError(MAX_DISTANCE_REFUSED);
    out.note(notice);
  });
  const answer = await search.search(options.query, { maxDistanceFraction: options.maxDistance });
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
  if (session.out.json) {
    session.out.printJson(result);
    return;
  }
  printLocationTables(session.out, result, options.query, via);
}

const TYPE_ORDER: Record<string, number> = { country: 0, region: 1, city: 2 };

const byTypeThenCount = (a: Location, b: Location) =>
  (TYPE_ORDER[a.location_type ?? ''] ?? 3) - (TYPE_ORDER[b.location_type ?? ''] ?? 3) ||
  (b.provider_count ?? 0) - (a.provider_count ?? 0) ||
  (a.name ?? '').localeCompare(b.name ?? '');

/** Where a place is: a city's region and country, a region's country. */
function placeOf(location: Location): string {
  if (location.location_type === 'city')
    return [location.region, location.country].filter(Boolean).join(', ');
  if (location.location_type === 'region') return location.country ?? '';
  return '';
}

/** Distance shown for a match: find-provider-locations leaves out the 0 of an exact one. */
function distanceText(
  name: string | undefined,
  distance: number | undefined,
  query: string,
  via?: SearchVia,
) {
  return String(
    via === 'find-provider-locations' ? (distance ?? 0) : (matchDistance(name, distance, query) ?? ''),
  );
}

/** `query`: the search's, or undefined for the list of provider-locations; `via`: who answered it. */
function printLocationTables(
  out: Output,
  result: LocationResult,
  query: string | undefined,
  via?: SearchVia,
): void {
  const search = query !== undefined;
  const { style } = out;
  // A search comes best match first (parents and groups after): that order is kept.
  const groups = search
    ? (result.groups ?? [])
    : [...(result.groups ?? [])].sort(
        (a: LocationGroup, b: LocationGroup) =>
          Number(b.promoted ?? false) - Number(a.promoted ?? false) ||
          (b.provider_count ?? 0) - (a.provider_count ?? 0),
      );
  const locations = search ? (result.locations ?? []) : [...(result.locations ?? [])].sort(byTypeThenCount);
  const devices = result.devices ?? [];
  if (!groups.length && !locations.length && !devices.length) {
    out.line(search ? 'No locations match.' : 'No locations have active providers.');
    return;
  }
  const sections: string[][] = [];
  if (groups.length) {
    sections.push([
      style.accent(`GROUPS (${groups.length})`),
      ...renderTable(
        [
          { header: 'NAME' },
          { header: 'PROVIDERS', align: 'right' },
          { header: 'PROMOTED' },
          ...(search ? [{ header: 'DIST', align: 'right' as const }] : []),
          { header: 'ID' },
        ],
        groups.map((g) => [
          sanitize(g.name),
          g.provider_count === undefined ? NOT_SENT : formatCount(g.provider_count),
          g.promoted ? 'yes' : '',
          ...(search ? [distanceText(g.name, g.match_distance, query, via)] : []),
          sanitize(g.location_group_id),
        ]),
        style,
      ),
    ]);
  }
  if (locations.length) {
    sections.push([
      style.accent(`LOCATIONS (${locations.length})`),
      ...renderTable(
        [
          { header: 'TYPE' },
          { header: 'NAME' },
          { header: 'IN' },
          { header: 'CC' },
          { header: 'PROVIDERS', align: 'right' },
          ...(search ? [{ header: 'DIST', align: 'right' as const }] : []),
          { header: 'ID' },
        ],
        locations.map((l) => [
          sanitize(l.location_type),
          sanitize(l.name),
          sanitize(placeOf(l)),
          // Upper case, as the console shows it (the service sends lower case; --json keeps it).
          sanitize(l.country_code?.toUpperCase()),
          l.provider_count === undefined ? NOT_SENT : formatCount(l.provider_count),
          ...(search ? [distanceText(l.name, l.match_distance, query, via)] : []),
          sanitize(l.location_id),
        ]),
        style,
      ),
    ]);
  }
  if (devices.length) {
    sections.push([
      style.accent(`DEVICES (${devices.length})`),
      ...renderTable(
        [{ header: 'NAME' }, { header: 'CLIENT ID' }],
        devices.map((d) => [sanitize(d.device_name), sanitize(d.client_id)]),
        style,
      ),
    ]);
  }
  out.sections(sections);
}
