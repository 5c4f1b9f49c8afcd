// "Only places with active providers now": a find-locations answer narrowed to what
// provider-locations lists. Its counts are the active ones, so they replace the search's.
import type { LocationResult } from '../contract/schemas.ts';

export function withActiveProviders(found: LocationResult, live: LocationResult): LocationResult {
  const liveLocations = new Map((live.locations ?? []).map((l) => [l.location_id, l]));
  const liveGroups = new Map((live.groups ?? []).map((g) => [g.location_group_id, g]));
  return {
    ...found,
    locations: (found.locations ?? [])
      .filter((l) => liveLocations.has(l.location_id))
      .map((l) => ({ ...l, provider_count: liveLocations.get(l.location_id)?.provider_count })),
    groups: (found.groups ?? [])
      .filter((g) => liveGroups.has(g.location_group_id))
      .map((g) => ({ ...g, provider_count: liveGroups.get(g.location_group_id)?.provider_count })),
  };
}
