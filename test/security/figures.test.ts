// Figures a service sends beyond reason (a payout of 1e308 nano-cents, 1.55e290 bytes) or
// that overflow on the way (1e308 MiB as bytes): no figure (isFigure in
// src/format/numbers.ts: finite and within Number.MAX_SAFE_INTEGER, the bound the contract
// already puts on integers) shows as `–` in a table, as an empty cell in CSV, and --json
// keeps the service's number as sent; never `Infinity` or `1.55e+290 EiB`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/cli/output/csv.ts';
import {
  formatBytes,
  formatCompact,
  formatCount,
  formatDecimal,
  formatMiB,
  formatUsd,
  isFigure,
  MISSING,
} from '../../src/format/numbers.ts';
import { type Fixture, startFixture } from '../api/fixture.ts';
import { run, type SimFixture, startSimFixture } from '../cli/harness.ts';

const MAX = Number.MAX_VALUE;
const ABSURD = [MAX, -MAX, 1.55e290, 2 ** 53 + 2, Number.POSITIVE_INFINITY, Number.NaN];

describe('what no figure shows', () => {
  it('a figure is finite and within what a double counts exactly', () => {
    expect(isFigure(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isFigure(-Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isFigure(0.5)).toBe(true);
    for (const n of [...ABSURD, undefined]) expect(isFigure(n), String(n)).toBe(false);
  });

  it.each(ABSURD.map((n) => [String(n), n]))('%s: – in a table, an empty cell in CSV', (_name, n) => {
    for (const shown of [
      formatDecimal(n, 2),
      formatCount(n),
      formatCompact(n),
      formatBytes(n),
      formatMiB(n),
      formatUsd(n),
    ])
      expect(shown).toBe(MISSING);
    expect(csvCell(n)).toBe('');
  });

  it('a figure past 2^53 bytes once in MiB is still one: the prefix grows', () => {
    expect(formatMiB(2 ** 40)).toBe('1 EiB');
    expect(formatBytes(2 ** 52)).toBe('4 PiB');
    expect(csvCell(123.456)).toBe('123.456');
  });
});

/** Every number of an answer made `big` (0 stays 0). */
const blown = (value: unknown, big: number): unknown => {
  if (typeof value === 'number') return value === 0 ? 0 : big;
  if (Array.isArray(value)) return value.map((item) => blown(item, big));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blown(item, big)]));
  return value;
};

describe('commands on a service that sends absurd figures', () => {
  let sim: SimFixture;
  let proxy: Fixture;
  /** The service's answers, their numbers made MAX on the way (the routes whose figures are not integers). */
  beforeAll(async () => {
    sim = await startSimFixture();
    proxy = await startFixture(async (request) => {
      const answer = await fetch(sim.sim.url + request.path, {
        method: request.method,
        headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' },
        body: request.method === 'GET' ? undefined : request.body,
      });
      return { status: answer.status, body: blown(await answer.json(), MAX) };
    });
  });
  afterAll(async () => {
    await proxy.close();
    await sim.close();
  });
  const env = () => ({ ...sim.env, NETDECK_API_URL: proxy.url });
  const noOverflow = (text: string) => {
    expect(text).not.toMatch(/Infinity|NaN|e\+\d/);
  };

  it.each(['payments', 'stats providers'])('%s: – in the table, empty cells in CSV', async (command) => {
    const argv = command.split(' ');
    const table = await run(argv, { env: env() });
    expect(table.code).toBe(0);
    noOverflow(table.stdout);
    expect(table.stdout).toContain(MISSING);
    const csv = await run([...argv, '--csv'], { env: env() });
    expect(csv.code).toBe(0);
    noOverflow(csv.stdout);
    expect(csv.stdout).toMatch(/,,/);
  });

  it('clients and reliability: a provide mode and a bucket length that are no figures are not drawn as ones', async () => {
    for (const argv of [['clients'], ['clients', '--csv'], ['reliability'], ['reliability', '--csv']]) {
      const result = await run(argv, { env: env() });
      expect(result.code, argv.join(' ')).toBe(0);
      noOverflow(result.stdout + result.stderr);
    }
  });

  it('payments --json: valid JSON, the service’s numbers as sent', async () => {
    const json = await run(['payments', '--json'], { env: env() });
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(/Infinity|NaN/);
    const [first] = JSON.stringify(JSON.parse(json.stdout)).match(/"payout_nano_cents":[^,}]+/) ?? [];
    expect(first).toBe(`"payout_nano_cents":${MAX}`);
  });
});
