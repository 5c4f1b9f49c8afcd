// GET /my-ip-info (issue 34; server: controller/ipinfo_controller.go GetMyIpInfo, NewMyInfo):
// where the caller's address is, and whether it is a client of the network. The simulator
// has no IP database: a caller is in `--caller-country`, and a request that came through
// one of its proxies is in that proxy's place, from a client of the network (a provider
// there, for the service), so `connected_to_network` is true.
import { COUNTRIES } from '../world/countries.ts';
import type { ProxyRecord, World } from '../world/index.ts';

/** Continents of the world's UN sub-regions: the IP database's codes (lower case, as the server sends them). */
const CONTINENTS: Record<string, { code: string; name: string }> = {
  Africa: { code: 'af', name: 'Africa' },
  Caribbean: { code: 'na', name: 'North America' },
  'Central America': { code: 'na', name: 'North America' },
  'Northern America': { code: 'na', name: 'North America' },
  'South America': { code: 'sa', name: 'South America' },
  Oceania: { code: 'oc', name: 'Oceania' },
};
const SUBREGIONS = new Map(COUNTRIES.map((row) => [row.code, row.subregion]));
/** A country's continent, by its code; none for a code the world's countries lack (a place taken as sent). */
function continentOf(code: string): { code: string; name: string } | undefined {
  const subregion = SUBREGIONS.get(code);
  if (subregion === undefined) return undefined;
  return (
    CONTINENTS[subregion] ??
    (subregion.endsWith('Europe') ? { code: 'eu', name: 'Europe' } : { code: 'as', name: 'Asia' })
  );
}

/** A country's point: the mean of its regions' points. */
function countryPoint(world: World, country: number): { lat: number; lon: number } {
  const { geo } = world;
  const from = geo.countryRegionStart[country];
  const to = geo.countryRegionStart[country + 1];
  let lat = 0;
  let lon = 0;
  for (let r = from; r < to; r++) {
    lat += geo.regionLat[r];
    lon += geo.regionLon[r];
  }
  const n = Math.max(1, to - from);
  return { lat: Math.round((lat / n) * 1e4) / 1e4, lon: Math.round((lon / n) * 1e4) / 1e4 };
}

/** The caller's place, in the shape of the server's IpLocation (omitempty strings left out). */
function locationOf(
  world: World,
  place: { country_code: string; country: string; region: string; city: string },
) {
  const { geo } = world;
  const c = geo.countryCode.indexOf(place.country_code);
  const continent = continentOf(place.country_code);
  const name = place.country || (c < 0 ? '' : geo.countryName[c]);
  return {
    coordinates: c < 0 ? { lat: 0, lon: 0 } : countryPoint(world, c),
    ...(place.city ? { city: place.city } : {}),
    ...(place.region ? { region: place.region } : {}),
    country: { ...(place.country_code ? { code: place.country_code } : {}), ...(name ? { name } : {}) },
    continent: continent ?? {},
  };
}

/**
 * The answer for a caller at `address`: in `--caller-country`, or, through a proxy, in its
 * place (as the proxy was made with it: a `location` taken as sent may name any place).
 */
export function myIpInfo(world: World, address: string | undefined, via: ProxyRecord | undefined) {
  const place = via?.place ?? { country_code: world.callerCountry, country: '', region: '', city: '' };
  return {
    info: {
      ip: (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''),
      location: locationOf(world, place),
      privacy: { vpn: false, proxy: false, tor: false, relay: false, hosting: false, service: '' },
    },
    connected_to_network: via !== undefined,
  };
}
