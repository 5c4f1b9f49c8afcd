// What is stale (src/store/stale-clients.ts) and removing clients through the service
// (src/store/client-removal.ts): which route, and what netdeck says of each answer.
import { afterEach, describe, expect, it } from 'vitest';
import type { NetworkClients } from '../../src/contract/schemas.ts';
import { formatPeriod, parsePeriod } from '../../src/format/numbers.ts';
import { describeRemoval, removeClients } from '../../src/store/client-removal.ts';
import { lastEventsOf, lastNFor, lastSeenOf, staleClients } from '../../src/store/stale-clients.ts';
import { type SimHarness, startSim } from '../simulator/integration/harness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('periods', () => {
  it('reads 30m, 12h, 7d and 2w (any case, spaces around), nothing else, at most 366 days', () => {
    expect(parsePeriod('30m')).toBe(30 * 60_000);
    expect(parsePeriod(' 12H ')).toBe(12 * HOUR);
    expect(parsePeriod('7d')).toBe(7 * DAY);
    expect(parsePeriod('2w')).toBe(14 * DAY);
    expect(parsePeriod('366d')).toBe(366 * DAY);
    for (const bad of ['', '7', 'd', '1.5d', '-2d', '0d', '367d', '7 days', '3y'])
      expect(parsePeriod(bad), bad).toBeUndefined();
    expect([7 * DAY, 14 * DAY, 12 * HOUR, 90 * 60_000].map(formatPeriod)).toEqual([
      '7d',
      '14d',
      '12h',
      '90m',
    ]);
  });

  it('asks providers-last-n for the period, 30 days at least (the last sighting shown is then the event), 8784 hours at most', () => {
    expect(lastNFor(30 * 60_000)).toBe(720);
    expect(lastNFor(60 * DAY)).toBe(1440);
    expect(lastNFor(366 * DAY)).toBe(8784);
  });
});

describe('stale clients', () => {
  const clients: NetworkClients = {
    clients: [
      // Seen by an event two days ago: stale for a day, not for a week.
      {
        client_id: 'a',
        device_name: 'two days',
        create_time: at(NOW - 90 * DAY),
        auth_time: at(NOW - 10 * DAY),
      },
      // Its auth time is the latest sighting.
      {
        client_id: 'b',
        device_name: 'authed',
        create_time: at(NOW - 90 * DAY),
        auth_time: at(NOW - 3 * HOUR),
      },
      // Connected: never stale, however old.
      {
        client_id: 'c',
        create_time: at(NOW - 90 * DAY),
        auth_time: at(NOW - 90 * DAY),
        connections: [{ connect_time: at(NOW - 60 * DAY) }],
      },
      // Never seen at all (no time sent): stale.
      { client_id: 'd' },
      // Made yesterday, never connected.
      { client_id: 'e', create_time: at(NOW - DAY), auth_time: at(NOW - DAY) },
    ],
  };
  const events = lastEventsOf({
    providers: [
      {
        client_id: 'a',
        connected_events_last_24h: [
          { event_time: at(NOW - 3 * DAY), connected: true },
          { event_time: at(NOW - 2 * DAY), connected: false },
        ],
      },
      { client_id: 'b', connected_events_last_24h: [{ event_time: 'not a time', connected: true }] },
    ],
  });

  it('last seen: the latest of the last event, the auth time and the creation', () => {
    expect(lastSeenOf(clients.clients![0], events)).toBe(NOW - 2 * DAY);
    expect(lastSeenOf(clients.clients![1], events)).toBe(NOW - 3 * HOUR);
    expect(lastSeenOf(clients.clients![3], events)).toBeUndefined();
  });

  it('no open connection and unseen for longer than the period; the longest gone first', () => {
    const ids = (period: number) => staleClients(clients, events, NOW, period).map((s) => s.client.client_id);
    expect(ids(7 * DAY)).toEqual(['d']);
    expect(ids(12 * HOUR)).toEqual(['d', 'a', 'e']);
    expect(ids(HOUR)).toEqual(['d', 'a', 'e', 'b']);
    expect(staleClients(undefined, events, NOW, HOUR)).toEqual([]);
  });
});

describe('removing clients through the service', () => {
  let harness: SimHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function start(era: 'current' | 'seed') {
    harness = await startSim({ seed: 4, era, providers: 600, locations: 60, ownProviders: 6 });
    const { client } = harness;
    const own = ((await client.networkClients()).clients ?? []).map((c) => c.client_id!);
    return { client, own };
  }

  it('one client: remove-client, which answers for it; more: one remove-clients', async () => {
    const { client, own } = await start('current');
    const one = await removeClients(client, [own[0]]);
    expect(one).toMatchObject({ route: 'remove-client', failed: [] });
    expect(describeRemoval(one, 1)).toEqual({ ok: true, scheduled: false, text: 'Removed 1 client.' });
    const missing = await removeClients(client, ['0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b']);
    expect(describeRemoval(missing, 1)).toMatchObject({
      ok: false,
      text: 'Removed 0 of 1 client; not removed: 0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b: Client does not exist.',
    });
    const many = await removeClients(client, own.slice(1, 3));
    expect(many).toEqual({ route: 'remove-clients', answer: {} });
    const left = ((await client.networkClients()).clients ?? []).map((c) => c.client_id);
    for (const id of own.slice(0, 3)) expect(left).not.toContain(id);
  });

  it('a service without remove-clients (the seed era): one remove-client per client', async () => {
    const { client, own } = await start('seed');
    const removal = await removeClients(client, own.slice(0, 2));
    expect(removal.route).toBe('remove-client');
    expect(describeRemoval(removal, 2).text).toBe('Removed 2 clients.');
  });

  it('says when the service scheduled them, and why it removed nothing', () => {
    const scheduled = describeRemoval(
      { route: 'remove-clients', answer: { scheduled: true, scheduled_for: '2026-01-01T03:17:00Z' } },
      12_000,
    );
    expect(scheduled).toEqual({
      ok: true,
      scheduled: true,
      text: 'The service scheduled the removal of 12000 clients for 2026-01-01 03:17 UTC: they go then, in batches.',
    });
    expect(
      describeRemoval({ route: 'remove-clients', answer: { already_in_progress: true } }, 2),
    ).toMatchObject({
      ok: false,
      text: expect.stringContaining('a bulk removal of this network’s clients is under way'),
    });
    expect(
      describeRemoval({ route: 'remove-clients', answer: { too_many_concurrent_runs: true } }, 2),
    ).toMatchObject({
      ok: false,
      text: expect.stringContaining('too many bulk removals at once'),
    });
  });
});
