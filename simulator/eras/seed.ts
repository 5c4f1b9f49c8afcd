// The early-2025 service the interface document was written against (server bedf5fd7).
import type { NetworkSeriesField, NetworkSummaryField } from '../../src/contract/schemas.ts';
import { seedSampler } from '../engine/find-providers.ts';
import { seedProviderLocations } from '../engine/locations.ts';
import { seedFindProviderLocations } from '../engine/provider-search.ts';
import { goDecode } from '../http/go-json.ts';
import type { EraProfile } from './profile.ts';

/**
 * Every /stats/last-90 field of the seed era, in its Go struct's order, a series then its
 * summaries (server@bedf5fd7: model/audit_model.go Stats).
 */
const SEED_NETWORK_FIELDS = (
  [
    ['all_transfer_data', 'all_transfer_summary', 'all_transfer_summary_rate'],
    ['all_packets_data', 'all_packets_summary', 'all_packets_summary_rate'],
    ['providers_data', 'providers_superspeed_data', 'providers_summary', 'providers_summary_superspeed'],
    ['countries_data', 'countries_summary'],
    ['regions_data', 'regions_summary'],
    ['cities_data', 'cities_summary'],
    ['extender_transfer_data', 'extender_transfer_summary', 'extender_transfer_summary_rate'],
    ['extenders_data', 'extenders_superspeed_data', 'extenders_summary', 'extenders_summary_superspeed'],
    ['networks_data', 'networks_summary', 'devices_data', 'devices_summary'],
  ] satisfies (NetworkSummaryField | NetworkSeriesField)[][]
).flat();

export const seed: EraProfile<'seed'> = {
  era: 'seed',
  decodeBody: goDecode,
  searchIndex: 'prefixes',
  providerLocations: seedProviderLocations,
  findProviderLocations: seedFindProviderLocations,
  findProviders: seedSampler,
  // Every field, the transfer rate in packets per second (its code overwrote the rate).
  networkStats: { fields: SEED_NETWORK_FIELDS, transferRate: 'packets' },
  providerStatsProvideMode: true,
  payoutWalletChecked: false,
  feedbackAnswersId: false,
  acceptsApiKeys: false,
  confirmShareOwnerOnly: false,
};
