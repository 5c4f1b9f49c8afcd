// What `netdeck block COUNTRY` and `unblock COUNTRY` mean by COUNTRY: a location id, a
// two-letter code or a name, looked for among the network's blocked locations, the
// countries the service lists (provider-locations) and a search (find-provider-locations).
// The service lists only places where providers are; a country without any is reached by
// its id (block then learns its type from the blocked list: countryById).
import type { ApiClient } from '../../api/client.ts';
import { type BlockedLocation, LAX_UUID_PATTERN, type Location } from '../../contract/schemas.ts';
import { foldForSearch } from '../../format/search-text.ts';
import { sanitize } from '../../sanitize.ts';
import { UsageError } from '../output/exit-codes.ts';

export interface Target {
  id: string;
  name?: string;
  /** the country's code (lower case) */
  code?: string;
  /** undefined: an id the service lists nowhere (not known yet) */
  type?: string;
  blocked: boolean;
}

/** How names are compared: as a search compares them. */
const normal = foldForSearch;

const idOf = (text: string) => (LAX_UUID_PATTERN.test(text) ? text.toLowerCase() : undefined);

/** `Germany (DE)`, `Berlin (a city in DE)`, or the id. */
export function describeTarget(target: Target): string {
  const code = target.code ? target.code.toUpperCase() : '';
  if (!target.name) return target.id;
  if (target.type === 'country' || !target.type) return `${sanitize(target.name)}${code ? ` (${code})` : ''}`;
  return `${sanitize(target.name)} (a ${target.type}${code ? ` in ${code}` : ''})`;
}

/** Why a region or city is not blocked: the service matches consumers by country only. */
export function onlyCountries(target: Target): string {
  const code = target.code ? target.code.toUpperCase() : undefined;
  const what = `${sanitize(target.name ?? target.id)} is a ${target.type ?? 'location'}${code ? ` in ${code}` : ''}`;
  return (
    `${what}: the service matches consumers by country only, so blocking a region or a city has no effect. ` +
    `Block its country instead${target.code ? `: netdeck block ${target.code}` : ''}`
  );
}

/** The location `given` names, or a usage error saying what was looked for. */
export async function findTarget(
  client: ApiClient,
  given: string,
  blocked: readonly BlockedLocation[],
): Promise<Target> {
  const text = given.trim();
  if (!text) throw new UsageError('name a country: its location id, its two-letter code or its name');
  const blockedIds = new Set(blocked.map((l) => l.location_id));
  const ofBlocked = (l: BlockedLocation): Target => ({
    id: l.location_id ?? '',
    name: l.location_name,
    code: l.country_code,
    type: l.location_type,
    blocked: true,
  });
  const ofListed = (l: Location): Target => ({
    id: l.location_id ?? '',
    name: l.name,
    code: l.country_code,
    type: l.location_type,
    blocked: blockedIds.has(l.location_id),
  });

  const id = idOf(text);
  if (id) {
    const known = blocked.find((l) => l.location_id === id);
    if (known) return ofBlocked(known);
    const listed = (await client.providerLocations()).locations?.find((l) => l.location_id === id);
    return listed ? ofListed(listed) : { id, blocked: false };
  }

  const code = /^[a-z]{2}$/i.test(text) ? text.toLowerCase() : undefined;
  const named = (name: string | undefined, type: string | undefined, countryCode: string | undefined) =>
    code ? type === 'country' && countryCode === code : normal(name ?? '') === normal(text);
  const inBlocked = blocked.filter((l) => named(l.location_name, l.location_type, l.country_code));
  const blockedCountry = inBlocked.find((l) => l.location_type === 'country');
  if (blockedCountry) return ofBlocked(blockedCountry);

  const [listed, searched] = await Promise.all([
    client.providerLocations(),
    client.findProviderLocations({ query: text }),
  ]);
  const found = new Map<string, Location>();
  for (const l of [...(listed.locations ?? []), ...(searched.locations ?? [])])
    if (l.location_id && named(l.name, l.location_type, l.country_code)) found.set(l.location_id, l);
  const countries = [...found.values()].filter((l) => l.location_type === 'country');
  if (countries.length > 1)
    throw new UsageError(
      `"${sanitize(text)}" names ${countries.length} countries (${countries.map((l) => describeTarget(ofListed(l))).join(', ')}): give the id`,
    );
  if (countries.length === 1) return ofListed(countries[0]);
  if (inBlocked.length) return ofBlocked(inBlocked[0]);
  const place = [...found.values()][0];
  if (place) return ofListed(place);
  throw new UsageError(
    `no country ${code ? 'with the code' : 'named'} "${sanitize(text)}" among the places the service lists ` +
      '(it lists those where providers are); a country without providers is blocked by its location id',
  );
}
