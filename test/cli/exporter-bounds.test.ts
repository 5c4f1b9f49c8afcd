// `netdeck exporter` against a hostile service and a hostile page: an answer huge in
// objects fails its poll at once (a scrape answers within Prometheus' timeout).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { type Exporter, startExporter, value } from './exporter-harness.ts';

const MB = 1024 * 1024;
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
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"providers":[');
    const chunk = Buffer.from('{},'.repeat(MB / 3));
    let sent = 0;
    const pump = () => {
      while (sent < 60 * MB) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end('{}]}');
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
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
