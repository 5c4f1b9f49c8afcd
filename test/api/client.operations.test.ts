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
/** A signed proxy id: 58 characters of base32hex. */
const PROXY_TOKEN = '0123456789ABCDEFGHIJKLMNOPQRSTUV0123456789ABCDEFGHIJKLMNOP';
const BALANCE_CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface Case {
  name: OperationName;
  request?: unknown;
  response: Record<string, unknown>;
}

/** One realistic exchange per operation, in the order of the endpoint table. */
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
  {
    name: 'findProviderLocations',
    request: { query: 'germ', rank_mode: 'quality' },
    response: {
      groups: [],
      locations: [
        {
          location_id: CITY,
          location_type: 'country',
          name: 'Germany',
          country_code: 'de',
          provider_count: 12,
          stable: true,
          strong_privacy: true,
          match_distance: 1,
        },
      ],
      devices: [],
      country_count: 1,
      region_count: 0,
      city_count: 0,
      stable_count: 1,
      strong_privacy_count: 1,
    },
  },
  {
    name: 'networkClients',
    response: {
      clients: [
        {
          client_id: CLIENT_A,
          device_id: WALLET,
          network_id: '00000000-0000-0000-0000-000000000000',
          description: 'provider linux 1.0',
          device_name: 'home server',
          device_spec: '',
          create_time: '2026-01-01T00:00:00Z',
          auth_time: '2026-01-01T00:00:00Z',
          provide_mode: 3,
        },
      ],
    },
  },
  {
    name: 'authLogin',
    request: { user_auth: 'me@example.com' },
    response: { user_auth: 'me@example.com', auth_allowed: ['password'] },
  },
  {
    name: 'authLoginWithPassword',
    request: { user_auth: 'me@example.com', password: 'secret' },
    response: { network: { by_jwt: TOKEN } },
  },
  {
    name: 'authCodeCreate',
    request: { duration_minutes: 5, uses: 1 },
    response: { auth_code: 'QUJD=', duration_minutes: 5, uses: 1 },
  },
  { name: 'authCodeLogin', request: { auth_code: 'QUJD=' }, response: { by_jwt: TOKEN } },
  { name: 'authRefresh', response: { by_jwt: TOKEN } },
  {
    name: 'accountWallets',
    response: {
      wallets: [
        {
          wallet_id: WALLET,
          network_id: CLIENT_B,
          wallet_type: 'external',
          blockchain: 'SOL',
          wallet_address: '4Nd1mYxJ8x3mZzsZ2yQmQnGFGEd7sYyqk4fVZQ3dQk9T',
          active: true,
          default_token_type: 'USDC',
          create_time: '2026-01-01T00:00:00Z',
          has_seeker_token: false,
        },
      ],
    },
  },
  {
    name: 'createWallet',
    request: { blockchain: 'SOL', wallet_address: '4Nd1mYxJ8x3mZzsZ2yQmQnGFGEd7sYyqk4fVZQ3dQk9T' },
    response: { wallet_id: WALLET },
  },
  { name: 'removeWallet', request: { wallet_id: WALLET }, response: { success: true } },
  {
    name: 'shareStatus',
    request: { share_code: 'bag bar base basic bean beauty' },
    response: { pending: true, associated_network_name: 'acme' },
  },
  {
    name: 'confirmShare',
    request: { share_code: 'bag bar base basic bean beauty', associated_network_name: 'acme' },
    response: { associated_network_name: 'acme' },
  },
  { name: 'removeAssociation', request: { code: 'bag bar base basic bean beauty' }, response: {} },
  {
    name: 'setAssociationName',
    request: { code: 'bag bar base basic bean beauty', device_name: 'nas' },
    response: {},
  },
  { name: 'setDeviceName', request: { device_id: WALLET, device_name: 'nas' }, response: {} },
  {
    name: 'providersLastN',
    request: { last_n: 168 },
    response: { created_time: '2026-01-01T00:00:00Z', providers: [] },
  },
  {
    name: 'providerLastN',
    request: { client_id: CLIENT_A, last_n: 24 },
    response: {
      lookback: 1,
      created_time: '2026-01-01T00:00:00Z',
      uptime: { '2025-12-31-23': 60 },
      transfer_data: { '2025-12-31': 1.5, '2026-01-01': 0 },
      payout: { '2025-12-31': 0.02, '2026-01-01': 0 },
      search_interest: { '2025-12-31': 4, '2026-01-01': 0 },
      contracts: { '2025-12-31': 1, '2026-01-01': 0 },
      clients: { '2025-12-31': 1, '2026-01-01': 0 },
      client_details: [{ client_id: CLIENT_B, transfer_data: { '2025-12-31': 1.5 } }],
    },
  },
  {
    name: 'providersOverviewLastN',
    request: { last_n: 168 },
    response: {
      lookback: 7,
      created_time: '2026-01-01T00:00:00Z',
      uptime: { '2025-12-31': 20.5 },
      transfer_data: { '2025-12-31': 3 },
      payout: { '2025-12-31': 0.1 },
      search_interest: { '2025-12-31': 9 },
      contracts: { '2025-12-31': 2 },
      clients: { '2025-12-31': 2 },
    },
  },
  // ---- issue 26, groups 4, 5, 7 and the network user ----
  {
    name: 'networkUser',
    response: {
      network_user: {
        user_id: CLIENT_B,
        user_auth: 'me@example.com',
        verified: true,
        auth_type: 'password',
        network_name: 'acme',
        user_auths: [{ user_auth: 'me@example.com', auth_type: 'email' }],
        auth_types: ['email'],
      },
    },
  },
  { name: 'updateNetworkName', request: { network_name: 'My Net 1' }, response: {} },
  {
    name: 'blockedLocations',
    response: {
      blocked_locations: [
        { location_id: CITY, location_name: 'Germany', location_type: 'country', country_code: 'de' },
      ],
    },
  },
  { name: 'blockLocation', request: { location_id: CITY }, response: {} },
  { name: 'unblockLocation', request: { location_id: CITY }, response: {} },
  {
    name: 'createApiKey',
    request: { name: 'scripts' },
    response: {
      id: WALLET,
      api_key: `urn_${'0123456789ABCDEFGHIJKLMNOPQRSTUV'.repeat(2).slice(0, 52)}`,
      name: 'scripts',
    },
  },
  {
    name: 'apiKeys',
    response: { api_keys: [{ id: WALLET, name: 'scripts', create_time: '2026-01-01T00:00:00.123456Z' }] },
  },
  { name: 'removeApiKey', request: { id: WALLET }, response: {} },
  {
    name: 'providersOverviewLast90',
    response: { lookback: 90, created_time: '2026-01-01T00:00:00Z', uptime: { '2026-01-01': 3.5 } },
  },
  {
    name: 'providerLast90',
    request: { client_id: CLIENT_A },
    response: { lookback: 90, created_time: '2026-01-01T00:00:00Z', uptime: { '2026-01-01-00': 60 } },
  },
  {
    name: 'providersMap',
    response: { de: { Bavaria: { provider_count: 12, lat: 48.8, lon: 11.4 } } },
  },
  // ---- issue 26, groups 3 and 6 ----
  { name: 'removeClient', request: { client_id: CLIENT_A }, response: {} },
  {
    name: 'removeClients',
    request: { client_ids: [CLIENT_A, CLIENT_B] },
    response: { scheduled: true, scheduled_for: '2026-01-01T01:00:00Z' },
  },
  {
    name: 'authClient',
    request: { description: 'attic pi', device_spec: 'netdeck/0.1.0' },
    response: { by_client_jwt: TOKEN, client_id: CLIENT_B },
  },
  {
    name: 'createAdoptCode',
    request: { device_name: 'attic pi', device_spec: 'netdeck/0.1.0' },
    response: {
      adopt_code: 'abandon ability able about above absent',
      adopt_secret: 'ab'.repeat(128),
      duration_minutes: 15,
      share_code: 'ab'.repeat(128),
    },
  },
  {
    name: 'adoptStatus',
    request: { adopt_code: 'abandon ability able about above absent' },
    response: { pending: true, associated_network_name: 'home' },
  },
  {
    name: 'confirmAdopt',
    request: {
      adopt_code: 'abandon ability able about above absent',
      adopt_secret: 'ab'.repeat(128),
      associated_network_name: 'home',
    },
    response: { by_client_jwt: TOKEN },
  },
  {
    name: 'removeAdoptCode',
    request: { adopt_code: 'abandon ability able about above absent', adopt_secret: 'ab'.repeat(128) },
    response: {},
  },
  // Issue 26, groups 1 and 2.
  {
    name: 'accountPayments',
    response: {
      account_payments: [
        {
          payment_id: CLIENT_A,
          payment_plan_id: CLIENT_B,
          wallet_id: WALLET,
          network_id: CITY,
          payout_byte_count: 1_073_741_824,
          payout_nano_cents: 50_000_000,
          subsidy_payout_nano_cents: 15_000_000,
          reliability_subsidy_nano_cents: 0,
          min_sweep_time: '2025-12-21T10:00:00Z',
          create_time: '2025-12-28T10:00:03Z',
          payment_record: CLIENT_B,
          token_type: 'USDC',
          token_amount: 0.04,
          payment_time: '2025-12-28T10:20:00Z',
          payment_receipt: '{"data":{}}',
          wallet_address: '4Nd1mYxJ8x3mZzsZ2yQmQnGFGEd7sYyqk4fVZQ3dQk9T',
          blockchain: 'SOL',
          tx_hash: '5x',
          completed: true,
          complete_time: '2025-12-28T11:00:00Z',
          canceled: false,
        },
      ],
    },
  },
  { name: 'transferStats', response: { paid_bytes_provided: 1024, unpaid_bytes_provided: 2048 } },
  {
    name: 'accountPoints',
    response: {
      network_points: [
        {
          account_point_id: CLIENT_A,
          network_id: CITY,
          event: 'payout',
          point_value: 5_000_000,
          create_time: '2025-12-28T10:00:03Z',
        },
      ],
    },
  },
  { name: 'referralCode', response: { referral_code: 'ABC123', total_referrals: 3 } },
  { name: 'referralNetwork', response: { network: { id: CITY, name: 'acme' } } },
  { name: 'walletBalance', response: {} },
  {
    name: 'networkReliability',
    response: {
      reliability_window: {
        mean_reliability_weight: 1.5,
        min_bucket_number: 10,
        max_bucket_number: 12,
        bucket_duration_seconds: 900,
        reliability_weights: [1, 2],
        client_counts: [1, 2],
        total_client_counts: [1, 2],
        country_multipliers: [
          { country_location_id: CITY, country: 'Germany', country_code: 'de', reliability_multiplier: 1.5 },
        ],
      },
    },
  },
  {
    name: 'networkRanking',
    response: { network_ranking: { net_mib_count: 12.5, leaderboard_rank: 3, leaderboard_public: false } },
  },
  { name: 'setRankingVisibility', request: { is_public: true }, response: {} },
  {
    name: 'leaderboard',
    request: {},
    response: {
      earners: [
        {
          network_id: '',
          network_name: '',
          net_mib_count: 99.5,
          is_public: false,
          contains_profanity: false,
        },
      ],
    },
  },
  // Issue 34.
  {
    name: 'subscriptionBalance',
    response: {
      start_balance_byte_count: 1_000_000_000_000,
      balance_byte_count: 999_000_000_000,
      open_transfer_byte_count: 0,
      active_transfer_balances: [
        {
          balance_id: CLIENT_A,
          network_id: CITY,
          start_time: '2026-01-01T00:00:00Z',
          end_time: '2027-01-01T00:00:00Z',
          start_balance_byte_count: 1_000_000_000_000,
          net_revenue_nano_cents: 500_000_000,
          balance_byte_count: 999_000_000_000,
          paid: true,
        },
      ],
      pending_payout_usd_nano_cents: 0,
      update_time: '2026-01-01T00:00:00Z',
    },
  },
  {
    name: 'balanceCodes',
    response: {
      balance_codes: [
        {
          balance_code_id: CLIENT_B,
          balance_byte_count: 1_000_000_000_000,
          redeem_time: '2026-01-01T00:00:00Z',
          end_time: '2027-01-01T00:00:00Z',
          secret: BALANCE_CODE,
        },
      ],
    },
  },
  {
    name: 'checkBalanceCode',
    request: { secret: BALANCE_CODE },
    response: {
      balance: {
        start_time: '2026-01-01T00:00:00Z',
        end_time: '2027-01-02T00:00:00Z',
        balance_byte_count: 1_000_000_000_000,
      },
    },
  },
  {
    name: 'redeemBalanceCode',
    request: { secret: BALANCE_CODE },
    response: {
      transfer_balance: {
        transfer_balance_id: CLIENT_A,
        start_time: '2026-01-01T00:00:00Z',
        end_time: '2027-01-02T00:00:00Z',
        balance_byte_count: 1_000_000_000_000,
      },
    },
  },
  { name: 'networkCheck', request: { network_name: 'fresh-network' }, response: { available: true } },
  {
    name: 'networkCreate',
    request: {
      user_name: 'fresh-network',
      user_auth: 'new@example.com',
      password: 'a long password',
      network_name: 'fresh-network',
      terms: true,
      verify_use_numeric: false,
    },
    response: {
      network: { network_id: CITY, network_name: 'fresh-network' },
      verification_required: { user_auth: 'new@example.com' },
    },
  },
  {
    name: 'authVerifySend',
    request: { user_auth: 'new@example.com', use_numeric: true },
    response: { user_auth: 'new@example.com' },
  },
  {
    name: 'authVerify',
    request: { user_auth: 'new@example.com', verify_code: '0123abcd' },
    response: { network: { by_jwt: TOKEN } },
  },
  {
    name: 'authPasswordReset',
    request: { user_auth: 'new@example.com' },
    response: { user_auth: 'new@example.com' },
  },
  {
    name: 'authPasswordSet',
    request: { reset_code: 'ab'.repeat(64), password: 'another one' },
    response: {},
  },
  // The service reads no body here: the client sends `{}`.
  { name: 'networkDelete', request: {}, response: {} },
  {
    name: 'myIpInfo',
    response: {
      info: {
        ip: '127.0.0.1',
        location: {
          coordinates: { lat: 52.52, lon: 13.4 },
          city: 'Berlin',
          region: 'Berlin',
          country: { code: 'de', name: 'Germany' },
          continent: { code: 'eu', name: 'Europe' },
        },
        privacy: { vpn: false, proxy: false, tor: false, relay: false, hosting: false, service: '' },
      },
      connected_to_network: true,
    },
  },
  // Issue 35, item 5.
  {
    name: 'networkPeers',
    response: {
      peers: [{ client_id: '4a1c', provide_modes: [3], device_name: 'den-pi' }],
      disconnected: [{ client_id: '5b2d', disconnect_time: '2026-01-01T00:01:00Z' }],
      disconnected_count: 1,
    },
  },
];

/** Issue 34: auth-client with proxy_config, the proxy as the service answers it (wg_config null: no WireGuard). */
const PROXY_CASE: Case = {
  name: 'authClient',
  request: {
    description: 'proxy de',
    proxy_config: { lock_caller_ip: true, initial_device_state: { country_code: 'de' } },
  },
  response: {
    by_client_jwt: TOKEN,
    client_id: CLIENT_B,
    proxy_config_result: {
      keepalive_seconds: 0,
      change_id: 7,
      create_time: '2026-01-01T00:00:00.123456789Z',
      proxy_id: CLIENT_A,
      client_id: CLIENT_B,
      instance_id: WALLET,
      socks_proxy_url: 'socks5h://localhost:8082',
      http_proxy_url: 'http://localhost:8081',
      https_proxy_url: `https://${PROXY_TOKEN.toLowerCase()}.localhost:8083`,
      api_base_url: 'https://api.localhost:8084',
      auth_token: PROXY_TOKEN,
      proxy_host: 'localhost',
      block: 'g0',
      http_proxy_port: 8081,
      https_proxy_port: 8083,
      socks_proxy_port: 8082,
      api_port: 8084,
      wg_config: null,
    },
  },
};

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
  it('covers every operation of the endpoint table', () => {
    expect(cases.map((c) => c.name)).toEqual(operationNames);
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
    // The token goes only to operations that need one, trimmed, as a bearer token.
    if (endpoint.auth) {
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

  it('sends proxy_config and reads the proxy of the answer, every field as sent (wg_config null read as absent)', async () => {
    replies.set('POST /api/network/auth-client', PROXY_CASE.response);
    try {
      const before = fixture.requests.length;
      const result = await client.authClient(PROXY_CASE.request as never);
      expect(JSON.parse(fixture.requests[before].body)).toEqual(PROXY_CASE.request);
      const { wg_config: _none, ...sent } = (PROXY_CASE.response as { proxy_config_result: object })
        .proxy_config_result as Record<string, unknown>;
      expect(result.proxy_config_result).toEqual(sent);
    } finally {
      replies.set('POST /api/network/auth-client', cases.find((c) => c.name === 'authClient')!.response);
    }
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
