// Zod schemas for every resource of the service interface (spec/service-interface.md)
// plus the fields the real service adds (spec/reference-behaviour.md).
//
// Two flavours:
// - request schemas are strict about types (the simulator reports the first bad path)
//   and strip unknown fields (the real server ignores them);
// - response schemas are lenient: every field optional, `null` read as absent,
//   unknown fields kept. Wrong types are still rejected, with their path.
import * as z from 'zod';
import { absentIfNull } from './lenient.ts';

/** An optional response field: absent or `null` both parse to `undefined`. */
export const opt = <T extends z.ZodType>(schema: T) => schema.nullish().transform(absentIfNull);

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
  location_id: opt(z.string()),
  location_group_id: opt(z.string()),
  client_id: opt(z.string()),
  best_available: opt(z.boolean()),
});

export const LocationGroup = z.looseObject({
  location_group_id: opt(z.string()),
  name: opt(z.string()),
  provider_count: opt(z.int()),
  promoted: opt(z.boolean()),
  match_distance: opt(z.number()),
});

export const Location = z.looseObject({
  location_id: opt(z.string()),
  location_type: opt(z.union([LocationType, z.string()])),
  name: opt(z.string()),
  city: opt(z.string()),
  city_location_id: opt(z.string()),
  region: opt(z.string()),
  region_location_id: opt(z.string()),
  country: opt(z.string()),
  country_location_id: opt(z.string()),
  country_code: opt(z.string()),
  provider_count: opt(z.int()),
  match_distance: opt(z.number()),
});

export const DeviceSummary = z.looseObject({
  client_id: opt(z.string()),
  device_name: opt(z.string()),
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
  country: opt(z.string()),
  country_code: opt(z.string()),
  region: opt(z.string()),
  city: opt(z.string()),
  country_location_id: opt(z.string()),
  region_location_id: opt(z.string()),
  city_location_id: opt(z.string()),
});

export const Provider = z.looseObject({
  client_id: opt(z.string()),
  /** bytes per second */
  estimated_bytes_per_second: opt(z.number()),
  has_estimated_bytes_per_second: opt(z.boolean()),
  /** 0 is the best tier */
  tier: opt(z.int()),
  intermediary_ids: opt(z.array(z.string())),
  location: opt(ProviderLocation),
});

export const FindProvidersResult = z.looseObject({
  providers: opt(z.array(Provider)),
});

// ---- account --------------------------------------------------------------

export const PayoutWallet = z.looseObject({
  wallet_id: opt(z.string()),
});
export const SetPayoutWalletRequest = z.object({
  wallet_id: Udid.optional(),
});
export const EmptyResult = z.looseObject({});

// ---- device associations --------------------------------------------------

export const PendingAdoptionDevice = z.looseObject({
  code: opt(z.string()),
  device_name: opt(z.string()),
  /** minutes left until the device confirms or the code expires (a float) */
  duration_minutes: opt(z.number()),
  pending: opt(z.boolean()),
});

export const SharedDevice = z.looseObject({
  pending: opt(z.boolean()),
  code: opt(z.string()),
  device_name: opt(z.string()),
  client_id: opt(z.string()),
  network_name: opt(z.string()),
});

export const DeviceAssociations = z.looseObject({
  pending_adoption_devices: opt(z.array(PendingAdoptionDevice)),
  incoming_shared_devices: opt(z.array(SharedDevice)),
  outgoing_shared_devices: opt(z.array(SharedDevice)),
});

export const BusinessError = z.looseObject({ message: opt(z.string()) });

export const AddDeviceRequest = z.object({ code: z.string().optional() });
export const AddDeviceResult = z.looseObject({
  code_type: opt(z.union([CodeType, z.string()])),
  code: opt(z.string()),
  device_name: opt(z.string()),
  associated_network_name: opt(z.string()),
  client_id: opt(z.string()),
  duration_minutes: opt(z.number()),
  error: opt(BusinessError),
});

export const CreateShareCodeRequest = z.object({
  client_id: Udid.optional(),
  device_name: z.string().optional(),
});
export const CreateShareCodeResult = z.looseObject({
  share_code: opt(z.string()),
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
export const FeedbackResult = z.looseObject({ feedback_id: opt(z.string()) });

// ---- statistics -----------------------------------------------------------

export const ConnectedEvent = z.looseObject({
  event_time: opt(z.string()),
  connected: opt(z.boolean()),
});

export const ProviderStats = z.looseObject({
  client_id: opt(z.string()),
  connected: opt(z.boolean()),
  connected_events_last_24h: opt(z.array(ConnectedEvent)),
  /** hours connected in the last 24 h */
  uptime_last_24h: opt(z.number()),
  /** GiB */
  transfer_data_last_24h: opt(z.number()),
  /** USDC */
  payout_last_24h: opt(z.number()),
  search_interest_last_24h: opt(z.number()),
  contracts_last_24h: opt(z.number()),
  clients_last_24h: opt(z.number()),
  provide_mode: opt(z.number()),
});

export const ProvidersStats = z.looseObject({
  created_time: opt(z.string()),
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
  lookback: opt(z.int()),
  /** Unix epoch milliseconds */
  created_time: opt(z.int()),
  ...(Object.fromEntries(NETWORK_SUMMARY_FIELDS.map((key) => [key, opt(z.int())])) as Record<
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
  network_id: opt(z.string()),
  network_name: opt(z.string()),
  user_id: opt(z.string()),
  create_time: opt(z.string()),
  client_id: opt(z.string()),
  device_id: opt(z.string()),
  guest_mode: opt(z.boolean()),
  exp: opt(z.number()),
  iat: opt(z.number()),
  iss: opt(z.string()),
  aud: opt(z.union([z.string(), z.array(z.string())])),
  sub: opt(z.string()),
});

// ---- inferred types -------------------------------------------------------

export type LocationSpecInput = z.input<typeof LocationSpecInput>;
export type LocationSpec = z.output<typeof LocationSpec>;
export type LocationGroup = z.output<typeof LocationGroup>;
export type Location = z.output<typeof Location>;
export type DeviceSummary = z.output<typeof DeviceSummary>;
export type LocationResult = z.output<typeof LocationResult>;
export type FindLocationsRequest = z.input<typeof FindLocationsRequest>;
export type FindProvidersRequest = z.input<typeof FindProvidersRequest>;
export type Provider = z.output<typeof Provider>;
export type FindProvidersResult = z.output<typeof FindProvidersResult>;
export type PayoutWallet = z.output<typeof PayoutWallet>;
export type SetPayoutWalletRequest = z.input<typeof SetPayoutWalletRequest>;
export type PendingAdoptionDevice = z.output<typeof PendingAdoptionDevice>;
export type SharedDevice = z.output<typeof SharedDevice>;
export type DeviceAssociations = z.output<typeof DeviceAssociations>;
export type AddDeviceRequest = z.input<typeof AddDeviceRequest>;
export type AddDeviceResult = z.output<typeof AddDeviceResult>;
export type CreateShareCodeRequest = z.input<typeof CreateShareCodeRequest>;
export type CreateShareCodeResult = z.output<typeof CreateShareCodeResult>;
export type FeedbackRequest = z.input<typeof FeedbackRequest>;
export type FeedbackResult = z.output<typeof FeedbackResult>;
export type ConnectedEvent = z.output<typeof ConnectedEvent>;
export type ProviderStats = z.output<typeof ProviderStats>;
export type ProvidersStats = z.output<typeof ProvidersStats>;
export type NetworkStats = z.output<typeof NetworkStats>;
export type TokenClaims = z.output<typeof TokenClaims>;
