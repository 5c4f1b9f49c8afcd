// The engine's behaviour: one handler per operation of the endpoint table, wired to the
// domain files that hold it. Typed from the endpoint table, so an operation without a
// handler, or a handler without an operation, does not compile; a new operation is one
// row here and its handler in its domain file.
import type { Endpoints, OperationName } from '../../src/contract/endpoints.ts';
import type { EraProfile } from '../eras/profile.ts';
import type { World } from '../world/index.ts';
import {
  accountWallets,
  createWallet,
  getPayoutWallet,
  removeWallet,
  sendFeedback,
  setPayoutWallet,
} from './account.ts';
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
import { networkClients, setDeviceName } from './clients.ts';
import {
  accountPayments,
  accountPoints,
  referralCode,
  referralNetwork,
  transferStats,
  walletBalance,
} from './earnings.ts';
import { findProviders } from './find-providers.ts';
import { leaderboard, networkRanking, setRankingVisibility } from './leaderboard.ts';
import { findLocations, providerLocations } from './locations.ts';
import { networkStats } from './network-stats.ts';
import { providerLastN, providersLastN, providersOverviewLastN } from './provider-history.ts';
import { providerStats } from './provider-stats.ts';
import { networkReliability } from './reliability.ts';

export interface Caller {
  networkId: string;
  networkName: string;
  /** set for a client token */
  clientId?: string;
}

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
  providerStats: (c) => providerStats(c.world, c.network, c.era.providerStatsProvideMode),
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
} satisfies OperationTable;
