// Consistency checks of a world, as sentences; [] when all hold.

import { cityInterval } from '../world/geo.ts';
import { providersOf, type World } from '../world/index.ts';
import { associations } from './associations.ts';
import { groupCount } from './location-objects.ts';
import { currentProviderLocations, seedProviderLocations } from './locations.ts';

const WORDS = /^[a-z]+( [a-z]+){5}$/;

export function checkInvariants(world: World, now: number): string[] {
  const problems: string[] = [];
  const { geo, providers: p, networks } = world;

  // Hierarchy: every city in its region's interval, every region in its country's.
  for (let c = 0; c < geo.countryName.length; c++) {
    if (!/^[a-z]{2}$/.test(geo.countryCode[c]))
      problems.push(`country ${geo.countryName[c]} has code ${geo.countryCode[c]}`);
    const [from, to] = cityInterval(geo, 'country', c);
    for (let city = from; city < to; city++) {
      if (geo.regionCountry[geo.cityRegion[city]] !== c)
        problems.push(`city ${geo.cityName[city]} is outside its country`);
    }
  }

  // Counters agree with a recount, and provider-locations with the counters.
  const recount = p.recount();
  if (recount.total !== p.eligibleTotal)
    problems.push(`eligible total ${p.eligibleTotal} != recount ${recount.total}`);
  const region = new Int32Array(geo.regionName.length);
  const country = new Int32Array(geo.countryName.length);
  recount.city.forEach((n, city) => {
    if (n !== p.eligibleCity[city])
      problems.push(`city ${geo.cityName[city]} counts ${p.eligibleCity[city]}, recount ${n}`);
    region[geo.cityRegion[city]] += n;
    country[geo.regionCountry[geo.cityRegion[city]]] += n;
  });
  region.forEach((n, r) => {
    if (n !== p.eligibleRegion[r])
      problems.push(`region ${geo.regionName[r]} counts ${p.eligibleRegion[r]}, recount ${n}`);
  });
  country.forEach((n, c) => {
    if (n !== p.eligibleCountry[c])
      problems.push(`country ${geo.countryName[c]} counts ${p.eligibleCountry[c]}, recount ${n}`);
  });
  // The seed era's full list is what the counters say, whatever the era played.
  const listed = seedProviderLocations(world);
  const live =
    recount.city.filter((n) => n > 0).length +
    region.filter((n) => n > 0).length +
    country.filter((n) => n > 0).length;
  if (listed.locations.length !== live)
    problems.push(`provider-locations lists ${listed.locations.length} locations, ${live} have providers`);
  for (const location of listed.locations) {
    const hit = geo.byId.get(location.location_id);
    const expected = !hit
      ? -1
      : hit.kind === 'city'
        ? recount.city[hit.index]
        : hit.kind === 'region'
          ? region[hit.index]
          : country[hit.index];
    if (location.provider_count !== expected)
      problems.push(`${location.name} listed with ${location.provider_count}, has ${expected}`);
  }
  for (const group of listed.groups) {
    const g = geo.groups.findIndex((row) => row.id === group.location_group_id);
    const expected = geo.groups[g].countries.reduce((sum, c) => sum + country[c], 0);
    if (group.provider_count !== expected || groupCount(world, g) !== expected)
      problems.push(`group ${group.name} counts ${group.provider_count}, has ${expected}`);
  }

  // Today's list: the countries with providers, with their counts.
  const countries = currentProviderLocations(world).locations;
  if (countries.length !== country.filter((n) => n > 0).length)
    problems.push(`provider-locations (current) lists ${countries.length} countries`);
  for (const location of countries) {
    const hit = geo.byId.get(location.location_id);
    if (hit?.kind !== 'country' || location.provider_count !== country[hit.index])
      problems.push(`${location.name} listed today with ${location.provider_count}`);
  }

  // Codes: unique, six BIP-39 words; associations consistent on both sides.
  const seen = new Set<string>();
  for (const record of [...world.adoptCodes, ...world.shareCodes]) {
    if (seen.has(record.code)) problems.push(`code "${record.code}" is used twice`);
    seen.add(record.code);
    if (!WORDS.test(record.code)) problems.push(`code "${record.code}" is not six lowercase words`);
    if (world.codes.get(record.code) !== record) problems.push(`code "${record.code}" is not registered`);
  }
  for (const record of world.shareCodes) {
    if (record.owner === record.claimedBy)
      problems.push(`share code "${record.code}" was added by its owner`);
    if (p.network[record.client] !== record.owner)
      problems.push(`share code "${record.code}" shares a device its owner does not own`);
    if ((record.state === 'open') !== record.claimedBy < 0)
      problems.push(`share code "${record.code}" is ${record.state} with claim ${record.claimedBy}`);
    if (record.claimedBy >= 0) {
      const guestSide = associations(world, record.claimedBy, now).incoming_shared_devices.find(
        (d) => d.code === record.code,
      );
      const ownerSide = associations(world, record.owner, now).outgoing_shared_devices.find(
        (d) => d.code === record.code,
      );
      if (!guestSide || !ownerSide) problems.push(`share code "${record.code}" is missing on one side`);
      else if (
        guestSide.pending !== ownerSide.pending ||
        ownerSide.network_name !== networks.names[record.claimedBy] ||
        guestSide.network_name !== networks.names[record.owner]
      )
        problems.push(`share code "${record.code}" differs between its two sides`);
    }
  }
  for (const record of world.adoptCodes) {
    if (record.state !== 'open' && record.state !== 'pending')
      problems.push(`finished adoption code "${record.code}" is still live`);
  }
  for (const record of world.codes.values()) {
    if (record.kind === 'adopt' && record.state === 'confirmed') {
      if (record.client < 0 || !providersOf(world, record.claimedBy).includes(record.client))
        problems.push(`adopted device "${record.deviceName}" is not among its network's providers`);
    }
  }

  // Tracks: events in time order, a disconnect only of an open connection, the open ones
  // at the end the provider's state.
  for (const [i, track] of world.tracks) {
    let open = track.open.length;
    let time = Number.NEGATIVE_INFINITY;
    for (const event of track.events) {
      if ((!event.connected && open === 0) || event.time < time)
        problems.push(`provider ${p.ids.id(i)} has events out of order`);
      open += event.connected ? 1 : -1;
      time = event.time;
    }
    if (open > 0 !== (p.connected[i] === 1))
      problems.push(`provider ${p.ids.id(i)} has ${open} connections open, it is ${p.connected[i] === 1}`);
  }
  return problems;
}
