// Starts the HTTP layer around a FakeEngine on port 0, with a shared ManualClock, and
// sends raw requests (node:http, no keep-alive) so every status, header and body is visible.
import { request } from 'node:http';
import {
  type HttpSimulator,
  type HttpSimulatorOptions,
  startHttpSimulator,
} from '../../../simulator/http/app.ts';
import { ManualClock } from '../../../src/clock.ts';
import { FakeEngine } from './fake-engine.ts';

export interface Harness {
  sim: HttpSimulator;
  engine: FakeEngine;
  clock: ManualClock;
}

/** The admin secret of every fake simulator; `send` gives it to /__sim/ routes. */
export const ADMIN_SECRET = 'test-admin-secret-0123456789';

export async function startFake(
  options: Partial<Omit<HttpSimulatorOptions, 'engine' | 'clock' | 'advanceClock'>> & { seed?: number } = {},
): Promise<Harness> {
  const clock = new ManualClock();
  const engine = new FakeEngine(options.seed ?? 7, clock);
  const sim = await startHttpSimulator({
    admin: true,
    adminSecret: ADMIN_SECRET,
    ...options,
    engine,
    clock,
    advanceClock: (ms) => clock.advance(ms),
  });
  return { sim, engine, clock };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

export function send(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: string | Buffer;
    token?: string;
    headers?: Record<string, string>;
    /** Leave the admin secret out of a /__sim/ request. */
    withoutSecret?: boolean;
  } = {},
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { ...options.headers };
  if (path.startsWith('/__sim/') && !options.withoutSecret) headers['x-sim-admin'] ??= ADMIN_SECRET;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] ??= String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export const json = (value: unknown) => JSON.stringify(value);
