// `netdeck providers`: one sample as today's service answers it (the count asked, spec
// clients first, rank modes), and --all walking every matching provider exactly once
// (seed era, where a place's count is what iteration yields).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import type { FindProvidersResult, LocationResult } from '../../src/contract/schemas.ts';
import { startFixture } from '../api/fixture.ts';
import { jsonLines, linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
let seedFx: SimFixture;
let live: LocationResult;
let seedLive: LocationResult;
beforeAll(async () => {
  // The default world size: its biggest group has more than 1000 active providers.
  fx = await startSimFixture({ providers: 5000, locations: 400 });
  seedFx = await startSimFixture({ providers: 5000, locations: 400, era: 'seed' });
  const client = createClient({ baseUrl: fx.sim.url });
  live = await client.providerLocations();
  await client.close();
  const seedClient = createClient({ baseUrl: seedFx.sim.url });
  seedLive = await seedClient.providerLocations();
  await seedClient.close();
});
afterAll(async () => {
  await fx.close();
  await seedFx.close();
});

const biggestCountry = (listed = live) =>
  listed
    .locations!.filter((l) => l.location_type === 'country')
    .sort((a, b) => b.provider_count! - a.provider_count!)[0]!;

describe('netdeck providers (one sample)', () => {
  it('--json prints the find-providers2 response; the table shows one aligned row per provider', async () => {
    const country = biggestCountry();
    const json = await run(['providers', '--location', country.location_id!, '--count', '5', '--json'], {
      env: fx.env,
    });
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as FindProvidersResult;
    expect(result.providers).toHaveLength(5);
    for (const provider of result.providers!)
      expect(provider.location?.country_location_id).toBe(country.location_id);

    const table = await run(['providers', '-l', country.location_id!, '-n', '5'], { env: fx.env });
    expect(table.code).toBe(0);
    const [header, ...rows] = linesOf(table.stdout);
    expect(header).toMatch(/^CLIENT ID\s+TIER\s+SPEED\s+LOCATION$/);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row).toMatch(/^[0-9a-f-]{36} {2}\s*\d+ {2}\s*(unmeasured|[\d.]+ [kMGT]?B\/s) {2}.+, .+$/);
      expect(row.indexOf('  ', 36)).toBe(36);
    }
  });

  it('without --count the service decides: 20 today (it raises less than that unless forced)', async () => {
    const country = biggestCountry();
    const json = await run(['providers', '--location', country.location_id!, '--json'], { env: fx.env });
    expect((JSON.parse(json.stdout) as FindProvidersResult).providers).toHaveLength(20);
    const seed = await run(['providers', '--location', biggestCountry(seedLive).location_id!, '--json'], {
      env: seedFx.env,
    });
    expect((JSON.parse(seed.stdout) as FindProvidersResult).providers).toHaveLength(10);
  });

  it('the seed era’s speed of 0 (it measured none) is unmeasured, and no figure in CSV', async () => {
    const location = biggestCountry(seedLive).location_id!;
    const table = await run(['providers', '--location', location], { env: seedFx.env });
    const rows = linesOf(table.stdout).slice(1, -1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^[0-9a-f-]{36} {2}\s*\? {2}unmeasured {2}\?$/);
    const csv = await run(['providers', '--location', location, '--csv', '--quiet'], { env: seedFx.env });
    const [header, ...records] = linesOf(csv.stdout).map((line) => line.split(','));
    const speed = header.indexOf('speed_bytes_per_second');
    for (const record of records) expect(record[speed]).toBe('');
  });

  it('puts --client ids first, as sent, not counted; --rank speed ranks by speed', async () => {
    const country = biggestCountry();
    const client = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
    const json = await run(
      ['providers', '-l', country.location_id!, '-c', client, '-n', '3', '--rank', 'speed', '--json'],
      { env: fx.env },
    );
    const providers = (JSON.parse(json.stdout) as FindProvidersResult).providers!;
    expect(providers).toHaveLength(4);
    expect(providers[0]).toEqual({
      client_id: client,
      estimated_bytes_per_second: 0,
      has_estimated_bytes_per_second: false,
      tier: 0,
    });
    const table = await run(['providers', '-c', client], { env: fx.env });
    expect(linesOf(table.stdout)[1]).toBe(`${client}     0  unmeasured  ?`);
    const bad = await run(['providers', '-c', client, '--rank', 'cheapest'], { env: fx.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/expects quality or speed/);
  });

  it('--exclude and --exclude-destination leave providers out (seed era)', async () => {
    const country = biggestCountry(seedLive);
    const first = JSON.parse(
      (await run(['providers', '-l', country.location_id!, '-n', '3', '--json'], { env: seedFx.env })).stdout,
    ) as FindProvidersResult;
    const [a, b, c] = first.providers!.map((p) => p.client_id!);
    const total = country.provider_count!;
    const rest = await run(
      [
        'providers',
        '-l',
        country.location_id!,
        '-n',
        String(total),
        '-x',
        a!,
        '--exclude-destination',
        `${c},${b}`,
        '--json',
      ],
      { env: seedFx.env },
    );
    const ids = (JSON.parse(rest.stdout) as FindProvidersResult).providers!.map((p) => p.client_id);
    expect(ids).not.toContain(a);
    // The last id of a path is the destination; the intermediary stays.
    expect(ids).not.toContain(b);
    expect(ids).toContain(c);
    expect(ids).toHaveLength(total - 2);
  });

  it('needs somewhere to look, and ids in UUID form (usage errors)', async () => {
    const none = await run(['providers'], { env: fx.env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--location, --group, --client or --best/);
    const bad = await run(['providers', '--group', 'europe'], { env: fx.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/'europe' is invalid\. expected a UUID/);
    const badPath = await run(['providers', '--best', '--exclude-destination', `${randomUUID()},nope`], {
      env: fx.env,
    });
    expect(badPath.code).toBe(2);
    const badCount = await run(['providers', '--best', '--count', 'ten'], { env: fx.env });
    expect(badCount.code).toBe(2);
    expect(badCount.stderr).toMatch(/expects a whole number/);
  });
});

describe('netdeck providers --all (seed era: a count is what iteration yields)', () => {
  it('returns each provider of a group with more than 1000 exactly once, as many as provider-locations counts', async () => {
    const group = [...seedLive.groups!].sort((a, b) => b.provider_count! - a.provider_count!)[0]!;
    expect(group.provider_count).toBeGreaterThan(1000);
    const result = await run(['providers', '--group', group.location_group_id!, '--all', '--json'], {
      env: seedFx.env,
    });
    expect(result.code).toBe(0);
    const ids = jsonLines(result.stdout).map((p) => p.client_id as string);
    expect(ids).toHaveLength(group.provider_count!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(result.stderr).toBe(`netdeck: ${group.provider_count} providers\n`);
  });

  it('in small batches (--count) too, and as a streamed table', async () => {
    const country = seedLive.locations!.find((l) => l.location_type === 'country' && l.provider_count! > 30)!;
    const result = await run(['providers', '-l', country.location_id!, '--all', '--count', '7'], {
      env: seedFx.env,
    });
    expect(result.code).toBe(0);
    const [header, ...rows] = linesOf(result.stdout);
    expect(header).toMatch(/^CLIENT ID\s+TIER\s+SPEED\s+LOCATION$/);
    expect(rows).toHaveLength(country.provider_count!);
    expect(new Set(rows.map((row) => row.slice(0, 36))).size).toBe(country.provider_count);
  });

  it('keeps --exclude ids out of the walk', async () => {
    const country = seedLive.locations!.find((l) => l.location_type === 'country' && l.provider_count! > 3)!;
    const one = JSON.parse(
      (await run(['providers', '-l', country.location_id!, '-n', '1', '--json'], { env: seedFx.env })).stdout,
    );
    const excluded = one.providers[0].client_id as string;
    const result = await run(['providers', '-l', country.location_id!, '--all', '--json', '-x', excluded], {
      env: seedFx.env,
    });
    const ids = jsonLines(result.stdout).map((p) => p.client_id);
    expect(ids).toHaveLength(country.provider_count! - 1);
    expect(ids).not.toContain(excluded);
  });

  it('stops with a clear message and exit 1 on a 413, keeping what it printed', async () => {
    const batch = (n: number) =>
      Array.from({ length: 3 }, (_, i) => ({ client_id: randomUUID(), tier: n + i }));
    const fixture = await startFixture((_request, index) =>
      index < 2 ? { body: { providers: batch(index) } } : { status: 413, body: 'request body too large' },
    );
    try {
      const result = await run(['providers', '--best', '--all', '--json'], {
        env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: '/nonexistent' },
      });
      expect(result.code).toBe(1);
      expect(jsonLines(result.stdout)).toHaveLength(6);
      expect(result.stderr).toMatch(/^netdeck: stopped after 6 providers: .*too large \(413\)/);
      expect(linesOf(result.stderr)).toHaveLength(1);
      // Every batch excluded everything seen before it.
      expect(JSON.parse(fixture.requests[2]!.body).exclude_client_ids).toHaveLength(6);
    } finally {
      await fixture.close();
    }
  });

  it('stops at its bound against a server that keeps sending new ids: exit 1, a clear note, a bounded exclusion list', async () => {
    // Whatever is excluded, a full batch of ids never seen.
    const fixture = await startFixture(() => ({
      body: { providers: Array.from({ length: 1000 }, () => ({ client_id: randomUUID() })) },
    }));
    try {
      const result = await run(['providers', '--best', '--all', '--json'], {
        env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: '/nonexistent' },
        deps: { allBounds: { providers: 2_500 } },
      });
      expect(result.code).toBe(1);
      expect(jsonLines(result.stdout)).toHaveLength(2_500);
      expect(linesOf(result.stderr)).toEqual([
        'netdeck: stopped after 2500 providers, the most --all lists: the service still sends new ones; narrow the search (--location, --group) to see the rest',
      ]);
      const excluded = fixture.requests.map((r) => JSON.parse(r.body).exclude_client_ids?.length ?? 0);
      expect(Math.max(...excluded)).toBe(2_500);
      expect(fixture.requests).toHaveLength(4);
    } finally {
      await fixture.close();
    }
  });

  it('stops at its bound of requests against a server that adds one new id per batch: exit 1, why', async () => {
    const fixture = await startFixture((request) => {
      const excluded: string[] = JSON.parse(request.body).exclude_client_ids ?? [];
      // What was excluded comes back too, with one id never seen.
      return {
        body: { providers: [...excluded.slice(-999), randomUUID()].map((client_id) => ({ client_id })) },
      };
    });
    try {
      const result = await run(['providers', '--best', '--all', '--json'], {
        env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: '/nonexistent' },
      });
      expect(result.code).toBe(1);
      expect(fixture.requests).toHaveLength(1_000);
      expect(jsonLines(result.stdout)).toHaveLength(1_000);
      expect(linesOf(result.stderr)).toEqual([
        'netdeck: stopped after 1000 providers and 1000 requests, the most --all makes: the service still sends new ones, a few at a time; narrow the search (--location, --group) to see the rest',
      ]);
    } finally {
      await fixture.close();
    }
  });

  it('stops at its bound of bytes sent (the exclusion list grows with every batch): exit 1, why', async () => {
    const fixture = await startFixture(() => ({
      body: { providers: Array.from({ length: 100 }, () => ({ client_id: randomUUID() })) },
    }));
    try {
      const result = await run(['providers', '--best', '--all', '--json', '--count', '100'], {
        env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: '/nonexistent' },
        deps: { allBounds: { bytes: 1024 * 1024 } },
      });
      expect(result.code).toBe(1);
      const sent = fixture.requests.reduce((sum, r) => sum + Buffer.byteLength(r.body), 0);
      expect(sent).toBeLessThanOrEqual(1024 * 1024);
      expect(fixture.requests.length).toBeGreaterThan(15);
      expect(jsonLines(result.stdout)).toHaveLength(fixture.requests.length * 100);
      expect(linesOf(result.stderr)).toEqual([
        `netdeck: stopped after ${fixture.requests.length * 100} providers: the next request would take what --all sends past 1 MiB (each excludes every id seen); narrow the search (--location, --group), or raise --count, to see the rest`,
      ]);
    } finally {
      await fixture.close();
    }
  });

  it('states its bound in the help', async () => {
    const help = await run(['providers', '--help']);
    expect(help.stdout).toContain('every matching provider (at most 100,000)');
  });
});
