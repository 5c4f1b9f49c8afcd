// `netdeck exporter` against a hostile service and a hostile page: an answer huge in
// objects fails its poll at once (a scrape answers within Prometheus' timeout); a page that
// points a name of its own at the exporter (DNS rebinding) is refused by its Host; a
// network of thousands of providers gives a bounded number of series, with short labels.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { type Fixture, startFixture } from '../api/fixture.ts';
import { answerObjects } from '../hostile.ts';
import { send } from '../reliability/raw.ts';
import { type Exporter, startExporter, value } from './exporter-harness.ts';
import { run, type SimFixture, startSimFixture } from './harness.ts';

let server: Server | undefined;
let exporter: Exporter | undefined;
afterEach(async () => {
  await exporter?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = exporter = undefined;
});

/** A service answering every request with 60 MiB of `{"providers":[{},{},…]}`. */
async function objectsService(): Promise<string> {
  server = createServer((_req, res) => answerObjects(res, 'providers'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the exporter against answers huge in objects', () => {
  it('answers a scrape within its timeout: the service down, each operation failed', async () => {
    const url = await objectsService();
    exporter = await startExporter([], {
      NETDECK_API_URL: url,
      NETDECK_TOKEN: 'header.claims.signature',
      XDG_CONFIG_HOME: '/nonexistent',
    });
    // Prometheus gives up on a scrape after 10 s by default.
    const response = await fetch(exporter.url, { signal: AbortSignal.timeout(10_000) });
    const families = parsePrometheusTextFormat(await response.text());
    expect(value(families, 'netdeck_up')).toBe(0);
    for (const operation of ['providerStats', 'networkClients', 'getPayoutWallet', 'networkStats'])
      expect(value(families, 'netdeck_request_success', { operation })).toBe(0);
    expect(exporter.output.stderr).not.toMatch(/unexpected|failed/);
  });
});

describe('the Host names the exporter answers', () => {
  let fx: SimFixture | undefined;
  afterEach(async () => {
    await fx?.close();
    fx = undefined;
  });

  /** The status of GET /metrics (and /) with this Host, and the body of a refusal. */
  const statusFor = async (url: string, host: string) => {
    const metrics = await send(url, 'GET', '/metrics', { headers: { host } });
    const root = await send(url, 'GET', '/', { headers: { host } });
    expect(root.status).toBe(metrics.status);
    return metrics.status === 403 ? metrics.text : String(metrics.status);
  };

  it('answers the loopback names and the bound address, any port; refuses any other name', async () => {
    fx = await startSimFixture();
    exporter = await startExporter([], fx.env, { clock: fx.clock });
    const port = new URL(exporter.url).port;
    for (const host of ['localhost', `localhost:${port}`, `127.0.0.1:${port}`, '[::1]:9464', 'LOCALHOST'])
      expect(await statusFor(exporter.url, host), host).toBe('200');
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '[::2]',
    ])
      expect(await statusFor(exporter.url, host), host).toBe(
        'forbidden: this exporter answers only the Host names it serves (localhost, its address, --allow-host NAME)\n',
      );
  });

  it('--allow-host adds names (repeatable); bound to every interface, any address of the machine is its own', async () => {
    fx = await startSimFixture();
    exporter = await startExporter(
      ['--listen', '0.0.0.0:0', '--allow-host', 'metrics.internal', '--allow-host', 'Prom.Example'],
      fx.env,
      { clock: fx.clock },
    );
    const url = exporter.url.replace('0.0.0.0', '127.0.0.1');
    for (const host of ['metrics.internal:9464', 'prom.example', '10.1.2.3:9464', '[fe80::1]'])
      expect(await statusFor(url, host), host).toBe('200');
    expect(await statusFor(url, 'other.example')).toMatch(/^forbidden/);
  });

  it('a malformed --allow-host is a usage error', async () => {
    const bad = await run(['exporter', '--allow-host', 'evil.example:80'], {});
    expect(bad.code).toBe(ExitCode.usage);
    expect(bad.stderr).toMatch(/--allow-host <name>' argument 'evil\.example:80' is invalid/);
  });
});

describe('the exporter on a network of many providers', () => {
  const N = 3_000;
  const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  let fixture: Fixture | undefined;
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });

  /** A service of N providers (listed in reverse), each with a device name 500 characters long. */
  async function manyProviders() {
    const ids = Array.from({ length: N }, (_, i) => id(N - 1 - i));
    fixture = await startFixture((request) => {
      if (request.path === '/stats/providers')
        return { body: { providers: ids.map((client_id) => ({ client_id, connected: true })) } };
      if (request.path === '/network/clients')
        return {
          body: {
            clients: ids.map((client_id) => ({ client_id, device_name: `${client_id} ${'n'.repeat(500)}` })),
          },
        };
      return { body: {} };
    });
    return {
      NETDECK_API_URL: fixture.url,
      NETDECK_TOKEN: 'header.claims.signature',
      XDG_CONFIG_HOME: '/nonexistent',
    };
  }

  const series = (families: MetricFamily[], name: string) =>
    families.find((f) => f.name === name)?.metrics ?? [];

  it('serves the series of 1 000 providers by default, the first by client id, labels cut, and how many it left out', async () => {
    exporter = await startExporter([], await manyProviders());
    const families = await exporter.scrape();
    expect(value(families, 'netdeck_providers')).toBe(N);
    expect(value(families, 'netdeck_providers_connected')).toBe(N);
    expect(value(families, 'netdeck_providers_omitted')).toBe(N - 1_000);
    const connected = series(families, 'netdeck_provider_connected');
    expect(connected.map((m) => m.labels?.client_id).sort()).toEqual(
      Array.from({ length: 1_000 }, (_, i) => id(i)),
    );
    for (const m of connected) {
      expect([...(m.labels?.device_name ?? '')].length).toBe(64);
      expect(m.labels?.device_name).toMatch(/^0{8}-.* n+…$/);
    }
    expect(series(families, 'netdeck_provider_info')).toHaveLength(1_000);
  });

  it('--max-providers N changes the bound; 0 serves no provider series', async () => {
    const env = await manyProviders();
    exporter = await startExporter(['--max-providers', '10'], env);
    let families = await exporter.scrape();
    expect(series(families, 'netdeck_provider_uptime_24h_hours').length).toBeLessThanOrEqual(10);
    expect(series(families, 'netdeck_provider_connected')).toHaveLength(10);
    expect(value(families, 'netdeck_providers_omitted')).toBe(N - 10);
    await exporter.stop();
    exporter = await startExporter(['--max-providers', '0'], env);
    families = await exporter.scrape();
    expect(series(families, 'netdeck_provider_connected')).toHaveLength(0);
    expect(value(families, 'netdeck_providers_omitted')).toBe(N);
    const bad = await run(['exporter', '--max-providers', 'many'], { env });
    expect(bad.code).toBe(ExitCode.usage);
  });
});
