// GET /stats/providers-map (reference-operators.md, section 7): connected public providers
// grouped by country code and region name, each region with a centroid, as the service
// exports it every 5 minutes (server: model/providers_map_model.go GetProvidersMap,
// buildProvidersMap). No egress-health gate and no caller's pool: every connected public
// provider counts. The centroid is the region's point of world/coordinates.ts (the
// service's embedded region centroids, falling back to the country's).
import { regionCoordinates } from '../world/coordinates.ts';
import type { World } from '../world/index.ts';

/** The service recomputes the map every 5 minutes (server: taskworker/work/providers_map_work.go). */
export const PROVIDERS_MAP_EVERY_MS = 5 * 60_000;

type RegionProviders = { provider_count: number; lat: number; lon: number };
type ProvidersMap = Record<string, Record<string, RegionProviders>>;

const exported = new WeakMap<World, { at: number; map: ProvidersMap }>();

function buildProvidersMap(world: World): ProvidersMap {
  const { geo, providers } = world;
  const map: ProvidersMap = {};
  for (let region = 0; region < geo.regionName.length; region++) {
    const count = providers.eligibleRegion[region];
    const name = geo.regionName[region];
    if (count <= 0 || !name) continue;
    const code = geo.countryCode[geo.regionCountry[region]];
    map[code] ??= {};
    // Two regions of one name in a country are one row, summed (the service groups by name).
    const known = map[code][name];
    if (known) known.provider_count += count;
    else map[code][name] = { provider_count: count, ...regionCoordinates(geo, region) };
  }
  // Go's encoding/json writes a map's keys sorted.
  const sorted = <T>(record: Record<string, T>) =>
    Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  const out: ProvidersMap = {};
  for (const code of Object.keys(map).sort()) out[code] = sorted(map[code]);
  return out;
}

/** The map of the last export: made at the first call, then again once 5 minutes have passed. */
export function providersMap(world: World, now: number): ProvidersMap {
  const last = exported.get(world);
  if (last && now - last.at < PROVIDERS_MAP_EVERY_MS) return last.map;
  const map = buildProvidersMap(world);
  exported.set(world, { at: now, map });
  return map;
}
