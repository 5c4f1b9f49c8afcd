// The early-2025 service the interface document was written against (server bedf5fd7).
import { NETWORK_SERIES_FIELDS, NETWORK_SUMMARY_FIELDS } from '../../src/contract/schemas.ts';
import { seedSampler } from '../engine/find-providers.ts';
import { seedProviderLocations } from '../engine/locations.ts';
import { seedFindProviderLocations } from '../engine/provider-search.ts';
import { goDecode } from '../http/go-json.ts';
import type { EraProfile } from './profile.ts';

export const seed: EraProfile = {
  decodeBody: goDecode,
  searchIndex: 'prefixes',
  providerLocations: seedProviderLocations,
  findProviderLocations: seedFindProviderLocations,
  findProviders: seedSampler,
  // Every field, the transfer rate in packets per second (its code overwrote the rate).
  networkStats: { fields: [...NETWORK_SUMMARY_FIELDS, ...NETWORK_SERIES_FIELDS], transferRate: 'packets' },
  providerStatsProvideMode: true,
  payoutWalletChecked: false,
  feedbackAnswersId: false,
  confirmShareOwnerOnly: false,
};
