// `netdeck locations` against the simulator: table and JSON, search, --active, in the
// seed era (find-locations) and today (find-locations gone: find-provider-locations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../simulator/world/index.ts';
import { createClient } from '../../src/api/client.ts';
import { FIND_LOCATIONS_GONE } from '../../src/api/location-search.ts';
import { MAX_DISTANCE_REFUSED } from '../../src/cli/commands/locations.ts';
import { ERAS } from '../../src/contract/eras.ts';
import type { LocationResult } from '../../src/contract/schemas.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
let live: LocationResult;
beforeAll(async () => {
  fx = await startSimFixture({ era: 'seed' });
  const client = createClient({ baseUrl: fx.sim.url });
  live = await client.providerLocations();
  await client.close();
});
afterAll(() => fx.close());

describe('netdeck locations (seed era)', () => {
  it('--json prints the provider-locations response', async () => {
    const result = await run(['locations', '--json'], { env: fx.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(live)));
    expect(result.stderr).toBe('');
  });

  it('the table lists every group and location with its provider count, aligned', async () => {
    const result = await run(['locations'], { env: fx.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines).toContain(`GROUPS (${live.groups!.length})`);
    expect(lines).toContain(`LOCATIONS (${live.locations!.length})`);
    const header = lines.find((line) => line.startsWith('TYPE'))!;
    expect(header).toMatch(/^TYPE\s+NAME\s+IN\s+CC\s+PROVIDERS\s+ID$/);
    const idColumn = header.lastIndexOf('ID');
    for (const location of live.locations!) {
      const row = lines.find((line) => line.endsWith(location.location_id!))!;
      expect(row, location.name).toBeDefined();
      // Every id starts in the ID column: the columns line up.
      expect(row.indexOf(location.location_id!)).toBe(idColumn);
      expect(row).toContain(location.name!);
      // Country codes in upper case, as the console shows them.
      if (location.country_code) expect(row).toContain(` ${location.country_code.toUpperCase()} `);
      expect(row).toMatch(new RegExp(`\\s${location.provider_count!.toLocaleString('en-US')}\\s`));
    }
    // Countries first, the biggest first.
    const firstRow = lines[lines.indexOf(header) + 1]!;
    const biggestCountry = live
      .locations!.filter((l) => l.location_type === 'country')
      .sort((a, b) => b.provider_count! - a.provider_count!)[0]!;
    expect(firstRow).toContain(biggestCountry.name!);
    // No colour in a pipe.
    expect(result.stdout).not.toMatch(/\u001b\[/);
  });

  it('--query searches with fuzzy prefixes and shows the match distance', async () => {
    const country = live.locations!.find((l) => l.location_type === 'country' && l.name!.length > 5)!;
    const misspelt = `${country.name!.slice(0, 4)}x${country.name!.slice(5)}`;
    const json = await run(['locations', '--query', misspelt, '--json'], { env: fx.env });
    expect(json.code).toBe(0);
    const found = JSON.parse(json.stdout) as LocationResult;
    const match = found.locations!.find((l) => l.location_id === country.location_id);
    expect(match?.match_distance).toBe(1);

    const table = await run(['locations', '--query', misspelt], { env: fx.env });
    const header = linesOf(table.stdout).find((line) => line.startsWith('TYPE'))!;
    expect(header).toMatch(/PROVIDERS\s+DIST\s+ID$/);
    expect(linesOf(table.stdout).find((line) => line.endsWith(country.location_id!))).toMatch(
      /\s1\s+[0-9a-f-]{36}$/,
    );

    // Not within a stricter distance: 0 typos allowed.
    const strict = await run(['locations', '--query', misspelt, '--max-distance', '0', '--json'], {
      env: fx.env,
    });
    const strictResult = JSON.parse(strict.stdout) as LocationResult;
    expect(strictResult.locations?.some((l) => l.location_id === country.location_id) ?? false).toBe(false);
  });

  it('--active keeps only matches that provider-locations lists, with its counts', async () => {
    const country = live.locations!.find((l) => l.location_type === 'country')!;
    const all = JSON.parse(
      (await run(['locations', '-q', country.name!, '--json'], { env: fx.env })).stdout,
    ) as LocationResult;
    const active = JSON.parse(
      (await run(['locations', '-q', country.name!, '--active', '--json'], { env: fx.env })).stdout,
    ) as LocationResult;
    const liveIds = new Map(live.locations!.map((l) => [l.location_id, l.provider_count]));
    expect(active.locations!.length).toBeGreaterThan(0);
    expect(active.locations!.length).toBe(all.locations!.filter((l) => liveIds.has(l.location_id)).length);
    for (const location of active.locations!)
      expect(location.provider_count).toBe(liveIds.get(location.location_id));
  });

  it('says so when nothing matches', async () => {
    const result = await run(['locations', '--query', 'zzzzzzzzqqqq'], { env: fx.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('No locations match.\n');
  });

  it('--max-distance needs --query and a fraction 0-1 (usage errors, nothing sent)', async () => {
    const without = await run(['locations', '--max-distance', '0.3'], { env: fx.env });
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/--max-distance only applies to a search/);
    expect(without.stderr).toMatch(/Usage: netdeck locations/);
    const big = await run(['locations', '-q', 'x', '--max-distance', '3'], { env: fx.env });
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/must be at most 1/);
  });
});

describe('netdeck locations today', () => {
  let today: SimFixture;
  let countries: LocationResult;
  beforeAll(async () => {
    today = await startSimFixture({ era: 'current' });
    const client = createClient({ baseUrl: today.sim.url });
    countries = await client.providerLocations();
    await client.close();
  });
  afterAll(() => today.close());

  it('lists the countries with providers, no groups section', async () => {
    const result = await run(['locations'], { env: today.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toBe(`LOCATIONS (${countries.locations!.length})`);
    expect(result.stdout).not.toContain('GROUPS');
    expect(lines.filter((line) => line.startsWith('country'))).toHaveLength(countries.locations!.length);
  });

  it('--query says once that find-locations is gone and answers with find-provider-locations', async () => {
    const result = await run(['locations', '--query', 'germany'], { env: today.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`netdeck: ${FIND_LOCATIONS_GONE}\n`);
    const header = linesOf(result.stdout).find((line) => line.startsWith('TYPE'))!;
    expect(header).toMatch(/PROVIDERS\s+DIST\s+ID$/);
    // An exact match shows distance 0 (the service leaves the 0 out).
    expect(linesOf(result.stdout).find((line) => /^country\s+Germany\s/.test(line))).toMatch(
      /\s0\s+[0-9a-f-]{36}$/,
    );
    const json = JSON.parse((await run(['locations', '-q', 'germany', '--json'], { env: today.env })).stdout);
    expect(json.groups).toEqual([]);
    expect(json.locations.every((l: { provider_count?: number }) => (l.provider_count ?? 0) > 0)).toBe(true);
  });

  it('--active leaves a find-provider-locations answer as it is (it lists places with providers only)', async () => {
    const all = JSON.parse((await run(['locations', '-q', 'germany', '--json'], { env: today.env })).stdout);
    const active = JSON.parse(
      (await run(['locations', '-q', 'germany', '--active', '--json'], { env: today.env })).stdout,
    );
    expect(active).toEqual(all);
    expect(active.locations.some((l: { location_type: string }) => l.location_type === 'city')).toBe(true);
  });

  it('says, instead of searching, that a query in another script or of one character cannot narrow the places', async () => {
    const script = await run(['locations', '--query', '東京'], { env: today.env });
    expect(script.code).toBe(2);
    expect(script.stderr).toContain(
      'error: no place is named in the letters of "東京": place names are in Latin letters only',
    );
    const one = await run(['locations', '--query', 't', '--json'], { env: today.env });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('one character is too short to narrow the places');
    expect(one.stdout).toBe('');
  });

  it('a two-character query keeps the names and codes it starts, exact ones first, and says how many it left out', async () => {
    const result = await run(['locations', '--query', 'de'], { env: today.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/only names and codes starting with "de" \(\d+ other matches left out\)/);
    const rows = linesOf(result.stdout).filter((line) => /^(country|region|city) /.test(line));
    expect(rows[0]).toMatch(/^country\s+Germany\s/);
    // Every row starts with "de" (a word of it), or lies in Germany.
    for (const row of rows) expect(row).toMatch(/^\w+\s+(.*\b[Dd]e|.*\sDE\s)/);
  });

  it('refuses --max-distance with the reason: it applies to find-locations, which this service has not', async () => {
    const result = await run(['locations', '-q', 'germany', '--max-distance', '0.3'], { env: today.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`netdeck: ${MAX_DISTANCE_REFUSED}\n`);
    expect(result.stdout).toBe('');
  });
});

describe('the demo finds real places', () => {
  // The demo's own world (seed 1, its default size): a query for a city lists that city,
  // in its country, before anything else it matches, in both eras.
  const QUERIES = [
    { query: 'berlin', city: 'Berlin', country: 'DE' },
    { query: 'tokyo', city: 'Tokyo', country: 'JP' },
    { query: 'paris', city: 'Paris', country: 'FR' },
  ];
  for (const era of ERAS) {
    it(`lists Berlin, Tokyo and Paris first in the ${era} era`, async () => {
      const demo = await startSimFixture({ era, seed: 1, ...DEFAULTS });
      try {
        for (const { query, city, country } of QUERIES) {
          const result = await run(['locations', '--quiet', '--query', query], { env: demo.env });
          expect(result.code, result.stderr).toBe(0);
          const lines = linesOf(result.stdout);
          const first = lines[lines.findIndex((line) => line.startsWith('TYPE')) + 1];
          expect(first).toMatch(new RegExp(`^city\\s+${city}\\s+.*\\s${country}\\s`));
        }
      } finally {
        await demo.close();
      }
    });
  }
});
