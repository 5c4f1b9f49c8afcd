// Zod schemas for every resource of the service interface (spec/service-interface.md)
// plus the fields the real service adds (spec/reference-behaviour.md).
//
// Two flavours:
// - request schemas are strict about types (the simulator reports the first bad path)
//   and strip unknown fields (the real server ignores them);
// - response schemas are lenient: every field optional or `null` (`readAs` reads null as absent),
//   unknown fields kept. Wrong types are still rejected, with their path.
import * as z from 'zod';

/**
 * An optional response field: absent or `null` (the OpenAPI document says both). Readers
 * drop the nulls first (`withoutNulls`), so parsed responses have `undefined` instead
 * (their types: `NullsAbsent`). A zod transform did that per field at three times the
 * parse time and allocation (45 MB for a 10 000-location answer).
 */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

/** Deletes, in place and at any depth, every object property whose value is `null`. */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && typeof item === 'object') withoutNulls(item);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const field = record[key];
      if (field === null) delete record[key];
      else if (typeof field === 'object') withoutNulls(field);
    }
  }
  return value;
}

/** A schema's output once `withoutNulls` has run on its input: no field is `null`. */
export type NullsAbsent<T> = T extends null
  ? undefined
  : T extends readonly (infer Item)[]
    ? NullsAbsent<Item>[]
    : T extends object
      ? { [K in keyof T]: NullsAbsent<T[K]> }
      : T;
/** The parsed form of a response schema. */
export type Read<S extends z.ZodType> = NullsAbsent<z.output<S>>;

/**
 * Stops a list (or an object) at its first bad item: only the first issue is ever shown,
 * and a list of a million values of the wrong type took seconds and gigabytes to report
 * a million of them. zod's own `validate` parses this way (maps still check every member:
 * src/api/answer-shape.ts bounds them).
 */
const FIRST_ISSUE: z.core.ParseContextInternal<z.core.$ZodIssue> = { abortEarly: true };

/** Parses what the service sent (JSON, claims): nulls dropped first, then `schema`, to its first issue. */
export function readAs<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<Read<S>> {
  return schema.safeParse(withoutNulls(value), FIRST_ISSUE) as z.ZodSafeParseResult<Read<S>>;
}

// One instance per kind of optional field, shared by every shape (zod schemas are
// immutable): five objects per field made building the contract ~8 ms of start-up.
const optString = opt(z.string());
const optNumber = opt(z.number());
const optInt = opt(z.int());
const optBoolean = opt(z.boolean());

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A udid: UUID form, 36 chars, lowercase hex with dashes. */
export const Udid = z.string().regex(UUID_PATTERN, 'must be a UUID (36 lowercase hex chars with dashes)');
/**
 * A udid as the service reads one in a request: hex in either case, and the four dash
 * positions not checked, any ASCII byte (reference behaviour, "Identifiers"). Read as lowercase with dashes.
 */
export const LAX_UUID_PATTERN =
  /^[0-9a-fA-F]{8}[\x00-\x7f][0-9a-fA-F]{4}[\x00-\x7f][0-9a-fA-F]{4}[\x00-\x7f][0-9a-fA-F]{4}[\x00-\x7f][0-9a-fA-F]{12}$/;
const RequestUdid = z
  .string()
  .regex(LAX_UUID_PATTERN, 'must be a UUID (36 hex chars with dashes)')
  .transform((id) =>
    [id.slice(0, 8), id.slice(9, 13), id.slice(14, 18), id.slice(19, 23), id.slice(24)]
      .join('-')
      .toLowerCase(),
  );
/** The id the Go server sends for an unset non-pointer id (never omitted). */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export const LOCATION_TYPES = ['city', 'region', 'country'] as const;
const LocationType = z.enum(LOCATION_TYPES);
const CODE_TYPES = ['adopt', 'share'] as const;
const CodeType = z.enum(CODE_TYPES);
/** provide_mode values of the real service. */
const PROVIDE_MODES: Record<number, string> = {
  [-1]: 'default',
  0: 'none',
  1: 'network',
  2: 'friends & family',
  3: 'public',
  4: 'stream',
};
export const PROVIDE_MODE_PUBLIC = 3;
/** How a provide mode the service did not send reads (today's /stats/providers has none). */
const PROVIDE_MODE_UNKNOWN = 'unknown';

/** The name of a provide mode, `unknown` when absent or no whole number (never read as 0, "none"). */
export function provideModeName(mode: number | undefined): string {
  if (mode === undefined || !Number.isSafeInteger(mode)) return PROVIDE_MODE_UNKNOWN;
  return PROVIDE_MODES[mode] ?? `mode ${mode}`;
}

// ---- discovery ------------------------------------------------------------

// `null` for an optional id of a spec means absent (reference behaviour, "Identifiers").
const locationSpecFields = {
  location_id: RequestUdid.nullish(),
  location_group_id: RequestUdid.nullish(),
  client_id: RequestUdid.nullish(),
  best_available: z.boolean().optional(),
};
/** A location spec as sent in find-providers2 `specs`. */
export const LocationSpecInput = z.object(locationSpecFields);
const LocationSpec = z.looseObject({
  location_id: optString,
  location_group_id: optString,
  client_id: optString,
  best_available: optBoolean,
});

export const LocationGroup = z.looseObject({
  location_group_id: optString,
  name: optString,
  provider_count: optInt,
  promoted: optBoolean,
  match_distance: optNumber,
});

export const Location = z.looseObject({
  location_id: optString,
  location_type: opt(z.union([LocationType, z.string()])),
  name: optString,
  city: optString,
  city_location_id: optString,
  region: optString,
  region_location_id: optString,
  country: optString,
  country_location_id: optString,
  country_code: optString,
  provider_count: optInt,
  match_distance: optNumber,
  /** current era: the location's provider pool is reliable (always sent there) */
  stable: optBoolean,
  /** current era: the location or a parent is in the "Strong Privacy Laws" group */
  strong_privacy: optBoolean,
});

const DeviceSummary = z.looseObject({
  client_id: optString,
  device_name: optString,
});

export const LocationResult = z.looseObject({
  specs: opt(z.array(LocationSpec)),
  groups: opt(z.array(LocationGroup)),
  locations: opt(z.array(Location)),
  devices: opt(z.array(DeviceSummary)),
  /** current era: counts over `locations` (0 when not computed) */
  country_count: optInt,
  region_count: optInt,
  city_count: optInt,
  stable_count: optInt,
  strong_privacy_count: optInt,
});

/** Seed era only: the current service answers 404. */
export const FindLocationsRequest = z.object({
  query: z.string().optional(),
  max_distance_fraction: z.number().min(0).max(1).optional(),
  enable_max_distance_fraction: z.boolean().optional(),
});

/** `quality` (the default, also `""`) or `speed`; the service accepts any string. */
export const RANK_MODES = ['quality', 'speed'] as const;
export type RankMode = (typeof RANK_MODES)[number];

/** Both eras; the current service ignores the distance fields (a fixed distance of 2). */
export const FindProviderLocationsRequest = z.object({
  query: z.string().optional(),
  rank_mode: z.string().optional(),
  max_distance_fraction: z.number().optional(),
  enable_max_distance_fraction: z.boolean().optional(),
});

// ---- provider sampling ----------------------------------------------------

export const FindProvidersRequest = z.object({
  specs: z.array(LocationSpecInput).nullish(),
  /** current era: raised to at least 20 unless `force_count` */
  count: z.int().optional(),
  exclude_client_ids: z.array(RequestUdid).nullish(),
  /** Multi-hop paths `[intermediary..., destination]`. */
  exclude_destinations: z.array(z.array(RequestUdid)).nullish(),
  /** current era: `quality` (default) or `speed`; any string is accepted */
  rank_mode: z.string().optional(),
  /** current era: `count` is what is returned, not raised to 20 */
  force_count: z.boolean().optional(),
  /** current era: include providers below the minimum-performance gate */
  force_minimum: z.boolean().optional(),
});

/** A WGS84 point; absence is an absent object, never (0, 0). */
export const Coordinates = z.looseObject({ lat: optNumber, lon: optNumber });

export const ProviderLocation = z.looseObject({
  country: optString,
  country_code: optString,
  region: optString,
  city: optString,
  country_location_id: optString,
  region_location_id: optString,
  city_location_id: optString,
  region_coordinates: opt(Coordinates),
  city_coordinates: opt(Coordinates),
});

export const Provider = z.looseObject({
  client_id: optString,
  /** bytes per second */
  estimated_bytes_per_second: optNumber,
  has_estimated_bytes_per_second: optBoolean,
  /** 0 is the best tier */
  tier: optInt,
  intermediary_ids: opt(z.array(z.string())),
  location: opt(ProviderLocation),
});

export const FindProvidersResult = z.looseObject({
  providers: opt(z.array(Provider)),
});

// ---- account --------------------------------------------------------------

export const PayoutWallet = z.looseObject({
  wallet_id: optString,
});
export const SetPayoutWalletRequest = z.object({
  wallet_id: RequestUdid.optional(),
});
export const EmptyResult = z.looseObject({});

export const BLOCKCHAINS = ['SOL', 'MATIC', 'ETHEREUM', 'TAO'] as const;
/** What POST /account/wallet accepts as `blockchain` (any case), and the chain it means. */
export const BLOCKCHAIN_ALIASES: Record<string, (typeof BLOCKCHAINS)[number]> = {
  SOL: 'SOL',
  SOLANA: 'SOL',
  MATIC: 'MATIC',
  POLY: 'MATIC',
  POLYGON: 'MATIC',
  ETH: 'ETHEREUM',
  ETHEREUM: 'ETHEREUM',
  TAO: 'TAO',
  BITTENSOR: 'TAO',
};

export const AccountWallet = z.looseObject({
  wallet_id: optString,
  circle_wallet_id: optString,
  network_id: optString,
  /** `external` or `circle_uc` */
  wallet_type: optString,
  /** `SOL`, `MATIC`, `ETHEREUM`, `TAO` */
  blockchain: optString,
  wallet_address: optString,
  active: optBoolean,
  default_token_type: optString,
  create_time: optString,
  has_seeker_token: optBoolean,
});
export const AccountWallets = z.looseObject({ wallets: opt(z.array(AccountWallet)) });

export const CreateWalletRequest = z.object({
  /** Read (a malformed id is a 400), then ignored: the wallet is the caller network's. */
  network_id: RequestUdid.optional(),
  blockchain: z.string().optional(),
  wallet_address: z.string().optional(),
  default_token_type: z.string().optional(),
});
export const CreateWalletResult = z.looseObject({ wallet_id: optString });

export const RemoveWalletRequest = z.object({ wallet_id: z.string().optional() });
export const RemoveWalletResult = z.looseObject({
  success: optBoolean,
  error: opt(z.looseObject({ message: optString })),
});

// ---- device associations --------------------------------------------------

const PendingAdoptionDevice = z.looseObject({
  code: optString,
  device_name: optString,
  /** minutes left until the device confirms or the code expires (a float) */
  duration_minutes: optNumber,
  pending: optBoolean,
  client_id: optString,
  network_name: optString,
});

export const SharedDevice = z.looseObject({
  pending: optBoolean,
  code: optString,
  device_name: optString,
  client_id: optString,
  network_name: optString,
  duration_minutes: optNumber,
});

export const DeviceAssociations = z.looseObject({
  pending_adoption_devices: opt(z.array(PendingAdoptionDevice)),
  incoming_shared_devices: opt(z.array(SharedDevice)),
  outgoing_shared_devices: opt(z.array(SharedDevice)),
});

const BusinessError = z.looseObject({ message: optString });

export const AddDeviceRequest = z.object({ code: z.string().optional() });
export const AddDeviceResult = z.looseObject({
  code_type: opt(z.union([CodeType, z.string()])),
  code: optString,
  device_name: optString,
  associated_network_name: optString,
  client_id: optString,
  duration_minutes: optNumber,
  error: opt(BusinessError),
});

export const CreateShareCodeRequest = z.object({
  client_id: RequestUdid.optional(),
  device_name: z.string().optional(),
});
export const CreateShareCodeResult = z.looseObject({
  share_code: optString,
  error: opt(BusinessError),
});

export const ShareStatusRequest = z.object({ share_code: z.string().optional() });
export const ShareStatusResult = z.looseObject({
  pending: optBoolean,
  associated_network_name: optString,
  error: opt(BusinessError),
});

export const ConfirmShareRequest = z.object({
  share_code: z.string().optional(),
  associated_network_name: z.string().optional(),
});
export const ConfirmShareResult = z.looseObject({
  associated_network_name: optString,
  error: opt(BusinessError),
});

export const RemoveAssociationRequest = z.object({ code: z.string().optional() });
export const SetAssociationNameRequest = z.object({
  code: z.string().optional(),
  device_name: z.string().optional(),
});
/** `{}` on success, else `{error: {message}}` (remove-association, set-association-name, set-name). */
export const ErrorOnlyResult = z.looseObject({ error: opt(BusinessError) });

/** current era only: a device id (`device_id` of GET /network/clients), not a client id. */
export const SetDeviceNameRequest = z.object({
  device_id: RequestUdid.optional(),
  device_name: z.string().optional(),
});

// ---- the network's clients ------------------------------------------------

/**
 * A WireGuard configuration of a proxy (server: model/network_client_proxy_model.go
 * WgConfig): real X25519 keys in standard base64, and `config` a wg-quick file.
 */
export const WgConfig = z.looseObject({
  wg_proxy_port: optInt,
  client_private_key: optString,
  client_public_key: optString,
  proxy_public_key: optString,
  client_ipv4: optString,
  /** `[Interface]` ... `[Peer]` ..., no trailing newline */
  config: optString,
});

/**
 * A hosted proxy (server: model/network_client_proxy_model.go ProxyClient). No field but
 * `change_id` is omitempty: the URLs and ports are `""` and 0 when not issued (SOCKS off
 * for the plan), `wg_config` is `null` without WireGuard. The URLs carry no credentials
 * but the HTTPS one, whose first host label is `auth_token` lower-cased.
 */
export const ProxyClient = z.looseObject({
  /** the proxy_client_change row; in auth-client's answer only */
  change_id: optNumber,
  create_time: optString,
  proxy_id: optString,
  client_id: optString,
  instance_id: optString,
  /** `socks5h://HOST:PORT`, `""` when the plan has no SOCKS */
  socks_proxy_url: optString,
  /** `http://HOST:PORT` */
  http_proxy_url: optString,
  /** `https://<auth_token lower-cased>.HOST:PORT`, or `https://HOST:PORT` with `https_require_auth` */
  https_proxy_url: optString,
  api_base_url: optString,
  /**
   * The signed proxy id: what the proxies take (Basic user name, Bearer, SOCKS5 user name;
   * any case). 58 characters of base32hex. Not the client's `by_client_jwt`.
   */
  auth_token: optString,
  proxy_host: optString,
  block: optString,
  http_proxy_port: optInt,
  https_proxy_port: optInt,
  socks_proxy_port: optInt,
  api_port: optInt,
  wg_config: opt(WgConfig),
});

const ClientConnection = z.looseObject({
  client_id: optString,
  connection_id: optString,
  connect_time: optString,
  disconnect_time: optString,
  connection_host: optString,
  connection_service: optString,
  connection_block: optString,
});

export const NetworkClient = z.looseObject({
  client_id: optString,
  source_client_id: optString,
  device_id: optString,
  /** always the zero UUID from the real service (the query does not read it) */
  network_id: optString,
  description: optString,
  device_name: optString,
  device_spec: optString,
  create_time: optString,
  auth_time: optString,
  roles: opt(z.array(z.string())),
  principal: optString,
  /** 3 (public) or absent on the real service */
  provide_mode: optNumber,
  /** a proxy client's proxy (issue 34), as stored: the token and the WireGuard private key unmasked */
  proxy_client: opt(ProxyClient),
  resident: opt(z.looseObject({})),
  connections: opt(z.array(ClientConnection)),
});
/** `clients: null` for an empty network (Go's nil slice): read as none. */
export const NetworkClients = z.looseObject({ clients: opt(z.array(NetworkClient)) });

// ---- authentication ---------------------------------------------------------

const AuthError = z.looseObject({
  message: optString,
  auth_code_limit_exceeded: optBoolean,
  suggested_user_auth: optString,
});

/** A signed wallet message: a login's, and a sign-up's with a wallet. */
const WalletAuthInput = z.object({
  wallet_address: z.string().optional(),
  wallet_signature: z.string().optional(),
  wallet_message: z.string().optional(),
  blockchain: z.string().optional(),
  wallet_nonce: z.string().optional(),
});

export const AuthLoginRequest = z.object({
  user_auth: z.string().optional(),
  auth_jwt_type: z.string().optional(),
  auth_jwt: z.string().optional(),
  wallet_auth: WalletAuthInput.optional(),
  seedphrase: z.string().optional(),
});
const NetworkLogin = z.looseObject({ by_jwt: optString, name: optString });
export const AuthLoginResult = z.looseObject({
  user_name: optString,
  user_auth: optString,
  auth_allowed: opt(z.array(z.string())),
  network: opt(NetworkLogin),
  verification_required: opt(z.looseObject({ user_auth: optString })),
  error: opt(AuthError),
});

export const AuthLoginWithPasswordRequest = z.object({
  user_auth: z.string().optional(),
  password: z.string().optional(),
  verify_otp_numeric: z.boolean().optional(),
});
export const AuthLoginWithPasswordResult = z.looseObject({
  network: opt(NetworkLogin),
  verification_required: opt(z.looseObject({ user_auth: optString })),
  error: opt(AuthError),
});

export const AuthCodeCreateRequest = z.object({
  duration_minutes: z.number().optional(),
  uses: z.int().optional(),
  roles: z.array(z.string()).optional(),
  principal: z.string().optional(),
});
export const AuthCodeCreateResult = z.looseObject({
  auth_code: optString,
  duration_minutes: optNumber,
  uses: optInt,
  error: opt(AuthError),
});

export const AuthCodeLoginRequest = z.object({ auth_code: z.string().optional() });
/** code-login and refresh: a token, or `{error: {message}}`. */
export const TokenResult = z.looseObject({ by_jwt: optString, error: opt(AuthError) });

// ---- feedback ---------------------------------------------------------------

export const FEEDBACK_USES = ['personal', 'business'] as const;
export const FEEDBACK_NEEDS = [
  'private',
  'safe',
  'global',
  'collaborate',
  'app_control',
  'block_data_brokers',
  'block_ads',
  'focus',
  'connect_servers',
  'run_servers',
  'prevent_cyber',
  'audit',
  'zero_trust',
  'visualize',
] as const;
export type FeedbackUse = (typeof FEEDBACK_USES)[number];
export type FeedbackNeed = (typeof FEEDBACK_NEEDS)[number];

const flags = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, z.boolean().optional()])) as Record<
    K,
    z.ZodOptional<z.ZodBoolean>
  >;

export const FeedbackRequest = z.object({
  uses: z.object(flags(FEEDBACK_USES)).optional(),
  needs: z.object({ ...flags(FEEDBACK_NEEDS), other: z.string().optional() }).optional(),
  /** current era: any integer is stored */
  star_count: z.int().optional(),
});
export const FeedbackResult = z.looseObject({ feedback_id: optString });

// ---- statistics -----------------------------------------------------------

const ConnectedEvent = z.looseObject({
  event_time: optString,
  connected: optBoolean,
});

export const ProviderStats = z.looseObject({
  client_id: optString,
  connected: optBoolean,
  connected_events_last_24h: opt(z.array(ConnectedEvent)),
  /** hours of the connections open now, each from max(connect, 24 h ago): not bounded by 24 */
  uptime_last_24h: optNumber,
  /** GiB */
  transfer_data_last_24h: optNumber,
  /** USD (the service's unit; what it pays out is USDC) */
  payout_last_24h: optNumber,
  search_interest_last_24h: optNumber,
  contracts_last_24h: optNumber,
  clients_last_24h: optNumber,
  /** seed era only; today in GET /network/clients */
  provide_mode: optNumber,
});

export const ProvidersStats = z.looseObject({
  created_time: optString,
  providers: opt(z.array(ProviderStats)),
});

/** The longest window (hours) the *-last-n routes serve. */
export const MAX_LAST_N_HOURS = 8784;

/** Hours of history (`last_n`); the service clamps it to [1, MAX_LAST_N_HOURS] and reads <= 0 as 24. */
export const ProvidersLastNRequest = z.object({ last_n: z.number().optional() });

/** A map keyed by UTC day `yyyy-mm-dd` (or hour `yyyy-mm-dd-hh` for `uptime` of one provider). */
const NumberByKey = z.record(z.string(), z.number());

export const ProviderLastNRequest = z.object({
  client_id: RequestUdid.optional(),
  last_n: z.number().optional(),
  /** days; a legacy fallback when `last_n` is absent */
  lookback: z.int().optional(),
});
export const ProviderLastN = z.looseObject({
  lookback: optInt,
  created_time: optString,
  /** `yyyy-mm-dd-hh` -> minutes of the connections open now in that UTC hour (only hours with some) */
  uptime: opt(NumberByKey),
  /** day -> GiB */
  transfer_data: opt(NumberByKey),
  /** day -> USD */
  payout: opt(NumberByKey),
  search_interest: opt(NumberByKey),
  contracts: opt(NumberByKey),
  clients: opt(NumberByKey),
  client_details: opt(z.array(z.looseObject({ client_id: optString, transfer_data: opt(NumberByKey) }))),
});

export const ProvidersOverviewLastNRequest = z.object({
  last_n: z.number().optional(),
  lookback: z.int().optional(),
});
export const ProvidersOverviewLastN = z.looseObject({
  lookback: optInt,
  created_time: optString,
  /** day -> hours of the connections open now, averaged over the providers */
  uptime: opt(NumberByKey),
  transfer_data: opt(NumberByKey),
  payout: opt(NumberByKey),
  search_interest: opt(NumberByKey),
  contracts: opt(NumberByKey),
  clients: opt(NumberByKey),
});

export const NETWORK_SUMMARY_FIELDS = [
  'all_transfer_summary',
  'all_transfer_summary_rate',
  'all_packets_summary',
  'all_packets_summary_rate',
  'providers_summary',
  'providers_summary_superspeed',
  'countries_summary',
  'regions_summary',
  'cities_summary',
  'extender_transfer_summary',
  'extender_transfer_summary_rate',
  'extenders_summary',
  'extenders_summary_superspeed',
  'networks_summary',
  'devices_summary',
] as const;
export const NETWORK_SERIES_FIELDS = [
  'all_transfer_data',
  'all_packets_data',
  'providers_data',
  'providers_superspeed_data',
  'countries_data',
  'regions_data',
  'cities_data',
  'extender_transfer_data',
  'extenders_data',
  'extenders_superspeed_data',
  'networks_data',
  'devices_data',
] as const;
export type NetworkSummaryField = (typeof NETWORK_SUMMARY_FIELDS)[number];
export type NetworkSeriesField = (typeof NETWORK_SERIES_FIELDS)[number];
/** A figure of /stats/last-90: a summary or a daily series. */
export type NetworkField = NetworkSummaryField | NetworkSeriesField;

/**
 * A daily series: `YYYY-MM-DD` (UTC) -> a whole number. Read as any number: the service's
 * are Go int64s, and a day's transfer in bytes can pass 2^53 (9 PB) on a big network.
 */
const DailySeries = z.record(z.string(), z.number());

/**
 * What the 90-day fields mean. Current era: `all_transfer_data` bytes per day,
 * `all_transfer_summary` MiB, `all_transfer_summary_rate` Mibit/s (a day's average), every
 * `*_summary` the maximum of the last 3 days; the packet, extender and superspeed fields
 * are gone. Seed era: all fields, `all_transfer_summary_rate` packets/s.
 */
export const NETWORK_CURRENT_FIELDS: readonly NetworkField[] = [
  'all_transfer_data',
  'all_transfer_summary',
  'all_transfer_summary_rate',
  'providers_data',
  'providers_summary',
  'countries_data',
  'countries_summary',
  'regions_data',
  'regions_summary',
  'cities_data',
  'cities_summary',
  'networks_data',
  'networks_summary',
  'devices_data',
  'devices_summary',
];

export const NetworkStats = z.looseObject({
  lookback: optInt,
  /** Unix epoch milliseconds */
  created_time: optInt,
  ...(Object.fromEntries(NETWORK_SUMMARY_FIELDS.map((key) => [key, optNumber])) as Record<
    NetworkSummaryField,
    ReturnType<typeof opt<z.ZodNumber>>
  >),
  ...(Object.fromEntries(NETWORK_SERIES_FIELDS.map((key) => [key, opt(DailySeries)])) as Record<
    NetworkSeriesField,
    ReturnType<typeof opt<typeof DailySeries>>
  >),
});

// ---- issue 26, groups 4, 5, 7 and the network user: blocked countries, API keys, older routes ----

/** GET /network/user: the token's user (an API key's: the network's admin user). */
export const NetworkUser = z.looseObject({
  user_id: optString,
  /** legacy column: the e-mail or phone of a password user */
  user_auth: optString,
  verified: optBoolean,
  /** `password`, `apple`, `google`, `solana`, `seedphrase`, `guest`, `bringyour` */
  auth_type: optString,
  network_name: optString,
  wallet_address: optString,
  user_auths: opt(z.array(z.looseObject({ user_auth: optString, auth_type: optString }))),
  sso_auths: opt(
    z.array(
      z.looseObject({ user_id: optString, auth_type: optString, auth_jwt: optString, user_auth: optString }),
    ),
  ),
  wallet_auths: opt(
    z.array(z.looseObject({ user_id: optString, wallet_address: optString, blockchain: optString })),
  ),
  seedphrase_auths: opt(z.array(z.looseObject({ create_time: optString }))),
  /** the user-auth types, then the SSO ones, `solana`, `seedphrase`; null when none */
  auth_types: opt(z.array(z.string())),
});
export const NetworkUserResult = z.looseObject({ network_user: opt(NetworkUser), error: opt(BusinessError) });

/** The service checks the trimmed name lowercased with spaces as dashes, and stores it trimmed only. */
export const UpdateNetworkNameRequest = z.object({ network_name: z.string().optional() });

/** A blocked location: only a country's has an effect (the service never matches regions or cities). */
export const BlockedLocation = z.looseObject({
  location_id: optString,
  location_name: optString,
  location_type: opt(z.union([LocationType, z.string()])),
  country_code: optString,
});
/** `blocked_locations: null` when none (Go's nil slice): read as none. */
export const BlockedLocations = z.looseObject({
  blocked_locations: opt(z.array(BlockedLocation)),
  error: opt(BusinessError),
});
/** block-location and unblock-location; absent is the zero id. */
export const LocationIdRequest = z.object({ location_id: RequestUdid.optional() });

/** An API key: `urn_` and the unpadded base32hex of 32 bytes, 56 characters in all. */
export const API_KEY_PREFIX = 'urn_';
export const API_KEY_LENGTH = 56;
/** An API key's name: not checked by the service, at most 128 characters (the column's). */
export const MAX_API_KEY_NAME = 128;
export const CreateApiKeyRequest = z.object({ name: z.string().optional() });
/** The key itself (`urn_…`) is in this answer only: the service keeps its SHA-256. */
export const CreateApiKeyResult = z.looseObject({
  id: optString,
  api_key: optString,
  name: optString,
  error: opt(BusinessError),
});
export const ApiKey = z.looseObject({ id: optString, name: optString, create_time: optString });
/** `api_keys: null` when none: read as none. */
export const ApiKeys = z.looseObject({ api_keys: opt(z.array(ApiKey)), error: opt(BusinessError) });
export const RemoveApiKeyRequest = z.object({ id: RequestUdid.nullish() });

/** GET /stats/providers-map: country code -> region name -> providers there and a centroid. */
const RegionProviders = z.looseObject({ provider_count: optInt, lat: optNumber, lon: optNumber });
export const ProvidersMap = z.record(z.string(), z.record(z.string(), RegionProviders));

// ---- earnings, reliability and rank (issue 26, groups 1 and 2) -----------------
// reference-operators.md sections 1 and 2. Money in nano cents (1e-9 USD, whatever the
// name says), points in nano points (1 point = 1e6), byte counts in bytes.

/** One payment of the network: planned, submitted to Circle, sent (a tx hash), completed. */
export const AccountPayment = z.looseObject({
  payment_id: optString,
  payment_plan_id: optString,
  /** `null` when the network had no valid payout wallet when the plan ran */
  wallet_id: optString,
  network_id: optString,
  payout_byte_count: optNumber,
  /** 1e-9 USD: net revenue + transfer subsidy + reliability subsidy */
  payout_nano_cents: optNumber,
  subsidy_payout_nano_cents: optNumber,
  /** always 0 from the real service (the column is not read) */
  reliability_subsidy_nano_cents: optNumber,
  min_sweep_time: optString,
  create_time: optString,
  /** Circle's transfer id, once submitted */
  payment_record: optString,
  token_type: optString,
  /** USD actually sent (the payout less a $0.01 fee) */
  token_amount: optNumber,
  payment_time: optString,
  /** Circle's transaction as a JSON text */
  payment_receipt: optString,
  wallet_address: optString,
  blockchain: optString,
  tx_hash: optString,
  completed: optBoolean,
  complete_time: optString,
  canceled: optBoolean,
  cancel_time: optString,
});
/** `{}` for a network without payments (the key is omitempty). Newest first. */
export const AccountPayments = z.looseObject({
  account_payments: opt(z.array(AccountPayment)),
  error: opt(BusinessError),
});

/** Bytes the network's providers carried: paid (in completed payments) and not yet. */
export const TransferStats = z.looseObject({
  paid_bytes_provided: optNumber,
  unpaid_bytes_provided: optNumber,
});

export const AccountPoint = z.looseObject({
  account_point_id: optString,
  network_id: optString,
  /** `payout`, `payout_reliability`, `payout_multiplier`, `payout_linked_account`, ... */
  event: optString,
  /** nano points (1 point = 1 000 000) */
  point_value: optNumber,
  payment_plan_id: optString,
  account_payment_id: optString,
  linked_network_id: optString,
  create_time: optString,
});
/** The same array under both keys (`account_points` is the deprecated name). */
export const AccountPoints = z.looseObject({
  network_points: opt(z.array(AccountPoint)),
  account_points: opt(z.array(AccountPoint)),
});

export const ReferralCode = z.looseObject({
  referral_code: optString,
  total_referrals: optInt,
});
/** The network that referred the caller, or `{error: {message}}` when none did. */
export const ReferralNetwork = z.looseObject({
  network: opt(z.looseObject({ id: optString, name: optString })),
  error: opt(BusinessError),
});

/** The in-app (Circle user-controlled) wallet: `{}` when there is none. */
export const WalletBalance = z.looseObject({
  wallet_info: opt(
    z.looseObject({
      wallet_id: optString,
      token_id: optString,
      blockchain: optString,
      blockchain_symbol: optString,
      create_date: optString,
      balance_usdc_nano_cents: optNumber,
      address: optString,
    }),
  ),
});

export const CountryMultiplier = z.looseObject({
  country_location_id: optString,
  country: optString,
  country_code: optString,
  reliability_multiplier: optNumber,
});
/**
 * 15-minute buckets (bucket n starts n x 900 s after the epoch) from the oldest stored up
 * to, excluding, the newest: the arrays are indexed by bucket - min_bucket_number.
 */
export const ReliabilityWindow = z.looseObject({
  mean_reliability_weight: optNumber,
  min_time_unix_milli: optNumber,
  min_bucket_number: optNumber,
  max_time_unix_milli: optNumber,
  /** exclusive */
  max_bucket_number: optNumber,
  bucket_duration_seconds: optNumber,
  max_client_count: optNumber,
  max_total_client_count: optNumber,
  reliability_weights: opt(z.array(z.number())),
  client_counts: opt(z.array(z.number())),
  total_client_counts: opt(z.array(z.number())),
  country_multipliers: opt(z.array(CountryMultiplier)),
});
export const NetworkReliability = z.looseObject({
  reliability_window: opt(ReliabilityWindow),
  error: opt(BusinessError),
});

/** Rank 0: no payment in the last 4 payout epochs. May lag a visibility change by 5 minutes. */
export const NetworkRanking = z.looseObject({
  network_ranking: opt(
    z.looseObject({
      /** MiB of the last 4 payout epochs' payments */
      net_mib_count: optNumber,
      leaderboard_rank: optInt,
      leaderboard_public: optBoolean,
    }),
  ),
  error: opt(BusinessError),
});
// ---- issue 35, item 5: the network's live peers (server: model/peer_model.go) ----------

/**
 * A connected top-level client of the network (any device, not only providers), or a
 * disconnect marker (only `client_id` and `disconnect_time`, kept 5 minutes).
 */
export const NetworkPeer = z.looseObject({
  client_id: optString,
  /** sorted; 0 none, 1 network, 2 friends and family, 3 public, 4 stream */
  provide_modes: opt(z.array(z.number())),
  principal: optString,
  roles: opt(z.array(z.string())),
  device_name: optString,
  device_spec: optString,
  /** RFC 3339: set on the entries of `disconnected` only */
  disconnect_time: optString,
});
/**
 * `peers` always sent (`[]` when none, `null` with the "Not allowed." error of a client
 * token that is not a top-level client); `disconnected` only when there are some. A
 * network of more than 100 clients, or a deployment with the registry off, answers no
 * peers at all: an empty list never means that everything is down.
 */
export const NetworkPeers = z.looseObject({
  peers: opt(z.array(NetworkPeer)),
  disconnected: opt(z.array(NetworkPeer)),
  disconnected_count: optInt,
  error: opt(BusinessError),
});

export const RankingVisibilityRequest = z.object({ is_public: z.boolean().optional() });

/** The argument has no fields; the service reads none. */
export const LeaderboardRequest = z.object({});
/** A network that is not public keeps its place with an empty id and name. */
export const Earner = z.looseObject({
  network_id: optString,
  network_name: optString,
  net_mib_count: optNumber,
  is_public: optBoolean,
  contains_profanity: optBoolean,
});
export const Leaderboard = z.looseObject({
  earners: opt(z.array(Earner)),
  error: opt(BusinessError),
});

// ---- token ------------------------------------------------------------------

/** Claims of the service's JWT (RS512 on the real service). */
export const TokenClaims = z.looseObject({
  network_id: optString,
  network_name: optString,
  user_id: optString,
  create_time: optString,
  /** present on client tokens only */
  client_id: optString,
  device_id: optString,
  pro: optBoolean,
  roles: opt(z.array(z.string())),
  principal: optString,
  guest_mode: optBoolean,
  exp: optNumber,
  nbf: optNumber,
  iat: optNumber,
  jti: optString,
  iss: optString,
  aud: opt(z.union([z.string(), z.array(z.string())])),
  sub: optString,
});

// ---- inferred types -------------------------------------------------------

export type LocationSpecInput = z.input<typeof LocationSpecInput>;
export type LocationSpec = Read<typeof LocationSpec>;
export type LocationGroup = Read<typeof LocationGroup>;
export type Location = Read<typeof Location>;
export type DeviceSummary = Read<typeof DeviceSummary>;
export type LocationResult = Read<typeof LocationResult>;
export type FindLocationsRequest = z.input<typeof FindLocationsRequest>;
export type FindProvidersRequest = z.input<typeof FindProvidersRequest>;
export type Provider = Read<typeof Provider>;
export type FindProvidersResult = Read<typeof FindProvidersResult>;
export type PayoutWallet = Read<typeof PayoutWallet>;
export type SetPayoutWalletRequest = z.input<typeof SetPayoutWalletRequest>;
export type PendingAdoptionDevice = Read<typeof PendingAdoptionDevice>;
export type SharedDevice = Read<typeof SharedDevice>;
export type DeviceAssociations = Read<typeof DeviceAssociations>;
export type AddDeviceRequest = z.input<typeof AddDeviceRequest>;
export type AddDeviceResult = Read<typeof AddDeviceResult>;
export type CreateShareCodeRequest = z.input<typeof CreateShareCodeRequest>;
export type CreateShareCodeResult = Read<typeof CreateShareCodeResult>;
export type FeedbackRequest = z.input<typeof FeedbackRequest>;
export type FeedbackResult = Read<typeof FeedbackResult>;
export type ConnectedEvent = Read<typeof ConnectedEvent>;
export type ProviderStats = Read<typeof ProviderStats>;
export type ProvidersStats = Read<typeof ProvidersStats>;
export type NetworkStats = Read<typeof NetworkStats>;
export type TokenClaims = Read<typeof TokenClaims>;
export type FindProviderLocationsRequest = z.input<typeof FindProviderLocationsRequest>;
export type AccountWallet = Read<typeof AccountWallet>;
export type AccountWallets = Read<typeof AccountWallets>;
export type CreateWalletRequest = z.input<typeof CreateWalletRequest>;
export type NetworkClient = Read<typeof NetworkClient>;
export type NetworkClients = Read<typeof NetworkClients>;
export type ShareStatusResult = Read<typeof ShareStatusResult>;
export type ConfirmShareResult = Read<typeof ConfirmShareResult>;
export type AuthLoginResult = Read<typeof AuthLoginResult>;
export type AuthLoginWithPasswordResult = Read<typeof AuthLoginWithPasswordResult>;
export type AuthCodeCreateResult = Read<typeof AuthCodeCreateResult>;
export type TokenResult = Read<typeof TokenResult>;
export type ProviderLastN = Read<typeof ProviderLastN>;
export type ProvidersOverviewLastN = Read<typeof ProvidersOverviewLastN>;
export type NetworkUser = Read<typeof NetworkUser>;
export type BlockedLocation = Read<typeof BlockedLocation>;
export type ApiKey = Read<typeof ApiKey>;
export type ProvidersMap = Read<typeof ProvidersMap>;

// ---- issue 26, groups 3 and 6: fleet hygiene and adoption by the device -------
// (reference-operators.md sections 3 and 6)

/** A `{"error": ...}` of /network/auth-client: `client_limit_exceeded` is always sent. */
const AuthClientError = z.looseObject({
  client_limit_exceeded: optBoolean,
  upgrade_required: optBoolean,
  message: optString,
});

// ---- issue 34: hosted proxies (server: model/network_client_model.go ProxyConfig) ----

/** A place a proxy's traffic leaves from (sdk: sdk.go ConnectLocation): taken as sent, unchecked. */
const ConnectLocationInput = z.object({
  connect_location_id: z
    .object({
      client_id: RequestUdid.nullish(),
      location_id: RequestUdid.nullish(),
      location_group_id: RequestUdid.nullish(),
      best_available: z.boolean().optional(),
    })
    .nullish(),
  name: z.string().optional(),
  provider_count: z.int().optional(),
  promoted: z.boolean().optional(),
  match_distance: z.int().optional(),
  location_type: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
  city_location_id: RequestUdid.nullish(),
  region_location_id: RequestUdid.nullish(),
  country_location_id: RequestUdid.nullish(),
  stable: z.boolean().optional(),
  strong_privacy: z.boolean().optional(),
  network_peer: z.boolean().optional(),
});

/** sdk: sdk.go PerformanceProfile; `window_type` `quality`, `speed` or `auto`. */
const PerformanceProfileInput = z.object({
  window_type: z.string().optional(),
  window_size: z
    .object({
      window_size_min: z.int().optional(),
      window_size_min_p2p_only: z.int().optional(),
      window_size_max: z.int().optional(),
      window_size_hard_max: z.int().optional(),
      window_size_reconnect_scale: z.number().optional(),
      keep_healthiest_count: z.int().optional(),
      ulimit: z.int().optional(),
    })
    .nullish(),
  allow_direct: z.boolean().optional(),
  post_quantum_encryption: z.boolean().optional(),
});

/** connect: net_http_doh.go DnsResolverSettings; replaced by the country's own when the place has a country code. */
const DnsResolverSettingsInput = z.object({
  enable_remote_doh: z.boolean().optional(),
  enable_local_doh: z.boolean().optional(),
  enable_remote_dns: z.boolean().optional(),
  enable_local_dns: z.boolean().optional(),
  dns_upgrade_mask_address: z.string().optional(),
  remote_doh_urls_ipv4: z.array(z.string()).nullish(),
  remote_doh_urls_ipv6: z.array(z.string()).nullish(),
  local_doh_urls_ipv4: z.array(z.string()).nullish(),
  local_doh_urls_ipv6: z.array(z.string()).nullish(),
  remote_dns_ipv4: z.array(z.string()).nullish(),
  remote_dns_ipv6: z.array(z.string()).nullish(),
  local_dns_ipv4: z.array(z.string()).nullish(),
  local_dns_ipv6: z.array(z.string()).nullish(),
});

/**
 * What a proxy is made with. `location` is used as sent; without it `country_code` is looked
 * up among the service's countries (`Invalid location` when it is not one).
 */
export const ProxyConfigRequest = z.object({
  /** only the caller's address may use the proxy */
  lock_caller_ip: z.boolean().optional(),
  /** addresses (`/32`, `/128`) or prefixes that may use it; one that parses as neither is a 500 */
  lock_ip_list: z.array(z.string()).nullish(),
  /** the HTTPS URL without the token in its host name: the token goes in Proxy-Authorization */
  https_require_auth: z.boolean().optional(),
  enable_wg: z.boolean().optional(),
  initial_device_state: z
    .object({
      location: ConnectLocationInput.nullish(),
      performance_profile: PerformanceProfileInput.nullish(),
      dns_resolver_settings: DnsResolverSettingsInput.nullish(),
      country_code: z.string().optional(),
    })
    .nullish(),
});
export type ProxyConfigRequest = z.input<typeof ProxyConfigRequest>;

/** `{}` is the zero id: `Client does not exist.`. */
export const RemoveClientRequest = z.object({ client_id: RequestUdid.optional() });

/** Duplicates are dropped; unknown or foreign ids are ignored (no per-id answer). */
export const RemoveClientsRequest = z.object({ client_ids: z.array(RequestUdid).nullish() });
/** `{}` when done at once; else scheduled, or refused (nothing scheduled) by one of the flags. */
export const RemoveClientsResult = z.looseObject({
  scheduled: optBoolean,
  /** RFC 3339: the hour it was reserved in, or a time within a later hour */
  scheduled_for: optString,
  already_in_progress: optBoolean,
  too_many_concurrent_runs: optBoolean,
});

/** Without `client_id` a new client (and device); with it, a re-auth of that client. */
export const AuthClientRequest = z.object({
  client_id: RequestUdid.nullish(),
  /** a new client on the device of this one */
  source_client_id: RequestUdid.nullish(),
  description: z.string().optional(),
  device_spec: z.string().optional(),
  roles: z.array(z.string()).nullish(),
  principal: z.string().optional(),
  /** a hosted proxy for the new client (read only without `client_id`; `null` is none, `{}` one) */
  proxy_config: ProxyConfigRequest.nullish(),
});
/** A proxy's answer: the proxy client and `keepalive_seconds` (always sent; the service never sets it: 0). */
export const ProxyConfigResult = ProxyClient.extend({ keepalive_seconds: optInt });
/**
 * The client's token and id, and with `proxy_config` its proxy. A proxy that could not be
 * made (`Invalid location`) comes as `error` beside the token: the client exists.
 */
export const AuthClientResult = z.looseObject({
  by_client_jwt: optString,
  client_id: optString,
  error: opt(AuthClientError),
  proxy_config_result: opt(ProxyConfigResult),
});

/** The device's side: no token. */
export const CreateAdoptCodeRequest = z.object({
  device_name: z.string().optional(),
  device_spec: z.string().optional(),
});
export const CreateAdoptCodeResult = z.looseObject({
  /** six BIP-39 words */
  adopt_code: optString,
  /** 256 hex characters: what confirm-adopt and remove-adopt-code want beside the code */
  adopt_secret: optString,
  duration_minutes: optNumber,
  /** the same secret under its old name */
  share_code: optString,
  error: opt(BusinessError),
});

export const AdoptStatusRequest = z.object({ adopt_code: z.string().optional() });
/** `pending` until the device confirms; the network's name once an owner added the code. */
export const AdoptStatusResult = z.looseObject({
  pending: optBoolean,
  associated_network_name: optString,
  error: opt(BusinessError),
});

export const ConfirmAdoptRequest = z.object({
  adopt_code: z.string().optional(),
  adopt_secret: z.string().optional(),
  /** must be the adding network's current name exactly */
  associated_network_name: z.string().optional(),
});
export const ConfirmAdoptResult = z.looseObject({ by_client_jwt: optString, error: opt(BusinessError) });

export const RemoveAdoptCodeRequest = z.object({
  adopt_code: z.string().optional(),
  adopt_secret: z.string().optional(),
});

export type RemoveClientsResult = Read<typeof RemoveClientsResult>;
export type AuthClientResult = Read<typeof AuthClientResult>;
export type CreateAdoptCodeResult = Read<typeof CreateAdoptCodeResult>;
export type AdoptStatusResult = Read<typeof AdoptStatusResult>;
export type ConfirmAdoptResult = Read<typeof ConfirmAdoptResult>;

export type AccountPayment = Read<typeof AccountPayment>;
export type AccountPayments = Read<typeof AccountPayments>;
export type TransferStats = Read<typeof TransferStats>;
export type AccountPoint = Read<typeof AccountPoint>;
export type AccountPoints = Read<typeof AccountPoints>;
export type ReferralCode = Read<typeof ReferralCode>;
export type ReliabilityWindow = Read<typeof ReliabilityWindow>;
export type NetworkRanking = Read<typeof NetworkRanking>;
export type NetworkPeer = Read<typeof NetworkPeer>;
export type NetworkPeers = Read<typeof NetworkPeers>;
export type Earner = Read<typeof Earner>;

// ---- issue 34: proxies, the data balance, sign-up and recovery, where a caller is ----
// (server 2c9e92b4; docs/service-notes.md "Proxies, balance codes, sign-up")

export type WgConfig = Read<typeof WgConfig>;
export type ProxyClient = Read<typeof ProxyClient>;
export type ProxyConfigResult = Read<typeof ProxyConfigResult>;

/**
 * A balance code as the service makes them: 26 characters of base32 (`A-Z2-7`); it matches
 * a code exactly (no trim, no case folding), and its column holds up to 128 characters.
 */
export const BALANCE_CODE_LENGTH = 26;

/** One of the network's transfer balances running now (server: model/subscription_model.go TransferBalance). */
export const TransferBalance = z.looseObject({
  balance_id: optString,
  network_id: optString,
  start_time: optString,
  end_time: optString,
  /** bytes */
  start_balance_byte_count: optNumber,
  net_revenue_nano_cents: optNumber,
  subsidy_net_revenue_nano_cents: optNumber,
  /** bytes left */
  balance_byte_count: optNumber,
  purchase_token: optString,
  /** the balance carries revenue (a data code's does); not Pro */
  paid: optBoolean,
  pro: optBoolean,
});
/**
 * GET /subscription/balance: the network's data balance in bytes (not the wallet's USDC).
 * `current_subscription` only for a Pro network, `subscriptions` and
 * `active_transfer_balances` absent when empty.
 */
export const SubscriptionBalance = z.looseObject({
  start_balance_byte_count: optNumber,
  balance_byte_count: optNumber,
  /** bytes tied up in open transfers */
  open_transfer_byte_count: optNumber,
  current_subscription: opt(z.looseObject({ subscription_id: optString, store: optString, plan: optString })),
  subscriptions: opt(
    z.array(z.looseObject({ subscription_id: optString, store: optString, plan: optString })),
  ),
  active_transfer_balances: opt(z.array(TransferBalance)),
  /** always 0 from the service */
  pending_payout_usd_nano_cents: optNumber,
  update_time: optString,
});

/** A code the network redeemed, still running; the secret in full. */
export const RedeemedBalanceCode = z.looseObject({
  balance_code_id: optString,
  balance_byte_count: optNumber,
  redeem_time: optString,
  end_time: optString,
  secret: optString,
});
/** `balance_codes: null` for a network that redeemed none still running. */
export const BalanceCodes = z.looseObject({
  balance_codes: opt(z.array(RedeemedBalanceCode)),
  error: opt(BusinessError),
});

export const BalanceCodeRequest = z.object({ secret: z.string().optional() });
/** The code's own times and bytes; `Unknown balance code.` also for a redeemed one. */
export const CheckBalanceCodeResult = z.looseObject({
  balance: opt(z.looseObject({ start_time: optString, end_time: optString, balance_byte_count: optNumber })),
  error: opt(BusinessError),
});
/** The new transfer balance's id, with the code's original times (not the balance's). */
export const RedeemBalanceCodeResult = z.looseObject({
  transfer_balance: opt(
    z.looseObject({
      transfer_balance_id: optString,
      start_time: optString,
      end_time: optString,
      balance_byte_count: optNumber,
    }),
  ),
  error: opt(BusinessError),
});

/**
 * The service's terms, which sign-up asks the user to accept: the service serves none; the
 * web app links it (and `https://ur.io/privacy`), connect's api/bringyour.yml names it.
 */
export const TERMS_URL = 'https://ur.io/terms';

export const NetworkCheckRequest = z.object({ network_name: z.string().optional() });
/** Always 200: `false` for a name that is not valid, or within one edit of a name networks were made with. */
export const NetworkCheckResult = z.looseObject({ available: optBoolean });

export const NetworkCreateRequest = z.object({
  user_name: z.string().optional(),
  /** an e-mail address or a phone number */
  user_auth: z.string().optional(),
  auth_jwt: z.string().optional(),
  auth_jwt_type: z.string().optional(),
  password: z.string().optional(),
  network_name: z.string().optional(),
  /** the terms of service and privacy policy accepted: refused without */
  terms: z.boolean().optional(),
  /** a six-digit verification code instead of eight hex characters */
  verify_use_numeric: z.boolean().optional(),
  referral_code: z.string().optional(),
  balance_code: z.string().optional(),
  wallet_auth: WalletAuthInput.optional(),
});
/**
 * A network made: with a user auth, `verification_required` (no token until /auth/verify);
 * without any auth method, a token and a seed phrase. Its refusals come as a 500 (or 503,
 * 429) with the message as the body.
 */
export const NetworkCreateResult = z.looseObject({
  network: opt(
    z.looseObject({ by_jwt: optString, network_id: optString, network_name: optString, is_pro: optBoolean }),
  ),
  user_auth: optString,
  seedphrase: optString,
  verification_required: opt(z.looseObject({ user_auth: optString })),
  error: opt(BusinessError),
  is_pro: optBoolean,
});

export const AuthVerifySendRequest = z.object({
  user_auth: z.string().optional(),
  use_numeric: z.boolean().optional(),
});
/** The user auth a new code was sent to (normalised). */
export const UserAuthResult = z.looseObject({ user_auth: optString });

export const AuthVerifyRequest = z.object({
  user_auth: z.string().optional(),
  /** trimmed and lower-cased by the service */
  verify_code: z.string().optional(),
});
export const AuthVerifyResult = z.looseObject({
  network: opt(z.looseObject({ by_jwt: optString })),
  error: opt(BusinessError),
});

export const AuthPasswordResetRequest = z.object({ user_auth: z.string().optional() });
export const AuthPasswordSetRequest = z.object({
  /** the code of the reset link (`https://ur.io/?resetCode=<128 hex>`) */
  reset_code: z.string().optional(),
  password: z.string().optional(),
});

/** GET /my-ip-info: where the caller's address is, and whether it is a client of URnetwork (a proxy's, say). */
export const MyIpInfo = z.looseObject({
  info: opt(
    z.looseObject({
      ip: optString,
      location: opt(
        z.looseObject({
          coordinates: opt(Coordinates),
          city: optString,
          region: optString,
          /** `code` lower case */
          country: opt(z.looseObject({ code: optString, name: optString, flag_url: optString })),
          continent: opt(z.looseObject({ code: optString, name: optString })),
          timezone: optString,
        }),
      ),
      privacy: opt(
        z.looseObject({
          vpn: optBoolean,
          proxy: optBoolean,
          tor: optBoolean,
          relay: optBoolean,
          hosting: optBoolean,
          service: optString,
        }),
      ),
    }),
  ),
  connected_to_network: optBoolean,
});

export type SubscriptionBalance = Read<typeof SubscriptionBalance>;
export type TransferBalance = Read<typeof TransferBalance>;
export type RedeemedBalanceCode = Read<typeof RedeemedBalanceCode>;
export type BalanceCodes = Read<typeof BalanceCodes>;
export type CheckBalanceCodeResult = Read<typeof CheckBalanceCodeResult>;
export type RedeemBalanceCodeResult = Read<typeof RedeemBalanceCodeResult>;
export type NetworkCreateRequest = z.input<typeof NetworkCreateRequest>;
export type NetworkCreateResult = Read<typeof NetworkCreateResult>;
export type AuthVerifyResult = Read<typeof AuthVerifyResult>;
export type MyIpInfo = Read<typeof MyIpInfo>;
