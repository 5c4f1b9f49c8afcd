// An operation as a person knows it: `providerLocations` is "provider locations" in what
// netdeck says (errors, the event log), the endpoint table's name stays for code and --json.
import type { OperationName } from '../contract/endpoints.ts';

/** Names whose words read badly when merely split. */
const WORDS: Partial<Record<OperationName, string>> = {
  authLogin: 'login',
  authLoginWithPassword: 'login with a password',
  authCodeCreate: 'creating an auth code',
  authCodeLogin: 'login with an auth code',
  authRefresh: 'refreshing the token',
  authClient: 'a client token',
  providersLastN: 'the providers over days',
  providerLastN: 'a provider over days',
  providersOverviewLastN: 'the providers overview over days',
  providersOverviewLast90: 'the providers overview over 90 days',
  providerLast90: 'a provider over 90 days',
  subscriptionBalance: 'the data balance',
  balanceCodes: 'the redeemed balance codes',
  checkBalanceCode: 'checking a balance code',
  redeemBalanceCode: 'redeeming a balance code',
  networkCheck: 'checking a network name',
  networkCreate: 'creating a network',
  authVerifySend: 'sending a verification code',
  authVerify: 'verifying a user',
  authPasswordReset: 'a password reset',
  authPasswordSet: 'setting a password',
  networkDelete: 'deleting the network',
  myIpInfo: "this address's place",
};

/** "provider locations" for providerLocations, "payout wallet" for getPayoutWallet. */
export function operationWords(name: OperationName | string): string {
  const known = WORDS[name as OperationName];
  if (known) return known;
  return name
    .replace(/^get(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
