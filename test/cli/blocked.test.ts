// `netdeck blocked`, `block COUNTRY` and `unblock COUNTRY` against the simulator: by id,
// code or name; a region or city refused (exit 2) with its country; the seed era's service
// has none (exit 1).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeEach(async () => {
  fx = await startSimFixture({ era: 'current' });
});
afterEach(() => fx.close());

const netdeck = (...argv: string[]) => run(argv, { env: fx.env });
const listed = async () => JSON.parse((await netdeck('blocked', '--json')).stdout).blocked_locations ?? [];

/** A country of the world with providers (so the service lists it), and one of its cities. */
function place(code: string) {
  const { geo, providers } = fx.sim.engine.world;
  const country = geo.countryCode.indexOf(code);
  const firstRegion = geo.countryRegionStart[country];
  const city = geo.regionCityStart[firstRegion];
  expect(providers.eligibleCountry[country]).toBeGreaterThan(0);
  return {
    id: geo.countryId[country],
    name: geo.countryName[country],
    cityId: geo.cityId[city],
    city: geo.cityName[city],
  };
}

describe('netdeck blocked', () => {
  it('lists the blocked locations: a table, --json the service’s answer, --csv records', async () => {
    const table = await netdeck('blocked');
    expect(table.code).toBe(0);
    const [header, row] = linesOf(table.stdout);
    expect(header).toMatch(/^LOCATION +TYPE +COUNTRY +EFFECT +ID$/);
    const [seeded] = await listed();
    expect(row).toContain(seeded.location_name);
    expect(row).toContain('its consumers are not offered your providers');
    const csv = await netdeck('blocked', '--csv');
    expect(csv.stdout).toBe(
      `location_name,location_type,country_code,has_effect,location_id\n${seeded.location_name},country,${seeded.country_code},true,${seeded.location_id}\n`,
    );
  });

  it('says so when nothing is blocked, and --json keeps the service’s null', async () => {
    const [seeded] = await listed();
    expect((await netdeck('unblock', seeded.location_id)).code).toBe(0);
    expect((await netdeck('blocked')).stdout).toMatch(/^No blocked locations: /);
    expect(JSON.parse((await netdeck('blocked', '--json')).stdout)).toEqual({ blocked_locations: null });
    const csv = await netdeck('blocked', '--csv');
    expect(csv.stdout).toBe('location_name,location_type,country_code,has_effect,location_id\n');
  });
});

describe('netdeck block and unblock', () => {
  it('take an id, a code (any case) or a name; say what changed, or that nothing did', async () => {
    const germany = place('de');
    const block = await netdeck('block', 'DE');
    expect([block.code, block.stdout]).toEqual([
      0,
      "Blocked Germany (DE): consumers there are no longer offered this network's providers.\n",
    ]);
    expect((await listed()).map((l: { location_id: string }) => l.location_id)).toContain(germany.id);
    expect((await netdeck('block', 'germany')).stdout).toBe('Germany (DE) is blocked already.\n');
    expect(JSON.parse((await netdeck('block', germany.id.toUpperCase(), '--json')).stdout)).toEqual({});
    const unblock = await netdeck('unblock', 'Germany');
    expect(unblock.stdout).toBe(
      "Unblocked Germany (DE): consumers there are offered this network's providers again.\n",
    );
    expect((await netdeck('unblock', 'de')).stdout).toBe('Germany (DE) was not blocked: nothing changed.\n');
  });

  it('refuse a city or region, saying why and naming the country to block (exit 2); nothing is left blocked', async () => {
    const germany = place('de');
    const before = await listed();
    const byId = await netdeck('block', germany.cityId);
    expect(byId.code).toBe(ExitCode.usage);
    expect(byId.stderr).toContain(
      `${germany.city} is a city in DE: the service matches consumers by country only`,
    );
    expect(byId.stderr).toContain('netdeck block de');
    const byName = await netdeck('block', germany.city);
    expect(byName.code).toBe(ExitCode.usage);
    expect(await listed()).toEqual(before);
  });

  it('a country without providers is blocked by its id; an id of no location is refused', async () => {
    const { geo, providers } = fx.sim.engine.world;
    const empty = geo.countryCode.findIndex((_, c) => providers.eligibleCountry[c] === 0);
    expect(empty).toBeGreaterThanOrEqual(0);
    const byName = await netdeck('block', geo.countryName[empty]);
    expect(byName.code).toBe(ExitCode.usage);
    expect(byName.stderr).toContain('blocked by its location id');
    const byId = await netdeck('block', geo.countryId[empty]);
    expect([byId.code, byId.stdout]).toEqual([
      0,
      `Blocked ${geo.countryName[empty]} (${geo.countryCode[empty].toUpperCase()}): consumers there are no longer offered this network's providers.\n`,
    ]);
    const before = await listed();
    const nowhere = await netdeck('block', '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b');
    expect([nowhere.code, nowhere.stderr]).toEqual([
      ExitCode.usage,
      'netdeck: no location has the id 0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b: nothing blocked\n',
    ]);
    expect(await listed()).toEqual(before);
    // The stored id was removed again: the world holds no trace of it.
    expect(fx.sim.engine.world.blockedLocations.get(0)).not.toContain('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b');
  });

  it('an unknown name is a usage error; no token is exit 3; the seed era has none (exit 1)', async () => {
    expect((await netdeck('block', 'Atlantis')).code).toBe(ExitCode.usage);
    const noToken = await run(['block', 'de'], { env: { ...fx.env, NETDECK_TOKEN: '' } });
    expect(noToken.code).toBe(ExitCode.unauthorized);
    const seed = await startSimFixture({ era: 'seed' });
    try {
      for (const argv of [['blocked'], ['block', 'de'], ['unblock', 'de']]) {
        const result = await run(argv, { env: seed.env });
        expect([result.code, result.stderr], argv.join(' ')).toEqual([
          ExitCode.failure,
          'netdeck: this service has no blocked locations\n',
        ]);
      }
    } finally {
      await seed.close();
    }
  });
});
