// The service as it runs today (server 2c9e92b4).
import { NETWORK_CURRENT_FIELDS } from '../../src/contract/schemas.ts';
import { currentSampler } from '../engine/find-providers.ts';
import { currentProviderLocations } from '../engine/locations.ts';
import { currentFindProviderLocations } from '../engine/provider-search.ts';
import { goUnmarshal } from '../http/go-json.ts';
import type { EraProfile } from './profile.ts';

export const current: EraProfile<'current'> = {
  era: 'current',
  decodeBody: goUnmarshal,
  searchIndex: 'word-starts',
  providerLocations: currentProviderLocations,
  findProviderLocations: currentFindProviderLocations,
  findProviders: currentSampler,
  networkStats: { fields: NETWORK_CURRENT_FIELDS, transferRate: 'bits' },
  providerStatsProvideMode: false,
  payoutWalletChecked: true,
  feedbackAnswersId: true,
  acceptsApiKeys: true,
  confirmShareOwnerOnly: true,
};
