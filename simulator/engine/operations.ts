// The engine's behaviour: one handler per operation of the endpoint table, wired to the
// domain files that hold it. Typed from the endpoint table, so an operation without a
// handler, or a handler without an operation, does not compile; a new operation is one
// row here and its handler in its domain file.
import type { Endpoints, OperationName } from '../../src/contract/endpoints.ts';
import type { EraProfile } from '../eras/profile.ts';
import type { MailRecord, World } from '../world/index.ts';
import {
  accountWallets,
  createWallet,
  getPayoutWallet,
  removeWallet,
  sendFeedback,
  setPayoutWallet,
} from './account.ts';
import { apiKeys, createApiKey, removeApiKey } from './api-keys.ts';
import {
  addDevice,
  associations,
  confirmShare,
  createShareCode,
  removeAssociation,
  setAssociationName,
  shareStatus,
} from './associations.ts';
import { codeCreate, codeLogin, login, loginWithPassword, type RequestContext, refresh } from './auth.ts';
import { balanceCodes, checkBalanceCode, redeemBalanceCode, subscriptionBalance } from './balance.ts';
import { blockedLocations, blockLocation, unblockLocation } from './blocked-locations.ts';
import type { Caller } from './caller.ts';
import { networkClients, setDeviceName } from './clients.ts';
import {
  adoptStatus,
  confirmAdopt,
  createAdoptCode,
  type DemoPlay,
  removeAdoptCode,
} from './device-adoption.ts';
import {
  accountPayments,
  accountPoints,
  referralCode,
  referralNetwork,
  transferStats,
  walletBalance,
} from './earnings.ts';
import { findProviders } from './find-providers.ts';
import { authClient, removeClient, removeClients } from './fleet.ts';
import { leaderboard, networkRanking, setRankingVisibility } from './leaderboard.ts';
import { findLocations, providerLocations } from './locations.ts';
import { myIpInfo } from './my-ip.ts';
import { networkStats } from './network-stats.ts';
import { networkUser, updateNetworkName } from './network-user.ts';
import { networkPeers } from './peers.ts';
import {
  providerLast90,
  providerLastN,
  providersLastN,
  providersOverviewLast90,
  providersOverviewLastN,
} from './provider-history.ts';
import { providerStats } from './provider-stats.ts';
import { providersMap } from './providers-map.ts';
import type { ProxyContext } from './proxies.ts';
import { networkReliability } from './reliability.ts';
import {
  networkCheck,
  networkCreate,
  networkDelete,
  passwordReset,
  passwordSet,
  verify,
  verifySend,
} from './sign-up.ts';

/**
 * The request body as the HTTP layer decoded it (`{}` without one), without the fields
 * the era does not read: its Go types are checked there, so each handler declares the
 * fields it reads.
 */
type Body = Record<string, never>;

/** What a handler is given; on an operation that wants a token, also its caller and the caller's network. */
export type Call<K extends OperationName> = {
  readonly world: World;
  readonly body: Body;
  /** the clock's time (epoch ms) */
  readonly now: number;
  /** what the era played does differently */
  readonly era: EraProfile;
  /** where the request came from, and the token signer (login routes) */
  readonly context: RequestContext;
  /** lines worth a log */
  readonly log?: (line: string) => void;
  /** what the in-process demo plays beside the world (the demo network adding a device's code) */
  readonly demo?: DemoPlay;
  /** where the proxies listen and how their ids are signed (auth-client's proxy_config) */
  readonly proxies: Omit<ProxyContext, 'address' | 'now'>;
  /** told what the service would have e-mailed */
  readonly mailed?: (mail: MailRecord) => void;
} & (Endpoints[K]['auth'] extends true ? { readonly caller: Caller; readonly network: number } : unknown);

/** The answer is the JSON object sent (test/contract/responses.test.ts reads each with its response schema). */
export type Handler<K extends OperationName> = (call: Call<K>) => unknown;
export type OperationTable = { readonly [K in OperationName]: Handler<K> };

export const operations = {
  findLocations: (c) => findLocations(c.world, c.body),
  providerLocations: (c) => providerLocations(c.world, c.era.providerLocations),
  findProviderLocations: (c) => c.era.findProviderLocations(c.world, c.body),
  findProviders: (c) =>
    findProviders(c.world, c.world.requestRng, c.body, { log: c.log, now: c.now }, c.era.findProviders),
  networkStats: (c) => networkStats(c.world, c.era.networkStats),
  getPayoutWallet: (c) => getPayoutWallet(c.world, c.network),
  setPayoutWallet: (c) => setPayoutWallet(c.world, c.network, c.body, c.era.payoutWalletChecked),
  accountWallets: (c) => accountWallets(c.world, c.network),
  createWallet: (c) => createWallet(c.world, c.network, c.body, c.now),
  removeWallet: (c) => removeWallet(c.world, c.network, c.body),
  deviceAssociations: (c) => associations(c.world, c.network, c.now),
  sendFeedback: (c) => sendFeedback(c.world, c.network, c.body, c.now, c.era.feedbackAnswersId),
  providerStats: (c) => providerStats(c.world, c.network, c.era.providerStatsProvideMode, c.now),
  providersLastN: (c) => providersLastN(c.world, c.network, c.body, c.now),
  providerLastN: (c) => providerLastN(c.world, c.network, c.body, c.now),
  providersOverviewLastN: (c) => providersOverviewLastN(c.world, c.network, c.body, c.now),
  addDevice: (c) => addDevice(c.world, c.world.requestRng, c.network, c.body, c.now),
  createShareCode: (c) => createShareCode(c.world, c.world.requestRng, c.network, c.body, c.now),
  shareStatus: (c) => shareStatus(c.world, c.body),
  confirmShare: (c) => confirmShare(c.world, c.network, c.body, c.era.confirmShareOwnerOnly),
  removeAssociation: (c) => removeAssociation(c.world, c.network, c.body, c.now),
  setAssociationName: (c) => setAssociationName(c.world, c.network, c.body, c.now),
  networkClients: (c) => networkClients(c.world, c.network),
  setDeviceName: (c) => setDeviceName(c.world, c.network, c.body),
  authLogin: (c) => login(c.world, c.body, c.context, c.now),
  authLoginWithPassword: (c) => loginWithPassword(c.world, c.body, c.context, c.now),
  authCodeCreate: (c) => codeCreate(c.world, c.world.requestRng, c.network, c.caller, c.body, c.now),
  authCodeLogin: (c) => codeLogin(c.world, c.body, c.context, c.now),
  authRefresh: (c) => refresh(c.world, c.network, c.caller, c.context),
  // issue 26, groups 4, 5, 7 and the network user
  networkUser: (c) => networkUser(c.world, c.network),
  updateNetworkName: (c) => updateNetworkName(c.world, c.network, c.body),
  blockedLocations: (c) => blockedLocations(c.world, c.network),
  blockLocation: (c) => blockLocation(c.world, c.network, c.body),
  unblockLocation: (c) => unblockLocation(c.world, c.network, c.body),
  createApiKey: (c) => createApiKey(c.world, c.world.requestRng, c.network, c.body, c.now),
  apiKeys: (c) => apiKeys(c.world, c.network),
  removeApiKey: (c) => removeApiKey(c.world, c.network, c.body),
  providersOverviewLast90: (c) => providersOverviewLast90(c.world, c.network, c.now),
  providerLast90: (c) => providerLast90(c.world, c.network, c.body, c.now),
  providersMap: (c) => providersMap(c.world, c.now),
  // issue 26, groups 3 and 6: fleet hygiene, adoption by the device
  removeClient: (c) => removeClient(c.world, c.network, c.body, c.now),
  removeClients: (c) => removeClients(c.world, c.world.requestRng, c.network, c.body, c.now),
  authClient: (c) => authClient(c.world, c.network, c.caller, c.body, c.context, c.now, c.proxies),
  createAdoptCode: (c) => createAdoptCode(c.world, c.world.requestRng, c.body, c.now, c.demo),
  adoptStatus: (c) => adoptStatus(c.world, c.body),
  confirmAdopt: (c) => confirmAdopt(c.world, c.body, c.context, c.now),
  removeAdoptCode: (c) => removeAdoptCode(c.world, c.body),
  // Issue 26, groups 1 and 2: earnings, reliability and rank.
  accountPayments: (c) => accountPayments(c.world, c.network),
  transferStats: (c) => transferStats(c.world, c.network, c.now),
  accountPoints: (c) => accountPoints(c.world, c.network),
  referralCode: (c) => referralCode(c.world, c.network),
  referralNetwork: (c) => referralNetwork(c.world, c.network),
  walletBalance: () => walletBalance(),
  networkReliability: (c) => networkReliability(c.world, c.network, c.caller, c.now),
  networkRanking: (c) => networkRanking(c.world, c.network, c.now),
  setRankingVisibility: (c) => setRankingVisibility(c.world, c.network, c.body),
  leaderboard: (c) => leaderboard(c.world),
  // Issue 34: the data balance, sign-up and recovery, where a caller is.
  subscriptionBalance: (c) => subscriptionBalance(c.world, c.network, 0, c.now),
  balanceCodes: (c) => balanceCodes(c.world, c.network, c.now),
  checkBalanceCode: (c) => checkBalanceCode(c.world, c.body),
  redeemBalanceCode: (c) => redeemBalanceCode(c.world, c.network, c.body, c.now),
  networkCheck: (c) => networkCheck(c.world, c.body),
  networkCreate: (c) => networkCreate(c.world, c.body, c.context, c.now, c.mailed),
  authVerifySend: (c) => verifySend(c.world, c.body, c.context, c.now, c.mailed),
  authVerify: (c) => verify(c.world, c.body, c.context, c.now),
  authPasswordReset: (c) => passwordReset(c.world, c.body, c.context, c.now, c.mailed),
  authPasswordSet: (c) => passwordSet(c.world, c.body, c.context, c.now),
  networkDelete: (c) => networkDelete(c.world, c.network),
  myIpInfo: (c) => {
    const via = c.context.viaProxy;
    return myIpInfo(
      c.world,
      c.context.address,
      via === undefined ? undefined : c.world.proxies.byId.get(via),
    );
  },
  // Issue 35, item 5: the live peer list.
  networkPeers: (c) => networkPeers(c.world, c.network, c.caller, c.now),
} satisfies OperationTable;
