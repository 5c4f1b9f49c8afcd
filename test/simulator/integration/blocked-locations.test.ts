// Blocked locations over sockets (reference-operators.md, section 4): the three routes,
// their answers and refusals, and what a block does to the consumers of the blocked
// country: they no longer sample the network's providers, callers elsewhere still do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providersOf } from '../../../simulator/world/index.ts';
import { ZERO_UUID } from '../../../src/contract/schemas.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim({ era: 'current' });
});
afterEach(async () => {
  await h.close();
});

/** The world as the engine holds it (to name the demo network's providers and where they are). */
const world = () => h.sim.engine.world;

/** Country code -> location id, of the simulated world. */
function countryId(code: string): string {
  const { geo } = world();
  return geo.countryId[geo.countryCode.indexOf(code)];
}

/** The countries of the demo network's connected public providers, with those providers. */
function demoCountries(): Map<string, string[]> {
  const { geo, providers: p } = world();
  const out = new Map<string, string[]>();
  for (const i of providersOf(world(), 0)) {
    if (!p.isEligible(i)) continue;
    const code = geo.countryCode[geo.regionCountry[geo.cityRegion[p.city[i]]]];
    out.set(code, [...(out.get(code) ?? []), p.ids.id(i)]);
  }
  return out;
}

/** Every provider find-providers2 gives for a spec, by iterating with exclusions until it runs dry. */
async function everyProvider(spec: { location_id?: string; best_available?: boolean; client_id?: string }) {
  const seen: string[] = [];
  for (let round = 0; round < 1000; round++) {
    const { providers = [] } = await h.client.findProviders({
      specs: [spec],
      count: 50,
      force_minimum: true,
      exclude_client_ids: seen,
    });
    const fresh = providers.map((p) => p.client_id!).filter((id) => !seen.includes(id));
    if (fresh.length === 0) return seen;
    seen.push(...fresh);
  }
  throw new Error('find-providers2 never ran dry');
}

const setCaller = (code: string) => raw(h.sim, 'POST', '/__sim/caller-country', { country_code: code });

describe('the routes', () => {
  it('a new world: the demo network has blocked one country where providers are, not the default caller’s', async () => {
    const { blocked_locations = [] } = await h.client.blockedLocations();
    expect(blocked_locations).toHaveLength(1);
    expect(blocked_locations[0]).toMatchObject({ location_type: 'country' });
    expect(blocked_locations[0].country_code).not.toBe('us');
    // Another network has none: `null`, exactly.
    const other = h.sim.admin.token('acme').token;
    expect(await raw(h.sim, 'GET', '/network/blocked-locations', undefined, other)).toEqual({
      status: 200,
      text: '{"blocked_locations":null}',
    });
  });

  it('blocks and unblocks any id with {}: countries, regions and cities are listed, unknown ids kept unlisted', async () => {
    const { geo } = world();
    const token = h.sim.token;
    const germany = countryId('de');
    const region = geo.regionId[0];
    const city = geo.cityId[0];
    const unknown = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
    for (const id of [germany, region, city, unknown, germany, ZERO_UUID])
      expect(await raw(h.sim, 'POST', '/network/block-location', { location_id: id }, token)).toEqual({
        status: 200,
        text: '{}',
      });
    // An absent id is the zero id.
    expect((await raw(h.sim, 'POST', '/network/block-location', {}, token)).text).toBe('{}');
    const listed = (await h.client.blockedLocations()).blocked_locations ?? [];
    const ids = listed.map((l) => l.location_id);
    expect(ids).toEqual(expect.arrayContaining([germany, region, city]));
    expect(ids).not.toContain(unknown);
    expect(ids).not.toContain(ZERO_UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(listed.find((l) => l.location_id === germany)).toEqual({
      location_id: germany,
      location_name: 'Germany',
      location_type: 'country',
      country_code: 'de',
    });
    expect(listed.find((l) => l.location_id === city)).toMatchObject({
      location_type: 'city',
      location_name: geo.cityName[0],
    });
    for (const id of [germany, region, city, unknown, unknown])
      expect((await raw(h.sim, 'POST', '/network/unblock-location', { location_id: id }, token)).text).toBe(
        '{}',
      );
    const left = (await h.client.blockedLocations()).blocked_locations ?? [];
    expect(left.map((l) => l.location_id)).not.toEqual(expect.arrayContaining([germany]));
  });

  it('refuses what the service refuses: no token 401, a malformed id 400, a null body 500', async () => {
    for (const path of ['/network/blocked-locations'])
      expect(await raw(h.sim, 'GET', path)).toEqual({ status: 401, text: 'Not authorized.\n' });
    for (const path of ['/network/block-location', '/network/unblock-location']) {
      expect(await raw(h.sim, 'POST', path, { location_id: countryId('de') })).toEqual({
        status: 401,
        text: 'Not authorized.\n',
      });
      const malformed = await raw(h.sim, 'POST', path, { location_id: 'not-an-id' }, h.sim.token);
      expect(malformed.status).toBe(400);
      const nil = await raw(h.sim, 'POST', path, null, h.sim.token);
      expect(nil).toEqual({ status: 500, text: 'Error. Please email support@ur.io for help.\n' });
    }
  });
});

describe('the consumers of a blocked country', () => {
  it('no longer sample the network’s providers; a caller elsewhere still does; a client id is still answered', async () => {
    // The country with most of the demo network's connected public providers.
    const [code, own] = [...demoCountries()].sort((a, b) => b[1].length - a[1].length)[0];
    const elsewhere = code === 'de' ? 'fr' : 'de';
    const country = countryId(code);
    await h.client.blockLocation({ location_id: country });

    expect((await setCaller(code)).status).toBe(200);
    const inside = await everyProvider({ location_id: country });
    expect(inside.length).toBeGreaterThan(0);
    for (const id of own) expect(inside).not.toContain(id);
    // Named by client id, a provider is answered without a pool lookup.
    const named = await h.client.findProviders({ specs: [{ client_id: own[0] }] });
    expect(named.providers?.map((p) => p.client_id)).toEqual([own[0]]);

    expect(JSON.parse((await setCaller(elsewhere.toUpperCase())).text)).toEqual({
      country_code: elsewhere,
      location_id: countryId(elsewhere),
    });
    const outside = await everyProvider({ location_id: country });
    expect(outside).toEqual(expect.arrayContaining(own));
    expect(outside.length).toBe(inside.length + own.length);

    // Unblocked, the caller in the country gets them again.
    await setCaller(code);
    await h.client.unblockLocation({ location_id: country });
    expect(await everyProvider({ location_id: country })).toEqual(expect.arrayContaining(own));
  });

  it('a region or city block is stored but never matches', async () => {
    const [code, own] = [...demoCountries()][0];
    const { geo, providers: p } = world();
    const i = p.ids.index(own[0], p.count);
    await h.client.blockLocation({ location_id: geo.cityId[p.city[i]] });
    await h.client.blockLocation({ location_id: geo.regionId[geo.cityRegion[p.city[i]]] });
    await setCaller(code);
    expect(await everyProvider({ location_id: countryId(code) })).toEqual(expect.arrayContaining(own));
  });

  it('provider-locations and find-provider-locations: listed if providers are left, stable from the caller’s pool, provider_count global', async () => {
    // A tiny world: some countries' only providers are the demo network's.
    await h.close();
    h = await startSim({ era: 'current', providers: 200, locations: 120, ownProviders: 60 });
    const { geo, providers: p } = world();
    const before = await h.client.providerLocations();
    const own = demoCountries();
    const alone = [...own].find(
      ([code, ids]) => p.eligibleCountry[geo.countryCode.indexOf(code)] === ids.length,
    );
    expect(alone, 'a country whose every provider is the demo network’s').toBeDefined();
    const [code] = alone!;
    const id = countryId(code);
    expect(before.locations?.map((l) => l.location_id)).toContain(id);

    await h.client.blockLocation({ location_id: id });
    await setCaller(code);
    const after = await h.client.providerLocations();
    expect(after.locations?.map((l) => l.location_id)).not.toContain(id);
    const searched = await h.client.findProviderLocations({
      query: geo.countryName[geo.countryCode.indexOf(code)],
    });
    expect(searched.locations?.map((l) => l.location_id)).not.toContain(id);

    // The caller is in a country the demo network blocked: none of its providers is in the
    // caller's pool, wherever they are. Listed: the countries with others left, each with
    // the global count, stable when 8 or more are left.
    const left = (c: number) => p.eligibleCountry[c] - (own.get(geo.countryCode[c])?.length ?? 0);
    const expected = geo.countryId.filter((_, c) => left(c) > 0);
    expect(after.locations?.map((l) => l.location_id).sort()).toEqual(expected.sort());
    for (const location of after.locations ?? []) {
      const c = geo.countryId.indexOf(location.location_id!);
      expect(location.provider_count).toBe(p.eligibleCountry[c]);
      expect(location.stable).toBe(left(c) >= 8);
    }
    expect(
      after.locations?.some(
        (l) => l.stable !== before.locations?.find((b) => b.location_id === l.location_id)?.stable,
      ),
    ).toBe(true);
    // A caller elsewhere still sees it.
    await setCaller(code === 'us' ? 'de' : 'us');
    expect((await h.client.providerLocations()).locations?.map((l) => l.location_id)).toContain(id);
  });

  it('the admin route refuses a country the worlds lack, and the caller’s country outlives a reset', async () => {
    expect(await setCaller('zz')).toEqual({
      status: 400,
      text: 'country_code: zz is not a country of the simulated worlds\n',
    });
    expect((await setCaller('germany')).status).toBe(400);
    await setCaller('de');
    h.sim.admin.reset();
    expect(h.sim.engine.callerCountry()).toEqual({ country_code: 'de', location_id: countryId('de') });
  });

  it('the seed era: the routes are 404 and a block in the world changes nothing', async () => {
    await h.close();
    h = await startSim({ era: 'seed' });
    expect((await raw(h.sim, 'GET', '/network/blocked-locations', undefined, h.sim.token)).status).toBe(404);
    const [code, own] = [...demoCountries()][0];
    world().blockedLocations.set(0, [countryId(code)]);
    world().version++;
    await setCaller(code);
    expect(await everyProvider({ location_id: countryId(code) })).toEqual(expect.arrayContaining(own));
  });
});
