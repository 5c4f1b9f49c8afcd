// netdeck's own words about a place search before and after the service answers it: a
// query the service cannot narrow is said so instead of listing unrelated places. The
// place names are in Latin letters and carry no names in other scripts, and the service
// allows 2 edits whatever the length (find-provider-locations), so a query in another
// script, or of one character, matches places at random; one of two characters keeps only
// the names and codes it starts (docs/service-notes.md, "A place search").
import type { LocationResult } from '../contract/schemas.ts';
import { foldForSearch } from '../format/search-text.ts';
import { sanitize } from '../sanitize.ts';
import { MATCH_TIER, matchTier } from './match-distance.ts';

/** A query this long or shorter is narrowed to the names and codes it starts. */
export const SHORT_QUERY = 2;

/** Why the query cannot narrow the places, said instead of asking; undefined when it can. */
export function queryProblem(query: string): string | undefined {
  const trimmed = sanitize(query).trim();
  if (/\p{L}/u.test(trimmed) && !/\p{Script=Latin}/u.test(trimmed))
    return `no place is named in the letters of "${trimmed}": place names are in Latin letters only (Tokyo, not 東京)`;
  if ([...foldForSearch(trimmed)].length === 1)
    return `one character is too short to narrow the places: type two or more (the start of a name, or a country's two-letter code)`;
  return undefined;
}

/** A query so short that the service's 2 edits reach nearly every place. */
export function isShortQuery(query: string): boolean {
  const length = [...foldForSearch(query)].length;
  return length > 0 && length <= SHORT_QUERY;
}

/** What a short query's answer leaves out, said beside it. */
export const shortQueryNote = (query: string, leftOut: number) =>
  `only names and codes starting with "${sanitize(query).trim()}" (${leftOut} other match${leftOut === 1 ? '' : 'es'} left out)`;

/**
 * A short query's answer narrowed to the groups and places whose name (or country code)
 * it starts, and the places inside a country or region it names exactly; with how many
 * were left out.
 */
export function narrowShortQuery(
  result: LocationResult,
  query: string,
): { result: LocationResult; leftOut: number } {
  const tierOf = (name: string | undefined, code?: string) => matchTier(name, code, query);
  const locations = result.locations ?? [];
  const named = new Set(
    locations
      .filter(
        (l) =>
          (l.location_type === 'country' || l.location_type === 'region') &&
          tierOf(l.name, l.location_type === 'country' ? l.country_code : undefined) === MATCH_TIER.exact,
      )
      .map((l) => l.location_id),
  );
  const kept = locations.filter(
    (l) =>
      tierOf(l.name, l.location_type === 'country' ? l.country_code : undefined) <= MATCH_TIER.wordStart ||
      named.has(l.country_location_id) ||
      named.has(l.region_location_id),
  );
  const groups = (result.groups ?? []).filter((g) => tierOf(g.name) <= MATCH_TIER.wordStart);
  const leftOut = locations.length - kept.length + (result.groups ?? []).length - groups.length;
  return { result: { ...result, locations: kept, groups }, leftOut };
}
