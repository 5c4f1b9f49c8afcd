import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import type { StoreDeps } from '../../src/store/deps.ts';
import { ageSeconds, createResourceStore } from '../../src/store/resource.ts';

function deps(clock = new ManualClock()): StoreDeps {
  return { client: {} as ApiClient, clock, connection: createConnectionStore(), refreshEveryMs: EVERY };
}

/** The refresh period of these tests (the console's comes from --refresh or refresh_seconds). */
const EVERY = 45_000;

describe('resource store', () => {
  it('loads on start and refreshes every period of the store clock, not before', async () => {
    const d = deps();
    let calls = 0;
    const store = createResourceStore(d, { load: async () => ++calls });
    await store.getState().start();
    expect(store.getState()).toMatchObject({ data: 1, loading: false, version: 1, everyMs: EVERY });
    expect(store.getState().nextAt).toBe(ManualClock.EPOCH + EVERY);
    await (d.clock as ManualClock).advance(EVERY - 1_000);
    expect(store.getState().data).toBe(1);
    await (d.clock as ManualClock).advance(1_000);
    expect(store.getState().data).toBe(2);
    expect(d.connection.getState().status).toBe('online');
    store.getState().stop();
  });

  it('keeps the last good data on failure, retries with back-off, then recovers', async () => {
    const clock = new ManualClock();
    const d = deps(clock);
    let fail = false;
    let calls = 0;
    const store = createResourceStore(d, {
      load: async () => {
        calls++;
        if (fail) throw new ApiError('network', 'cannot reach the service');
        return 'fresh';
      },
      retryBaseMs: 5_000,
    });
    await store.getState().start();
    fail = true;
    await clock.advance(EVERY);
    expect(store.getState()).toMatchObject({ data: 'fresh', failures: 1 });
    expect(store.getState().error?.message).toMatch(/cannot reach/);
    expect(d.connection.getState().status).toBe('retrying');
    expect(store.getState().nextAt).toBe(clock.now() + 5_000);
    await clock.advance(5_000);
    expect(store.getState().failures).toBe(2);
    expect(store.getState().nextAt).toBe(clock.now() + 10_000);
    expect(ageSeconds(store.getState(), clock.now())).toBe(EVERY / 1000 + 5);
    fail = false;
    await clock.advance(10_000);
    expect(store.getState()).toMatchObject({ data: 'fresh', failures: 0, error: undefined });
    expect(calls).toBe(4);
    store.getState().stop();
  });

  it('aborts a superseded request and ignores its answer', async () => {
    const d = deps();
    const signals: AbortSignal[] = [];
    let n = 0;
    const store = createResourceStore(d, {
      load: (signal) => {
        signals.push(signal);
        const mine = ++n;
        return new Promise((resolve) => setTimeout(() => resolve(mine), mine === 1 ? 20 : 1));
      },
    });
    const first = store.getState().refresh();
    const second = store.getState().refresh();
    await Promise.all([first, second]);
    expect(signals[0].aborted).toBe(true);
    expect(store.getState().data).toBe(2);
  });

  it('honours Retry-After and does not hammer on a 4xx', async () => {
    const clock = new ManualClock();
    const d = deps(clock);
    const store = createResourceStore(d, {
      load: async () => {
        throw new ApiError('http', '503 busy', { status: 503, retryAfterMs: 30_000 });
      },
    });
    await store.getState().start();
    expect(store.getState().nextAt).toBe(clock.now() + 30_000);
    store.getState().stop();
    const bad = createResourceStore(d, {
      load: async () => {
        throw new ApiError('http', '400 bad', { status: 400 });
      },
    });
    await bad.getState().start();
    // Not retried sooner than the next refresh: a 400 would only come back.
    expect(bad.getState().nextAt).toBe(clock.now() + EVERY);
    bad.getState().stop();
  });
});
