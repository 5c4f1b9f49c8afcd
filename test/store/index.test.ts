import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createStores, startStores, stopStores } from '../../src/store/index.ts';

/** A client whose calls are recorded and never answered. */
function pendingClient() {
  const calls: string[] = [];
  const signals: AbortSignal[] = [];
  const client = new Proxy({} as ApiClient, {
    get(_t, prop) {
      if (prop === 'baseUrl') return 'http://127.0.0.1:9';
      if (prop === 'then') return undefined;
      return (...args: unknown[]) => {
        calls.push(String(prop));
        const options = args.find((a): a is { signal: AbortSignal } =>
          Boolean(a && (a as { signal?: unknown }).signal),
        );
        if (options) signals.push(options.signal);
        return new Promise(() => {});
      };
    },
  });
  return { client, calls, signals };
}

describe('startStores / stopStores', () => {
  it("starts every pane's data, the Discover request first, and stopping aborts them all", () => {
    const { client, calls, signals } = pendingClient();
    const stores = createStores({ client, clock: new ManualClock(), connection: createConnectionStore() });
    void startStores(stores);
    expect(calls[0]).toBe('providerLocations');
    expect(calls.slice(1).sort()).toEqual([
      'accountPayments',
      'accountPoints',
      'accountWallets',
      'apiKeys',
      'blockedLocations',
      'deviceAssociations',
      'getPayoutWallet',
      'networkClients',
      'networkRanking',
      'networkReliability',
      'networkStats',
      'providerStats',
      'referralCode',
      'transferStats',
    ]);
    stopStores(stores);
    expect(signals).toHaveLength(15);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });
});
