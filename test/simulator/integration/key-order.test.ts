// JSON keys in the order the service's Go structs give them (encoding/json writes a
// struct's fields in declaration order, a map's keys sorted), in both eras, route family
// by route family, over sockets: a client that reads the text (or compares it) sees what
// the service sends. The orders are those of server 2c9e92b4 (and bedf5fd7 for the seed
// era's own fields), named per struct.
import { afterEach, describe, expect, it } from 'vitest';
import { eraProfile } from '../../../simulator/eras/index.ts';
import { ERAS, type Era } from '../../../src/contract/eras.ts';
import {
  ProviderLastN,
  ProviderStats,
  ProvidersOverviewLastN,
  ProvidersStats,
} from '../../../src/contract/schemas.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

/** A struct's fields in order, and the order of those that hold objects. */
interface Order {
  keys: readonly string[];
  children?: Record<string, Order | 'map' | { items: Order } | { values: Order | 'map' }>;
}
const struct = (keys: readonly string[], children?: Order['children']): Order => ({ keys, children });
const list = (items: Order) => ({ items });

/** Checks `value` against `order`: every key known, in its order; maps sorted. */
function expectOrder(value: unknown, order: Order | 'map', where: string): void {
  if (value === null || typeof value !== 'object') return;
  const keys = Object.keys(value);
  if (order === 'map') {
    expect(keys, `${where}: a map's keys are sorted`).toEqual([...keys].sort());
    return;
  }
  for (const key of keys) expect(order.keys, `${where}: unknown key ${key}`).toContain(key);
  const positions = keys.map((key) => order.keys.indexOf(key));
  expect(positions, `${where}: ${keys.join(', ')}`).toEqual([...positions].sort((a, b) => a - b));
  for (const [key, child] of Object.entries(order.children ?? {})) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined || field === null) continue;
    if (child === 'map' || 'keys' in child) expectOrder(field, child, `${where}.${key}`);
    else if ('items' in child)
      for (const [i, item] of (field as unknown[]).entries())
        expectOrder(item, child.items, `${where}.${key}[${i}]`);
    else
      for (const [name, item] of Object.entries(field as object))
        expectOrder(item, child.values, `${where}.${key}.${name}`);
  }
}

const error = struct(['message']);
// model/network_client_location_model.go
const location = struct([
  'location_id',
  'location_type',
  'name',
  'city',
  'region',
  'country',
  'city_location_id',
  'region_location_id',
  'country_location_id',
  'country_code',
  'provider_count',
  'match_distance',
  'stable',
  'strong_privacy',
]);
/**
 * The seed era's location as the interface document (service-interface.md, the published
 * spec of its time) lists it: each name beside its id. Its server had no names yet.
 */
const seedLocation = struct([
  'location_id',
  'location_type',
  'name',
  'city',
  'city_location_id',
  'region',
  'region_location_id',
  'country',
  'country_location_id',
  'country_code',
  'provider_count',
  'match_distance',
]);
const locationsOf = (era: Era) =>
  struct(
    [
      'groups',
      'locations',
      'devices',
      'country_count',
      'region_count',
      'city_count',
      'stable_count',
      'strong_privacy_count',
    ],
    {
      groups: list(struct(['location_group_id', 'name', 'provider_count', 'promoted', 'match_distance'])),
      locations: list(era === 'seed' ? seedLocation : location),
      devices: list(struct(['client_id', 'device_name'])),
    },
  );
const coordinates = struct(['lat', 'lon']);
const providers = struct(['providers'], {
  providers: list(
    struct(
      [
        'client_id',
        'estimated_bytes_per_second',
        'has_estimated_bytes_per_second',
        'tier',
        'intermediary_ids',
        'location',
      ],
      {
        location: struct(
          [
            'country',
            'country_code',
            'region',
            'city',
            'country_location_id',
            'region_location_id',
            'city_location_id',
            'region_coordinates',
            'city_coordinates',
          ],
          { region_coordinates: coordinates, city_coordinates: coordinates },
        ),
      },
    ),
  ),
});
// model/device_association_model.go
const association = struct([
  'pending',
  'code',
  'device_name',
  'client_id',
  'network_name',
  'duration_minutes',
]);
const associations = struct(
  ['pending_adoption_devices', 'incoming_shared_devices', 'outgoing_shared_devices'],
  {
    pending_adoption_devices: list(association),
    incoming_shared_devices: list(association),
    outgoing_shared_devices: list(association),
  },
);
const deviceAdd = struct(
  ['code_type', 'code', 'device_name', 'associated_network_name', 'client_id', 'duration_minutes', 'error'],
  { error },
);
// model/network_client_model.go NetworkClientInfo (NetworkClient embedded first)
const clients = struct(['clients'], {
  clients: list(
    struct(
      [
        'client_id',
        'source_client_id',
        'device_id',
        'network_id',
        'description',
        'device_name',
        'device_spec',
        'create_time',
        'auth_time',
        'roles',
        'principal',
        'provide_mode',
        'proxy_client',
        'resident',
        'connections',
      ],
      {
        connections: list(
          struct([
            'client_id',
            'connection_id',
            'connect_time',
            'disconnect_time',
            'connection_host',
            'connection_service',
            'connection_block',
          ]),
        ),
      },
    ),
  ),
});
// model/provider_model.go, as the contract's schemas declare the fields (in the Go
// structs' order; the seed era's ProviderStats ended with provide_mode)
const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);
const providerStats = struct(keysOf(ProvidersStats), {
  providers: list(
    struct(keysOf(ProviderStats), { connected_events_last_24h: list(struct(['event_time', 'connected'])) }),
  ),
});
const dayMaps = Object.fromEntries(
  keysOf(ProvidersOverviewLastN)
    .filter((key) => key !== 'lookback' && key !== 'created_time')
    .map((key) => [key, 'map' as const]),
);
const providerLastN = struct(keysOf(ProviderLastN), {
  ...dayMaps,
  client_details: list(struct(['client_id', 'transfer_data'], { transfer_data: 'map' })),
});
const overviewLastN = struct(keysOf(ProvidersOverviewLastN), dayMaps);
// model/account_wallet_model.go
const wallets = struct(['wallets'], {
  wallets: list(
    struct([
      'wallet_id',
      'circle_wallet_id',
      'network_id',
      'wallet_type',
      'blockchain',
      'wallet_address',
      'active',
      'default_token_type',
      'create_time',
      'has_seeker_token',
    ]),
  ),
});
// model/audit_model.go Stats: each series' map, then its summaries (the seed era had more series)
const stats = (fields: readonly string[]) =>
  struct(
    ['lookback', 'created_time', ...fields],
    Object.fromEntries(fields.filter((f) => f.endsWith('_data')).map((f) => [f, 'map'])),
  );
// Issue 26, groups 1 and 2. model/account_payment_model.go AccountPayment, TransferStats;
// model/account_point_model.go AccountPoint (the result goes through a map: its keys sorted);
// controller/network_referral_code_controller.go; model/network_client_reliability_model.go
// ReliabilityWindow, CountryMultiplier; model/leaderboard_model.go Earner, NetworkRanking
const payment = struct([
  'payment_id',
  'payment_plan_id',
  'wallet_id',
  'network_id',
  'payout_byte_count',
  'payout_nano_cents',
  'subsidy_payout_nano_cents',
  'reliability_subsidy_nano_cents',
  'min_sweep_time',
  'create_time',
  'payment_record',
  'token_type',
  'token_amount',
  'payment_time',
  'payment_receipt',
  'wallet_address',
  'blockchain',
  'tx_hash',
  'completed',
  'complete_time',
  'canceled',
  'cancel_time',
]);
const point = struct([
  'account_point_id',
  'network_id',
  'event',
  'point_value',
  'payment_plan_id',
  'account_payment_id',
  'linked_network_id',
  'create_time',
]);
const reliabilityWindow = struct(
  [
    'mean_reliability_weight',
    'min_time_unix_milli',
    'min_bucket_number',
    'max_time_unix_milli',
    'max_bucket_number',
    'bucket_duration_seconds',
    'max_client_count',
    'max_total_client_count',
    'reliability_weights',
    'client_counts',
    'total_client_counts',
    'country_multipliers',
  ],
  {
    country_multipliers: list(
      struct(['country_location_id', 'country', 'country_code', 'reliability_multiplier']),
    ),
  },
);
let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function answer(method: 'GET' | 'POST', path: string, body?: unknown, token = h!.sim.token) {
  const res = await raw(h!.sim, method, path, body, token);
  expect(res.status, path).toBe(200);
  return JSON.parse(res.text) as Record<string, unknown>;
}

describe.each(ERAS)('key order as the Go structs give it (%s era)', (era: Era) => {
  it('discovery: locations, groups and providers', async () => {
    h = await startSim({ era });
    const listed = await answer('GET', '/network/provider-locations');
    const locations = locationsOf(era);
    expectOrder(listed, locations, 'provider-locations');
    expectOrder(
      await answer('POST', '/network/find-provider-locations', { query: 'a' }),
      locations,
      'find-provider-locations',
    );
    if (era === 'seed')
      expectOrder(
        await answer('POST', '/network/find-locations', { query: 'ger' }),
        locations,
        'find-locations',
      );
    const spec = { location_id: (listed.locations as { location_id: string }[])[0].location_id };
    expectOrder(
      await answer('POST', '/network/find-providers2', { specs: [spec], count: 5 }),
      providers,
      'find-providers2',
    );
  });

  it('devices: associations, adds, share codes, clients', async () => {
    h = await startSim({ era });
    const demo = h.sim.admin.codes();
    expectOrder(
      await answer('POST', '/device/add', { code: demo.adopt_codes[0].code }),
      deviceAdd,
      'add adopt',
    );
    expectOrder(
      await answer('POST', '/device/add', { code: demo.share_codes[0].code }),
      deviceAdd,
      'add share',
    );
    const refused = await raw(h.sim, 'POST', '/device/add', { code: 'no such code' }, h.sim.token);
    expect(refused.text).toBe(
      '{"client_id":"00000000-0000-0000-0000-000000000000","error":{"message":"Invalid code."}}',
    );
    await h.advance(600);
    const all = await answer('GET', '/device/associations');
    expectOrder(all, associations, 'associations');
    expect(
      (all.pending_adoption_devices as object[]).length + (all.incoming_shared_devices as object[]).length,
    ).toBeGreaterThan(0);
    const netClients = await answer('GET', '/network/clients');
    expectOrder(netClients, clients, 'clients');
    const { client_id } = (netClients.clients as { client_id: string }[])[0];
    expectOrder(
      await answer('POST', '/device/create-share-code', { client_id }),
      struct(['share_code', 'error']),
      'share code',
    );
  });

  // issue 26, groups 3 and 6 (model/network_client_model.go, model/device_association_model.go)
  it('fleet and adoption: auth-client, remove-clients, a device’s code (re-marshalled: sorted)', async () => {
    h = await startSim({ era });
    const authClient = struct(['by_client_jwt', 'client_id', 'error', 'proxy_config_result'], {
      error: struct(['client_limit_exceeded', 'upgrade_required', 'message']),
    });
    expectOrder(
      await answer('POST', '/network/auth-client', { description: 'x' }),
      authClient,
      'auth-client',
    );
    expectOrder(
      await answer('POST', '/network/auth-client', { client_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }),
      authClient,
      'auth-client refused',
    );
    if (era === 'current') {
      const many = Array.from(
        { length: 10_001 },
        (_, k) => `0f1e2d3c-4b5a-4978-8a6b-${String(k).padStart(12, '0')}`,
      );
      expectOrder(
        await answer('POST', '/network/remove-clients', { client_ids: many }),
        struct(['scheduled', 'scheduled_for', 'already_in_progress', 'too_many_concurrent_runs']),
        'remove-clients',
      );
    }
    const made = await answer('POST', '/device/create-adopt-code', { device_name: 'x' });
    expectOrder(made, 'map', 'create-adopt-code');
    expectOrder(
      await answer('POST', '/device/adopt-status', { adopt_code: made.adopt_code }),
      struct(['pending', 'associated_network_name', 'error']),
      'adopt-status',
    );
  });

  it('statistics: the providers, one provider, the overview, the 90 days', async () => {
    h = await startSim({ era });
    expectOrder(await answer('GET', '/stats/providers'), providerStats, 'stats/providers');
    expectOrder(
      await answer('POST', '/stats/providers-last-n', { last_n: 48 }),
      providerStats,
      'providers-last-n',
    );
    const { providers: own } = (await answer('GET', '/stats/providers')) as {
      providers: { client_id: string }[];
    };
    for (const { client_id } of own.slice(0, 3))
      expectOrder(
        await answer('POST', '/stats/provider-last-n', { client_id, last_n: 720 }),
        providerLastN,
        'provider-last-n',
      );
    expectOrder(
      await answer('POST', '/stats/providers-overview-last-n', { last_n: 720 }),
      overviewLastN,
      'overview',
    );
    // The era profile's list is the Go struct's (a series, then its summaries): the answer follows it.
    expectOrder(await answer('GET', '/stats/last-90'), stats(eraProfile(era).networkStats.fields), 'last-90');
  });

  it('account: wallets and the payout wallet', async () => {
    h = await startSim({ era });
    expectOrder(await answer('GET', '/account/wallets'), wallets, 'wallets');
    expectOrder(await answer('GET', '/account/payout-wallet'), struct(['wallet_id']), 'payout-wallet');
    const removed = await answer('POST', '/account/wallets/remove', {
      wallet_id: '00000000-0000-4000-8000-000000000000',
    });
    expectOrder(removed, struct(['success', 'error'], { error }), 'remove');
  });
});

describe('key order of the earnings routes (current era)', () => {
  it('payments, transfer stats, points (a map: sorted), referral, reliability, ranking, leaderboard', async () => {
    h = await startSim({ era: 'current' });
    expectOrder(
      await answer('GET', '/account/payments'),
      struct(['account_payments', 'error'], { account_payments: list(payment) }),
      'payments',
    );
    expectOrder(
      await answer('GET', '/transfer/stats'),
      struct(['paid_bytes_provided', 'unpaid_bytes_provided']),
      'transfer stats',
    );
    const points = await answer('GET', '/account/points');
    expect(Object.keys(points)).toEqual(['account_points', 'network_points']);
    for (const key of ['account_points', 'network_points'])
      for (const [i, row] of (points[key] as object[]).entries()) expectOrder(row, point, `${key}[${i}]`);
    expectOrder(
      await answer('GET', '/account/referral-code'),
      struct(['referral_code', 'total_referrals']),
      'referral code',
    );
    expectOrder(
      await answer('GET', '/network/reliability'),
      struct(['reliability_window', 'error'], { reliability_window: reliabilityWindow }),
      'reliability',
    );
    expectOrder(
      await answer('GET', '/network/ranking'),
      struct(['network_ranking', 'error'], {
        network_ranking: struct(['net_mib_count', 'leaderboard_rank', 'leaderboard_public']),
      }),
      'ranking',
    );
    expectOrder(
      await answer('POST', '/stats/leaderboard', {}),
      struct(['earners', 'error'], {
        earners: list(
          struct(['network_id', 'network_name', 'net_mib_count', 'is_public', 'contains_profanity']),
        ),
      }),
      'leaderboard',
    );
  });
});

describe('key order of the login routes (current era)', () => {
  it('/auth/login answers through a map: its keys sorted; the others their structs’ order', async () => {
    h = await startSim({ era: 'current' });
    const lookup = await raw(h.sim, 'POST', '/auth/login', { user_auth: 'demo@netdeck.example' });
    expect(lookup.text).toBe('{"auth_allowed":["email","password"],"user_auth":"demo@netdeck.example"}');
    const { password } = h.sim.admin.codes().demo_user;
    const unverified = await raw(h.sim, 'POST', '/auth/login-with-password', {
      user_auth: 'unverified@netdeck.example',
      password,
    });
    expect(unverified.text).toBe(
      '{"verification_required":{"user_auth":"unverified@netdeck.example"},"network":{"name":"unverified-network"}}',
    );
    const code = await answer('POST', '/auth/code-create', { duration_minutes: 5, uses: 2 });
    expect(Object.keys(code)).toEqual(['auth_code', 'duration_minutes', 'uses']);
  });
});
