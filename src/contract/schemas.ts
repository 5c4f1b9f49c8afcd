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
export const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

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

/** Parses what the service sent (JSON, claims): nulls dropped first, then `schema`. */
export function readAs<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<Read<S>> {
  return schema.safeParse(withoutNulls(value)) as z.ZodSafeParseResult<Read<S>>;
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

export const LOCATION_TYPES = ['city', 'region', 'country'] as const;
export const LocationType = z.enum(LOCATION_TYPES);
export const CODE_TYPES = ['adopt', 'share'] as const;
export const CodeType = z.enum(CODE_TYPES);
/** provide_mode values of the real service. */
export const PROVIDE_MODES: Record<number, string> = {
  [-1]: 'default',
  0: 'none',
  1: 'network',
  2: 'friends & family',
  3: 'public',
  4: 'stream',
};
export const PROVIDE_MODE_PUBLIC = 3;

// ---- discovery ------------------------------------------------------------

const locationSpecFields = {
  location_id: Udid.optional(),
  location_group_id: Udid.optional(),
  client_id: Udid.optional(),
  best_available: z.boolean().optional(),
};
/** A location spec as sent in find-providers2 `specs`. */
export const LocationSpecInput = z.object(locationSpecFields);
export const LocationSpec = z.looseObject({
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
});

export const DeviceSummary = z.looseObject({
  client_id: optString,
  device_name: optString,
});

export const LocationResult = z.looseObject({
  specs: opt(z.array(LocationSpec)),
  groups: opt(z.array(LocationGroup)),
  locations: opt(z.array(Location)),
  devices: opt(z.array(DeviceSummary)),
});

export const FindLocationsRequest = z.object({
  query: z.string().optional(),
  max_distance_fraction: z.number().min(0).max(1).optional(),
  enable_max_distance_fraction: z.boolean().optional(),
});

// ---- provider sampling ----------------------------------------------------

export const FindProvidersRequest = z.object({
  specs: z.array(LocationSpecInput).optional(),
  count: z.int().optional(),
  exclude_client_ids: z.array(Udid).optional(),
  /** Multi-hop paths `[intermediary..., destination]`; an empty path is a 400. */
  exclude_destinations: z.array(z.array(Udid).min(1, 'a destination path needs at least one id')).optional(),
  rank_mode: z.enum(['quality', 'speed']).optional(),
  force_count: z.boolean().optional(),
  force_minimum: z.int().optional(),
});

export const ProviderLocation = z.looseObject({
  country: optString,
  country_code: optString,
  region: optString,
  city: optString,
  country_location_id: optString,
  region_location_id: optString,
  city_location_id: optString,
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
  wallet_id: Udid.optional(),
});
export const EmptyResult = z.looseObject({});

// ---- device associations --------------------------------------------------

export const PendingAdoptionDevice = z.looseObject({
  code: optString,
  device_name: optString,
  /** minutes left until the device confirms or the code expires (a float) */
  duration_minutes: optNumber,
  pending: optBoolean,
});

export const SharedDevice = z.looseObject({
  pending: optBoolean,
  code: optString,
  device_name: optString,
  client_id: optString,
  network_name: optString,
});

export const DeviceAssociations = z.looseObject({
  pending_adoption_devices: opt(z.array(PendingAdoptionDevice)),
  incoming_shared_devices: opt(z.array(SharedDevice)),
  outgoing_shared_devices: opt(z.array(SharedDevice)),
});

export const BusinessError = z.looseObject({ message: optString });

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
  client_id: Udid.optional(),
  device_name: z.string().optional(),
});
export const CreateShareCodeResult = z.looseObject({
  share_code: optString,
  error: opt(BusinessError),
});

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
  star_count: z.int().min(0).max(5).optional(),
});
export const FeedbackResult = z.looseObject({ feedback_id: optString });

// ---- statistics -----------------------------------------------------------

export const ConnectedEvent = z.looseObject({
  event_time: optString,
  connected: optBoolean,
});

export const ProviderStats = z.looseObject({
  client_id: optString,
  connected: optBoolean,
  connected_events_last_24h: opt(z.array(ConnectedEvent)),
  /** hours connected in the last 24 h */
  uptime_last_24h: optNumber,
  /** GiB */
  transfer_data_last_24h: optNumber,
  /** USDC */
  payout_last_24h: optNumber,
  search_interest_last_24h: optNumber,
  contracts_last_24h: optNumber,
  clients_last_24h: optNumber,
  provide_mode: optNumber,
});

export const ProvidersStats = z.looseObject({
  created_time: optString,
  providers: opt(z.array(ProviderStats)),
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

/** A daily series: `YYYY-MM-DD` (UTC) -> integer. */
export const DailySeries = z.record(z.string(), z.int());

export const NetworkStats = z.looseObject({
  lookback: optInt,
  /** Unix epoch milliseconds */
  created_time: optInt,
  ...(Object.fromEntries(NETWORK_SUMMARY_FIELDS.map((key) => [key, optInt])) as Record<
    NetworkSummaryField,
    ReturnType<typeof opt<z.ZodInt>>
  >),
  ...(Object.fromEntries(NETWORK_SERIES_FIELDS.map((key) => [key, opt(DailySeries)])) as Record<
    NetworkSeriesField,
    ReturnType<typeof opt<typeof DailySeries>>
  >),
});

// ---- token ------------------------------------------------------------------

/** Claims of the service's JWT (RS512 on the real service). */
export const TokenClaims = z.looseObject({
  network_id: optString,
  network_name: optString,
  user_id: optString,
  create_time: optString,
  client_id: optString,
  device_id: optString,
  guest_mode: optBoolean,
  exp: optNumber,
  iat: optNumber,
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
