// The idle rule (src/store/idle.ts): connected throughout the hours by the smallest open
// count the events allow (connections overlap: a reconnect before the old one closes), and
// nothing searched, contracted or carried; and what a peer list may say of a provider the
// statistics have connected (src/store/presence.ts): only that it went, after its last change.
import { describe, expect, it } from 'vitest';
import { connectedThroughout, idleVerdict } from '../../src/store/idle.ts';
import type { Observation } from '../../src/store/observe.ts';
import { createPresence } from '../../src/store/presence.ts';

const on = (time: string) => ({ event_time: `2026-01-01T${time}:00Z`, connected: true });
const off = (time: string) => ({ event_time: `2026-01-01T${time}:00Z`, connected: false });

describe('connected throughout the hours', () => {
  it('is so with no event and connected now, or through an overlapping reconnect; not after a gap, nor when down now', () => {
    expect(connectedThroughout({ connected: true })).toBe(true);
    // A reconnect, then the old connection closes 20 minutes later: never down.
    expect(
      connectedThroughout({ connected: true, connected_events_last_24h: [on('02:00'), off('02:20')] }),
    ).toBe(true);
    // The events close all it had, then it connects again: down between.
    expect(
      connectedThroughout({ connected: true, connected_events_last_24h: [off('02:00'), on('02:05')] }),
    ).toBe(false);
    // Connected in the window only from its first event.
    expect(connectedThroughout({ connected: true, connected_events_last_24h: [on('03:00')] })).toBe(false);
    expect(connectedThroughout({ connected: false })).toBe(false);
  });

  it('makes a provider idle only with no search, contract and transfer, else active', () => {
    const quiet = {
      client_id: 'a',
      connected: true,
      search_interest_last_24h: 0,
      contracts_last_24h: 0,
      transfer_data_last_24h: 0,
    };
    expect(idleVerdict(quiet, 6)).toEqual({ state: 'idle', hours: 6 });
    expect(idleVerdict({ ...quiet, search_interest_last_24h: 1 }, 6).state).toBe('active');
    expect(idleVerdict({ ...quiet, transfer_data_last_24h: 0.001 }, 6).state).toBe('active');
    expect(idleVerdict({ ...quiet, connected_events_last_24h: [on('03:00')] }, 6).state).toBe('unproven');
  });
});

describe('the peer list between polls', () => {
  const poll = (connected: boolean, events = [off('00:00'), on('00:01')]): Observation => ({
    at: Date.parse('2026-01-01T01:00:00Z'),
    results: {
      providerStats: {
        ok: true,
        data: {
          created_time: '2026-01-01T01:00:00Z',
          providers: [{ client_id: 'a', connected, connected_events_last_24h: events }],
        },
      },
    },
  });
  const stats = (observation: Observation | undefined) =>
    observation?.results.providerStats?.ok ? observation.results.providerStats.data.providers![0] : undefined;

  it('disconnects a provider it marks gone after its last change, never one back since, and says nothing when empty', () => {
    const presence = createPresence();
    presence.apply(poll(true));
    presence.learn(
      { peers: [{ client_id: 'a' }], disconnected_count: 0 },
      Date.parse('2026-01-01T01:00:15Z'),
    );
    expect(stats(presence.between(Date.parse('2026-01-01T01:00:15Z')))?.connected).toBe(true);
    presence.learn(
      {
        peers: [{ client_id: 'b' }],
        disconnected: [{ client_id: 'a', disconnect_time: '2026-01-01T01:00:20Z' }],
        disconnected_count: 1,
      },
      Date.parse('2026-01-01T01:00:30Z'),
    );
    const gone = stats(presence.between(Date.parse('2026-01-01T01:00:30Z')));
    expect(gone?.connected).toBe(false);
    expect(gone?.connected_events_last_24h?.at(-1)).toEqual({
      event_time: '2026-01-01T01:00:20.000Z',
      connected: false,
    });
    // The next poll lists it back since (a connect after the marker): the poll stands.
    expect(stats(presence.apply(poll(true, [off('01:00'), on('01:01')])))?.connected).toBe(true);
    // An empty list says nothing.
    presence.learn({ peers: [], disconnected_count: 0 }, Date.parse('2026-01-01T01:02:00Z'));
    expect(presence.presenceOf('a')).toBeUndefined();
  });
});
