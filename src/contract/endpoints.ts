// The endpoint table: one row per operation netdeck uses. It drives the client, the
// simulator's routing and validation, and the OpenAPI document. Operations 1-11 are those
// of the interface document; the rest come from the real service (reference behaviour).
import type { z } from 'zod';
import { DEFAULT_ERA, ERA_CONTRACTS, type Era } from './eras.ts';
import * as s from './schemas.ts';

export interface Endpoint {
  /** 1-based number: 1-11 as in the interface document, then the service's others. */
  readonly number: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Whether `Authorization: Bearer <jwt>` is required. */
  readonly auth: boolean;
  /** Request body schema; `null` for operations without a body. */
  readonly request: z.ZodType | null;
  readonly response: z.ZodType;
  readonly summary: string;
  /** A failure may come as a 200 `{"error": {"message"}}` body. */
  readonly businessErrors?: boolean;
}

const op = <const E extends Endpoint>(endpoint: E) => endpoint;

export const endpoints = {
  findLocations: op({
    number: 1,
    method: 'POST',
    path: '/network/find-locations',
    auth: false,
    request: s.FindLocationsRequest,
    response: s.LocationResult,
    summary:
      'Search locations, groups and devices matching a query (fuzzy prefix search). Removed from the service in 2026-07 (404).',
  }),
  providerLocations: op({
    number: 2,
    method: 'GET',
    path: '/network/provider-locations',
    auth: false,
    request: null,
    response: s.LocationResult,
    summary: 'Locations and groups with at least one active, healthy provider.',
  }),
  getPayoutWallet: op({
    number: 3,
    method: 'GET',
    path: '/account/payout-wallet',
    auth: true,
    request: null,
    response: s.PayoutWallet,
    summary: 'The payout wallet of the caller network.',
  }),
  setPayoutWallet: op({
    number: 4,
    method: 'POST',
    path: '/account/payout-wallet',
    auth: true,
    request: s.SetPayoutWalletRequest,
    response: s.EmptyResult,
    summary: 'Set an existing account wallet as the payout wallet.',
  }),
  deviceAssociations: op({
    number: 5,
    method: 'GET',
    path: '/device/associations',
    auth: true,
    request: null,
    response: s.DeviceAssociations,
    summary: 'Devices associated with the caller network.',
  }),
  sendFeedback: op({
    number: 6,
    method: 'POST',
    path: '/feedback/send-feedback',
    auth: true,
    request: s.FeedbackRequest,
    response: s.FeedbackResult,
    summary: 'Send feedback about intended use and needs.',
  }),
  providerStats: op({
    number: 7,
    method: 'GET',
    path: '/stats/providers',
    auth: true,
    request: null,
    response: s.ProvidersStats,
    summary: "Statistics of the caller network's providers over the last 24 hours.",
  }),
  addDevice: op({
    number: 8,
    method: 'POST',
    path: '/device/add',
    auth: true,
    request: s.AddDeviceRequest,
    response: s.AddDeviceResult,
    summary: 'Add a device by adoption code or share code.',
    businessErrors: true,
  }),
  createShareCode: op({
    number: 9,
    method: 'POST',
    path: '/device/create-share-code',
    auth: true,
    request: s.CreateShareCodeRequest,
    response: s.CreateShareCodeResult,
    summary: 'Create a code for sharing a device of the caller network.',
    businessErrors: true,
  }),
  findProviders: op({
    number: 10,
    method: 'POST',
    path: '/network/find-providers2',
    auth: false,
    request: s.FindProvidersRequest,
    response: s.FindProvidersResult,
    summary: 'Randomly sample active, healthy providers, excluding ones already seen.',
  }),
  networkStats: op({
    number: 11,
    method: 'GET',
    path: '/stats/last-90',
    auth: false,
    request: null,
    response: s.NetworkStats,
    summary: 'Network-wide statistics over the last 90 days.',
  }),

  // ---- beyond the interface document (reference behaviour) ----------------
  findProviderLocations: op({
    number: 12,
    method: 'POST',
    path: '/network/find-provider-locations',
    auth: false,
    request: s.FindProviderLocationsRequest,
    response: s.LocationResult,
    summary: 'Search locations that have active providers (edit distance 2 on word prefixes today).',
  }),
  networkClients: op({
    number: 13,
    method: 'GET',
    path: '/network/clients',
    auth: true,
    request: null,
    response: s.NetworkClients,
    summary: "The caller network's active clients: device names and ids, provide mode, connections.",
  }),
  authLogin: op({
    number: 14,
    method: 'POST',
    path: '/auth/login',
    auth: false,
    request: s.AuthLoginRequest,
    response: s.AuthLoginResult,
    summary: 'Start a login: which methods a user may use, or a token for a seed phrase.',
    businessErrors: true,
  }),
  authLoginWithPassword: op({
    number: 15,
    method: 'POST',
    path: '/auth/login-with-password',
    auth: false,
    request: s.AuthLoginWithPasswordRequest,
    response: s.AuthLoginWithPasswordResult,
    summary: 'Log in with an email or phone and a password: a network token.',
    businessErrors: true,
  }),
  authCodeCreate: op({
    number: 16,
    method: 'POST',
    path: '/auth/code-create',
    auth: true,
    request: s.AuthCodeCreateRequest,
    response: s.AuthCodeCreateResult,
    summary: 'Create an auth code that logs in as the caller network.',
    businessErrors: true,
  }),
  authCodeLogin: op({
    number: 17,
    method: 'POST',
    path: '/auth/code-login',
    auth: false,
    request: s.AuthCodeLoginRequest,
    response: s.TokenResult,
    summary: 'Exchange an auth code for a network token.',
    businessErrors: true,
  }),
  authRefresh: op({
    number: 18,
    method: 'GET',
    path: '/auth/refresh',
    auth: true,
    request: null,
    response: s.TokenResult,
    summary: 'A fresh client token for a client token (network tokens get an error).',
    businessErrors: true,
  }),
  accountWallets: op({
    number: 19,
    method: 'GET',
    path: '/account/wallets',
    auth: true,
    request: null,
    response: s.AccountWallets,
    summary: "The caller network's active wallets.",
  }),
  createWallet: op({
    number: 20,
    method: 'POST',
    path: '/account/wallet',
    auth: true,
    request: s.CreateWalletRequest,
    response: s.CreateWalletResult,
    summary: 'Add an external wallet (chain and address) to the caller network.',
  }),
  removeWallet: op({
    number: 21,
    method: 'POST',
    path: '/account/wallets/remove',
    auth: true,
    request: s.RemoveWalletRequest,
    response: s.RemoveWalletResult,
    summary: 'Remove a wallet of the caller network (clears the payout wallet if it was that one).',
    businessErrors: true,
  }),
  shareStatus: op({
    number: 22,
    method: 'POST',
    path: '/device/share-status',
    auth: true,
    request: s.ShareStatusRequest,
    response: s.ShareStatusResult,
    summary: 'Whether a guest has added a share code, and which network.',
    businessErrors: true,
  }),
  confirmShare: op({
    number: 23,
    method: 'POST',
    path: '/device/confirm-share',
    auth: true,
    request: s.ConfirmShareRequest,
    response: s.ConfirmShareResult,
    summary: 'The owner confirms the guest network that added a share code.',
    businessErrors: true,
  }),
  removeAssociation: op({
    number: 24,
    method: 'POST',
    path: '/device/remove-association',
    auth: true,
    request: s.RemoveAssociationRequest,
    response: s.ErrorOnlyResult,
    summary: 'Remove an adoption or a share (owner or guest).',
    businessErrors: true,
  }),
  setAssociationName: op({
    number: 25,
    method: 'POST',
    path: '/device/set-association-name',
    auth: true,
    request: s.SetAssociationNameRequest,
    response: s.ErrorOnlyResult,
    summary: "Set the caller network's own name for an association.",
    businessErrors: true,
  }),
  setDeviceName: op({
    number: 26,
    method: 'POST',
    path: '/device/set-name',
    auth: true,
    request: s.SetDeviceNameRequest,
    response: s.ErrorOnlyResult,
    summary: 'Rename a device of the caller network (by device id).',
    businessErrors: true,
  }),
  providersLastN: op({
    number: 27,
    method: 'POST',
    path: '/stats/providers-last-n',
    auth: true,
    request: s.ProvidersLastNRequest,
    response: s.ProvidersStats,
    summary: "The caller network's providers with figures over the last `last_n` hours.",
  }),
  providerLastN: op({
    number: 28,
    method: 'POST',
    path: '/stats/provider-last-n',
    auth: true,
    request: s.ProviderLastNRequest,
    response: s.ProviderLastN,
    summary: 'One provider of the caller network: hourly uptime and daily figures over `last_n` hours.',
  }),
  providersOverviewLastN: op({
    number: 29,
    method: 'POST',
    path: '/stats/providers-overview-last-n',
    auth: true,
    request: s.ProvidersOverviewLastNRequest,
    response: s.ProvidersOverviewLastN,
    summary: "Daily totals of all the caller network's providers over `last_n` hours.",
  }),

  // ---- issue 26 (groups 4, 5, 7 and the network user): reference-operators.md 3-5, 7 ----
  networkUser: op({
    number: 30,
    method: 'GET',
    path: '/network/user',
    auth: true,
    request: null,
    response: s.NetworkUserResult,
    summary: "The token's user and the network's current name (an API key's: the network's admin user).",
    businessErrors: true,
  }),
  updateNetworkName: op({
    number: 31,
    method: 'POST',
    path: '/network/user/update',
    auth: true,
    request: s.UpdateNetworkNameRequest,
    response: s.ErrorOnlyResult,
    summary: 'Rename the caller network (5 to 50 lowercase letters, digits and dashes; not taken).',
    businessErrors: true,
  }),
  blockedLocations: op({
    number: 32,
    method: 'GET',
    path: '/network/blocked-locations',
    auth: true,
    request: null,
    response: s.BlockedLocations,
    summary: "Locations whose consumers are not offered the caller network's providers.",
  }),
  blockLocation: op({
    number: 33,
    method: 'POST',
    path: '/network/block-location',
    auth: true,
    request: s.LocationIdRequest,
    response: s.ErrorOnlyResult,
    summary:
      "Stop offering the caller network's providers to consumers in a location (only countries have an effect).",
  }),
  unblockLocation: op({
    number: 34,
    method: 'POST',
    path: '/network/unblock-location',
    auth: true,
    request: s.LocationIdRequest,
    response: s.ErrorOnlyResult,
    summary: 'Offer the caller network’s providers to consumers in a location again.',
  }),
  createApiKey: op({
    number: 35,
    method: 'POST',
    path: '/account/api-key',
    auth: true,
    request: s.CreateApiKeyRequest,
    response: s.CreateApiKeyResult,
    summary: 'Create an API key (`urn_…`) that acts as the caller network; the key is in this answer only.',
  }),
  apiKeys: op({
    number: 36,
    method: 'GET',
    path: '/account/api-keys',
    auth: true,
    request: null,
    response: s.ApiKeys,
    summary: "The caller network's API keys: id, name, when made (never the key).",
  }),
  removeApiKey: op({
    number: 37,
    method: 'POST',
    path: '/account/api-key/remove',
    auth: true,
    request: s.RemoveApiKeyRequest,
    response: s.ErrorOnlyResult,
    summary: 'Remove an API key of the caller network: it is refused from its next use.',
    businessErrors: true,
  }),
  providersOverviewLast90: op({
    number: 38,
    method: 'GET',
    path: '/stats/providers-overview-last-90',
    auth: true,
    request: null,
    response: s.ProvidersOverviewLastN,
    summary: 'Older route: providers-overview-last-n with a lookback of 90 days.',
  }),
  providerLast90: op({
    number: 39,
    method: 'POST',
    path: '/stats/provider-last-90',
    auth: true,
    request: s.ProviderLastNRequest,
    response: s.ProviderLastN,
    summary: 'Older route: provider-last-n, 90 days unless `last_n` or `lookback` says otherwise.',
  }),
  providersMap: op({
    number: 40,
    method: 'GET',
    path: '/stats/providers-map',
    auth: false,
    request: null,
    response: s.ProvidersMap,
    summary: 'Connected public providers by country code and region name, with each region’s centroid.',
  }),
  // ---- issue 26, groups 3 and 6: fleet hygiene, adoption by the device --------
  removeClient: op({
    number: 41,
    method: 'POST',
    path: '/network/remove-client',
    auth: true,
    request: s.RemoveClientRequest,
    response: s.ErrorOnlyResult,
    summary:
      'Remove (deactivate) a client of the caller network: it leaves /network/clients and the statistics, its token stops working.',
    businessErrors: true,
  }),
  removeClients: op({
    number: 42,
    method: 'POST',
    path: '/network/remove-clients',
    auth: true,
    request: s.RemoveClientsRequest,
    response: s.RemoveClientsResult,
    summary:
      'Remove many clients of the caller network: at once up to 10 000 within the hourly budget, else scheduled in the background.',
  }),
  authClient: op({
    number: 43,
    method: 'POST',
    path: '/network/auth-client',
    auth: true,
    request: s.AuthClientRequest,
    response: s.AuthClientResult,
    summary:
      'A client token for a new client (and device) of the caller network, or for one of its clients again.',
    businessErrors: true,
  }),
  createAdoptCode: op({
    number: 44,
    method: 'POST',
    path: '/device/create-adopt-code',
    auth: false,
    request: s.CreateAdoptCodeRequest,
    response: s.CreateAdoptCodeResult,
    summary:
      'A device without a token asks to be adopted: a six-word code for its owner, and a secret (15 minutes).',
    businessErrors: true,
  }),
  adoptStatus: op({
    number: 45,
    method: 'POST',
    path: '/device/adopt-status',
    auth: false,
    request: s.AdoptStatusRequest,
    response: s.AdoptStatusResult,
    summary: 'Whether a network has added the adoption code, and which.',
    businessErrors: true,
  }),
  confirmAdopt: op({
    number: 46,
    method: 'POST',
    path: '/device/confirm-adopt',
    auth: false,
    request: s.ConfirmAdoptRequest,
    response: s.ConfirmAdoptResult,
    summary: 'The device confirms the network that added its code: its client token in that network.',
    businessErrors: true,
  }),
  removeAdoptCode: op({
    number: 47,
    method: 'POST',
    path: '/device/remove-adopt-code',
    auth: false,
    request: s.RemoveAdoptCodeRequest,
    response: s.ErrorOnlyResult,
    summary: 'The device withdraws its adoption code (not once confirmed).',
    // A wrong secret, an unknown code or a confirmed adoption: 200 "Invalid code.".
    businessErrors: true,
  }),
  // ---- earnings, reliability and rank (issue 26, groups 1 and 2; reference-operators.md 1-2)
  accountPayments: op({
    number: 48,
    method: 'GET',
    path: '/account/payments',
    auth: true,
    request: null,
    response: s.AccountPayments,
    summary: "The network's payments, newest first: planned, submitted, sent, completed (`{}` when none).",
  }),
  transferStats: op({
    number: 49,
    method: 'GET',
    path: '/transfer/stats',
    auth: true,
    request: null,
    response: s.TransferStats,
    summary: 'Bytes the network provided: paid (completed payments) and unpaid (cached 60 s).',
  }),
  accountPoints: op({
    number: 50,
    method: 'GET',
    path: '/account/points',
    auth: true,
    request: null,
    response: s.AccountPoints,
    summary: "The network's points (nano points), written when a payout plan commits.",
  }),
  referralCode: op({
    number: 51,
    method: 'GET',
    path: '/account/referral-code',
    auth: true,
    request: null,
    response: s.ReferralCode,
    summary: "The network's referral code and how many networks name it as their referrer.",
  }),
  referralNetwork: op({
    number: 52,
    method: 'GET',
    path: '/account/referral-network',
    auth: true,
    request: null,
    response: s.ReferralNetwork,
    summary: 'The network that referred the caller (`{error}` when none did).',
  }),
  walletBalance: op({
    number: 53,
    method: 'GET',
    path: '/wallet/balance',
    auth: true,
    request: null,
    response: s.WalletBalance,
    summary: "The balance of the network's in-app Circle wallet (`{}` when it has none).",
  }),
  networkReliability: op({
    number: 54,
    method: 'GET',
    path: '/network/reliability',
    auth: true,
    request: null,
    response: s.NetworkReliability,
    summary: "The network's reliability window: 15-minute weights and client counts, country multipliers.",
  }),
  networkRanking: op({
    number: 55,
    method: 'GET',
    path: '/network/ranking',
    auth: true,
    request: null,
    response: s.NetworkRanking,
    summary: "The network's leaderboard rank over the last 4 payout epochs (cached 5 minutes).",
    businessErrors: true,
  }),
  setRankingVisibility: op({
    number: 56,
    method: 'POST',
    path: '/network/ranking-visibility',
    auth: true,
    request: s.RankingVisibilityRequest,
    response: s.EmptyResult,
    summary: "Show or hide the network's id and name on the leaderboard.",
  }),
  leaderboard: op({
    number: 57,
    method: 'POST',
    path: '/stats/leaderboard',
    auth: true,
    request: s.LeaderboardRequest,
    response: s.Leaderboard,
    summary:
      'The top 100 networks by MiB paid over the last 4 payout epochs; private ones without id and name.',
    businessErrors: true,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export const operationNames = Object.keys(endpoints) as OperationName[];

/** Request body type of an operation (`undefined` for GETs). */
export type RequestOf<K extends OperationName> = Endpoints[K]['request'] extends z.ZodType
  ? z.input<Endpoints[K]['request']>
  : undefined;
/** Parsed (lenient) response type of an operation. */
export type ResponseOf<K extends OperationName> = s.Read<Endpoints[K]['response']>;

/** Operations with a request body. */
export type BodyOperation = {
  [K in OperationName]: Endpoints[K]['request'] extends null ? never : K;
}[OperationName];

/** Whether the service of `era` has the operation (elsewhere its path answers 404: eras.ts). */
export function servedIn(name: OperationName, era: Era): boolean {
  return !ERA_CONTRACTS[era].lacks.includes(name);
}

/**
 * The operation at a method and path in an era, and the methods that path allows there,
 * in the order of the service's route table (a 405's `Allow`): it registers POST before
 * GET where a path has both (server: api/api.go, `/account/payout-wallet`).
 */
export function routeOf(
  method: string,
  path: string,
  era: Era = DEFAULT_ERA,
): { name?: OperationName; allow: string[] } {
  const allow: string[] = [];
  let name: OperationName | undefined;
  for (const key of operationNames) {
    const endpoint = endpoints[key];
    if (endpoint.path !== path || !servedIn(key, era)) continue;
    allow.push(endpoint.method);
    if (endpoint.method === method) name = key;
  }
  allow.sort((a, b) => (a === b ? 0 : a === 'POST' ? -1 : 1));
  return { name, allow };
}
