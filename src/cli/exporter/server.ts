// The exporter's HTTP endpoint: GET /metrics in the Prometheus text format, a short page
// at /, nothing else. Nothing a request sends is read beyond its method and path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen } from '../../net/listen.ts';

export interface MetricsPage {
  contentType: string;
  body: string;
}

export function serveMetrics(
  host: string,
  port: number,
  metrics: () => Promise<MetricsPage>,
): Promise<Listening> {
  return listen(
    (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
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
