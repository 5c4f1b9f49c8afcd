// A search that fails on the way is tried again with the resources' back-off, and at once
// when the service answers another request; a refusal is not retried.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { ManualClock, settle } from '../../src/clock.ts';
import type { LocationResult } from '../../src/contract/schemas.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createDiscoveryStore, type DiscoveryStore, SEARCH_DEBOUNCE_MS } from '../../src/store/discovery.ts';
import { RETRY_BASE_MS } from '../../src/store/resource.ts';
import { neverClient, withOverrides } from '../ui/fakes.ts';

const BERLIN: LocationResult = {
  locations: [
    {
      location_id: 'l1',
      location_type: 'city',
      name: 'Berlin',
      country: 'Germany',
      country_code: 'de',
      provider_count: 3,
      match_distance: 0,
    },
  ],
};

let store: DiscoveryStore | undefined;
afterEach(() => {
  store?.getState().dispose();
  store = undefined;
});

/** A store whose find-locations fails with `error` while `down` is true, and answers Berlin after. */
function flaky(error: () => Error) {
  const clock = new ManualClock();
  const connection = createConnectionStore();
  const state = { down: true, calls: 0 };
  const client = withOverrides(neverClient(), {
    providerLocations: async () => ({ locations: [] }),
    findLocations: async () => {
      state.calls++;
      if (state.down) throw error();
      return BERLIN;
    },
  });
  store = createDiscoveryStore({ client, clock, connection, refreshEveryMs: 60_000 });
  return { store, clock, connection, state };
}

const unreachable = () => new ApiError('network', 'connect ECONNREFUSED');

describe('a failed search', () => {
  it('is retried after 5 s, then 10 s, and shows its result once the service is back', async () => {
    const { store, clock, connection, state } = flaky(unreachable);
    store.getState().setQuery('berlin');
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(5);
    expect(state.calls).toBe(1);
    expect(store.getState().search.error).toBeDefined();
    expect(connection.getState()).toMatchObject({ status: 'retrying', retryAt: clock.now() + RETRY_BASE_MS });

    await clock.advance(RETRY_BASE_MS);
    await settle(5);
    expect(state.calls).toBe(2);
    // Twice the wait after the second failure.
    expect(connection.getState().retryAt).toBe(clock.now() + 2 * RETRY_BASE_MS);
    await clock.advance(2 * RETRY_BASE_MS - 1);
    await settle(5);
    expect(state.calls).toBe(2);

    state.down = false;
    await clock.advance(1);
    await settle(5);
    expect(state.calls).toBe(3);
    expect(store.getState().search.loading).toBe(false);
    expect(store.getState().search.error).toBeUndefined();
    expect(store.getState().rows.map((row) => row.name)).toEqual(['Berlin']);
    expect(connection.getState().status).toBe('online');
  });

  it('goes again at once when another request gets through', async () => {
    const { store, clock, connection, state } = flaky(unreachable);
    store.getState().setQuery('berlin');
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(5);
    expect(state.calls).toBe(1);
    state.down = false;
    connection.getState().succeeded(clock.now());
    await settle(5);
    expect(state.calls).toBe(2);
    expect(store.getState().rows.map((row) => row.name)).toEqual(['Berlin']);
    // Nothing left scheduled.
    await clock.advance(10 * RETRY_BASE_MS);
    await settle(5);
    expect(state.calls).toBe(2);
  });

  it('is not retried when the service refused it (400), nor after a new query replaced it', async () => {
    const { store, clock, state } = flaky(() => new ApiError('http', 'bad request', { status: 400 }));
    store.getState().setQuery('berlin');
    await clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(5);
    await clock.advance(10 * RETRY_BASE_MS);
    await settle(5);
    expect(state.calls).toBe(1);

    const other = flaky(unreachable);
    other.store.getState().setQuery('berlin');
    await other.clock.advance(SEARCH_DEBOUNCE_MS);
    await settle(5);
    other.store.getState().setQuery('');
    await other.clock.advance(10 * RETRY_BASE_MS);
    await settle(5);
    expect(other.state.calls).toBe(1);
    other.store.getState().dispose();
  });
});
