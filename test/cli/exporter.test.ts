// `netdeck exporter`: /metrics read by a Prometheus text-format parser against the
// simulator in both eras, every metric documented (docs/operators.md's table lists exactly the
// metrics served), the Grafana dashboard uses only those, at most one request per
// operation however often it is scraped, the up and token metrics when things go wrong.
import { readFileSync } from 'node:fs';
import { decodeJwt } from 'jose';
import type { MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../src/cli/exporter/metrics.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { timed } from '../bench-figures.ts';
import { family, startExporter, value } from './exporter-harness.ts';
import { run, type SimFixture, smallDemo, startSimFixture } from './harness.ts';

/** The names in docs/operators.md's table of exporter metrics. */
function readmeMetrics(): string[] {
  const readme = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
  const section = readme.slice(
    readme.indexOf('### Metrics'),
    readme.indexOf('###', readme.indexOf('### Metrics') + 5),
  );
  return [...section.matchAll(/^\| `(netdeck_[a-z0-9_]+)`/gm)].map((m) => m[1]);
}

const served = new Set<string>();
const requests: string[] = [];
let fx: SimFixture;
let current: MetricFamily[];
let seed: MetricFamily[];

beforeAll(async () => {
  fx = await startSimFixture({ log: (line) => requests.push(line) });
  const exporter = await startExporter([], fx.env, { clock: fx.clock });
  current = await exporter.scrape();
  expect(await exporter.stop()).toBe(ExitCode.ok);
  // The seed era, in demo mode: the exporter's own simulator.
  const demo = await startExporter(
    [],
    { XDG_CONFIG_HOME: fx.config.path },
    { createSimulator: smallDemo() },
    ['--era', 'seed'],
  );
  seed = await demo.scrape();
  await demo.stop();
  for (const f of [...current, ...seed]) served.add(f.name);
});
afterAll(() => fx.close());

describe('netdeck exporter /metrics', () => {
  it("gives the network's providers as the service lists them, with device names from /network/clients", async () => {
    const stats = await fx.sim.engine.handle('providerStats', undefined, {
      networkId: fx.sim.engine.demoNetwork.id,
      networkName: fx.sim.engine.demoNetwork.name,
    });
    const clients = fx.sim.engine.handle('networkClients', undefined, {
      networkId: fx.sim.engine.demoNetwork.id,
      networkName: fx.sim.engine.demoNetwork.name,
    });
    expect(value(current, 'netdeck_providers')).toBe(stats.providers!.length);
    expect(value(current, 'netdeck_providers_connected')).toBe(
      stats.providers!.filter((p) => p.connected).length,
    );
    for (const p of stats.providers!) {
      const name = clients.clients!.find((c) => c.client_id === p.client_id)!.device_name!;
      const labels = { client_id: p.client_id!, device_name: name };
      expect(value(current, 'netdeck_provider_connected', labels), name).toBe(p.connected ? 1 : 0);
      expect(value(current, 'netdeck_provider_uptime_24h_hours', labels)).toBe(p.uptime_last_24h);
      expect(value(current, 'netdeck_provider_transfer_24h_gibibytes', labels)).toBe(
        p.transfer_data_last_24h,
      );
      expect(value(current, 'netdeck_provider_payout_24h_usd', labels)).toBe(p.payout_last_24h);
      expect(value(current, 'netdeck_provider_search_interest_24h', labels)).toBe(p.search_interest_last_24h);
      expect(value(current, 'netdeck_provider_contracts_24h', labels)).toBe(p.contracts_last_24h);
      expect(value(current, 'netdeck_provider_clients_24h', labels)).toBe(p.clients_last_24h);
      expect(value(current, 'netdeck_provider_disconnects_total', labels)).toBe(0);
    }
    expect(family(current, 'netdeck_provider_connected')!.type).toBe('GAUGE');
    expect(family(current, 'netdeck_provider_disconnects_total')!.type).toBe('COUNTER');
  });

  it('gives the service, the token and the payout wallet as up-style metrics', () => {
    expect(value(current, 'netdeck_up')).toBe(1);
    expect(value(current, 'netdeck_token_valid')).toBe(1);
    expect(value(current, 'netdeck_token_expiry_timestamp_seconds')).toBe(decodeJwt(fx.sim.token).exp);
    expect(value(current, 'netdeck_payout_wallet_set')).toBe(1);
    expect(value(current, 'netdeck_polls_total')).toBe(1);
    for (const operation of ['providerStats', 'networkClients', 'getPayoutWallet', 'networkStats']) {
      expect(value(current, 'netdeck_request_success', { operation })).toBe(1);
      expect(value(current, 'netdeck_request_failures_total', { operation })).toBe(0);
    }
  });

  it("gives the network's last 90 days in each era's units", () => {
    const network = fx.sim.engine.handle('networkStats', undefined) as Record<string, Record<string, number>>;
    const days = Object.keys(network.providers_data).sort();
    expect(value(current, 'netdeck_network_count', { series: 'providers' })).toBe(
      network.providers_data[days[days.length - 1]],
    );
    expect(value(current, 'netdeck_network_count_summary', { series: 'cities' })).toBe(
      network.cities_summary as unknown as number,
    );
    expect(
      value(current, 'netdeck_network_transfer_summary_rate_mebibits_per_second', { series: 'all' }),
    ).toBe(network.all_transfer_summary_rate as unknown as number);
    expect(value(current, 'netdeck_network_packets_summary_rate_per_second')).toBeUndefined();
    // The seed era: packets and extenders, and its rate was packets per second.
    expect(value(seed, 'netdeck_network_count', { series: 'packets' })).toBeGreaterThanOrEqual(0);
    expect(value(seed, 'netdeck_network_count_summary', { series: 'packets' })).toBeGreaterThan(0);
    expect(value(seed, 'netdeck_network_count', { series: 'extenders' })).toBeGreaterThanOrEqual(0);
    expect(value(seed, 'netdeck_network_packets_summary_rate_per_second')).toBeGreaterThan(0);
    expect(
      value(seed, 'netdeck_network_transfer_summary_rate_mebibits_per_second', { series: 'all' }),
    ).toBeUndefined();
    expect(value(seed, 'netdeck_provider_info')).toBe(1);
  });

  it('gives the earnings, the reliability and the rank as the service answers them; an older service’s none', () => {
    const caller = { networkId: fx.sim.engine.demoNetwork.id, networkName: fx.sim.engine.demoNetwork.name };
    // The answers the exporter had (the simulator's clock has not moved: the same ones).
    const transfer = fx.sim.engine.handle('transferStats', undefined, caller);
    const payments = fx.sim.engine.handle('accountPayments', undefined, caller).account_payments!;
    const points = fx.sim.engine.handle('accountPoints', undefined, caller);
    const window = fx.sim.engine.handle('networkReliability', undefined, caller).reliability_window!;
    const ranking = fx.sim.engine.handle('networkRanking', undefined, caller).network_ranking!;
    expect(value(current, 'netdeck_transfer_paid_bytes')).toBe(transfer.paid_bytes_provided);
    expect(value(current, 'netdeck_transfer_unpaid_bytes')).toBe(transfer.unpaid_bytes_provided);
    const last = payments.find((p) => p.completed)!;
    expect(value(current, 'netdeck_last_payout_usd')).toBeCloseTo(last.payout_nano_cents! / 1e9, 9);
    expect(value(current, 'netdeck_last_payout_timestamp_seconds')).toBe(
      Date.parse(last.complete_time!) / 1000,
    );
    expect(value(current, 'netdeck_payouts_pending')).toBe(payments.filter((p) => !p.completed).length);
    const nano = points.network_points!.reduce((sum, p) => sum + p.point_value!, 0);
    expect(value(current, 'netdeck_points')).toBeCloseTo(nano / 1e6, 6);
    expect(value(current, 'netdeck_reliability_mean_weight')).toBeCloseTo(window.mean_reliability_weight!, 9);
    expect(value(current, 'netdeck_leaderboard_rank')).toBe(ranking.leaderboard_rank);
    expect(value(current, 'netdeck_leaderboard_rank')).toBeGreaterThan(0);
    expect(value(current, 'netdeck_leaderboard_public')).toBe(0);
    for (const operation of [
      'accountPayments',
      'transferStats',
      'accountPoints',
      'networkReliability',
      'networkRanking',
    ])
      expect(value(current, 'netdeck_request_success', { operation })).toBe(1);
    // The seed era had payments and transfer stats, not points, reliability or ranks: those
    // are asked once and left out, never a failure.
    expect(value(seed, 'netdeck_transfer_unpaid_bytes')).toBeGreaterThan(0);
    expect(value(seed, 'netdeck_last_payout_usd')).toBeGreaterThan(0);
    for (const name of ['netdeck_points', 'netdeck_reliability_mean_weight', 'netdeck_leaderboard_rank'])
      expect(family(seed, name), name).toBeUndefined();
    for (const operation of ['accountPoints', 'networkReliability', 'networkRanking'])
      expect(value(seed, 'netdeck_request_success', { operation }), operation).toBeUndefined();
    expect(value(seed, 'netdeck_up')).toBe(1);
  });

  it('documents every metric: docs/operators.md lists exactly the metrics served, each served with its help and type', () => {
    const table = new Set(METRICS.map((m) => m.name));
    expect(new Set(readmeMetrics())).toEqual(table);
    expect(readmeMetrics()).toHaveLength(table.size);
    expect(served).toEqual(table);
    for (const f of [...current, ...seed]) {
      const spec = METRICS.find((m) => m.name === f.name)!;
      expect(f.help).toBe(spec.help);
      expect(f.type).toBe(spec.type.toUpperCase());
      for (const sample of f.metrics)
        expect(Object.keys(sample.labels ?? {}).sort()).toEqual([...spec.labels].sort());
    }
  });

  it('ships a Grafana dashboard that uses only metrics the exporter serves', () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../docs/grafana/netdeck.json', import.meta.url), 'utf8'),
    );
    const expressions: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [key, child] of Object.entries(node)) {
          if ((key === 'expr' || key === 'query') && typeof child === 'string') expressions.push(child);
          else walk(child);
        }
    };
    walk(dashboard);
    const used = new Set(expressions.flatMap((expr) => expr.match(/\bnetdeck_[a-z0-9_]+/g) ?? []));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) expect(served, name).toContain(name);
    expect(
      dashboard.panels
        .filter((p: { type: string }) => p.type !== 'row')
        .every((p: { targets?: unknown[] }) => p.targets?.length),
    ).toBe(true);
  });
});

describe('netdeck exporter polling', () => {
  it('asks the service at most once however often it is scraped, and again once the refresh interval has passed', async () => {
    requests.length = 0;
    const exporter = await startExporter(['--refresh', '60'], fx.env, { clock: fx.clock });
    const count = (path: string) => requests.filter((line) => line.startsWith(`GET ${path} `)).length;
    const paths = ['/stats/providers', '/network/clients', '/account/payout-wallet', '/stats/last-90'];
    // 50 at once (they wait for the first poll), then 50 one after the other.
    await timed('exporter: 100 scrapes, one poll of the service', 5_000, async () => {
      await Promise.all(Array.from({ length: 50 }, () => exporter.scrape()));
      for (let k = 0; k < 50; k++) await exporter.scrape();
    });
    for (const path of paths) expect(count(path), path).toBe(1);

    // A provider goes down; the next poll comes once 60 s have passed (on the exporter's clock).
    const clientId = fx.sim.engine
      .handle('providerStats', undefined, { networkId: fx.sim.engine.demoNetwork.id, networkName: 'demo' })
      .providers!.find((p) => p.connected)!.client_id!;
    fx.sim.admin.setProviderConnected({ client_id: clientId, connected: false });
    await fx.clock.advance(59_000);
    expect(value(await exporter.scrape(), 'netdeck_provider_connected', { client_id: clientId })).toBe(1);
    await fx.clock.advance(1_000);
    const after = await exporter.scrape();
    for (const path of paths) expect(count(path), path).toBe(2);
    expect(value(after, 'netdeck_polls_total')).toBe(2);
    expect(value(after, 'netdeck_provider_connected', { client_id: clientId })).toBe(0);
    // The disconnection is counted once the service lists it.
    expect(value(after, 'netdeck_provider_disconnects_total', { client_id: clientId })).toBe(1);
    await exporter.stop();
  });
});

describe('netdeck exporter when things go wrong', () => {
  it('says the service is down when it cannot be reached, and the token invalid when it is refused', async () => {
    const down = await startExporter(
      [],
      { ...fx.env, NETDECK_API_URL: 'http://127.0.0.1:1' },
      { clock: fx.clock },
    );
    const unreachable = await down.scrape();
    expect(value(unreachable, 'netdeck_up')).toBe(0);
    expect(value(unreachable, 'netdeck_request_success', { operation: 'providerStats' })).toBe(0);
    expect(value(unreachable, 'netdeck_request_failures_total', { operation: 'networkStats' })).toBe(1);
    expect(family(unreachable, 'netdeck_provider_connected')).toBeUndefined();
    expect(family(unreachable, 'netdeck_token_valid')).toBeUndefined();
    await down.stop();

    const refused = await startExporter([], { ...fx.env, NETDECK_TOKEN: 'not.a.token' }, { clock: fx.clock });
    const metrics = await refused.scrape();
    expect(value(metrics, 'netdeck_up')).toBe(1);
    expect(value(metrics, 'netdeck_token_valid')).toBe(0);
    expect(value(metrics, 'netdeck_request_success', { operation: 'networkStats' })).toBe(1);
    expect(value(metrics, 'netdeck_network_count', { series: 'providers' })).toBeGreaterThan(0);
    await refused.stop();
  });

  it('refuses a malformed --listen, and warns when it serves beyond this machine', async () => {
    const bad = await run(['exporter', '--listen', 'localhost'], { env: fx.env });
    expect(bad.code).toBe(ExitCode.usage);
    expect(bad.stderr).toMatch(/--listen localhost: expected HOST:PORT, e\.g\. 127\.0\.0\.1:9464/);
    const everywhere = await startExporter(['--listen', '0.0.0.0:0'], fx.env, { clock: fx.clock });
    expect(everywhere.output.stderr).toMatch(
      /warning: the metrics \(client ids, device names, earnings\) are served to every machine that reaches 0\.0\.0\.0/,
    );
    await everywhere.stop();
  });

  it('answers / with a pointer, other paths with 404, and other methods with 405', async () => {
    const exporter = await startExporter([], fx.env, { clock: fx.clock });
    const base = exporter.url.replace(/\/metrics$/, '');
    expect(await (await fetch(`${base}/`)).text()).toMatch(/the metrics are at \/metrics/);
    expect((await fetch(`${base}/other`)).status).toBe(404);
    const post = await fetch(exporter.url, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const ok = await fetch(exporter.url);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    await exporter.stop();
  });
});
