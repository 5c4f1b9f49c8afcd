import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { exportWriter } from '../../src/cli/console/export-writer.ts';
import { createOutput } from '../../src/cli/output/writer.ts';
import { ManualClock } from '../../src/clock.ts';
import type { FindProvidersRequest } from '../../src/contract/schemas.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import type { MarkedSpec } from '../../src/store/discovery.ts';
import {
  createProvidersStore,
  type ProvidersStore,
  seenExport,
  visibleSeen,
} from '../../src/store/providers.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { type SimHarness, startSim } from '../simulator/integration/harness.ts';
import { answering } from '../ui/fakes.ts';

let harness: SimHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await harness?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  harness = dir = undefined;
});

/**
 * A providers store on a real simulator, recording every find-providers2 body. The seed
 * era by default: there iterating a place yields exactly the count it is listed with.
 */
async function onSimulator(era: 'seed' | 'current' = 'seed') {
  harness = await startSim({ era });
  const { client, clock } = harness;
  const bodies: FindProvidersRequest[] = [];
  const recording = {
    ...client,
    findProviders: (body?: FindProvidersRequest, options?: { signal?: AbortSignal }) => {
      bodies.push(body ?? {});
      return client.findProviders(body, options);
    },
  } as ApiClient;
  const store = createProvidersStore({
    client: recording,
    clock,
    connection: createConnectionStore(),
  });
  // A country with a handful of providers: its provider_count is what iteration must yield.
  const places = await client.providerLocations();
  const country = places.locations!.find(
    (l) => l.location_type === 'country' && (l.provider_count ?? 0) >= 6 && (l.provider_count ?? 0) <= 30,
  )!;
  const spec: MarkedSpec = {
    label: country.name!,
    kind: 'country',
    spec: { location_id: country.location_id! },
  };
  return { store, bodies, spec, expected: country.provider_count! };
}

async function iterateToEnd(store: ProvidersStore) {
  for (let i = 0; i < 100 && !store.getState().exhausted; i++) await store.getState().next();
}

const ids = (store: ProvidersStore) => store.getState().seen.map((p) => p.client_id!);

/** A providers store on `client` with one destination chosen. */
async function choosingOne(client: ApiClient): Promise<ProvidersStore> {
  const store = createProvidersStore({
    client,
    clock: new ManualClock(),
    connection: createConnectionStore(),
  });
  await store.getState().choose([{ label: 'x', kind: 'country', spec: { location_id: 'x' } }]);
  return store;
}

describe('providers store', () => {
  it('iterates to exhaustion with no provider twice, exactly the count provider-locations gave', async () => {
    const { store, bodies, spec, expected } = await onSimulator();
    store.getState().changeBatchSize(-1);
    expect(store.getState().batchSize).toBe(5);
    await store.getState().choose([spec]);
    await iterateToEnd(store);
    const seen = ids(store);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(expected);
    expect(store.getState()).toMatchObject({ exhausted: true, batches: Math.ceil(expected / 5) + 1 });
    // Each batch excluded everything seen before it.
    expect(bodies[1].exclude_client_ids).toEqual(seen.slice(0, 5));
    expect(bodies.every((b) => b.count === 5 && b.force_count === true && b.rank_mode === 'quality')).toBe(
      true,
    );
  });

  it('today: a batch is the batch size (force_count), ranked by the mode chosen', async () => {
    const { store, bodies, spec } = await onSimulator('current');
    store.getState().changeBatchSize(-1);
    await store.getState().choose([spec]);
    expect(store.getState().seen).toHaveLength(5);
    store.getState().toggleRankMode();
    expect(store.getState().rankMode).toBe('speed');
    await store.getState().next();
    expect(store.getState().seen).toHaveLength(10);
    expect(bodies.map((b) => b.rank_mode)).toEqual(['quality', 'speed']);
    for (const provider of store.getState().seen) expect(provider.tier).toBeTypeOf('number');
  });

  it('n pressed while a batch is on its way fetches the next batches in turn, none dropped', async () => {
    const { store, bodies, spec } = await onSimulator();
    store.getState().changeBatchSize(-1);
    store.getState().changeBatchSize(-1);
    expect(store.getState().batchSize).toBe(1);
    const first = store.getState().choose([spec]);
    for (let i = 0; i < 3; i++) void store.getState().next();
    await first;
    const seen = ids(store);
    expect(store.getState()).toMatchObject({ batches: 4, loading: false });
    expect(new Set(seen).size).toBe(4);
    expect(bodies.map((b) => b.exclude_client_ids ?? [])).toEqual([
      [],
      seen.slice(0, 1),
      seen.slice(0, 2),
      seen.slice(0, 3),
    ]);
  });

  it('reset starts over, but marked destinations stay excluded on every batch', async () => {
    const { store, bodies, spec, expected } = await onSimulator();
    await store.getState().choose([spec]);
    store.getState().move(2);
    store.getState().toggleDestination();
    const marked = ids(store)[2];
    expect(Object.keys(store.getState().destinations)).toEqual([marked]);

    store.getState().reset();
    expect(store.getState()).toMatchObject({ seen: [], batches: 0, exhausted: false });
    expect(Object.keys(store.getState().destinations)).toEqual([marked]);
    await store.getState().next();
    expect(bodies.at(-1)?.exclude_destinations).toEqual([[marked]]);
    await iterateToEnd(store);
    const seen = ids(store);
    expect(seen).not.toContain(marked);
    expect(seen.length).toBe(expected - 1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('after exhausted, next sends nothing more (x starts over)', async () => {
    const { store, bodies, spec } = await onSimulator();
    await store.getState().choose([spec]);
    await iterateToEnd(store);
    expect(store.getState().exhausted).toBe(true);
    const sent = bodies.length;
    await store.getState().next();
    await store.getState().next();
    expect(bodies).toHaveLength(sent);
    store.getState().reset();
    await store.getState().next();
    expect(bodies).toHaveLength(sent + 1);
  });

  it('D forgets every used destination, and a new selection starts without them', async () => {
    const { store, bodies, spec } = await onSimulator();
    await store.getState().choose([spec]);
    store.getState().toggleDestination();
    store.getState().move(1);
    store.getState().toggleDestination();
    expect(Object.keys(store.getState().destinations)).toHaveLength(2);
    store.getState().clearDestinations();
    expect(store.getState().destinations).toEqual({});
    await store.getState().next();
    expect(bodies.at(-1)?.exclude_destinations).toBeUndefined();

    store.getState().toggleDestination();
    await store.getState().choose([spec]);
    expect(store.getState().destinations).toEqual({});
    expect(bodies.at(-1)?.exclude_destinations).toBeUndefined();
  });

  it('the providers shown as `netdeck providers --csv` writes them: its columns and units, in their order', async () => {
    const { store, spec } = await onSimulator();
    await store.getState().choose([spec]);
    const shown = visibleSeen(store.getState());
    const table = seenExport(shown);
    expect(table.columns.join(',')).toBe('client_id,tier,speed_bytes_per_second,city,region,country_code');
    expect(table.records.map((r) => r.client_id)).toEqual(ids(store));
    expect(table.records[0]).toMatchObject({
      client_id: shown[0].client_id,
      tier: shown[0].tier,
      country_code: shown[0].location?.country_code?.toUpperCase(),
    });
  });

  it('exports what a terminal would act on escaped, as --json writes it: the same value', async () => {
    dir = mkdtempSync(join(tmpdir(), 'netdeck-providers-'));
    const hostile = 'a\u009b2Jb\u202ec\u007fd\u2028e\u0085f\u200bg\u001b[2J';
    const provider = { client_id: 'p-1', location: { city: hostile } };
    const store = createProvidersStore({
      client: answering('findProviders', { providers: [provider] }),
      clock: new ManualClock(),
      connection: createConnectionStore(),
    });
    await store.getState().choose([{ label: 'x', kind: 'country', spec: { location_id: 'c-1' } }]);
    const table = seenExport(visibleSeen(store.getState()));
    const path = exportWriter(dir)({ ...table, stem: 'providers', format: 'jsonl', path: '' }, 0);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toMatch(RAW_CONTROL);
    for (const escaped of ['\\u009b', '\\u202e', '\\u007f', '\\u2028', '\\u0085', '\\u200b', '\\u001b'])
      expect(text).toContain(escaped);
    expect(JSON.parse(text)).toEqual({ client_id: 'p-1', city: hostile });
    // The one JSON writer: what `--json` prints of the same value.
    let printed = '';
    createOutput(
      { stdout: { write: (t: string) => (printed += t) }, stderr: { write: () => true }, env: {} },
      { json: true },
    ).jsonLine({ client_id: 'p-1', city: hostile });
    expect(text).toBe(printed);
  });

  it('on a 413 says the exclusion list is too large and stops, keeping what was seen', async () => {
    let calls = 0;
    const client = {
      findProviders: async () => {
        calls++;
        if (calls === 1) return { providers: [{ client_id: 'a' }, { client_id: 'b' }] };
        throw new ApiError('http', 'HTTP 413: request body too large', {
          status: 413,
          body: 'request body too large',
        });
      },
    } as unknown as ApiClient;
    const store = await choosingOne(client);
    await store.getState().next();
    expect(store.getState()).toMatchObject({ tooLarge: true, loading: false });
    expect(ids(store)).toEqual(['a', 'b']);
    await store.getState().next();
    expect(calls).toBe(2);
  });

  it('a failed batch keeps what was seen and the next one carries on', async () => {
    let fail = false;
    let n = 0;
    const client = {
      findProviders: async () => {
        if (fail) throw new ApiError('http', 'HTTP 500', { status: 500, body: 'boom' });
        n++;
        return { providers: [{ client_id: `p${n}` }] };
      },
    } as unknown as ApiClient;
    const store = await choosingOne(client);
    fail = true;
    await store.getState().next();
    expect(store.getState().error?.message).toMatch(/500/);
    expect(ids(store)).toEqual(['p1']);
    fail = false;
    await store.getState().next();
    expect(ids(store)).toEqual(['p1', 'p2']);
    expect(store.getState().error).toBeUndefined();
  });
});
