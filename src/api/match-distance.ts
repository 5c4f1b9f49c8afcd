// The service leaves a zero match_distance out (Go's omitempty), and the parents and
// groups of matches it returns have none either. A row without one is an exact match
// when its name starts with the query, and otherwise not a match itself (undefined).

/** As the service normalises a query: accents removed, lowercased, whitespace collapsed. */
const normaliseQuery = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export function matchDistance(
  name: string | undefined,
  distance: number | undefined,
  query: string,
): number | undefined {
  if (distance !== undefined) return distance;
  return normaliseQuery(name ?? '').startsWith(normaliseQuery(query)) ? 0 : undefined;
}
