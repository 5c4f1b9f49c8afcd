// The Go argument struct each POST route of the real service decodes its body into: the
// one home of the Go names and types that its 400 messages quote. Read from the server at
// 2c9e92b4 (the current era; the handler's argument type: a pointer or a value); an older
// era's struct lacks the fields its contract profile does not read (src/contract/eras.ts:
// the seed era's, at bedf5fd7, had no rank mode, force_count or force_minimum, nor a star
// count in feedback). A pointer argument is nil for a `null` body, and the handler then
// fails with a 500 (reference behaviour, "General rules").
import type { BodyOperation, OperationName } from '../../src/contract/endpoints.ts';
import { type Era, unreadFields } from '../../src/contract/eras.ts';
import { FEEDBACK_NEEDS, FEEDBACK_USES } from '../../src/contract/schemas.ts';
import {
  type GoType,
  goBool,
  goFloat32,
  goFloat64,
  goId,
  goInt,
  goPtr,
  goSlice,
  goString,
  goStruct,
} from './go-json.ts';

// server: model/network_client_location_model.go FindLocationsArgs (both searches);
// find-locations left the service before the struct had a rank mode.
const locationQuery = {
  query: goString,
  max_distance_fraction: goFloat32,
  enable_max_distance_fraction: goBool,
};

// server: model/network_client_location_model.go ProviderSpec, FindProviders2Args
const providerSpec = goStruct('model.ProviderSpec', {
  location_id: goPtr(goId),
  location_group_id: goPtr(goId),
  client_id: goPtr(goId),
  best_available: goBool,
});

// Issue 34. server: model/network_client_model.go ProxyConfig, ExtendedProxyDeviceState
// (ProxyDeviceState embedded: its fields are the struct's own); sdk: sdk.go
// ConnectLocation, ConnectLocationId, PerformanceProfile, WindowSizeSettings (sdk.Id reads
// as server.Id does: 38 bytes with the quotes); connect: net_http_doh.go DnsResolverSettings.
const connectLocation = goStruct('sdk.ConnectLocation', {
  connect_location_id: goPtr(
    goStruct('sdk.ConnectLocationId', {
      client_id: goPtr(goId),
      location_id: goPtr(goId),
      location_group_id: goPtr(goId),
      best_available: goBool,
    }),
  ),
  name: goString,
  provider_count: goInt,
  promoted: goBool,
  match_distance: goInt,
  location_type: goString,
  city: goString,
  region: goString,
  country: goString,
  country_code: goString,
  city_location_id: goPtr(goId),
  region_location_id: goPtr(goId),
  country_location_id: goPtr(goId),
  stable: goBool,
  strong_privacy: goBool,
  network_peer: goBool,
});
const performanceProfile = goStruct('sdk.PerformanceProfile', {
  window_type: goString,
  window_size: goPtr(
    goStruct('sdk.WindowSizeSettings', {
      window_size_min: goInt,
      window_size_min_p2p_only: goInt,
      window_size_max: goInt,
      window_size_hard_max: goInt,
      window_size_reconnect_scale: goFloat64,
      keep_healthiest_count: goInt,
      ulimit: goInt,
    }),
  ),
  allow_direct: goBool,
  post_quantum_encryption: goBool,
});
const dnsResolverSettings = goStruct('connect.DnsResolverSettings', {
  enable_remote_doh: goBool,
  enable_local_doh: goBool,
  enable_remote_dns: goBool,
  enable_local_dns: goBool,
  dns_upgrade_mask_address: goString,
  remote_doh_urls_ipv4: goSlice(goString),
  remote_doh_urls_ipv6: goSlice(goString),
  local_doh_urls_ipv4: goSlice(goString),
  local_doh_urls_ipv6: goSlice(goString),
  remote_dns_ipv4: goSlice(goString),
  remote_dns_ipv6: goSlice(goString),
  local_dns_ipv4: goSlice(goString),
  local_dns_ipv6: goSlice(goString),
});
const proxyConfig = goStruct('model.ProxyConfig', {
  lock_caller_ip: goBool,
  lock_ip_list: goSlice(goString),
  https_require_auth: goBool,
  enable_wg: goBool,
  initial_device_state: goPtr(
    goStruct('model.ExtendedProxyDeviceState', {
      location: goPtr(connectLocation),
      performance_profile: goPtr(performanceProfile),
      dns_resolver_settings: goPtr(dnsResolverSettings),
      country_code: goString,
    }),
  ),
});

// server: model/auth_model.go WalletAuthArgs (a login's and a sign-up's)
const walletAuth = goStruct('model.WalletAuthArgs', {
  wallet_address: goString,
  wallet_signature: goString,
  wallet_message: goString,
  blockchain: goString,
  wallet_nonce: goString,
});

const ARGS: Record<BodyOperation, GoType> = {
  findLocations: goPtr(goStruct('model.FindLocationsArgs', locationQuery)),
  findProviderLocations: goPtr(
    goStruct('model.FindLocationsArgs', { ...locationQuery, rank_mode: goString }),
  ),
  findProviders: goPtr(
    goStruct('model.FindProviders2Args', {
      specs: goSlice(goPtr(providerSpec)),
      count: goInt,
      exclude_client_ids: goSlice(goId),
      exclude_destinations: goSlice(goSlice(goId)),
      force_count: goBool,
      rank_mode: goString,
      force_minimum: goBool,
    }),
  ),
  // server: controller/payout_wallet_controller.go SetPayoutWallet takes a value
  setPayoutWallet: goStruct('model.SetPayoutWalletArgs', { wallet_id: goId }),
  // server: model/account_feedback_model.go FeedbackSendArgs
  sendFeedback: goStruct('model.FeedbackSendArgs', {
    uses: goStruct('model.FeedbackSendUses', Object.fromEntries(FEEDBACK_USES.map((use) => [use, goBool]))),
    needs: goStruct('model.FeedbackSendNeeds', {
      ...Object.fromEntries(FEEDBACK_NEEDS.map((need) => [need, goBool])),
      other: goPtr(goString),
    }),
    star_count: goInt,
  }),
  // server: model/device_association_model.go
  addDevice: goPtr(goStruct('model.DeviceAddArgs', { code: goString })),
  createShareCode: goPtr(
    goStruct('model.DeviceCreateShareCodeArgs', { client_id: goId, device_name: goString }),
  ),
  shareStatus: goPtr(goStruct('model.DeviceShareStatusArgs', { share_code: goString })),
  confirmShare: goPtr(
    goStruct('model.DeviceConfirmShareArgs', { share_code: goString, associated_network_name: goString }),
  ),
  removeAssociation: goPtr(goStruct('model.DeviceRemoveAssociationArgs', { code: goString })),
  setAssociationName: goPtr(
    goStruct('model.DeviceSetAssociationNameArgs', { code: goString, device_name: goString }),
  ),
  // server: model/network_client_model.go DeviceSetName
  setDeviceName: goPtr(goStruct('model.DeviceSetNameArgs', { device_id: goId, device_name: goString })),
  // server: model/auth_model.go; controller/auth_controller.go takes values for the logins
  authLogin: goStruct('model.AuthLoginArgs', {
    user_auth: goPtr(goString),
    auth_jwt_type: goPtr(goString),
    auth_jwt: goPtr(goString),
    wallet_auth: goPtr(walletAuth),
    seedphrase: goPtr(goString),
  }),
  authLoginWithPassword: goStruct('model.AuthLoginWithPasswordArgs', {
    user_auth: goString,
    password: goString,
    verify_otp_numeric: goBool,
  }),
  authCodeCreate: goPtr(
    goStruct('model.AuthCodeCreateArgs', {
      duration_minutes: goFloat64,
      uses: goInt,
      roles: goSlice(goString),
      principal: goString,
    }),
  ),
  authCodeLogin: goPtr(goStruct('model.AuthCodeLoginArgs', { auth_code: goString })),
  // server: controller/account_wallet_controller.go, model/account_wallet_model.go
  createWallet: goPtr(
    goStruct('model.CreateAccountWalletExternalArgs', {
      network_id: goId,
      blockchain: goString,
      wallet_address: goString,
      default_token_type: goString,
    }),
  ),
  removeWallet: goPtr(goStruct('model.RemoveWalletArgs', { wallet_id: goString })),
  // server: model/provider_model.go
  providersLastN: goPtr(goStruct('model.StatsProvidersArgs', { last_n: goFloat64 })),
  providerLastN: goPtr(
    goStruct('model.StatsProviderArgs', { client_id: goId, last_n: goFloat64, lookback: goInt }),
  ),
  providersOverviewLastN: goPtr(
    goStruct('model.StatsProvidersOverviewArgs', { last_n: goFloat64, lookback: goInt }),
  ),
  // issue 26, groups 4, 5, 7 and the network user. server: controller/network_controller.go,
  // controller/exclude_network_client_location_controller.go, model/account_api_key_model.go,
  // controller/account_api_key_controller.go, model/provider_model.go (all pointers)
  updateNetworkName: goPtr(goStruct('controller.UpdateNetworkNameArgs', { network_name: goString })),
  blockLocation: goPtr(goStruct('controller.NetworkBlockLocationArgs', { location_id: goId })),
  unblockLocation: goPtr(goStruct('controller.NetworkUnblockLocationArgs', { location_id: goId })),
  createApiKey: goPtr(goStruct('model.CreateApiKeyArgs', { name: goString })),
  removeApiKey: goPtr(goStruct('controller.DeleteApiKeyArgs', { id: goPtr(goId) })),
  providerLast90: goPtr(
    goStruct('model.StatsProviderArgs', { client_id: goId, last_n: goFloat64, lookback: goInt }),
  ),
  // ---- issue 26, groups 3 and 6 ----
  // server: model/network_client_model.go
  removeClient: goPtr(goStruct('model.RemoveNetworkClientArgs', { client_id: goId })),
  removeClients: goPtr(goStruct('model.RemoveNetworkClientsArgs', { client_ids: goSlice(goId) })),
  authClient: goPtr(
    goStruct('model.AuthNetworkClientArgs', {
      client_id: goPtr(goId),
      source_client_id: goPtr(goId),
      description: goString,
      device_spec: goString,
      roles: goSlice(goString),
      principal: goString,
      proxy_config: goPtr(proxyConfig),
    }),
  ),
  // server: model/device_association_model.go
  createAdoptCode: goPtr(
    goStruct('model.DeviceCreateAdoptCodeArgs', { device_name: goString, device_spec: goString }),
  ),
  adoptStatus: goPtr(goStruct('model.DeviceAdoptStatusArgs', { adopt_code: goString })),
  confirmAdopt: goPtr(
    goStruct('model.DeviceConfirmAdoptArgs', {
      adopt_code: goString,
      adopt_secret: goString,
      associated_network_name: goString,
    }),
  ),
  removeAdoptCode: goPtr(
    goStruct('model.DeviceRemoveAdoptCodeArgs', { adopt_code: goString, adopt_secret: goString }),
  ),
  // Issue 26, groups 1 and 2. server: controller/leaderboard_controller.go: the visibility
  // takes a value (null is `{}`); the leaderboard a pointer it never reads, so a `null` body
  // is fine there too: read as a value here (the same 400 texts name the struct).
  setRankingVisibility: goStruct('controller.SetNetworkRankingPublicArgs', { is_public: goBool }),
  leaderboard: goStruct('controller.GetLeaderboardArgs', {}),
  // Issue 34. server: model/transfer_balance_code_model.go CheckBalanceCode takes a pointer,
  // controller/subscription_controller.go RedeemBalanceCode a value (its own struct).
  checkBalanceCode: goPtr(goStruct('model.CheckBalanceCodeArgs', { secret: goString })),
  redeemBalanceCode: goStruct('controller.RedeemBalanceCodeArgs', { secret: goString }),
  // model/network_model.go NetworkCheck takes a pointer; the sign-up and recovery routes of
  // controller/auth_controller.go and controller/network_controller.go take values.
  networkCheck: goPtr(goStruct('model.NetworkCheckArgs', { network_name: goString })),
  networkCreate: goStruct('model.NetworkCreateArgs', {
    user_name: goString,
    user_auth: goPtr(goString),
    auth_jwt: goPtr(goString),
    auth_jwt_type: goPtr(goString),
    password: goPtr(goString),
    network_name: goString,
    terms: goBool,
    verify_use_numeric: goBool,
    referral_code: goPtr(goString),
    balance_code: goPtr(goString),
    wallet_auth: goPtr(walletAuth),
  }),
  authVerifySend: goStruct('controller.AuthVerifySendArgs', { user_auth: goString, use_numeric: goBool }),
  authVerify: goStruct('model.AuthVerifyArgs', { user_auth: goString, verify_code: goString }),
  authPasswordReset: goStruct('controller.AuthPasswordResetArgs', { user_auth: goString }),
  authPasswordSet: goStruct('model.AuthPasswordSetArgs', { reset_code: goString, password: goString }),
};

/** The type without the struct fields `dropped` (through a pointer). */
function without(type: GoType, dropped: readonly string[]): GoType {
  if (type.kind === 'ptr') return goPtr(without(type.elem, dropped));
  if (type.kind !== 'struct') return type;
  const fields = Object.entries(type.fields).filter(([name]) => !dropped.includes(name));
  return goStruct(type.name, Object.fromEntries(fields));
}

const cache = new Map<string, GoType>();

/** The Go type a route's body decodes into in `era`. */
export function goArgsOf(name: OperationName, era: Era): GoType {
  const key = `${era}:${name}`;
  let type = cache.get(key);
  if (!type) {
    const args = (ARGS as Partial<Record<OperationName, GoType>>)[name];
    if (!args) throw new Error(`${name} takes no body`);
    type = without(args, unreadFields(name, era));
    cache.set(key, type);
  }
  return type;
}
