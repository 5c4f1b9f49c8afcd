// --fields (and --json=FIELDS), --jq, --csv with fields and --jsonl on the list commands a
// script reads most (stats providers, providers --all, payments, clients) against one
// simulator; the usage errors they make; and `block --json de`, which still blocks de.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { sourceFiles } from '../source-files.ts';
import { jsonLines, linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
/** `providers --all` of the country with the most providers: every one of them, once, in an order of the walk's. */
let all: string[];
beforeAll(async () => {
  fx = await startSimFixture();
  const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
  const countries = ((await client.providerLocations()).locations ?? []).filter(
    (l) => l.location_type === 'country',
  );
  await client.close();
  const biggest = countries.sort((a, b) => (b.provider_count ?? 0) - (a.provider_count ?? 0))[0];
  all = ['providers', '--location', biggest.location_id!, '--all'];
});
afterAll(() => fx.close());

const netdeck = (...argv: string[]) => run(argv, { env: fx.env });
const json = async (...argv: string[]) => {
  const result = await netdeck(...argv);
  expect([result.code, result.stderr]).toEqual([0, '']);
  return JSON.parse(result.stdout) as Record<string, unknown>[];
};
/** The records of a CSV text whose cells hold no commas (ids, numbers, flags). */
const csvRecords = (text: string) => linesOf(text).map((line) => line.split(','));

describe('--json=FIELDS and --fields', () => {
  it('stats providers: an array of objects with the fields asked, in the order asked, the values --csv prints', async () => {
    const picked = await json('stats', 'providers', '--json=connected,client_id');
    expect(picked.length).toBeGreaterThan(0);
    for (const row of picked) expect(Object.keys(row)).toEqual(['connected', 'client_id']);
    expect(await json('stats', 'providers', '--fields', 'connected,client_id')).toEqual(picked);
    const csv = await netdeck('stats', 'providers', '--csv', '--fields', 'client_id,connected');
    expect(csvRecords(csv.stdout)).toEqual([
      ['client_id', 'connected'],
      ...picked.map((row) => [row.client_id, String(row.connected)]),
    ]);
  });

  it('payments: a column only the table has (points, from another request) is there', async () => {
    const picked = await json('payments', '--json=payment_id,amount_usd,points');
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((row) => typeof row.amount_usd === 'number' && typeof row.points === 'number')).toBe(
      true,
    );
    const answer = (await json('payments', '--json')) as unknown as {
      account_payments: { payment_id: string }[];
    };
    expect(picked.map((row) => row.payment_id)).toEqual(answer.account_payments.map((p) => p.payment_id));
  });

  it('clients: --jsonl is a row a line, its keys the --csv header; --fields picks of them', async () => {
    const lines = await netdeck('clients', '--jsonl');
    const header = linesOf((await netdeck('clients', '--csv')).stdout)[0].split(',');
    const rows = jsonLines(lines.stdout);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual(header);
    const picked = jsonLines((await netdeck('clients', '--jsonl', '--fields', 'client_id')).stdout);
    expect(picked).toEqual(rows.map((row) => ({ client_id: row.client_id })));
  });

  it('providers --all: JSON Lines, --jsonl as --json; with fields, a line of them per provider', async () => {
    // Each walk meets the providers in an order of its own: compared in one order.
    const byId = <T extends Record<string, unknown>>(rows: T[]) =>
      rows.sort((a, b) => String(a.client_id).localeCompare(String(b.client_id)));
    const providers = byId(jsonLines((await netdeck(...all, '--json')).stdout));
    expect(providers.length).toBeGreaterThan(1);
    expect(byId(jsonLines((await netdeck(...all, '--jsonl')).stdout))).toEqual(providers);
    const picked = byId(jsonLines((await netdeck(...all, '--json=client_id,tier')).stdout));
    expect(picked).toEqual(providers.map((p) => ({ client_id: p.client_id, tier: p.tier ?? null })));
    const csv = linesOf((await netdeck(...all, '--csv', '--fields', 'client_id')).stdout);
    expect([csv[0], ...csv.slice(1).sort()]).toEqual(['client_id', ...providers.map((p) => p.client_id)]);
  });
});

describe('--jq', () => {
  it('runs over the service’s answer; a string prints as its text', async () => {
    const answer = (await json('clients', '--json')) as unknown as { clients: { client_id: string }[] };
    const count = await netdeck('clients', '--jq', '.clients | length');
    expect(count.stdout).toBe(`${answer.clients.length}\n`);
    const ids = await netdeck('clients', '--jq', '.clients[].client_id');
    expect(linesOf(ids.stdout)).toEqual(answer.clients.map((c) => c.client_id));
  });

  it('runs over the fields picked, and over each line of JSON Lines', async () => {
    const picked = await json('stats', 'providers', '--json=client_id,connected');
    const up = await netdeck(
      'stats',
      'providers',
      '--json=client_id,connected',
      '--jq',
      'map(select(.connected)) | length',
    );
    expect(up.stdout).toBe(`${picked.filter((row) => row.connected).length}\n`);
    const providers = jsonLines((await netdeck(...all, '--json')).stdout);
    const first = await netdeck(...all, '--jq', 'select(.tier == 1) | .client_id');
    expect(linesOf(first.stdout).sort()).toEqual(
      providers
        .filter((p) => p.tier === 1)
        .map((p) => p.client_id)
        .sort(),
    );
    const payments = await netdeck('payments', '--jsonl', '--jq', '.state');
    expect(linesOf(payments.stdout).length).toBeGreaterThan(0);
  });

  it('is loaded only when given: imported by jq-filter.ts alone, with import()', () => {
    const importers = sourceFiles(join(import.meta.dirname, '../../src'), /\.tsx?$/).filter(
      (file) => !file.endsWith('.d.ts') && readFileSync(file, 'utf8').includes("'@michaelhomer/jqjs'"),
    );
    expect(importers.map((file) => file.replace(/^.*\/src\//, 'src/'))).toEqual([
      'src/cli/output/jq-filter.ts',
    ]);
    expect(readFileSync(importers[0], 'utf8')).toContain("await import('@michaelhomer/jqjs')");
  });
});

describe('usage errors (exit 2)', () => {
  it('an unknown field names it and lists the fields there are', async () => {
    for (const argv of [
      ['stats', 'providers', '--json=client_id,uptime'],
      ['clients', '--csv', '--fields', 'uptime'],
      [...all, '--fields', 'uptime'],
      ['payments', '--jsonl', '--fields', 'uptime'],
    ]) {
      const result = await netdeck(...argv);
      expect([argv, result.code, result.stdout]).toEqual([argv, ExitCode.usage, '']);
      expect(result.stderr).toMatch(/no field "uptime" here; the fields are: \w+(, \w+)+/);
    }
    const named = await netdeck('stats', 'providers', '--fields', 'uptime');
    expect(named.stderr).toContain('the fields are: client_id, device_name, connected, uptime_hours');
  });

  it('a program jq cannot read, before anything is sent; one that fails on the data, naming its input’s keys', async () => {
    const bad = await netdeck('clients', '--jq', '.clients[');
    expect([bad.code, bad.stdout]).toEqual([ExitCode.usage, '']);
    expect(bad.stderr).toMatch(/^error: --jq '\.clients\[': .+\nUsage: netdeck clients /);
    const failing = await netdeck('payments', '--jq', '.account_payments + 1');
    expect([failing.code, failing.stdout]).toEqual([ExitCode.usage, '']);
    expect(failing.stderr).toMatch(
      /--jq '\.account_payments \+ 1': .+; its input has the keys: account_payments/,
    );
  });

  it('--csv with --json, --jsonl or --jq; an empty field list', async () => {
    for (const [flag, ...rest] of [['--json'], ['--jsonl'], ['--jq', '.']]) {
      const result = await netdeck('clients', '--csv', flag, ...rest);
      expect([result.code, result.stderr.split('\n')[0]]).toEqual([
        ExitCode.usage,
        `error: ${flag} and --csv cannot be used together`,
      ]);
    }
    const empty = await netdeck('clients', '--json=');
    expect(empty.code).toBe(ExitCode.usage);
    expect(empty.stderr).toMatch(/--fields <names>' argument '' is invalid\. expects field names/);
  });

  it('a command that prints no rows says so', async () => {
    const result = await netdeck('config', 'get', 'api_url', '--fields', 'value');
    expect([result.code, result.stdout]).toEqual([ExitCode.usage, '']);
    expect(result.stderr).toMatch(/this command prints none: use --json/);
  });
});

describe('block --json de', () => {
  it('blocks de: --json takes no field list but with =', async () => {
    const block = await netdeck('block', '--json', 'de');
    expect(block.code).toBe(0);
    const blocked = (await json('blocked', '--json')) as unknown as {
      blocked_locations: { country_code?: string }[];
    };
    expect(blocked.blocked_locations.map((b) => b.country_code?.toLowerCase())).toContain('de');
    expect(await json('unblock', 'de', '--json=location_id')).toEqual([{ location_id: expect.any(String) }]);
  });
});
