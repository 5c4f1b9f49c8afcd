// What the simulator does differently in each era of the service (reference behaviour,
// "Seed era" notes): one profile per era, looked up once by createSimulator and handed to
// the engine, whose HTTP layer reads it there too. What the contract itself says differs
// (the routes an era lacks, the request fields it does not read) is src/contract/eras.ts.

import type { Era } from '../../src/contract/eras.ts';
import type { ProviderSampler } from '../engine/find-providers.ts';
import type { IndexKind, ProviderLocationList } from '../engine/locations.ts';
import type { NetworkStatsShape } from '../engine/network-stats.ts';
import type { FindProviderLocationsBody } from '../engine/provider-search.ts';
import type { GoDecoded, GoType } from '../http/go-json.ts';
import type { World } from '../world/index.ts';

export interface EraProfile<E extends Era = Era> {
  /** The era it plays: the contract's profile of that name says the routes it lacks and the fields it does not read. */
  readonly era: E;
  /** How a POST body is read: json.Unmarshal (the whole body one value) or a json.Decoder (its first value). */
  readonly decodeBody: (bytes: Buffer, type: GoType) => GoDecoded;
  /** The index the era's location searches use, built ahead by `prepareSearch`. */
  readonly searchIndex: IndexKind;
  /** GET /network/provider-locations: the places with providers it lists. */
  readonly providerLocations: ProviderLocationList;
  /** POST /network/find-provider-locations: how it searches them. */
  readonly findProviderLocations: (world: World, body: FindProviderLocationsBody) => unknown;
  /** POST /network/find-providers2: how providers are sampled and what an item holds. */
  readonly findProviders: ProviderSampler;
  /** GET /stats/last-90: the fields sent and the unit of the transfer rate. */
  readonly networkStats: NetworkStatsShape;
  /** GET /stats/providers gives each provider's provide mode. */
  readonly providerStatsProvideMode: boolean;
  /** POST /account/payout-wallet takes only an active, non-TAO wallet of the caller (else any id). */
  readonly payoutWalletChecked: boolean;
  /** POST /feedback/send-feedback answers the new feedback's id (else `{}`). */
  readonly feedbackAnswersId: boolean;
  /** A `urn_` API key is a credential (issue 26, group 5; the early-2025 service parsed every one as a JWT: 401). */
  readonly acceptsApiKeys: boolean;
  /** POST /device/confirm-share: only the share's owner may confirm (else any network). */
  readonly confirmShareOwnerOnly: boolean;
}
