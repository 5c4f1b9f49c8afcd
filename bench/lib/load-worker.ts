// The worker side of load.ts: runs the clients and posts the result back.
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import type { LoadOptions, LoadResult } from './load.ts';

const options = workerData as LoadOptions;

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<LoadResult> {
  const pool = new Pool(options.url, {
    connections: options.clients,
    pipelining: 1,
    keepAliveTimeout: 30_000,
  });
  const random = seeded(options.seed ?? 1);
  const weights = options.requests.map((r) => r.weight ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let roll = random() * total;
    for (let i = 0; i < weights.length; i++) {
      roll -= weights[i];
      if (roll < 0) return options.requests[i];
    }
    return options.requests[options.requests.length - 1];
  };
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  async function client(): Promise<void> {
    while (performance.now() < deadline) {
      const template = pick();
      const sent = performance.now();
      try {
        const res = await pool.request({
          path: template.path,
          method: template.method,
          body: template.body,
          headers: template.headers,
        });
        await res.body.arrayBuffer();
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
        if (res.statusCode !== 200) {
          errors++;
          if (errorSamples.length < 5)
            errorSamples.push(`${template.method} ${template.path}: ${res.statusCode}`);
        }
      } catch (error) {
        errors++;
        byStatus.error = (byStatus.error ?? 0) + 1;
        if (errorSamples.length < 5)
          errorSamples.push(`${template.method} ${template.path}: ${String(error)}`);
      }
      latencies.push(performance.now() - sent);
    }
  }

  await Promise.all(Array.from({ length: options.clients }, () => client()));
  const elapsedMs = performance.now() - started;
  await pool.close();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    errorSamples,
    elapsedMs,
    perSecond: (latencies.length / elapsedMs) * 1000,
    latencies: sorted,
    byStatus,
  };
}

main().then(
  (result) => parentPort?.postMessage(result),
  (error) => {
    throw error;
  },
);
