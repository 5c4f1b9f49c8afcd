// Where a hosted proxy's traffic leaves from, and how netdeck asks for one (issue 34):
// POST /network/auth-client with `proxy_config`. The service never lists a proxy's place
// again, so netdeck writes it into the new client's description (`proxy in Germany (DE)`)
// and reads it back from the clients list. The commands and the console both make
// proxies through here.
import { isIP } from 'node:net';
import type { RequestOf } from '../contract/endpoints.ts';
import type { Location, ProxyConfigRequest } from '../contract/schemas.ts';
import { countryName } from '../format/countries.ts';

/** A place a proxy is made in: a country by its code, or a location the service listed. */
export interface ProxyPlace {
  /** `Germany (DE)`, `Bavaria (a region in DE)`: what the description and the lists show */
  text: string;
  /** a country by its code alone: the service looks it up (`Invalid location` when unknown) */
  countryCode?: string;
  /** a location as the service listed it: sent as the proxy's location, which it takes unchecked */
  location?: Location;
}

/** What the user chose beside the place. */
export interface ProxyChoices {
  wireGuard?: boolean;
  lockCallerIp?: boolean;
  /** addresses or prefixes that may use the proxy (checked before: see ipProblem) */
  lockIps?: readonly string[];
  httpsRequireAuth?: boolean;
  /** the proxy's own name, before its place in the description */
  name?: string;
}

/** A country by its two-letter code; undefined when the code names no country. */
export function countryPlace(code: string): ProxyPlace | undefined {
  const name = countryName(code);
  if (!name) return undefined;
  const lower = code.trim().toLowerCase();
  return { text: `${name} (${lower.toUpperCase()})`, countryCode: lower };
}

/** A location of Discover or of the service's lists: `Germany (DE)`, `Berlin (a city in DE)`. */
export function locationPlace(location: Location): ProxyPlace {
  const code = location.country_code?.toUpperCase();
  const name = location.name || location.location_id || 'a location';
  const type = location.location_type;
  const text =
    !type || type === 'country'
      ? `${name}${code ? ` (${code})` : ''}`
      : `${name} (a ${type}${code ? ` in ${code}` : ''})`;
  return { text, location };
}

/** The service's ConnectLocation for a listed location: its ids where it sent them, its names. */
function connectLocation(location: Location) {
  const id = (value: string | undefined) => (value ? value : undefined);
  return {
    connect_location_id: { location_id: id(location.location_id) },
    name: location.name,
    location_type: location.location_type,
    city: location.city,
    region: location.region,
    country: location.country,
    country_code: location.country_code,
    city_location_id: id(location.city_location_id),
    region_location_id: id(location.region_location_id),
    country_location_id: id(location.country_location_id),
    provider_count: location.provider_count,
  };
}

const DESCRIPTION_MARK = 'proxy in ';

/** The new client's description: `proxy in Germany (DE)`, or `NAME · proxy in Germany (DE)`. */
export function proxyDescription(place: ProxyPlace, name?: string): string {
  const own = name?.trim();
  return `${own ? `${own} · ` : ''}${DESCRIPTION_MARK}${place.text}`;
}

/** The place netdeck wrote into a proxy client's description, or undefined (made elsewhere). */
export function placeOfDescription(description: string | undefined): string | undefined {
  const at = description?.lastIndexOf(DESCRIPTION_MARK) ?? -1;
  return at < 0 ? undefined : description!.slice(at + DESCRIPTION_MARK.length) || undefined;
}

/** The request that makes a proxy client in `place`. */
export function proxyRequest(
  place: ProxyPlace,
  choices: ProxyChoices,
  deviceSpec: string,
): RequestOf<'authClient'> {
  const config: ProxyConfigRequest = {
    lock_caller_ip: choices.lockCallerIp === true,
    lock_ip_list: [...(choices.lockIps ?? [])],
    https_require_auth: choices.httpsRequireAuth === true,
    enable_wg: choices.wireGuard === true,
    initial_device_state: place.location
      ? { location: connectLocation(place.location) }
      : { country_code: place.countryCode },
  };
  return {
    description: proxyDescription(place, choices.name),
    device_spec: deviceSpec,
    proxy_config: config,
  };
}

/**
 * Why a lock entry is neither an address nor a prefix (as the service parses them: an
 * address, or address/bits), or undefined. The service refuses such a list with a 500
 * after it has made the client; netdeck refuses it before anything is sent.
 */
export function ipProblem(entry: string): string | undefined {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined)
    return `"${entry}" is not an IP address or a prefix (1.2.3.4, 2001:db8::1, 10.0.0.0/8)`;
  if (bits === undefined) return undefined;
  const most = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > most)
    return `"${entry}": a prefix length is a whole number from 0 to ${most}`;
  return undefined;
}
