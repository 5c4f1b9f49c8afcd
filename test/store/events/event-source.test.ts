// The event source: from successive observations of the service, the events a person
// (or a monitoring system) is told about, each once when it starts and once when it ends.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import type { NetworkClients, ProvidersStats } from '../../../src/contract/schemas.ts';
import {
  createEventSource,
  DEFAULT_EVENT_OPTIONS,
  deriveEvents,
  EMPTY_WATCH_STATE,
  type NetdeckEvent,
} from '../../../src/store/events/event-source.ts';
import type { Observation } from '../../../src/store/observe.ts';

const T0 = Date.parse('2026-01-01T12:00:00Z');
const MINUTE = 60_000;
const A = '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01';
const B = '7c4e1a2b-3d5f-4a6b-8c7d-9e0f1a2b3c4d';

interface ProviderSpec {
  id: string;
  connected: boolean;
  /** times (ms) of events, alternating, ending in `connected` */
  events?: [number, boolean][];
}

function stats(at: number, providers: ProviderSpec[]): ProvidersStats {
  return {
    created_time: new Date(at).toISOString(),
    providers: providers.map((p) => ({
      client_id: p.id,
      connected: p.connected,
      connected_events_last_24h: (p.events ?? []).map(([time, connected]) => ({
        event_time: new Date(time).toISOString(),
        connected,
      })),
    })),
  };
}

const clients: NetworkClients = {
  clients: [
    { client_id: A, device_name: 'attic router' },
    { client_id: B, device_name: '\u001b[31mevil\u001b[0m box' },
  ],
};

function observation(at: number, providers: ProviderSpec[], extra: Partial<Observation> = {}): Observation {
  return {
    at,
    results: {
      providerStats: { ok: true, data: stats(at, providers) },
      networkClients: { ok: true, data: clients },
      getPayoutWallet: { ok: true, data: { wallet_id: '5a6b7c8d-9e01-4b9f-8d1e-1c2a4e8b9f00' } },
      ...extra.results,
    },
    tokenExpiresAt: extra.tokenExpiresAt ?? T0 + 20 * 86_400_000,
  };
}

const types = (events: { type: string }[]) => events.map((event) => event.type);

describe('providers', () => {
  it('reports a provider down longer than N minutes once, and once when it comes back', () => {
    const source = createEventSource({ disconnectedMinutes: 5 });
    const up = { id: A, connected: true, events: [[T0 - 60 * MINUTE, true]] as [number, boolean][] };
    expect(source.observe(observation(T0, [up]))).toEqual([]);
    const downAt = T0 + MINUTE;
    const down = { id: A, connected: false, events: [...up.events, [downAt, false]] as [number, boolean][] };
    // Down for 1, then 4 minutes: not yet.
    expect(source.observe(observation(T0 + 2 * MINUTE, [down]))).toEqual([]);
    expect(source.observe(observation(downAt + 4 * MINUTE, [down]))).toEqual([]);
    const [event] = source.observe(observation(downAt + 5 * MINUTE, [down]));
    expect(event).toEqual({
      id: 1,
      type: 'provider_disconnected',
      severity: 'critical',
      time: new Date(downAt + 5 * MINUTE).toISOString(),
      message: `provider attic router (${A}) has been disconnected for 5 minutes`,
      client_id: A,
      device_name: 'attic router',
      since: new Date(downAt).toISOString(),
      minutes: 5,
    });
    expect(source.problems()).toHaveLength(1);
    // Still down: nothing new.
    expect(source.observe(observation(downAt + 60 * MINUTE, [down]))).toEqual([]);
    const back = {
      id: A,
      connected: true,
      events: [...down.events, [downAt + 90 * MINUTE, true]] as [number, boolean][],
    };
    const [again] = source.observe(observation(downAt + 91 * MINUTE, [back]));
    expect(again).toMatchObject({
      id: 2,
      type: 'provider_reconnected',
      severity: 'info',
      client_id: A,
      minutes: 91,
      message: `provider attic router (${A}) is connected again, after 91 minutes down`,
    });
    expect(source.problems()).toEqual([]);
  });

  it('says nothing of a provider that comes back within N minutes', () => {
    const source = createEventSource({ disconnectedMinutes: 10 });
    source.observe(observation(T0, [{ id: A, connected: true }]));
    source.observe(
      observation(T0 + 3 * MINUTE, [{ id: A, connected: false, events: [[T0 + MINUTE, false]] }]),
    );
    const events = source.observe(
      observation(T0 + 6 * MINUTE, [
        {
          id: A,
          connected: true,
          events: [
            [T0 + MINUTE, false],
            [T0 + 5 * MINUTE, true],
          ],
        },
      ]),
    );
    expect(events).toEqual([]);
    expect(source.last()).toEqual([]);
  });

  it('with N = 0 reports a disconnection at the first observation that shows it', () => {
    const source = createEventSource({ disconnectedMinutes: 0 });
    source.observe(observation(T0, [{ id: A, connected: true }]));
    // The service has not listed the event yet (it rolls them up later): down since first seen.
    const [event] = source.observe(
      observation(T0 + MINUTE, [{ id: A, connected: false, events: [[T0 - MINUTE, true]] }]),
    );
    expect(event).toMatchObject({
      type: 'provider_disconnected',
      since: new Date(T0 + MINUTE).toISOString(),
      minutes: 0,
    });
  });

  it('takes a provider without events in the 24 h listed as down all that time, at the first look', () => {
    const { events } = deriveEvents(EMPTY_WATCH_STATE, observation(T0, [{ id: B, connected: false }]));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'provider_disconnected',
      since: new Date(T0 - 24 * 60 * MINUTE).toISOString(),
      minutes: 24 * 60,
      message: `provider evil box (${B}) has been disconnected for at least 24 hours`,
      device_name: 'evil box',
    });
  });

  it('says when such a provider was last seen where its own times go further back (what clients --stale knows)', () => {
    const weeksAgo = new Date(T0 - 18 * 86_400_000).toISOString();
    const gone: NetworkClients = {
      clients: [{ client_id: B, device_name: 'old box', auth_time: weeksAgo, create_time: weeksAgo }],
    };
    const { events } = deriveEvents(
      EMPTY_WATCH_STATE,
      observation(T0, [{ id: B, connected: false }], {
        results: { networkClients: { ok: true, data: gone } },
      }),
    );
    expect(events[0].message).toBe(
      `provider old box (${B}) has been disconnected for at least 24 hours (last seen 18 days ago)`,
    );
  });

  it('keeps the time first seen down when the service lists no disconnect, and corrects it when it does', () => {
    let state = deriveEvents(EMPTY_WATCH_STATE, observation(T0, [{ id: A, connected: true }])).state;
    state = deriveEvents(
      state,
      observation(T0 + MINUTE, [{ id: A, connected: false, events: [[T0 - 5 * MINUTE, true]] }]),
    ).state;
    expect(state.down.get(A)).toBe(T0 + MINUTE);
    state = deriveEvents(
      state,
      observation(T0 + 2 * MINUTE, [{ id: A, connected: false, events: [[T0 - 5 * MINUTE, true]] }]),
    ).state;
    expect(state.down.get(A)).toBe(T0 + MINUTE);
    const result = deriveEvents(
      state,
      observation(T0 + 6 * MINUTE, [
        {
          id: A,
          connected: false,
          events: [
            [T0 - 5 * MINUTE, true],
            [T0 + 30_000, false],
          ],
        },
      ]),
    );
    expect(result.state.down.get(A)).toBe(T0 + 30_000);
    expect(result.events[0]).toMatchObject({ minutes: 5, since: new Date(T0 + 30_000).toISOString() });
  });
});

describe('the payout wallet, the token and requests', () => {
  it('reports the payout wallet unset (null or the zero id) once, and set again', () => {
    const source = createEventSource();
    const unset = { getPayoutWallet: { ok: true as const, data: {} } };
    expect(types(source.observe(observation(T0, [], { results: unset })))).toEqual(['payout_wallet_unset']);
    expect(source.observe(observation(T0 + MINUTE, [], { results: unset }))).toEqual([]);
    const zero = {
      getPayoutWallet: { ok: true as const, data: { wallet_id: '00000000-0000-0000-0000-000000000000' } },
    };
    expect(source.observe(observation(T0 + 2 * MINUTE, [], { results: zero }))).toEqual([]);
    expect(types(source.observe(observation(T0 + 3 * MINUTE, [])))).toEqual(['payout_wallet_set']);
  });

  it('reports the token expiring within 3 days, then expired, each once; a new token ends it', () => {
    const source = createEventSource();
    const expires = T0 + 40 * 60 * MINUTE;
    expect(source.observe(observation(T0 - 2 * 86_400_000, [], { tokenExpiresAt: expires }))).toEqual([]);
    const [soon] = source.observe(observation(T0, [], { tokenExpiresAt: expires }));
    expect(soon).toMatchObject({
      type: 'token_expiring',
      severity: 'warning',
      expires_at: new Date(expires).toISOString(),
      message: `the token expires in 40 hours (${new Date(expires).toISOString()}); log in again before then (netdeck login)`,
    });
    expect(source.observe(observation(T0 + MINUTE, [], { tokenExpiresAt: expires }))).toEqual([]);
    expect(types(source.observe(observation(expires, [], { tokenExpiresAt: expires })))).toEqual([
      'token_expired',
    ]);
    expect(source.problems().map((p) => p.type)).toEqual(['token_expired']);
    expect(
      source.observe(observation(expires + MINUTE, [], { tokenExpiresAt: expires + 30 * 86_400_000 })),
    ).toEqual([]);
    expect(source.problems()).toEqual([]);
  });

  it('reports a request failing once, and recovering', () => {
    const source = createEventSource();
    const failing = {
      providerStats: {
        ok: false as const,
        error: new ApiError('network', 'provider stats: cannot reach the service'),
      },
    };
    const [failed] = source.observe(observation(T0, [], { results: failing }));
    expect(failed).toMatchObject({
      type: 'request_failed',
      severity: 'warning',
      operation: 'providerStats',
      error: 'provider stats: cannot reach the service',
    });
    expect(source.observe(observation(T0 + MINUTE, [], { results: failing }))).toEqual([]);
    const unauthorized = {
      getPayoutWallet: {
        ok: false as const,
        error: new ApiError('unauthorized', 'payout wallet: 401 Not authorized.'),
      },
    };
    expect(
      source.observe(observation(T0 + 2 * MINUTE, [], { results: { ...failing, ...unauthorized } }))[0],
    ).toMatchObject({
      type: 'request_failed',
      severity: 'critical',
      operation: 'getPayoutWallet',
    });
    const recovered = source.observe(observation(T0 + 4 * MINUTE, []));
    expect(recovered.map((e) => [e.type, e.operation, e.minutes])).toEqual([
      ['request_recovered', 'providerStats', 4],
      ['request_recovered', 'getPayoutWallet', 2],
    ]);
    expect(recovered.map((e) => e.message)).toEqual([
      'provider stats answers again, after 4 minutes of failures',
      'payout wallet answers again, after 2 minutes of failures',
    ]);
    // A request cancelled (the watch stopping) is not a failure.
    const aborted = {
      providerStats: { ok: false as const, error: new ApiError('aborted', 'provider stats: cancelled') },
    };
    expect(source.observe(observation(T0 + 5 * MINUTE, [], { results: aborted }))).toEqual([]);
  });

  it('says a failure shorter than a minute in seconds, never "0 minutes"', () => {
    const source = createEventSource();
    const failing = { providerStats: { ok: false as const, error: new Error('boom') } };
    source.observe(observation(T0, [], { results: failing }));
    const [recovered] = source.observe(observation(T0 + 40_000, []));
    expect(recovered.message).toBe('provider stats answers again, after 40 s of failures');
  });

  it('keeps the providers it knows while their request fails', () => {
    const source = createEventSource({ disconnectedMinutes: 1 });
    source.observe(observation(T0, [{ id: A, connected: false, events: [[T0 - 30_000, false]] }]));
    const failing = { providerStats: { ok: false as const, error: new Error('boom') } };
    source.observe(observation(T0 + MINUTE, [], { results: failing }));
    const events = source.observe(
      observation(T0 + 2 * MINUTE, [{ id: A, connected: false, events: [[T0 - 30_000, false]] }]),
    );
    expect(types(events)).toEqual(['provider_disconnected', 'request_recovered']);
    expect(events[0].minutes).toBe(2);
    expect(
      source.observe(
        observation(T0 + 3 * MINUTE, [{ id: A, connected: false, events: [[T0 - 30_000, false]] }]),
      ),
    ).toEqual([]);
  });
});

describe('the source', () => {
  it('tells every listener each event in order, keeps the last K, and lists the problems for views', () => {
    const source = createEventSource({ keep: 3, disconnectedMinutes: 0 });
    const seen: NetdeckEvent[] = [];
    const unsubscribe = source.subscribe((event) => seen.push(event));
    source.observe(
      observation(
        T0,
        [
          { id: A, connected: false },
          { id: B, connected: false },
        ],
        {
          results: { getPayoutWallet: { ok: true, data: {} } },
          tokenExpiresAt: T0 + MINUTE,
        },
      ),
    );
    expect(seen.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(types(seen)).toEqual([
      'provider_disconnected',
      'provider_disconnected',
      'payout_wallet_unset',
      'token_expiring',
    ]);
    expect(source.last().map((e) => e.id)).toEqual([2, 3, 4]);
    expect(source.last(1).map((e) => e.id)).toEqual([4]);
    expect(source.store.getState().problems).toHaveLength(4);
    unsubscribe();
    source.observe(
      observation(
        T0 + MINUTE,
        [
          { id: A, connected: true },
          { id: B, connected: false },
        ],
        { tokenExpiresAt: T0 + MINUTE },
      ),
    );
    expect(seen).toHaveLength(4);
    expect(source.store.getState().events.map((e) => e.type)).toEqual([
      'provider_reconnected',
      'payout_wallet_set',
      'token_expired',
    ]);
  });

  it('uses 5 minutes and 3 days unless told (an option left undefined too)', () => {
    expect(DEFAULT_EVENT_OPTIONS).toEqual({ disconnectedMinutes: 5, tokenWarningMs: 3 * 86_400_000 });
    const source = createEventSource({ disconnectedMinutes: undefined });
    const down = { id: A, connected: false, events: [[T0, false]] as [number, boolean][] };
    expect(source.observe(observation(T0 + 4 * MINUTE, [down]))).toEqual([]);
    expect(types(source.observe(observation(T0 + 5 * MINUTE, [down])))).toEqual(['provider_disconnected']);
  });

  it('counts from when it first saw a provider down when the service dates the disconnect later (its clock ahead)', () => {
    const source = createEventSource({ disconnectedMinutes: 2 });
    source.observe(observation(T0, [{ id: A, connected: true }]));
    const ahead = { id: A, connected: false, events: [[T0 + 30 * MINUTE, false]] as [number, boolean][] };
    expect(source.observe(observation(T0 + MINUTE, [ahead]))).toEqual([]);
    const [event] = source.observe(observation(T0 + 3 * MINUTE, [ahead]));
    expect(event).toMatchObject({
      type: 'provider_disconnected',
      since: new Date(T0 + MINUTE).toISOString(),
      minutes: 2,
    });
  });
});

describe('times at the end of what a Date holds', () => {
  it('a created_time at the last date gives no invalid time (the console feeds whatever the service sent)', () => {
    for (const created of ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
      const data: ProvidersStats = { created_time: created, providers: [{ client_id: A, connected: false }] };
      const { events } = deriveEvents(EMPTY_WATCH_STATE, {
        at: T0,
        results: { providerStats: { ok: true, data } },
      });
      for (const event of events) expect(Number.isFinite(Date.parse(event.since ?? event.time))).toBe(true);
    }
  });
});
