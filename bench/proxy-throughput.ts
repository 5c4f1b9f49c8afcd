// The simulator's proxies (issue 34): throughput of a 100 MB download from a loopback
// server through the HTTP proxy (absolute form) and the SOCKS5 proxy, against the same
// download straight from that server, same run, rounds alternated, median of 3. Budget:
// each at least 0.5x direct. Then memory: 300 proxied connections through one proxy, 100
// open at once; the simulator's heap after a full collection after the 100th and after the
// 300th must not grow (< +4 MB), its resident memory printed beside. The simulator runs in
// a child process (started with --proxy-allow-local, as loopback demos are); only loopback
// destinations.
import { fork } from 'node:child_process';
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { basic, socks5 } from '../test/simulator/integration/proxy-clients.ts';
import { fmt, report } from './lib/report.ts';

const MB = 1024 * 1024;
const DOWNLOAD_MB = 100;
const ROUNDS = 3;
const CONNECTIONS = 300;
const AT_ONCE = 100;
const SMALL_BYTES = 64 * 1024;
const HEAP_BUDGET_MB = 4;

interface Ready {
  url: string;
  token: string;
  httpPort: number;
  socksPort: number;
}

/** The child: a simulator whose proxies may reach loopback, and one proxy of the demo network. */
async function serve(): Promise<void> {
  const { createSimulator } = await import('../simulator/index.ts');
  const sim = await createSimulator({ seed: 1, proxyAllowLocal: true });
  const made = await fetch(`${sim.url}/network/auth-client`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.token}` },
    body: JSON.stringify({
      description: 'bench',
      proxy_config: { initial_device_state: { country_code: 'de' } },
    }),
  });
  const proxy = ((await made.json()) as { proxy_config_result: Record<string, never> }).proxy_config_result;
  const ready: Ready = {
    url: sim.url,
    token: proxy.auth_token,
    httpPort: proxy.http_proxy_port,
    socksPort: proxy.socks_proxy_port,
  };
  process.send?.({ ready });
  process.on('message', (message: string) => {
    if (message !== 'memory') return;
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed } });
  });
}

/** A loopback server: `/bytes/N` sends N bytes of a 1 MiB block, streamed. */
async function fileServer(): Promise<{ port: number; close: () => void }> {
  const block = Buffer.alloc(MB, 0x61);
  const server = createServer((req, res) => {
    const total = Number(req.url?.split('/')[2] ?? 0);
    res.writeHead(200, { 'content-length': String(total), 'content-type': 'application/octet-stream' });
    Readable.from(
      (function* () {
        for (let sent = 0; sent < total; sent += MB)
          yield sent + MB <= total ? block : block.subarray(0, total - sent);
      })(),
    ).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Counts an answer's bytes to its end; resolves with them. */
const drain = (answer: IncomingMessage | NodeJS.ReadableStream) =>
  new Promise<number>((resolve, reject) => {
    let bytes = 0;
    answer.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    answer.on('end', () => resolve(bytes));
    answer.on('error', reject);
  });

/** GET `url`, straight or through the HTTP proxy: the bytes of the body. */
const httpGet = (url: string, proxy?: { port: number; token: string }) =>
  new Promise<number>((resolve, reject) => {
    const target = new URL(url);
    const request = proxy
      ? get({
          host: 'localhost',
          port: proxy.port,
          path: url,
          headers: { 'proxy-authorization': basic(proxy.token) },
          agent: false,
        })
      : get({ host: target.hostname, port: target.port, path: target.pathname, agent: false });
    request.on('response', (answer) => drain(answer).then(resolve, reject));
    request.on('error', reject);
  });

/** GET through the SOCKS5 proxy (socks5h, the name resolved by the proxy): the bytes of the whole answer. */
async function socksGet(ready: Ready, port: number, path: string): Promise<number> {
  const tunnel = await socks5(ready.socksPort, { host: 'localhost', port }, ready.token);
  if (tunnel.reply !== 0) throw new Error(`socks reply ${tunnel.reply}`);
  tunnel.received!.stop();
  const counted = drain(tunnel.socket!);
  tunnel.socket!.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  return counted;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

async function timed(fetchOnce: () => Promise<number>, expected: number): Promise<number> {
  const started = performance.now();
  const bytes = await fetchOnce();
  if (bytes < expected) throw new Error(`got ${bytes} of ${expected} bytes`);
  return bytes / MB / ((performance.now() - started) / 1000);
}

async function measure(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve) =>
    child.on('message', (message: { ready?: Ready }) => message.ready && resolve(message.ready)),
  );
  const memory = () =>
    new Promise<{ rss: number; heapUsed: number }>((resolve) => {
      const listener = (message: { memory?: { rss: number; heapUsed: number } }) => {
        if (!message.memory) return;
        child.off('message', listener);
        resolve(message.memory);
      };
      child.on('message', listener);
      child.send('memory');
    });
  const files = await fileServer();
  const size = DOWNLOAD_MB * MB;
  const path = `/bytes/${size}`;
  const url = `http://127.0.0.1:${files.port}${path}`;
  try {
    // Warm up each way (JIT, sockets), then alternate so drift hits all alike.
    const ways = {
      direct: () => httpGet(url),
      http: () => httpGet(url, { port: ready.httpPort, token: ready.token }),
      socks: () => socksGet(ready, files.port, path),
    };
    for (const way of Object.values(ways)) await way();
    const rates: Record<keyof typeof ways, number[]> = { direct: [], http: [], socks: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, way] of Object.entries(ways))
        rates[name as keyof typeof ways].push(await timed(way, size));
    const direct = median(rates.direct);
    for (const name of ['http', 'socks'] as const) {
      const rate = median(rates[name]);
      report({
        name: `${DOWNLOAD_MB} MB through the simulator's ${name === 'http' ? 'HTTP proxy (absolute form)' : 'SOCKS5 proxy (socks5h)'}`,
        value: `${fmt(rate)} MB/s (${(rate / direct).toFixed(2)}x direct)`,
        budget: '>= 0.5x direct',
        baseline: `the same download straight from the loopback server ${fmt(direct)} MB/s`,
        pass: rate / direct >= 0.5,
      });
    }

    // 300 connections through one proxy, 100 at once: the heap after the 100th and the 300th.
    const small = `/bytes/${SMALL_BYTES}`;
    const batch = () =>
      Promise.all(
        Array.from({ length: AT_ONCE }, (_, k) =>
          k % 2
            ? socksGet(ready, files.port, small)
            : httpGet(`http://127.0.0.1:${files.port}${small}`, { port: ready.httpPort, token: ready.token }),
        ),
      );
    await batch();
    // The proxies count bytes and close dead connections each second: one sweep passes first.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const at100 = await memory();
    for (let done = AT_ONCE; done < CONNECTIONS; done += AT_ONCE) await batch();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const at300 = await memory();
    const grown = (at300.heapUsed - at100.heapUsed) / MB;
    report({
      name: `simulator heap after a full collection, proxied connection ${AT_ONCE} to ${CONNECTIONS} (${AT_ONCE} open at once)`,
      value: `${fmt(at100.heapUsed / MB, 1)} → ${fmt(at300.heapUsed / MB, 1)} MB (${grown >= 0 ? '+' : ''}${fmt(grown, 1)} MB); RSS ${fmt(at100.rss / MB, 1)} → ${fmt(at300.rss / MB, 1)} MB`,
      budget: `< +${HEAP_BUDGET_MB} MB heap`,
      baseline: `connection ${AT_ONCE} of the same run`,
      pass: grown < HEAP_BUDGET_MB,
    });
  } finally {
    files.close();
    child.kill();
  }
}

// The same file is the child (`serve`) and the bench.
if (process.argv[2] === 'serve') await serve();
else await measure();
