// `netdeck stats providers` and `netdeck stats network` against the simulator.
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import type {
  NetworkClients,
  NetworkStats,
  ProviderStats,
  ProvidersStats,
} from '../../src/contract/schemas.ts';
import { startFixture } from '../api/fixture.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

/** The simulator, but `path` answers 401 (an API key without access to the clients, say). */
function refusing(path: string): MockAgent {
  const agent = new MockAgent();
  agent.enableNetConnect();
  agent.get(fx.sim.url).intercept({ path, method: 'GET' }).reply(401, 'Not authorized.\n').persist();
  return agent;
}

let fx: SimFixture;
let own: ProvidersStats;
let clients: NetworkClients;
let network: NetworkStats;
beforeAll(async () => {
  fx = await startSimFixture();
  const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
  own = await client.providerStats();
  clients = await client.networkClients();
  network = await client.networkStats();
  await client.close();
});
afterAll(() => fx.close());

describe('netdeck stats providers', () => {
  /** Each provider's client in /network/clients, as My providers joins them. */
  const clientOf = (clientId: string | undefined) => clients.clients!.find((c) => c.client_id === clientId)!;

  it('--json prints the response, with the device name and provide mode of /network/clients beside it', async () => {
    const result = await run(['stats', 'providers', '--json'], { env: fx.env });
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as ProvidersStats;
    const sent = JSON.parse(JSON.stringify(own)) as ProvidersStats;
    expect(printed.created_time).toBe(sent.created_time);
    expect(printed.providers).toHaveLength(sent.providers!.length);
    printed.providers!.forEach((provider, i) => {
      const { device_name, provide_mode, ...asSent } = provider;
      // What the service sent, untouched; today's sends no provide mode and no name.
      expect(asSent).toEqual(sent.providers![i]);
      expect(sent.providers![i].provide_mode).toBeUndefined();
      const client = clientOf(provider.client_id);
      expect(device_name).toBe(client.device_name);
      expect(provide_mode).toBe(client.provide_mode);
    });
    expect(printed.providers!.some((p) => p.provide_mode === 3 && typeof p.device_name === 'string')).toBe(
      true,
    );
  });

  it('the table has a row per provider with units, its device name and mode as My providers shows them, and totals', async () => {
    const result = await run(['stats', 'providers'], { env: fx.env });
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines[0]).toMatch(
      /^CLIENT ID\s+DEVICE\s+STATE\s+UP NOW h\s+TRANSFER GiB\s+PAYOUT USD\s+SEARCHES\s+CONTRACTS\s+CLIENTS\s+MODE$/,
    );
    for (const provider of own.providers!) {
      const row = lines.find((line) => line.startsWith(provider.client_id!))!;
      expect(row).toMatch(provider.connected ? /\sonline\s/ : /\soffline\s/);
      expect(row).toContain(provider.uptime_last_24h!.toFixed(1));
      expect(row).toContain(provider.payout_last_24h!.toFixed(4));
      const client = clientOf(provider.client_id);
      expect(row).toContain(`  ${client.device_name}  `);
      // Today's /stats/providers sends no provide_mode: /network/clients does (3, public).
      expect(row).toMatch(client.provide_mode === 3 ? /\spublic$/ : /\sunknown$/);
    }
    const online = own.providers!.filter((p) => p.connected).length;
    expect(lines).toContain(`providers  ${own.providers!.length} (${online} online)`);
    const payout = own.providers!.reduce((sum, p) => sum + (p.payout_last_24h ?? 0), 0);
    expect(lines).toContain(`payout     ${payout.toFixed(4)} USD in 24 h`);
  });

  it('a provide mode the service sent (seed era) is kept; the clients list only fills in', async () => {
    // 24 providers of the demo network: some of them not public.
    const seed = await startSimFixture({ era: 'seed', ownProviders: 24 });
    try {
      const client = createClient({ baseUrl: seed.sim.url, token: seed.sim.token });
      const sent = await client.providerStats();
      await client.close();
      const printed = JSON.parse((await run(['stats', 'providers', '--json'], { env: seed.env })).stdout);
      const modes = sent.providers!.map((p) => p.provide_mode);
      expect(modes.some((mode) => mode !== undefined && mode !== 3)).toBe(true);
      expect(printed.providers.map((p: ProviderStats) => p.provide_mode)).toEqual(modes);
      const csv = await run(['stats', 'providers', '--csv', '--quiet'], { env: seed.env });
      const [header, ...rows] = linesOf(csv.stdout).map((line) => line.split(','));
      expect(header.slice(0, 2)).toEqual(['client_id', 'device_name']);
      const names = new Map(printed.providers.map((p: ProviderStats) => [p.client_id, p.device_name]));
      for (const row of rows) expect(row[1]).toBe(names.get(row[0]));
    } finally {
      await seed.close();
    }
  });

  it('without the clients list the figures still print: a warning says the names are left out', async () => {
    const keyless = await run(['stats', 'providers'], {
      env: fx.env,
      deps: { clientOptions: { dispatcher: refusing('/network/clients') } },
    });
    expect(keyless.code).toBe(0);
    expect(keyless.stderr).toMatch(/warning: device names and provide modes left out: .*not authorized/);
    expect(linesOf(keyless.stdout)[1]).toMatch(/^[0-9a-f-]{36} {2}\s+(online|offline) /);
  });
});

describe('netdeck stats provider ID', () => {
  it('names the provider and its mode from /network/clients (table and --json, beside the service’s answer)', async () => {
    const provider = own.providers![0];
    const client = clients.clients!.find((c) => c.client_id === provider.client_id)!;
    const table = await run(['stats', 'provider', provider.client_id!], { env: fx.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      new RegExp(`^device +${client.device_name!.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}$`, 'm'),
    );
    expect(table.stdout).toMatch(/^provide mode +public$/m);
    const json = JSON.parse(
      (await run(['stats', 'provider', provider.client_id!, '--json'], { env: fx.env })).stdout,
    );
    expect(json).toMatchObject({ device_name: client.device_name, provide_mode: 3 });
    expect(json.uptime).toBeTypeOf('object');
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
