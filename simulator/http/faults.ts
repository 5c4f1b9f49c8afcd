// Injected faults for the 11 operations (never /__sim/ or /openapi.json): latency, a
// share of failures with a chosen status and Retry-After, and corrupted 200 bodies.
import { SimFaults } from '../../src/contract/admin.ts';

/** mulberry32: a small seeded PRNG, so the failures of a request sequence repeat. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface InjectedFailure {
  status: number;
  message: string;
  headers: Record<string, string>;
}

export class FaultState {
  private faults: SimFaults = {};
  private random: () => number;

  constructor(seed: number, initial: SimFaults = {}) {
    this.random = seededRandom(seed ^ 0x5eed_fa17);
    this.set(initial);
  }

  /** Replaces every fault; 0 or absent turns one off. Values out of range throw (a timer would overflow). */
  set(faults: SimFaults): void {
    this.faults = SimFaults.parse(faults);
  }
  get(): SimFaults {
    return { ...this.faults };
  }
  /** A new seed restarts the failure sequence. */
  reseed(seed: number): void {
    this.random = seededRandom(seed ^ 0x5eed_fa17);
  }

  get latencyMs(): number {
    return this.faults.latency_ms ?? 0;
  }

  /** Waits the configured latency (real time: it plays the network, not the world). */
  delay(): Promise<void> | undefined {
    const ms = this.latencyMs;
    if (!(ms > 0)) return undefined;
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }

  /** The failure to answer instead of the operation, drawn at `error_rate`. */
  failure(): InjectedFailure | undefined {
    const rate = this.faults.error_rate ?? 0;
    if (!(rate > 0) || this.random() >= rate) return undefined;
    const status = this.faults.status || 500;
    const headers: Record<string, string> = {};
    const retryAfter = this.faults.retry_after_s ?? 0;
    if (retryAfter > 0) headers['retry-after'] = String(Math.ceil(retryAfter));
    return { status, message: `simulated failure (status ${status})`, headers };
  }

  /** The 200 body to send: the real one, or a corrupted one. */
  corrupt(value: unknown, serialised: Buffer): Buffer {
    switch (this.faults.body) {
      case 'malformed':
        // Cut in half: never valid JSON (brackets left open).
        return serialised.subarray(0, Math.max(1, serialised.length >> 1));
      case 'wrong-shape':
        return Buffer.from(JSON.stringify(wrongShape(value)));
      default:
        return serialised;
    }
  }
}

/** Valid JSON of the wrong shape: every top-level field gets a value of another type. */
export function wrongShape(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { unexpected: value };
  const entries = Object.entries(value);
  if (entries.length === 0) return ['wrong-shape'];
  return Object.fromEntries(
    entries.map(([key, field]) => [key, typeof field === 'string' ? 12345 : `wrong-shape: ${key}`]),
  );
}
