import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createStores, startStores, stopStores } from '../../src/store/index.ts';

/** A client that counts calls by operation and answers the first load when told. */
function countingClient() {
  const calls: string[] = [];
  let answer: (value: object) => void = () => {};
  const client = new Proxy({} as ApiClient, {
    get(_t, prop) {
      if (prop === 'baseUrl') return 'http://127.0.0.1:9';
      if (prop === 'then') return undefined;
      return (_body?: unknown) => {
        calls.push(String(prop));
        if (prop === 'providerLocations') return new Promise((resolve) => (answer = resolve));
        return Promise.resolve({});
      };
    },
  });
  return { client, calls, answerFirst: () => answer({}) };
}

describe('startStores / stopStores', () => {
  it('loads the Discover data first, then the other panes', async () => {
    const { client, calls, answerFirst } = countingClient();
    const stores = createStores({ client, clock: new ManualClock(), connection: createConnectionStore() });
    const started = startStores(stores);
    expect(calls).toEqual(['providerLocations']);
    answerFirst();
    await started;
    expect(calls.slice(1).sort()).toEqual([
      'deviceAssociations',
      'getPayoutWallet',
      'networkStats',
      'providerStats',
    ]);
    stopStores(stores);
  });

  it('quitting during the first load starts nothing after the stop', async () => {
    const { client, calls, answerFirst } = countingClient();
    const stores = createStores({ client, clock: new ManualClock(), connection: createConnectionStore() });
    const started = startStores(stores);
    stopStores(stores);
    answerFirst();
    await started;
    expect(calls).toEqual(['providerLocations']);
  });
});
