// `netdeck stats providers` and `netdeck stats network` against the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import type { NetworkStats, ProvidersStats } from '../../src/contract/schemas.ts';
import { startFixture } from '../api/fixture.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
let own: ProvidersStats;
let network: NetworkStats;
beforeAll(async () => {
  fx = await startSimFixture();
  const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
  own = await client.providerStats();
  network = await client.networkStats();
  await client.close();
});
afterAll(() => fx.close());

describe('netdeck stats providers', () => {
  it('--json prints the response', async () => {
    const result = await run(['stats', 'providers', '--json'], { env: fx.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(own)));
  });

  it('the table has a row per provider with units, and totals', async () => {
    const result = await run(['stats', 'providers'], { env: fx.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(
      /^CLIENT ID\s+STATE\s+UP NOW h\s+TRANSFER GiB\s+PAYOUT USD\s+SEARCHES\s+CONTRACTS\s+CLIENTS\s+MODE$/,
    );
    for (const provider of own.providers!) {
      const row = lines.find((line) => line.startsWith(provider.client_id!))!;
      expect(row).toMatch(provider.connected ? /\sonline\s/ : /\soffline\s/);
      expect(row).toContain(provider.uptime_last_24h!.toFixed(1));
      expect(row).toContain(provider.payout_last_24h!.toFixed(4));
      // Today's service sends no provide_mode: the column says so, it does not read it as 0.
      expect(row).toMatch(/\sunknown$/);
    }
    const online = own.providers!.filter((p) => p.connected).length;
    expect(lines).toContain(`providers  ${own.providers!.length} (${online} online)`);
    const payout = own.providers!.reduce((sum, p) => sum + (p.payout_last_24h ?? 0), 0);
    expect(lines).toContain(`payout     ${payout.toFixed(4)} USD in 24 h`);
  });
});

describe('netdeck stats network', () => {
  it('--json prints the response', async () => {
    const result = await run(['stats', 'network', '--json'], { env: fx.env });
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(network)));
  });

  it('shows what each figure is, in its unit, and the last days newest first', async () => {
    const result = await run(['stats', 'network', '--days', '3'], { env: fx.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(/^transfer in a day \(busiest of the last 3\) +[\d.]+ (GiB|TiB)$/);
    expect(lines[1]).toMatch(/^average transfer rate of that day +[\d.]+ (Mi|Gi)bit\/s$/);
    const providers = lines.find((line) => line.startsWith('providers online'));
    expect(providers).toMatch(/^providers online \(most in a day of the last 3\) +[\d,]+$/);
    expect(providers?.endsWith(` ${network.providers_summary!.toLocaleString('en-US')}`)).toBe(true);
    // Today's service sends no packet, extender or superspeed figures: none are shown.
    expect(result.stdout).not.toMatch(/packet|extender|superspeed/);
    expect(result.stdout).toMatch(/lookback 90 days/);
    const days = Object.keys(network.providers_data!).sort().reverse().slice(0, 3);
    const dayRows = lines.filter((line) => /^\d{4}-\d{2}-\d{2}/.test(line));
    expect(dayRows.map((line) => line.slice(0, 10))).toEqual(days);
    expect(dayRows[0]).toContain(network.providers_data![days[0]!]!.toLocaleString('en-US'));
    expect(dayRows[1]).toMatch(/ [\d.]+ (GiB|TiB)$/);
  });

  it('turns a known byte figure into the right binary unit', async () => {
    const body = {
      lookback: 90,
      created_time: Date.parse('2026-01-01T00:00:00Z'),
      all_transfer_data: { '2025-12-31': 3 * 2 ** 40, '2026-01-01': 5 * 2 ** 30 },
      all_transfer_summary: 3 * 2 ** 20,
      all_transfer_summary_rate: 2 * 1024,
      providers_data: { '2025-12-31': 7, '2026-01-01': 9 },
      providers_summary: 9,
    };
    const fixture = await startFixture(() => ({ body }));
    try {
      const result = await run(['stats', 'network', '--days', '2'], {
        env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: '/nonexistent' },
      });
      expect(result.code).toBe(0);
      const lines = linesOf(result.stdout);
      expect(lines[0]).toBe('transfer in a day (busiest of the last 3)       3 TiB');
      expect(lines[1]).toBe('average transfer rate of that day               2 Gibit/s');
      expect(lines.find((line) => line.startsWith('2026-01-01'))).toMatch(/ 9 +5 GiB$/);
      expect(lines.find((line) => line.startsWith('2025-12-31'))).toMatch(/ 7 +3 TiB$/);
    } finally {
      await fixture.close();
    }
  });

  it('reads a blob of the seed era: packets, extenders, and its transfer rate in packets per second', async () => {
    const seed = await startSimFixture({ era: 'seed' });
    try {
      const result = await run(['stats', 'network', '--days', '0'], { env: seed.env });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^packets per second \(busiest day of the last 3\) +[\d,]+ packets\/s$/m);
      expect(result.stdout).toMatch(/^superspeed extenders \(most in a day of the last 3\) +[\d,]+$/m);
    } finally {
      await seed.close();
    }
  });
});
