// One valid request body per operation and admin route: the seeds the fuzzer mutates.
import { endpoints, type OperationName, operationNames } from '../../src/contract/endpoints.ts';

const ID = '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01';

export const OPERATION_BODIES: Record<OperationName, unknown> = {
  findLocations: { query: 'ber', max_distance_fraction: 0.3, enable_max_distance_fraction: true },
  providerLocations: undefined,
  getPayoutWallet: undefined,
  setPayoutWallet: { wallet_id: ID },
  deviceAssociations: undefined,
  sendFeedback: { uses: { personal: true }, needs: { private: true, other: 'x' }, star_count: 4 },
  providerStats: undefined,
  addDevice: { code: 'abandon ability able about above absent' },
  createShareCode: { client_id: ID, device_name: 'phone' },
  findProviders: {
    specs: [{ location_id: ID }, { best_available: true }],
    count: 5,
    exclude_client_ids: [ID],
    exclude_destinations: [[ID, ID]],
  },
  networkStats: undefined,
  findProviderLocations: { query: 'ber', rank_mode: 'quality' },
  networkClients: undefined,
  authLogin: { user_auth: 'demo@example.com' },
  authLoginWithPassword: { user_auth: 'demo@example.com', password: 'wrong password' },
  authCodeCreate: { duration_minutes: 5, uses: 1 },
  authCodeLogin: { auth_code: 'not-a-code' },
  authRefresh: undefined,
  accountWallets: undefined,
  createWallet: { blockchain: 'SOL', wallet_address: '4Nd1mYxJ8x3mZzsZ2yQmQnGFGEd7sYyqk4fVZQ3dQk9T' },
  removeWallet: { wallet_id: ID },
  shareStatus: { share_code: 'abandon ability able about above absent' },
  confirmShare: { share_code: 'abandon ability able about above absent', associated_network_name: 'x' },
  removeAssociation: { code: 'abandon ability able about above absent' },
  setAssociationName: { code: 'abandon ability able about above absent', device_name: 'renamed' },
  setDeviceName: { device_id: ID, device_name: 'renamed' },
  providersLastN: { last_n: 24 },
  providerLastN: { client_id: ID, last_n: 24 },
  providersOverviewLastN: { last_n: 168 },
  // issue 26, groups 4, 5, 7 and the network user
  networkUser: undefined,
  updateNetworkName: { network_name: 'renamed-network' },
  blockedLocations: undefined,
  blockLocation: { location_id: ID },
  unblockLocation: { location_id: ID },
  createApiKey: { name: 'scripts' },
  apiKeys: undefined,
  removeApiKey: { id: ID },
  providersOverviewLast90: undefined,
  providerLast90: { client_id: ID },
  providersMap: undefined,
  // issue 26, groups 3 and 6
  removeClient: { client_id: ID },
  removeClients: { client_ids: [ID, ID] },
  authClient: { description: 'sample device', device_spec: 'netdeck test' },
  createAdoptCode: { device_name: 'sample device', device_spec: 'netdeck test' },
  adoptStatus: { adopt_code: 'abandon ability able about above absent' },
  confirmAdopt: {
    adopt_code: 'abandon ability able about above absent',
    adopt_secret: 'ab',
    associated_network_name: 'demo',
  },
  removeAdoptCode: { adopt_code: 'abandon ability able about above absent', adopt_secret: 'ab' },
  // Issue 26, groups 1 and 2.
  accountPayments: undefined,
  transferStats: undefined,
  accountPoints: undefined,
  referralCode: undefined,
  referralNetwork: undefined,
  walletBalance: undefined,
  networkReliability: undefined,
  networkRanking: undefined,
  setRankingVisibility: { is_public: true },
  leaderboard: {},
  // Issue 34: the data balance, sign-up and recovery, where a caller is.
  subscriptionBalance: undefined,
  balanceCodes: undefined,
  checkBalanceCode: { secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' },
  redeemBalanceCode: { secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' },
  networkCheck: { network_name: 'sample-network' },
  networkCreate: {
    user_name: 'sample-network',
    user_auth: 'sample@example.com',
    password: 'a sample password',
    network_name: 'sample-network',
    terms: true,
    verify_use_numeric: false,
  },
  authVerifySend: { user_auth: 'sample@example.com' },
  authVerify: { user_auth: 'sample@example.com', verify_code: '0123abcd' },
  authPasswordReset: { user_auth: 'sample@example.com' },
  authPasswordSet: { reset_code: 'ab'.repeat(64), password: 'a new password' },
  networkDelete: undefined,
  myIpInfo: undefined,
  networkPeers: undefined,
};

/** Admin routes the fuzzer may hit; `/__sim/faults` is left out: faults make 500s legitimate. */
export const ADMIN_BODIES: Record<string, unknown> = {
  '/__sim/reset': { seed: 3 },
  '/__sim/advance': { seconds: 60 },
  '/__sim/token': { network_name: 'fuzz' },
  '/__sim/codes': undefined,
  '/__sim/mail': undefined,
  '/__sim/names': { client_id: ID, device_name: 'renamed' },
  '/__sim/providers': { client_id: ID, connected: false },
  '/__sim/caller-country': { country_code: 'de' },
  '/__sim/removal-budget': { reserved: 10, hours: 2 },
};

export const ADMIN_METHODS: Record<string, string[]> = {
  '/__sim/reset': ['POST'],
  '/__sim/advance': ['POST'],
  '/__sim/token': ['POST'],
  '/__sim/codes': ['GET'],
  '/__sim/mail': ['GET'],
  '/__sim/names': ['POST'],
  '/__sim/providers': ['POST'],
  '/__sim/caller-country': ['POST'],
  '/__sim/removal-budget': ['POST'],
  '/openapi.json': ['GET'],
};

export const OPERATION_PATHS = [...new Set(operationNames.map((name) => endpoints[name].path))];

/** The sample body for a path (the POST operation's when a path has two methods). */
export function sampleBody(path: string): unknown {
  if (path in ADMIN_BODIES) return ADMIN_BODIES[path];
  const name = operationNames.find((n) => endpoints[n].path === path && endpoints[n].method === 'POST');
  return name ? OPERATION_BODIES[name] : undefined;
}
