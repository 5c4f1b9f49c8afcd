// A load generator in a worker thread (so it does not share the server's thread):
// `clients` loops, each sending one request at a time over an undici Pool, for a while.
import { Worker } from 'node:worker_threads';

export interface RequestTemplate {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Relative share of the mix (default 1). */
  weight?: number;
}

export interface LoadOptions {
  url: string;
  requests: RequestTemplate[];
  clients: number;
  durationMs: number;
  /** Seed of the request mix. */
  seed?: number;
}

export interface LoadResult {
  requests: number;
  /** non-200 statuses and transport failures */
  errors: number;
  /** first few error descriptions */
  errorSamples: string[];
  elapsedMs: number;
  perSecond: number;
  /** latencies in ms, sorted */
  latencies: Float64Array;
  byStatus: Record<string, number>;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // A worker does not get tsx's loader from --import in time for its own entry file:
    // register it first, then import the TypeScript entry.
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const entry = JSON.stringify(new URL('./load-worker.ts', import.meta.url).href);
    const worker = new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); })`, {
      eval: true,
      workerData: options,
    });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
