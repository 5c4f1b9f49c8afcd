// The exporter's HTTP endpoint: GET /metrics in the Prometheus text format, a short page
// at /, and over several profiles /probe?profile=NAME (one profile's page, the multi-target
// pattern) and /targets (Prometheus HTTP service discovery); nothing else. Nothing a
// request sends is read beyond its method, path (and /probe's profile) and Host: only the
// exporter's own names are answered, so a web page that points a name of its own at it
// (DNS rebinding) cannot read device names and earnings (src/net/host-check.ts).
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

/** Over several profiles: one profile's page (undefined for a profile it does not serve), and the discovery list. */
export interface ProfilePages {
  probe(profile: string): Promise<MetricsPage> | undefined;
  /** The JSON of /targets, naming this exporter as `host` (the Host it was asked by). */
  targets(host: string): string;
}

export function serveMetrics(
  { host, port, allowHosts }: MetricsAddress,
  metrics: () => Promise<MetricsPage>,
  profiles?: ProfilePages,
): Promise<Listening> {
  const ownHost = hostCheck({ bound: host, allow: allowHosts });
  return listen(
    (req: IncomingMessage, res: ServerResponse) => {
      const [path, query = ''] = (req.url ?? '/').split('?');
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      const sendPage = (page: Promise<MetricsPage>) =>
        page.then(
          (done) => send(200, done.body, { 'content-type': done.contentType }),
          (error: unknown) =>
            send(500, `metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
        );
      if (!ownHost(req.headers.host))
        return send(
          403,
          'forbidden: this exporter answers only the Host names it serves (localhost, its address, --allow-host NAME)\n',
        );
      const paths = profiles ? ['/', '/metrics', '/probe', '/targets'] : ['/', '/metrics'];
      if (!paths.includes(path)) return send(404, 'not found: the metrics are at /metrics\n');
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(405, 'method not allowed\n', { allow: 'GET, HEAD' });
      if (path === '/')
        return send(
          200,
          profiles
            ? "netdeck exporter: every profile's metrics are at /metrics, one profile's at /probe?profile=NAME, the profiles for Prometheus' HTTP service discovery at /targets\n"
            : 'netdeck exporter: the metrics are at /metrics\n',
        );
      if (profiles && path === '/targets')
        return send(200, profiles.targets(req.headers.host ?? `${host}:${req.socket.localPort}`), {
          'content-type': 'application/json; charset=utf-8',
        });
      if (profiles && path === '/probe') {
        const profile = new URLSearchParams(query).get('profile');
        if (profile === null)
          return send(400, 'bad request: /probe takes ?profile=NAME (/targets lists them)\n');
        const page = profiles.probe(profile);
        if (!page)
          return send(404, 'not found: this exporter serves no such profile (/targets lists them)\n');
        return sendPage(page);
      }
      sendPage(metrics());
    },
    host,
    port,
  );
}
