// The console's stores as the registry (src/store/index.ts) makes them: what starts, what
// stops, what a login loads again, and that a store must say what it is to compile.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import {
  createStores,
  liveResource,
  type StoreMaking,
  type StoreName,
  startStores,
  stopStores,
  store,
} from '../../src/store/index.ts';
import { createNetworkStore } from '../../src/store/network.ts';

/** A client whose calls are recorded and never answered, but for those given an answer. */
function pendingClient(answers: Record<string, unknown> = {}) {
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
        return String(prop) in answers ? Promise.resolve(answers[String(prop)]) : new Promise(() => {});
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
      'providersLastN',
      'referralCode',
      'transferStats',
    ]);
    stopStores(stores);
    expect(signals).toHaveLength(16);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });
});

describe('a login in the console', () => {
  it("loads again every live store that needs the network's token, and only those", async () => {
    const { client, calls } = pendingClient({ authCodeLogin: { by_jwt: 'a.network.token' } });
    const stores = createStores({ client, clock: new ManualClock(), connection: createConnectionStore() });
    const loading = () =>
      (Object.keys(stores) as StoreName[]).filter((name) => liveResource(stores, name)?.getState().loading);
    expect(loading()).toEqual([]);
    stores.login.getState().setInput('an auth code');
    await stores.login.getState().submit();
    expect(stores.login.getState().dialog.phase).toBe('done');
    expect(calls).toContain('setToken');
    // Discover and Network need no token: they are not asked again.
    expect(loading().sort()).toEqual([
      'account',
      'apiKeys',
      'blocked',
      'clients',
      'devices',
      'earnings',
      'idle',
      'myProviders',
    ]);
    stopStores(stores);
  });
});

describe('a store of the registry', () => {
  const create = ({ deps }: StoreMaking) => createNetworkStore(deps);

  it("says whether it needs the network's token, or it does not compile", () => {
    // @ts-expect-error: without needsToken the store does not compile (npm run typecheck fails if it does).
    const unsaid = store({ create, live: true });
    const said = store({ create, live: true, needsToken: false });
    expect(said).toEqual({ create, live: true, needsToken: false });
    expect(unsaid).not.toHaveProperty('needsToken');
  });

  it('says whether it is live, or it does not compile', () => {
    // @ts-expect-error: without live the store does not compile either.
    const unsaid = store({ create, needsToken: false });
    expect(unsaid).not.toHaveProperty('live');
  });
});
