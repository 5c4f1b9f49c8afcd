// Requests/s on GET /stats/last-90: the simulator next to a bare node:http server
// sending the same bytes, same run, same load generator (a worker thread with an undici
// Pool). Budget: the simulator reaches at least 0.5x the bare server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulator } from '../simulator/index.ts';
import { runLoad } from './lib/load.ts';
import { fmt, report } from './lib/report.ts';

const CONCURRENCY = 32;
const ROUND_MS = 4_000;
const ROUNDS = 3;
const PATH = '/stats/last-90';

const sim = await createSimulator({ seed: 1 });
const bytes = Buffer.from(await (await fetch(`${sim.url}${PATH}`)).arrayBuffer());

const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  res.end(bytes);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const measure = async (url: string, durationMs: number) => {
  const result = await runLoad({
    url,
    requests: [{ method: 'GET', path: PATH }],
    clients: CONCURRENCY,
    durationMs,
  });
  if (result.errors) throw new Error(`${url}: ${result.errors} errors, e.g. ${result.errorSamples[0]}`);
  return result.perSecond;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

// Warm up both (JIT, connections), then alternate so drift hits both alike.
await measure(bareUrl, 1_000);
await measure(sim.url, 1_000);
const bareRates: number[] = [];
const simRates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bareRates.push(await measure(bareUrl, ROUND_MS));
  simRates.push(await measure(sim.url, ROUND_MS));
}
const simRate = median(simRates);
const bareRate = median(bareRates);
const ratio = simRate / bareRate;

report({
  name: `simulator GET ${PATH} throughput (${fmt(bytes.length)} bytes, ${CONCURRENCY} concurrent)`,
  value: `${fmt(simRate)} req/s (${ratio.toFixed(2)}x bare)`,
  budget: '>= 0.5x bare node:http',
  baseline: `bare node:http same bytes ${fmt(bareRate)} req/s`,
  pass: ratio >= 0.5,
});

await sim.close();
bare.closeAllConnections();
bare.close();
