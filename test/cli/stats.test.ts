// `netdeck stats providers` and `netdeck stats network` against the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import type { NetworkStats, ProvidersStats } from '../../src/contract/schemas.ts';
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
      /^CLIENT ID\s+STATE\s+UPTIME h\s+TRANSFER GiB\s+PAYOUT USDC\s+SEARCHES\s+CONTRACTS\s+CLIENTS\s+MODE$/,
    );
    for (const provider of own.providers!) {
      const row = lines.find((line) => line.startsWith(provider.client_id!))!;
      expect(row).toMatch(provider.connected ? /\sonline\s/ : /\soffline\s/);
      expect(row).toContain(provider.uptime_last_24h!.toFixed(1));
      expect(row).toContain(provider.payout_last_24h!.toFixed(4));
    }
    const online = own.providers!.filter((p) => p.connected).length;
    expect(lines).toContain(`providers  ${own.providers!.length} (${online} online)`);
    const payout = own.providers!.reduce((sum, p) => sum + (p.payout_last_24h ?? 0), 0);
    expect(lines).toContain(`payout     ${payout.toFixed(4)} USDC in 24 h`);
  });
});

describe('netdeck stats network', () => {
  it('--json prints the response', async () => {
    const result = await run(['stats', 'network', '--json'], { env: fx.env });
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(network)));
  });

  it('shows the summaries and the last days, newest first', async () => {
    const result = await run(['stats', 'network', '--days', '3'], { env: fx.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toBe(
      `providers          ${network.providers_summary!.toLocaleString('en-US')} (superspeed ${network.providers_summary_superspeed!.toLocaleString('en-US')})`,
    );
    expect(lines).toContain(`countries          ${network.countries_summary!.toLocaleString('en-US')}`);
    expect(result.stdout).toMatch(/lookback 90 days/);
    const days = Object.keys(network.providers_data!).sort().reverse().slice(0, 3);
    const dayRows = lines.filter((line) => /^\d{4}-\d{2}-\d{2}/.test(line));
    expect(dayRows.map((line) => line.slice(0, 10))).toEqual(days);
    expect(dayRows[0]).toContain(network.providers_data![days[0]!]!.toLocaleString('en-US'));
  });
});
