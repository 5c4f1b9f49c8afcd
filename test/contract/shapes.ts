// Strict shapes of the service's answers, era by era, written here from the facts of the
// published spec (urnetwork/connect api/bringyour.yml at commit 8662449 for today's
// service; FindLocationsResult at commit ecd2b90 for the seed era's find-locations)
// and from the reference document's notes on Go's omitempty (a field that is 0, false,
// "" or nil is left out; one without omitempty is always sent, `null` when nil). They
// are stricter than the contract's lenient schemas: no unknown key, every always-sent
// key present. They describe what the simulator must send; the client reads any of it.
import * as z from 'zod';
import type { OperationName } from '../../src/contract/endpoints.ts';
import type { Era } from '../../src/contract/eras.ts';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
/** omitempty: present only when not zero. */
const positive = z.int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const rfc3339 = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'an RFC 3339 time');
const daily = z.record(day, z.int().nonnegative());

// ---- discovery: FindLocationsResult ----------------------------------------------

const device = z.strictObject({ client_id: uuid, device_name: z.string() });

/** Today: `stable` and `strong_privacy` always sent; names only of places in the answer. */
const currentLocation = z.strictObject({
  location_id: uuid,
  location_type: z.enum(['city', 'region', 'country']),
  name: z.string().min(1),
  city: z.string().min(1).optional(),
  region: z.string().min(1).optional(),
  country: z.string().min(1).optional(),
  city_location_id: uuid.optional(),
  region_location_id: uuid.optional(),
  country_location_id: uuid.optional(),
  country_code: z.string().regex(/^[a-z]{2}$/),
  provider_count: positive.optional(),
  match_distance: positive.optional(),
  stable: z.boolean(),
  strong_privacy: z.boolean(),
});
/** Today's group: no count, no distance; `promoted` left out when false. */
const currentGroup = z.strictObject({
  location_group_id: uuid,
  name: z.string(),
  promoted: z.literal(true).optional(),
});
/** Today: the arrays never null, the counts always sent, no `specs`. */
const currentLocationResult = z.strictObject({
  groups: z.array(currentGroup),
  locations: z.array(currentLocation),
  devices: z.array(device),
  country_count: z.int().nonnegative(),
  region_count: z.int().nonnegative(),
  city_count: z.int().nonnegative(),
  stable_count: z.int().nonnegative(),
  strong_privacy_count: z.int().nonnegative(),
});

/** Seed era (ecd2b90): the properties of a location, none of today's additions. */
const seedLocation = z.strictObject({
  location_id: uuid,
  location_type: z.enum(['city', 'region', 'country']),
  name: z.string().min(1),
  city: z.string().optional(),
  city_location_id: uuid.optional(),
  region: z.string().optional(),
  region_location_id: uuid.optional(),
  country: z.string().optional(),
  country_location_id: uuid.optional(),
  country_code: z.string().regex(/^[a-z]{2}$/),
  provider_count: positive.optional(),
  match_distance: positive.optional(),
});
const seedGroup = z.strictObject({
  location_group_id: uuid,
  name: z.string(),
  provider_count: positive.optional(),
  promoted: z.literal(true).optional(),
  match_distance: positive.optional(),
});
const providerSpec = z.strictObject({
  location_id: uuid.optional(),
  location_group_id: uuid.optional(),
  client_id: uuid.optional(),
  best_available: z.boolean().optional(),
});
const seedLocationResult = z.strictObject({
  specs: z.array(providerSpec).optional(),
  groups: z.array(seedGroup),
  locations: z.array(seedLocation),
  devices: z.array(device),
});

// ---- find-providers2 ---------------------------------------------------------------

const coordinates = z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
const providerLocation = z.strictObject({
  country: z.string().optional(),
  country_code: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
  country_location_id: uuid.optional(),
  region_location_id: uuid.optional(),
  city_location_id: uuid.optional(),
  region_coordinates: coordinates.optional(),
  city_coordinates: coordinates.optional(),
});
/** Today: every field but `location` always sent; `intermediary_ids` is null (a nil slice). */
const currentProvider = z.strictObject({
  client_id: uuid,
  estimated_bytes_per_second: z.int().nonnegative(),
  has_estimated_bytes_per_second: z.boolean(),
  tier: z.int().nonnegative(),
  intermediary_ids: z.null(),
  location: providerLocation.optional(),
});
/** Seed era: an id and a speed of 0. */
const seedProvider = z.strictObject({ client_id: uuid, estimated_bytes_per_second: z.literal(0) });

// ---- statistics ----------------------------------------------------------------------

const event = z.strictObject({ event_time: rfc3339, connected: z.boolean() });
const providerStatsFields = {
  client_id: uuid,
  connected: z.boolean(),
  connected_events_last_24h: z.array(event),
  // Hours of the connections open now: several open ones add up, so 24 is no bound
  // (server: model/provider_model.go uptimeHours; reference-operators.md section 8).
  uptime_last_24h: z.number().min(0),
  transfer_data_last_24h: z.number().nonnegative(),
  payout_last_24h: z.number().nonnegative(),
  search_interest_last_24h: z.int().nonnegative(),
  contracts_last_24h: z.int().nonnegative(),
  clients_last_24h: z.int().nonnegative(),
};
/** Today (StatsProvidersResult at 8662449): no provide_mode. */
const currentProviderStats = z.strictObject({
  created_time: rfc3339,
  providers: z.array(z.strictObject(providerStatsFields)),
});
const seedProviderStats = z.strictObject({
  created_time: rfc3339,
  providers: z.array(z.strictObject({ ...providerStatsFields, provide_mode: z.int().min(-1).max(4) })),
});

/** The *-last-n routes (model/provider_model.go at HEAD): the same in both eras here. */
const dailyFigure = z.record(day, z.number().nonnegative());
const lastNProviders = z.strictObject({
  created_time: rfc3339,
  providers: z.array(z.strictObject(providerStatsFields)),
});
const lastNFields = {
  lookback: z.int().min(1).max(366),
  created_time: rfc3339,
  transfer_data: dailyFigure,
  payout: dailyFigure,
  search_interest: daily,
  contracts: daily,
  clients: daily,
};
/** uptime: minutes per UTC hour `yyyy-mm-dd-hh`, only hours with some (over 60 with two connections open). */
const providerLastN = z.strictObject({
  ...lastNFields,
  uptime: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}-\d{2}$/), z.number().positive()),
  client_details: z.array(z.strictObject({ client_id: uuid, transfer_data: dailyFigure })),
});
/** uptime: hours per provider a day (of the connections open now; overlapping ones each count). */
const providersOverviewLastN = z.strictObject({
  ...lastNFields,
  uptime: z.record(day, z.number().min(0)),
});
const LAST_N_SHAPES = { providersLastN: lastNProviders, providerLastN, providersOverviewLastN };

const CURRENT_SERIES = ['all_transfer', 'providers', 'countries', 'regions', 'cities', 'networks', 'devices'];
/** Today (StatsResult at 8662449): every field always sent, nothing else. */
const currentStats = z.strictObject({
  lookback: z.literal(90),
  created_time: z.int().positive(),
  ...Object.fromEntries(
    CURRENT_SERIES.flatMap((series) => [
      [`${series}_data`, daily],
      [`${series}_summary`, z.int().nonnegative()],
    ]),
  ),
  all_transfer_summary_rate: z.int().nonnegative(),
});
/** Seed era: also the packet, extender and superspeed fields. */
const seedStats = currentStats.extend({
  all_packets_data: daily,
  all_packets_summary: z.int().nonnegative(),
  all_packets_summary_rate: z.int().nonnegative(),
  providers_superspeed_data: daily,
  providers_summary_superspeed: z.int().nonnegative(),
  extender_transfer_data: daily,
  extender_transfer_summary: z.int().nonnegative(),
  extender_transfer_summary_rate: z.int().nonnegative(),
  extenders_data: daily,
  extenders_superspeed_data: daily,
  extenders_summary: z.int().nonnegative(),
  extenders_summary_superspeed: z.int().nonnegative(),
});

// ---- wallets, associations, feedback, clients, login (8662449) ---------------------

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const nonEmpty = z.string().min(1);
const message = z.strictObject({ message: nonEmpty });
/** `{"error": {"message"}}` of a 200 answer. */
const refusal = z.strictObject({ error: message });
/** `{}` or a refusal (remove-association, set-association-name, set-name). */
const emptyOrRefusal = z.union([z.strictObject({}), refusal]);

/** GetPayoutWallet: the key is always sent, `null` when no wallet is set. */
const payoutWallet = z.strictObject({ wallet_id: uuid.nullable() });
/** AccountWallet: every field sent but `circle_wallet_id` (omitempty). */
const accountWallet = z.strictObject({
  wallet_id: uuid,
  circle_wallet_id: uuid.optional(),
  network_id: uuid,
  wallet_type: z.enum(['external', 'circle_uc']),
  blockchain: z.enum(['SOL', 'MATIC', 'ETHEREUM', 'TAO']),
  wallet_address: nonEmpty,
  active: z.literal(true),
  default_token_type: z.string(),
  create_time: rfc3339,
  has_seeker_token: z.boolean(),
});

/** Association items: every key omitted when empty or false. */
const association = z.strictObject({
  pending: z.literal(true).optional(),
  code: nonEmpty.optional(),
  device_name: nonEmpty.optional(),
  client_id: uuid.optional(),
  network_name: nonEmpty.optional(),
  duration_minutes: z.number().positive().optional(),
});
const associations = z.strictObject({
  pending_adoption_devices: z.array(association),
  incoming_shared_devices: z.array(association),
  outgoing_shared_devices: z.array(association),
});
/** DeviceAddResult: the non-pointer `client_id` is never left out (the zero id where none). */
const addResult = z.union([
  z.strictObject({
    code_type: z.literal('adopt'),
    code: nonEmpty,
    device_name: nonEmpty,
    client_id: z.literal(ZERO_UUID),
    duration_minutes: z.number().positive(),
  }),
  z.strictObject({
    code_type: z.literal('share'),
    code: nonEmpty,
    device_name: nonEmpty,
    associated_network_name: nonEmpty,
    client_id: uuid,
  }),
  z.strictObject({ client_id: z.literal(ZERO_UUID), error: message }),
]);
const shareCode = z.union([z.strictObject({ share_code: nonEmpty }), refusal]);
const shareStatus = z.union([
  z.strictObject({ pending: z.literal(true).optional(), associated_network_name: nonEmpty.optional() }),
  refusal,
]);
const confirmShare = z.union([z.strictObject({ associated_network_name: nonEmpty }), refusal]);

/** NetworkClientInfo: `network_id` is the zero id (the query does not read it). */
const connection = z.strictObject({
  client_id: uuid,
  connection_id: uuid,
  connect_time: rfc3339,
  disconnect_time: rfc3339.optional(),
  connection_host: z.string(),
  connection_service: z.string(),
  connection_block: z.string(),
});
/**
 * Issue 34: ProxyClient (server: model/network_client_proxy_model.go): no omitempty but
 * `change_id`'s, so every URL and port is sent; `wg_config` is `null` without WireGuard.
 */
const base64Key = z.string().regex(/^[A-Za-z0-9+/]{43}=$/);
const wgConfig = z.strictObject({
  wg_proxy_port: z.int().positive(),
  client_private_key: base64Key,
  client_public_key: base64Key,
  proxy_public_key: base64Key,
  client_ipv4: z.string().regex(/^\d+\.\d+\.\d+\.\d+$/),
  config: z.string().startsWith('[Interface]\nPrivateKey = '),
});
const proxyClientFields = {
  create_time: rfc3339,
  proxy_id: uuid,
  client_id: uuid,
  instance_id: uuid,
  socks_proxy_url: z.string().regex(/^(socks5h:\/\/[a-z0-9.-]+:\d+)?$/),
  http_proxy_url: z.string().regex(/^http:\/\/[a-z0-9.-]+:\d+$/),
  https_proxy_url: z.string().regex(/^https:\/\/([0-9a-v]{58}\.)?[a-z0-9.-]+:\d+$/),
  api_base_url: z.string().url(),
  auth_token: z.string().regex(/^[0-9A-V]{58}$/),
  proxy_host: nonEmpty,
  block: z.string(),
  http_proxy_port: z.int().positive(),
  https_proxy_port: z.int().positive(),
  socks_proxy_port: z.int().nonnegative(),
  api_port: z.int().positive(),
  wg_config: wgConfig.nullable(),
};
/** As /network/clients lists it: stored before `change_id` was set, without `keepalive_seconds`. */
const proxyClient = z.strictObject(proxyClientFields);
/** ProxyConfigResult: `keepalive_seconds` (no omitempty, never set: 0), then the ProxyClient with its change id. */
const proxyConfigResult = z.strictObject({
  keepalive_seconds: z.literal(0),
  change_id: z.int().positive(),
  ...proxyClientFields,
});

const networkClient = z.strictObject({
  client_id: uuid,
  source_client_id: uuid.optional(),
  device_id: uuid,
  network_id: z.literal(ZERO_UUID),
  description: z.string(),
  device_name: z.string(),
  device_spec: z.string(),
  create_time: rfc3339,
  auth_time: rfc3339,
  roles: z.array(nonEmpty).min(1).optional(),
  principal: nonEmpty.optional(),
  provide_mode: z.literal(3).optional(),
  proxy_client: proxyClient.optional(),
  connections: z.array(connection).min(1).optional(),
});
/** An empty network is `{"clients": null}` (a nil slice). */
const networkClients = z.strictObject({ clients: z.array(networkClient).min(1).nullable() });

const token = z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/);
const authLogin = z.union([
  z.strictObject({ user_auth: nonEmpty, auth_allowed: z.array(nonEmpty).min(1).optional() }),
  z.strictObject({ network: z.strictObject({ by_jwt: token }) }),
  refusal,
]);
const passwordLogin = z.union([
  z.strictObject({ network: z.strictObject({ by_jwt: token }) }),
  z.strictObject({
    verification_required: z.strictObject({ user_auth: nonEmpty }),
    network: z.strictObject({ name: nonEmpty }),
  }),
  refusal,
]);
const codeCreate = z.union([
  z.strictObject({
    auth_code: z.string().regex(/^[\w-]+=*$/),
    duration_minutes: z.number().positive(),
    uses: z.int().positive(),
  }),
  z.strictObject({
    error: z.strictObject({ message: nonEmpty, auth_code_limit_exceeded: z.literal(true).optional() }),
  }),
]);
const tokenResult = z.union([z.strictObject({ by_jwt: token }), refusal]);

// ---- issue 26, groups 4, 5, 7 and the network user (reference-operators.md 3-5, 7) -----

/** NetworkUser: `auth_types` without omitempty (null when none), the auth lists omitted when empty. */
const networkUser = z.union([
  z.strictObject({
    network_user: z.strictObject({
      user_id: uuid,
      user_auth: nonEmpty.optional(),
      verified: z.boolean(),
      auth_type: z.enum(['password', 'apple', 'google', 'solana', 'seedphrase', 'guest', 'bringyour']),
      network_name: nonEmpty,
      wallet_address: nonEmpty.optional(),
      user_auths: z
        .array(z.strictObject({ user_auth: nonEmpty.optional(), auth_type: z.enum(['email', 'phone']) }))
        .min(1)
        .optional(),
      sso_auths: z
        .array(
          z.strictObject({
            user_id: uuid.optional(),
            auth_type: z.enum(['apple', 'google']),
            auth_jwt: z.string(),
            user_auth: nonEmpty.optional(),
          }),
        )
        .min(1)
        .optional(),
      wallet_auths: z
        .array(
          z.strictObject({
            user_id: uuid.optional(),
            wallet_address: nonEmpty.optional(),
            blockchain: z.string(),
          }),
        )
        .min(1)
        .optional(),
      seedphrase_auths: z
        .array(z.strictObject({ create_time: rfc3339 }))
        .min(1)
        .optional(),
      auth_types: z.array(nonEmpty).min(1).nullable(),
    }),
  }),
  z.strictObject({ error: z.strictObject({ message: z.literal('No user found') }) }),
]);
/** UpdateNetworkNameResult: `{}`, or one of the four refusals. */
const networkNameUpdate = z.union([
  z.strictObject({}),
  z.strictObject({
    error: z.strictObject({
      message: z.enum([
        'Network name must have at least 5 characters',
        'Network name must be less than 50 characters',
        'Network name must contain only lowercase letters, numbers, and dashes',
        'Network name not available',
      ]),
    }),
  }),
]);
/** GetNetworkBlockedLocationsResult: a nil slice is `null`; `error` never set. */
const blockedLocations = z.strictObject({
  blocked_locations: z
    .array(
      z.strictObject({
        location_id: uuid,
        location_name: z.string(),
        location_type: z.enum(['city', 'region', 'country']),
        country_code: z.string().regex(/^[a-z]{2}$/),
      }),
    )
    .min(1)
    .nullable(),
});
/** CreateApiKeyResult: `urn_` + 52 base32hex characters; `name` omitted when empty. */
const createApiKey = z.strictObject({
  id: uuid,
  api_key: z.string().regex(/^urn_[0-9A-V]{52}$/),
  name: nonEmpty.optional(),
});
/** GetApiKeysResult: id, name and create time, never the key; `null` when none. */
const apiKeys = z.strictObject({
  api_keys: z
    .array(z.strictObject({ id: uuid, name: z.string(), create_time: rfc3339 }))
    .min(1)
    .nullable(),
});
/** The legacy overview: 90 days back, 91 day keys. */
const providersOverviewLast90 = providersOverviewLastN
  .extend({ lookback: z.literal(90) })
  .refine((answer) => Object.keys(answer.uptime).length === 91, '91 day keys');
/** country code -> region name -> a count and a centroid; `{}` when empty. */
const providersMap = z.record(
  z.string().regex(/^[a-z]{2}$/),
  z.record(
    nonEmpty,
    z.strictObject({
      provider_count: positive,
      lat: z.number().min(-90).max(90),
      lon: z.number().min(-180).max(180),
    }),
  ),
);
/** Both eras: the routes the early-2025 server already had. */
const OPERATOR_BOTH: Partial<Record<OperationName, z.ZodType>> = {
  networkUser,
  updateNetworkName: networkNameUpdate,
  providersOverviewLast90,
  providerLast90: providerLastN,
};
/** Today only (404 in the seed era). */
const OPERATOR_CURRENT: Partial<Record<OperationName, z.ZodType>> = {
  blockedLocations,
  blockLocation: z.strictObject({}),
  unblockLocation: z.strictObject({}),
  createApiKey,
  apiKeys,
  removeApiKey: z.union([
    z.strictObject({}),
    z.strictObject({ error: z.strictObject({ message: z.literal('Error deleting api key') }) }),
  ]),
  providersMap,
};

// ---- issue 26, groups 3 and 6 (reference-operators.md sections 3 and 6) -----------

/** RemoveNetworkClientsResult: every field omitempty; at most one of the outcomes. */
const removeClients = z.union([
  z.strictObject({}),
  z.strictObject({ scheduled: z.literal(true), scheduled_for: rfc3339 }),
  z.strictObject({ already_in_progress: z.literal(true) }),
  z.strictObject({ too_many_concurrent_runs: z.literal(true) }),
]);
/**
 * AuthNetworkClientResult: `client_limit_exceeded` has no omitempty, `upgrade_required` has.
 * With proxy_config: the proxy, or its error beside the token (the client is made).
 */
const authClientError = z.strictObject({
  client_limit_exceeded: z.boolean(),
  upgrade_required: z.literal(true).optional(),
  message: nonEmpty,
});
const authClient = z.union([
  z.strictObject({ by_client_jwt: token, client_id: uuid }),
  z.strictObject({ by_client_jwt: token, client_id: uuid, proxy_config_result: proxyConfigResult }),
  z.strictObject({ by_client_jwt: token, client_id: uuid, error: authClientError }),
  z.strictObject({ error: authClientError }),
]);
const hexSecret = z.string().regex(/^[0-9a-f]{256}$/);
/** Re-marshalled through a map: `share_code` is the secret again. */
const createAdoptCode = z
  .strictObject({
    adopt_code: z.string().regex(/^[a-z]+( [a-z]+){5}$/),
    adopt_secret: hexSecret,
    duration_minutes: z.literal(15),
    share_code: hexSecret,
  })
  .refine((answer) => answer.share_code === answer.adopt_secret, 'share_code is the secret');
const adoptStatus = z.union([
  z.strictObject({ pending: z.literal(true).optional(), associated_network_name: nonEmpty.optional() }),
  refusal,
]);
const confirmAdopt = z.union([z.strictObject({ by_client_jwt: token }), refusal]);

/** The group's routes both eras serve (the seed era's as today's: a choice of this project). */
const FLEET_BOTH: Partial<Record<OperationName, z.ZodType>> = {
  removeClient: emptyOrRefusal,
  authClient,
  createAdoptCode,
  adoptStatus,
  confirmAdopt,
  removeAdoptCode: emptyOrRefusal,
};

// ---- earnings, reliability and rank (issue 26, groups 1 and 2) -----------------------
// From reference-operators.md sections 1 and 2 (server 2c9e92b4): each struct's fields,
// `null` where a pointer is nil, omitempty ones left out when empty.

const nanoCents = z.int().nonnegative();
/** AccountPayment: the token fields `null` until submitted; `blockchain` and `tx_hash` omitempty. */
const accountPayment = z
  .strictObject({
    payment_id: uuid,
    payment_plan_id: uuid,
    wallet_id: uuid.nullable(),
    network_id: uuid,
    payout_byte_count: z.int().positive(),
    payout_nano_cents: nanoCents,
    subsidy_payout_nano_cents: nanoCents,
    // The column is not selected: always 0.
    reliability_subsidy_nano_cents: z.literal(0),
    min_sweep_time: rfc3339,
    create_time: rfc3339,
    payment_record: nonEmpty.nullable(),
    token_type: z.literal('USDC').nullable(),
    token_amount: z.number().positive().nullable(),
    payment_time: rfc3339.nullable(),
    payment_receipt: nonEmpty.nullable(),
    wallet_address: nonEmpty.nullable(),
    blockchain: nonEmpty.optional(),
    tx_hash: nonEmpty.optional(),
    completed: z.boolean(),
    complete_time: rfc3339.nullable(),
    canceled: z.boolean(),
    cancel_time: rfc3339.nullable(),
  })
  .refine(
    (p) => (p.wallet_id === null) === (p.wallet_address === null),
    'the wallet and its address together',
  )
  .refine(
    (p) => !p.completed || (p.complete_time !== null && p.tx_hash !== undefined),
    'completed: a time, a hash',
  )
  .refine(
    (p) => (p.payment_record === null) === (p.token_type === null && p.payment_time === null),
    'the token fields together, once submitted',
  );
/** `{}` without payments (the key is omitempty), else a list newest first. */
const accountPayments = z.union([
  z.strictObject({}),
  z
    .strictObject({ account_payments: z.array(accountPayment).min(1) })
    .refine(
      ({ account_payments: rows }) =>
        rows.every((p, k) => k === 0 || rows[k - 1].create_time >= p.create_time),
      'newest first',
    ),
]);
const transferStats = z.strictObject({
  paid_bytes_provided: z.int().nonnegative(),
  unpaid_bytes_provided: z.int().nonnegative(),
});
const accountPoint = z.strictObject({
  account_point_id: uuid,
  network_id: uuid,
  event: nonEmpty,
  point_value: z.int(),
  payment_plan_id: uuid.optional(),
  account_payment_id: uuid.optional(),
  linked_network_id: uuid.optional(),
  create_time: rfc3339,
});
/** The same array under both keys, never null. */
const accountPoints = z
  .strictObject({ network_points: z.array(accountPoint), account_points: z.array(accountPoint) })
  .refine(
    (p) => JSON.stringify(p.network_points) === JSON.stringify(p.account_points),
    'the same array twice',
  );
const referralCode = z.strictObject({
  referral_code: z.string().regex(/^[A-Z0-9]{6}$/),
  total_referrals: z.int().nonnegative(),
});
const referralNetwork = z.union([
  z.strictObject({ network: z.strictObject({ id: uuid, name: nonEmpty }) }),
  z.strictObject({ error: z.strictObject({ message: z.literal('No referral network found') }) }),
]);
const countryMultiplier = z.strictObject({
  country_location_id: uuid,
  country: nonEmpty,
  country_code: z.string().regex(/^[a-z]{2}$/),
  reliability_multiplier: z.number().min(1),
});
/** The window: arrays of one length, bucket numbers and times 900 s apart, -1 and -900000 when empty. */
const reliabilityWindow = z
  .strictObject({
    mean_reliability_weight: z.number().nonnegative(),
    min_time_unix_milli: z.int(),
    min_bucket_number: z.int().min(-1),
    max_time_unix_milli: z.int(),
    max_bucket_number: z.int().min(-1),
    bucket_duration_seconds: z.literal(900),
    max_client_count: z.int().nonnegative(),
    max_total_client_count: z.int().nonnegative(),
    reliability_weights: z.array(z.number().nonnegative()),
    client_counts: z.array(z.int().nonnegative()),
    total_client_counts: z.array(z.int().nonnegative()),
    country_multipliers: z.array(countryMultiplier).nullable(),
  })
  .refine(
    (w) =>
      w.reliability_weights.length === w.max_bucket_number - w.min_bucket_number &&
      w.client_counts.length === w.reliability_weights.length &&
      w.total_client_counts.length === w.reliability_weights.length,
    'one entry per bucket from min to max (exclusive)',
  )
  .refine(
    (w) =>
      w.min_time_unix_milli === w.min_bucket_number * 900_000 &&
      w.max_time_unix_milli === w.max_bucket_number * 900_000,
    'times are bucket numbers x 900 s',
  );
const networkReliability = z.strictObject({ reliability_window: reliabilityWindow });
const networkRanking = z.strictObject({
  network_ranking: z.strictObject({
    net_mib_count: z.number().nonnegative(),
    leaderboard_rank: z.int().nonnegative(),
    leaderboard_public: z.boolean(),
  }),
});
/** A network that is not public keeps its place, with an empty id and name. */
const earner = z
  .strictObject({
    network_id: z.union([uuid, z.literal('')]),
    network_name: z.string(),
    net_mib_count: z.number().positive(),
    is_public: z.boolean(),
    contains_profanity: z.boolean(),
  })
  .refine(
    (e) => e.is_public || (e.network_id === '' && e.network_name === ''),
    'a private network without id and name',
  );
const leaderboard = z.strictObject({
  earners: z
    .array(earner)
    .max(100)
    .refine(
      (rows) => rows.every((e, k) => k === 0 || rows[k - 1].net_mib_count >= e.net_mib_count),
      'most first',
    ),
});

/** The earnings routes the seed era had, as today (a choice of this project). */
const EARNINGS_BOTH: Partial<Record<OperationName, z.ZodType>> = {
  accountPayments,
  transferStats,
  referralCode,
  walletBalance: z.strictObject({}),
};
/** The routes the seed era lacked. */
const EARNINGS_CURRENT: Partial<Record<OperationName, z.ZodType>> = {
  accountPoints,
  referralNetwork,
  networkReliability,
  networkRanking,
  setRankingVisibility: z.strictObject({}),
  leaderboard,
};

// ---- issue 34: the data balance, sign-up and recovery, where a caller is (server 2c9e92b4) ----

const bytes = z.int().nonnegative();
/** TransferBalance: `subsidy_net_revenue_nano_cents`, `purchase_token`, `paid`, `pro` omitempty. */
const transferBalance = z.strictObject({
  balance_id: uuid,
  network_id: uuid,
  start_time: rfc3339,
  end_time: rfc3339,
  start_balance_byte_count: bytes,
  net_revenue_nano_cents: z.int().nonnegative(),
  subsidy_net_revenue_nano_cents: z.int().positive().optional(),
  balance_byte_count: bytes,
  purchase_token: nonEmpty.optional(),
  paid: z.literal(true).optional(),
  pro: z.literal(true).optional(),
});
/** SubscriptionBalanceResult: `current_subscription`, `subscriptions`, `active_transfer_balances` omitempty. */
const subscriptionBalance = z.strictObject({
  start_balance_byte_count: bytes,
  balance_byte_count: bytes,
  open_transfer_byte_count: bytes,
  current_subscription: z
    .strictObject({ subscription_id: uuid, store: z.string(), plan: nonEmpty })
    .optional(),
  subscriptions: z
    .array(z.strictObject({ subscription_id: uuid, store: z.string(), plan: nonEmpty }))
    .min(1)
    .optional(),
  active_transfer_balances: z.array(transferBalance).min(1).optional(),
  pending_payout_usd_nano_cents: z.literal(0),
  update_time: rfc3339,
});
const balanceCodeSecret = z.string().regex(/^[A-Z2-7]{26}$/);
/** GetNetworkRedeemedBalanceCodesResult: `balance_codes` without omitempty (`null` when none). */
const balanceCodes = z.strictObject({
  balance_codes: z
    .array(
      z.strictObject({
        balance_code_id: uuid,
        balance_byte_count: bytes,
        redeem_time: rfc3339,
        end_time: rfc3339,
        secret: balanceCodeSecret,
      }),
    )
    .min(1)
    .nullable(),
});
const window = { start_time: rfc3339, end_time: rfc3339, balance_byte_count: bytes };
const checkBalanceCode = z.union([z.strictObject({ balance: z.strictObject(window) }), refusal]);
const redeemBalanceCode = z.union([
  z.strictObject({ transfer_balance: z.strictObject({ transfer_balance_id: uuid, ...window }) }),
  refusal,
]);
/** MyIpInfoResult: `location` and `privacy` always sent here; the names and `city`, `region`, `timezone` omitempty. */
const myIpInfo = z.strictObject({
  info: z.strictObject({
    ip: nonEmpty,
    location: z.strictObject({
      coordinates: z.strictObject({ lat: z.number(), lon: z.number() }),
      city: nonEmpty.optional(),
      region: nonEmpty.optional(),
      country: z.strictObject({
        code: z
          .string()
          .regex(/^[a-z]{2}$/)
          .optional(),
        name: nonEmpty.optional(),
      }),
      continent: z.strictObject({
        code: z
          .string()
          .regex(/^[a-z]{2}$/)
          .optional(),
        name: nonEmpty.optional(),
      }),
      timezone: nonEmpty.optional(),
    }),
    privacy: z.strictObject({
      vpn: z.boolean(),
      proxy: z.literal(false),
      tor: z.literal(false),
      relay: z.literal(false),
      hosting: z.boolean(),
      service: z.literal(''),
    }),
  }),
  connected_to_network: z.boolean(),
});
/** NetworkCreateResult with a user auth: the network's id and name as sent, and the verification to do. */
const networkCreate = z.union([
  z.strictObject({
    network: z.strictObject({ network_id: uuid, network_name: nonEmpty }),
    verification_required: z.strictObject({ user_auth: nonEmpty }),
  }),
  z.strictObject({
    network: z.strictObject({ by_jwt: token, network_id: uuid, network_name: nonEmpty }),
    seedphrase: nonEmpty,
  }),
]);
const userAuthResult = z.strictObject({ user_auth: nonEmpty });

/** The group's routes both eras serve (the seed era's as today's: a choice of this project). */
const USE_BOTH: Partial<Record<OperationName, z.ZodType>> = {
  subscriptionBalance,
  checkBalanceCode,
  redeemBalanceCode,
  networkCheck: z.strictObject({ available: z.boolean() }),
  networkCreate,
  authVerifySend: userAuthResult,
  authVerify: z.union([z.strictObject({ network: z.strictObject({ by_jwt: token }) }), refusal]),
  authPasswordReset: userAuthResult,
  authPasswordSet: z.strictObject({}),
  myIpInfo,
};
/**
 * GET /network/peers (server NetworkPeersResult): `peers` always, `disconnected` only when
 * some left in the last 5 minutes, each entry of it only an id and when.
 */
const peer = z.strictObject({
  client_id: uuid,
  provide_modes: z.array(z.int().min(0).max(4)).optional(),
  principal: z.string().optional(),
  roles: z.array(z.string()).optional(),
  device_name: z.string().optional(),
  device_spec: z.string().optional(),
});
const networkPeers = z.strictObject({
  peers: z.array(peer),
  disconnected: z
    .array(z.strictObject({ client_id: uuid, disconnect_time: rfc3339 }))
    .min(1)
    .optional(),
  disconnected_count: z.int().nonnegative(),
});

/** Shapes both eras share. */
const BOTH: Partial<Record<OperationName, z.ZodType>> = {
  getPayoutWallet: payoutWallet,
  setPayoutWallet: z.strictObject({}),
  accountWallets: z.strictObject({ wallets: z.array(accountWallet) }),
  createWallet: z.strictObject({ wallet_id: uuid }),
  removeWallet: z.strictObject({ success: z.boolean() }),
  deviceAssociations: associations,
  addDevice: addResult,
  createShareCode: shareCode,
  shareStatus,
  confirmShare,
  removeAssociation: emptyOrRefusal,
  setAssociationName: emptyOrRefusal,
  networkClients,
  authLogin,
  authLoginWithPassword: passwordLogin,
  authCodeCreate: codeCreate,
  authCodeLogin: tokenResult,
  ...FLEET_BOTH,
  ...USE_BOTH,
};

/**
 * The routes whose every answer a strict shape covers here (the statistics routes of the
 * last n hours are checked against the contract's lenient schemas only).
 */
export const STRICT_SHAPES: Record<Era, Partial<Record<OperationName, z.ZodType>>> = {
  current: {
    ...BOTH,
    setDeviceName: emptyOrRefusal,
    authRefresh: tokenResult,
    sendFeedback: z.strictObject({ feedback_id: uuid }),
    providerLocations: currentLocationResult,
    findProviderLocations: currentLocationResult,
    findProviders: z.strictObject({ providers: z.array(currentProvider) }),
    networkStats: currentStats,
    providerStats: currentProviderStats,
    ...LAST_N_SHAPES,
    ...OPERATOR_BOTH,
    ...OPERATOR_CURRENT,
    removeClients,
    ...EARNINGS_BOTH,
    ...EARNINGS_CURRENT,
    balanceCodes,
    networkPeers,
  },
  seed: {
    ...BOTH,
    sendFeedback: z.strictObject({}),
    findLocations: seedLocationResult,
    providerLocations: seedLocationResult,
    findProviderLocations: seedLocationResult,
    findProviders: z.strictObject({ providers: z.array(seedProvider) }),
    networkStats: seedStats,
    providerStats: seedProviderStats,
    ...LAST_N_SHAPES,
    ...OPERATOR_BOTH,
    ...EARNINGS_BOTH,
  },
};
