// `N` in Providers: batch after batch until the service says the group is exhausted, on
// the simulator; and, on a client answering when told, that n/N during it send nothing
// more, that stopping aborts the batch in flight, and that a failure stops it.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ManualClock } from '../../src/clock.ts';
import type { FindProvidersRequest, FindProvidersResult, Provider } from '../../src/contract/schemas.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import type { MarkedSpec } from '../../src/store/discovery.ts';
import type { WalkBounds } from '../../src/store/provider-walk.ts';
import { createProvidersStore, type ProvidersStore } from '../../src/store/providers.ts';
import { type SimHarness, startSim } from '../simulator/integration/harness.ts';

let harness: SimHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fetch every provider (N), on the simulator', () => {
  it('fetches to exhaustion in batches of 1000 as providers --all does, each excluding all before it, counting toward Discover’s count', async () => {
    harness = await startSim({ era: 'seed' });
    const { client, clock } = harness;
    const bodies: FindProvidersRequest[] = [];
    const store = createProvidersStore({
      client: {
        ...client,
        findProviders: (body?: FindProvidersRequest, options?: { signal?: AbortSignal }) => {
          bodies.push(body ?? {});
          return client.findProviders(body, options);
        },
      } as ApiClient,
      clock,
      connection: createConnectionStore(),
    });
    const places = await client.providerLocations();
    const country = places.locations!.find(
      (l) => l.location_type === 'country' && (l.provider_count ?? 0) >= 20 && (l.provider_count ?? 0) <= 60,
    )!;
    const expected = country.provider_count!;
    const spec: MarkedSpec = {
      label: country.name!,
      kind: 'country',
      spec: { location_id: country.location_id! },
      providerCount: expected,
    };
    store.getState().changeBatchSize(-1); // 5
    await store.getState().choose([spec]);
    const running = store.getState().fetchAll();
    expect(store.getState().fetchingAll).toEqual({ total: expected, about: false });
    await running;
    const seen = store.getState().seen.map((p) => p.client_id!);
    expect(seen).toHaveLength(expected);
    expect(new Set(seen).size).toBe(expected);
    // The first batch is the pane's (5, sent by choosing); N's are the largest: the rest, then none.
    expect(store.getState()).toMatchObject({
      exhausted: true,
      loading: false,
      fetchingAll: undefined,
      batches: 3,
    });
    expect(bodies.map((body) => body.count)).toEqual([5, 1000, 1000]);
    expect(bodies.map((body) => body.exclude_client_ids ?? [])).toEqual([[], seen.slice(0, 5), seen]);
    // Exhausted: N again sends nothing (the pane says why: test/ui/providers-fetch-all.test.tsx).
    await store.getState().fetchAll();
    expect(bodies).toHaveLength(3);
    expect(store.getState().fetchingAll).toBeUndefined();
  });
});

/** A client whose find-providers2 calls wait until the test answers them. */
function answeringClient() {
  const calls: {
    body: FindProvidersRequest;
    signal?: AbortSignal;
    answer(providers: Provider[]): void;
    fail(error: Error): void;
  }[] = [];
  let next = 0;
  const client = {
    findProviders: (body?: FindProvidersRequest, options?: { signal?: AbortSignal }) =>
      new Promise<FindProvidersResult>((resolve, reject) => {
        options?.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        calls.push({
          body: body ?? {},
          signal: options?.signal,
          answer: (providers) => resolve({ providers } as FindProvidersResult),
          fail: reject,
        });
      }),
  } as unknown as ApiClient;
  const batchOf = (n: number): Provider[] =>
    Array.from({ length: n }, () => ({ client_id: `c-${String(next++).padStart(4, '0')}` }) as Provider);
  return { client, calls, batchOf };
}

function storeOn(client: ApiClient, walkBounds?: WalkBounds): ProvidersStore {
  return createProvidersStore(
    { client, clock: new ManualClock(), connection: createConnectionStore() },
    { walkBounds },
  );
}

const SPECS: MarkedSpec[] = [
  { label: 'a', kind: 'country', spec: { location_id: 'a' }, providerCount: 30 },
  { label: 'b', kind: 'city', spec: { location_id: 'b' }, providerCount: 12 },
];

/** A store that has seen one batch of 10 and fetches all (N): the second batch is out. */
async function fetchingAllAfterOneBatch(walkBounds?: WalkBounds) {
  const { client, calls, batchOf } = answeringClient();
  const store = storeOn(client, walkBounds);
  void store.getState().choose(SPECS);
  await settle();
  calls[0].answer(batchOf(10));
  await settle();
  const running = store.getState().fetchAll();
  await settle();
  return { store, calls, batchOf, running };
}

describe('fetch every provider (N), step by step', () => {
  it('n and N during it say what is happening and send nothing more; it follows a batch n sent', async () => {
    const { client, calls, batchOf } = answeringClient();
    const store = storeOn(client);
    void store.getState().choose(SPECS);
    await settle();
    expect(calls).toHaveLength(1);
    // N while n's batch is out: it waits for it, then goes on.
    const running = store.getState().fetchAll();
    expect(store.getState().fetchingAll).toEqual({ total: 42, about: true });
    expect(calls).toHaveLength(1);
    calls[0].answer(batchOf(10));
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1].body.exclude_client_ids).toHaveLength(10);
    await store.getState().next();
    await store.getState().fetchAll();
    await settle();
    expect(calls).toHaveLength(2);
    calls[1].answer(batchOf(10));
    await settle();
    expect(store.getState().seen).toHaveLength(20);
    calls[2].answer([]);
    await running;
    expect(store.getState()).toMatchObject({ exhausted: true, fetchingAll: undefined, loading: false });
    expect(calls).toHaveLength(3);
  });

  it('stopping aborts the batch in flight and sends nothing after; N goes on from there', async () => {
    const { store, calls, batchOf, running } = await fetchingAllAfterOneBatch();
    calls[1].answer(batchOf(10));
    await settle();
    expect(calls).toHaveLength(3);
    expect(store.getState().stopFetchAll()).toBe(true);
    expect(calls[2].signal?.aborted).toBe(true);
    await running;
    await settle();
    expect(calls).toHaveLength(3);
    expect(store.getState()).toMatchObject({ fetchingAll: undefined, loading: false, exhausted: false });
    expect(store.getState().seen).toHaveLength(20);
    expect(store.getState().stopFetchAll()).toBe(false);
    // N again carries on, excluding all 20.
    void store.getState().fetchAll();
    await settle();
    expect(calls).toHaveLength(4);
    expect(calls[3].body.exclude_client_ids).toHaveLength(20);
    store.getState().stopFetchAll();
  });

  it('a failed batch stops it, keeping what was seen and saying why', async () => {
    const { store, calls, running } = await fetchingAllAfterOneBatch();
    calls[1].fail(new ApiError('http', 'find-providers2 answered 502', { status: 502 }));
    await running;
    expect(calls).toHaveLength(2);
    expect(store.getState()).toMatchObject({ fetchingAll: undefined, loading: false });
    expect(store.getState().error?.message).toContain('502');
    expect(store.getState().seen).toHaveLength(10);
  });

  it('stops at the bound providers --all keeps, the providers seen before N counted, and says which', async () => {
    const { store, calls, batchOf, running } = await fetchingAllAfterOneBatch({
      providers: 25,
      requests: 1000,
      bytes: 1024 * 1024,
    });
    expect(calls[1].body.count).toBe(1000);
    calls[1].answer(batchOf(40));
    await settle();
    // 15 of the 40 fit under the bound; the next batch still brings new ones: it stops there.
    expect(store.getState().seen).toHaveLength(25);
    calls[2].answer(batchOf(40));
    await running;
    expect(calls).toHaveLength(3);
    expect(store.getState()).toMatchObject({ walkStop: 'providers', fetchingAll: undefined, loading: false });
    expect(store.getState().seen).toHaveLength(25);
    // At the bound, N sends nothing more (the pane says why); x starts over.
    await store.getState().fetchAll();
    expect(calls).toHaveLength(3);
    store.getState().reset();
    expect(store.getState().walkStop).toBeUndefined();
  });

  it('with nothing chosen N sends nothing; the total is unknown when a spec has no count', async () => {
    const { client, calls } = answeringClient();
    const store = storeOn(client);
    await store.getState().fetchAll();
    expect(calls).toHaveLength(0);
    expect(store.getState().fetchingAll).toBeUndefined();
    void store.getState().choose([{ label: 'best', kind: 'country', spec: { best_available: true } }]);
    await settle();
    void store.getState().fetchAll();
    expect(store.getState().fetchingAll).toEqual({ total: undefined, about: false });
    store.getState().stopFetchAll();
  });
});
