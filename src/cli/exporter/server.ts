// The exporter's HTTP endpoint: GET /metrics in the Prometheus text format, a short page
// at /, nothing else. Nothing a request sends is read beyond its method, path and Host:
// only the exporter's own names are answered, so a web page that points a name of its own
// at it (DNS rebinding) cannot read device names and earnings (src/net/host-check.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostCheck } from '../../net/host-check.ts';
import { type Listening, listen } from '../../net/listen.ts';

export interface MetricsPage {
  contentType: string;
  body: string;
}

/** Where the exporter listens, and the Host names it answers beside the loopback names and `host`. */
export interface MetricsAddress {
  host: string;
  port: number;
  allowHosts?: readonly string[];
}

export function serveMetrics(
  { host, port, allowHosts }: MetricsAddress,
  metrics: () => Promise<MetricsPage>,
): Promise<Listening> {
  const ownHost = hostCheck({ bound: host, allow: allowHosts });
  return listen(
    (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      if (!ownHost(req.headers.host))
        return send(
          403,
          'forbidden: this exporter answers only the Host names it serves (localhost, its address, --allow-host NAME)\n',
        );
      if (path !== '/metrics' && path !== '/') return send(404, 'not found: the metrics are at /metrics\n');
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(405, 'method not allowed\n', { allow: 'GET, HEAD' });
      if (path === '/') return send(200, 'netdeck exporter: the metrics are at /metrics\n');
      metrics().then(
        (page) => send(200, page.body, { 'content-type': page.contentType }),
        (error: unknown) =>
          send(500, `metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
      );
    },
    host,
    port,
  );
}
