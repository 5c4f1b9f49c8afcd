// The service leaves a zero match_distance out (Go's omitempty), and the parents and
// groups of matches it returns have none either. A row without one is an exact match
// when its name starts with the query, and otherwise not a match itself (undefined).
import { foldForSearch } from '../format/search-text.ts';

export function matchDistance(
  name: string | undefined,
  distance: number | undefined,
  query: string,
): number | undefined {
  if (distance !== undefined) return distance;
  return foldForSearch(name ?? '').startsWith(foldForSearch(query)) ? 0 : undefined;
}

/** How a name matches a query, best first: the name or code itself, its start, a word's start, elsewhere. */
export const MATCH_TIER = { exact: 0, prefix: 1, wordStart: 2, fuzzy: 3 } as const;
export type MatchTier = (typeof MATCH_TIER)[keyof typeof MATCH_TIER];

/**
 * How `name` (or a country's two-letter `code`) matches `query`, accents folded both ways:
 * exact and prefix matches rank before the service's fuzzy ones, whatever order it sent.
 */
export function matchTier(name: string | undefined, code: string | undefined, query: string): MatchTier {
  const q = foldForSearch(query);
  const folded = foldForSearch(name ?? '');
  if (!q) return MATCH_TIER.fuzzy;
  if (folded === q || (code !== undefined && code.toLowerCase() === q)) return MATCH_TIER.exact;
  if (folded.startsWith(q)) return MATCH_TIER.prefix;
  if (folded.split(/[\s,(/'-]+/).some((word) => word.startsWith(q))) return MATCH_TIER.wordStart;
  return MATCH_TIER.fuzzy;
}
