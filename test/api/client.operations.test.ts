// Every operation of the interface over a real socket: the request the client sends
// (method, path, headers, body) and the response it hands back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { endpoints, type OperationName, operationNames } from '../../src/contract/endpoints.ts';
import { type Fixture, startFixture } from './fixture.ts';

const TOKEN = 'eyJhbGciOiJSUzUxMiJ9.eyJuZXR3b3JrX25hbWUiOiJkZW1vIn0.c2lnbmF0dXJl';
const CLIENT_A = '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01';
const CLIENT_B = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const WALLET = '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b';
const CITY = '11111111-2222-4333-8444-555555555555';

interface Case {
  name: OperationName;
  request?: unknown;
  response: Record<string, unknown>;
}

/** One realistic exchange per operation, in the order of the interface document. */
const cases: Case[] = [
  {
    name: 'findLocations',
    request: { query: 'ger', max_distance_fraction: 0.3, enable_max_distance_fraction: true },
    response: {
      groups: [{ location_group_id: CITY, name: 'Western Europe', provider_count: 12, promoted: false }],
      locations: [
        {
          location_id: CITY,
          location_type: 'country',
          name: 'Germany',
          country: 'Germany',
          country_location_id: CITY,
          country_code: 'de',
          provider_count: 12,
          match_distance: 0,
        },
      ],
      devices: [],
    },
  },
  {
    name: 'providerLocations',
    response: {
      specs: [{ location_id: CITY, best_available: true }],
      groups: [],
      locations: [{ location_id: CITY, location_type: 'city', name: 'Palo Alto', provider_count: 3 }],
      devices: [],
    },
  },
  { name: 'getPayoutWallet', response: { wallet_id: WALLET } },
  { name: 'setPayoutWallet', request: { wallet_id: WALLET }, response: {} },
  {
    name: 'deviceAssociations',
    response: {
      pending_adoption_devices: [
        {
          code: 'abandon ability able about above absent',
          device_name: 'laptop',
          duration_minutes: 14.5,
          pending: true,
        },
      ],
      incoming_shared_devices: [
        {
          pending: true,
          code: 'zoo zone youth young yellow year',
          device_name: 'nas',
          client_id: CLIENT_A,
          network_name: 'acme',
        },
      ],
      outgoing_shared_devices: [
        { pending: true, code: 'bag bar base basic', device_name: 'phone', client_id: CLIENT_B },
      ],
    },
  },
  {
    name: 'sendFeedback',
    request: { uses: { personal: true }, needs: { private: true, other: 'a quiet life' }, star_count: 5 },
    response: { feedback_id: 'f-1' },
  },
  {
    name: 'providerStats',
    response: {
      created_time: '2026-01-01T00:00:00.123456789Z',
      providers: [
        {
          client_id: CLIENT_A,
          connected: true,
          connected_events_last_24h: [{ event_time: '2025-12-31T10:00:00Z', connected: true }],
          uptime_last_24h: 13.5,
          transfer_data_last_24h: 2.25,
          payout_last_24h: 0.04,
          search_interest_last_24h: 7,
          contracts_last_24h: 3,
          clients_last_24h: 2,
          provide_mode: 3,
        },
      ],
    },
  },
  {
    name: 'addDevice',
    request: { code: 'abandon ability able about above absent' },
    response: {
      code_type: 'share',
      code: 'abandon ability able about above absent',
      device_name: 'nas',
      associated_network_name: 'acme',
      client_id: CLIENT_A,
    },
  },
  {
    name: 'createShareCode',
    request: { client_id: CLIENT_B, device_name: 'phone' },
    response: { share_code: 'bag bar base basic bean beauty' },
  },
  {
    name: 'findProviders',
    request: {
      specs: [{ location_id: CITY }],
      count: 2,
      exclude_client_ids: [CLIENT_A],
      exclude_destinations: [[CLIENT_A, CLIENT_B]],
    },
    response: {
      providers: [
        {
          client_id: CLIENT_B,
          estimated_bytes_per_second: 1_250_000,
          has_estimated_bytes_per_second: true,
          tier: 0,
          intermediary_ids: [],
          location: { country: 'Germany', country_code: 'de', city: 'Berlin' },
        },
      ],
    },
  },
  {
    name: 'networkStats',
    response: {
      lookback: 90,
      created_time: 1_767_225_600_000,
      providers_summary: 5000,
      all_transfer_summary: 812,
      providers_data: { '2025-12-30': 4990, '2025-12-31': 5000 },
    },
  },
];

let fixture: Fixture;
let client: ApiClient;
const replies = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  fixture = await startFixture((request) => ({ body: replies.get(`${request.method} ${request.path}`) }));
  for (const c of cases) replies.set(`${endpoints[c.name].method} /api${endpoints[c.name].path}`, c.response);
  // A base URL with a path prefix: every operation path is appended to it.
  client = createClient({ baseUrl: `${fixture.url}/api/`, token: ` ${TOKEN}\n`, retries: 0 });
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

describe('one client method per operation', () => {
  it('covers exactly the 11 operations of the interface', () => {
    expect(cases.map((c) => c.name)).toEqual(operationNames);
    expect(operationNames).toHaveLength(11);
    for (const name of operationNames) expect(typeof client[name]).toBe('function');
  });

  it.each(cases.map((c) => [`${endpoints[c.name].number}. ${c.name}`, c] as const))('%s', async (_, c) => {
    const endpoint = endpoints[c.name];
    const before = fixture.requests.length;
    const call = client[c.name] as (body?: unknown) => Promise<unknown>;
    const result = await (endpoint.method === 'POST' ? call(c.request) : call());

    expect(fixture.requests).toHaveLength(before + 1);
    const sent = fixture.requests[before];
    expect(sent.method).toBe(endpoint.method);
    expect(sent.path).toBe(`/api${endpoint.path}`);
    expect(sent.headers.accept).toBe('application/json');
    // The token goes only to operations 3-9, trimmed, as a bearer token.
    if (endpoint.number >= 3 && endpoint.number <= 9) {
      expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    } else {
      expect(sent.headers.authorization).toBeUndefined();
    }
    if (endpoint.method === 'POST') {
      expect(sent.headers['content-type']).toBe('application/json');
      expect(JSON.parse(sent.body)).toEqual(c.request);
    } else {
      expect(sent.headers['content-type']).toBeUndefined();
      expect(sent.body).toBe('');
    }
    expect(result).toEqual(c.response);
  });

  it('sends {} for a POST called without a body', async () => {
    const before = fixture.requests.length;
    await client.sendFeedback();
    expect(fixture.requests[before].body).toBe('{}');
  });

  it('keeps operations 1, 2, 10 and 11 usable without a token', async () => {
    const anonymous = createClient({ baseUrl: fixture.url, retries: 0 });
    replies.set('GET /stats/last-90', { lookback: 90 });
    replies.set('POST /network/find-locations', { locations: [] });
    try {
      expect(anonymous.hasToken).toBe(false);
      await expect(anonymous.networkStats()).resolves.toEqual({ lookback: 90 });
      await expect(anonymous.findLocations({ query: 'x' })).resolves.toEqual({ locations: [] });
    } finally {
      await anonymous.close();
    }
  });
});
