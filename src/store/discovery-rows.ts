// The rows of the Discover pane, derived from what the service sent: the browse list
// (provider-locations, with the countries the user expanded), or a search's answer.
// Nothing here assumes regions or cities are listed, or that counts add up: today's
// service lists countries only and sends no counts for groups.
import { withActiveProviders } from '../api/active-locations.ts';
import type { SearchVia } from '../api/location-search.ts';
import { matchDistance, matchTier } from '../api/match-distance.ts';
import type { BlockedLocation, LocationResult, LocationSpecInput } from '../contract/schemas.ts';
import { ownEntry } from './distinct-keys.ts';

export type RowKind = 'device' | 'group' | 'country' | 'region' | 'city';
const KIND_ORDER: Record<RowKind, number> = { device: 0, group: 1, country: 2, region: 3, city: 4 };

export interface DiscoveryRow {
  /** `${kind}:${id}` (a child of an expanded country: `${country}>${kind}:${id}`), stable across refreshes. */
  key: string;
  kind: RowKind;
  id: string;
  name: string;
  /** Where it is: "Region, Country" for a city, the country for a region. */
  context?: string;
  /** Absent when the service did not send one (a count that is not known). */
  providerCount?: number;
  matchDistance?: number;
  promoted?: boolean;
  /** The country of a location (to find its children). */
  countryId?: string;
  countryCode?: string;
  /** Shown under an expanded country. */
  child?: boolean;
  /** A country row: whether its children are shown. */
  expanded?: boolean;
  spec: LocationSpecInput;
}

/** How the browse list is sorted; a search keeps the service's best-match-first order. */
export type DiscoverySort = 'count' | 'name';

/** A country opened in place: its regions and cities, as the service listed them. */
export interface Expansion {
  loading: boolean;
  error?: Error;
  children: DiscoveryRow[];
}

function specOf(kind: RowKind, id: string): LocationSpecInput {
  if (kind === 'device') return { client_id: id };
  if (kind === 'group') return { location_group_id: id };
  return { location_id: id };
}

function kindOf(type: string | undefined): RowKind | undefined {
  return type === 'city' || type === 'region' || type === 'country' ? type : undefined;
}

/** What every row has: its key, kind and id, its name (the id when it has none), and how to ask for it. */
const rowOf = (kind: RowKind, id: string, name: string | undefined): DiscoveryRow => ({
  key: `${kind}:${id}`,
  kind,
  id,
  name: name ?? id,
  spec: specOf(kind, id),
});

/** Rows of one result, unsorted; entries without an id cannot be marked or sent, so they are left out. */
function resultRows(result: LocationResult | undefined): DiscoveryRow[] {
  const rows: DiscoveryRow[] = [];
  for (const d of result?.devices ?? []) {
    if (!d.client_id) continue;
    rows.push(rowOf('device', d.client_id, d.device_name));
  }
  for (const g of result?.groups ?? []) {
    if (!g.location_group_id) continue;
    rows.push({
      ...rowOf('group', g.location_group_id, g.name),
      providerCount: g.provider_count,
      matchDistance: g.match_distance,
      promoted: g.promoted,
    });
  }
  for (const l of result?.locations ?? []) {
    const kind = kindOf(l.location_type);
    if (!l.location_id || !kind) continue;
    const context =
      kind === 'city'
        ? [l.region, l.country].filter(Boolean).join(', ')
        : kind === 'region'
          ? l.country
          : l.country_code?.toUpperCase();
    rows.push({
      ...rowOf(kind, l.location_id, l.name ?? l.city ?? l.region ?? l.country),
      context: context || undefined,
      providerCount: l.provider_count,
      matchDistance: l.match_distance,
      countryId: kind === 'country' ? l.location_id : l.country_location_id,
      countryCode: l.country_code,
    });
  }
  return rows;
}

/** One collator for every comparison: far cheaper than String#localeCompare on 10 000 rows. */
const byName = new Intl.Collator('en').compare;

function compareBy(sort: DiscoverySort) {
  return (a: DiscoveryRow, b: DiscoveryRow) => {
    if (sort === 'count') {
      const byCount = (b.providerCount ?? -1) - (a.providerCount ?? -1);
      if (byCount !== 0) return byCount;
    }
    return byName(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  };
}

const byKind = (sort: DiscoverySort) => {
  const compare = compareBy(sort);
  return (a: DiscoveryRow, b: DiscoveryRow) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compare(a, b);
};

/**
 * Browsing: groups first, then countries, regions, cities, each sorted by count or name;
 * an expanded country is followed by its children.
 */
export function browseRows(
  result: LocationResult | undefined,
  sort: DiscoverySort,
  expanded: Record<string, Expansion> = {},
): DiscoveryRow[] {
  const rows = resultRows(result).sort(byKind(sort));
  if (Object.keys(expanded).length === 0) return rows;
  const out: DiscoveryRow[] = [];
  for (const row of rows) {
    const open = row.kind === 'country' ? ownEntry(expanded, row.id) : undefined;
    out.push(open ? { ...row, expanded: true } : row);
    if (open) out.push(...open.children);
  }
  return out;
}

/**
 * The children of a country, from an answer that lists them: its regions, then its
 * cities, by count or name, keyed under the country so they never clash with its rows.
 */
export function childRows(
  countryId: string,
  result: LocationResult | undefined,
  sort: DiscoverySort,
): DiscoveryRow[] {
  return resultRows(result)
    .filter((row) => (row.kind === 'region' || row.kind === 'city') && row.countryId === countryId)
    .sort(byKind(sort))
    .map((row) => ({ ...row, key: `${countryId}>${row.key}`, child: true, matchDistance: undefined }));
}

/**
 * Search rows, best match first: devices (a UUID query), then the places named as the
 * query or by its start (matchTier: the service sends its matches in no order), then
 * matches by distance (see matchDistance), then the parents and groups of matches; among
 * equals the service's order stays. A find-locations answer (`via`) narrowed by `active` (provider-locations) keeps
 * only places with an active provider and shows their live counts; find-provider-locations
 * lists only such places already, and leaves out the distance of exact matches.
 */
export function searchRows(
  result: LocationResult | undefined,
  active?: LocationResult,
  query = '',
  via: SearchVia = 'find-locations',
): DiscoveryRow[] {
  const byLocations = via === 'find-locations';
  const shown = result && active && byLocations ? withActiveProviders(result, active) : result;
  const rows = resultRows(shown).map((row) =>
    row.kind === 'device'
      ? row
      : {
          ...row,
          matchDistance: byLocations
            ? matchDistance(row.name, row.matchDistance, query)
            : (row.matchDistance ?? 0),
        },
  );
  const tier = (row: DiscoveryRow) =>
    row.kind === 'device'
      ? -1
      : matchTier(row.name, row.kind === 'country' ? row.countryCode : undefined, query);
  const order = (row: DiscoveryRow) => row.matchDistance ?? Number.POSITIVE_INFINITY;
  const rank = (row: DiscoveryRow) => (row.kind === 'group' ? 1 : 0);
  // Array.prototype.sort is stable; each row's tier is worked out once.
  const tiers = new Map(rows.map((row) => [row, tier(row)]));
  return rows.sort((a, b) => tiers.get(a)! - tiers.get(b)! || order(a) - order(b) || rank(a) - rank(b));
}

/**
 * The network's blocked locations as rows (Discover's only-blocked filter): countries
 * first, each kind by count or name; counts where the browse list has the place, a
 * region's or city's country found by its code there.
 */
export function blockedRows(
  blocked: readonly BlockedLocation[],
  listed: LocationResult | undefined,
  sort: DiscoverySort,
): DiscoveryRow[] {
  const locations = listed?.locations ?? [];
  const byId = new Map(locations.map((l) => [l.location_id, l]));
  const countryByCode = new Map(
    locations.filter((l) => l.location_type === 'country').map((l) => [l.country_code, l.location_id]),
  );
  const rows: DiscoveryRow[] = [];
  for (const location of blocked) {
    const kind = kindOf(location.location_type);
    const id = location.location_id;
    if (!id || !kind) continue;
    const code = location.country_code;
    rows.push({
      ...rowOf(kind, id, location.location_name),
      context: code?.toUpperCase(),
      providerCount: byId.get(id)?.provider_count,
      countryId: kind === 'country' ? id : countryByCode.get(code),
      countryCode: code,
    });
  }
  return rows.sort(byKind(sort));
}

/** Rows of places in the blocked countries (or blocked themselves): a search narrowed by the filter. */
export const inBlocked = (rows: DiscoveryRow[], ids: ReadonlySet<string>): DiscoveryRow[] =>
  rows.filter((row) => ids.has(row.id) || (row.countryId !== undefined && ids.has(row.countryId)));
