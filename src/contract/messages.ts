// Texts the real service sends that a client acts on (reference behaviour). The simulator
// sends them; the client recognises them.
import { NAME_REFUSALS } from './network-name.ts';

/** Plain-text bodies of the HTTP-level answers (Go's http.Error adds a newline). */
export const HTTP_TEXT = {
  notFound: '404 page not found',
  /** Go's server, before any route, to a request target its URL parser refuses (no newline). */
  badRequest: '400 Bad Request',
  methodNotAllowed: 'Method not allowed.',
  notAuthorized: 'Not authorized.',
  /** The simulator's own: a request for a foreign Host, or an admin request from a foreign Origin or without the secret. */
  forbidden: 'Forbidden.',
  tooLarge: 'request body too large',
  /** Any unexpected failure (a panic, a database error). */
  internal: 'Error. Please email support@ur.io for help.',
  /** /stats/last-90 before its first export. */
  noStats: 'Could not fetch stats.',
  /** 503 of the login routes past the attempt limit (the status is part of the handler's message). */
  authAttempts: 'User auth attempts exceeded limits.',
  /** 429 of /auth/network-create without an e-mail, past 5 sign-ups of an address in a day */
  signUpLimit: 'You have reached the maximum number of account creations for today. Please try again later.',
} as const;

/**
 * Refusals the service gives as a 500 whose body is the message: the request was wrong,
 * not the service (commands exit 4 for them, as for a business error). Any other 5xx
 * body is a failure of the service.
 */
export const REFUSALS_AS_500 = {
  walletNotOwned: 'Wallet must be an active wallet owned by the network.',
  taoPayout: 'Bittensor wallets cannot be the payout wallet.',
  invalidBlockchain: 'invalid blockchain, use SOL, MATIC, or TAO',
  invalidWalletAddress: 'invalid wallet address',
  walletNotCreated: 'error creating new wallet',
  userDoesNotExist: 'User does not exist.',
  // issue 26, group 3: remove-clients when every hourly bucket of the next 24 is full
  bulkRemovalLimit:
    'The bulk client removal limit (1000000 per hour, 24000000 per day) has been reached for this deployment. Please try again later.',
  // issue 34: sign-up and recovery (server: controller/network_controller.go NetworkCreate
  // turns every refusal of the model into an error, controller/auth_controller.go)
  termsNotAccepted: 'The terms of service and privacy policy must be accepted.',
  // The name's refusals, as a rename's (network-name.ts).
  networkNameTooShort: NAME_REFUSALS.short,
  networkNameTooLong: NAME_REFUSALS.long,
  networkNameCharacters: NAME_REFUSALS.characters,
  networkNameTaken: NAME_REFUSALS.taken,
  invalidEmailOrPhone: 'Invalid email or phone number.',
  accountMayExist: 'Account might already exist. Please start over.',
  /** a sign-up with an SSO token or a wallet whose account exists (the simulated world has none other) */
  accountMayExistLogIn: 'Account might already exist. Please log in again.',
  /** verify-send, password-reset and password-set: no such user (or no such reset code) */
  invalidLogin: 'Invalid login.',
  /** password-reset: a user auth that is neither an e-mail address nor a phone number */
  invalidUserAuth: 'Invalid user auth.',
  /** auth-client with proxy_config and lock_caller_ip, when the caller's address does not parse */
  lockCallerIp: 'Could not lock caller ip',
  /** network-delete by a token whose user is not the network's admin (a GET-style tag on this POST) */
  networkNotRemoved: '[github.com/urnetwork/server/controller.NetworkRemove]Could not remove network',
} as const;

/** Refusals given as a 500 that name what was sent: known by their start. */
const REFUSAL_PREFIXES = [
  'invalid blockchain',
  // issue 34: auth-client with proxy_config, a lock_ip_list entry that is neither an address nor a prefix
  'Could not parse lock ip ',
] as const;

/** auth-client's 500 for a `lock_ip_list` entry, quoted as sent (server: model/network_client_model.go AuthNetworkClient). */
export const lockIpError = (entry: string) => `Could not parse lock ip ${entry}`;

/** Whether a 500 body is one of the refusals above (or starts as one of REFUSAL_PREFIXES). */
export function isRefusalAs500(body: string): boolean {
  const text = body.trim();
  return (
    Object.values(REFUSALS_AS_500).includes(text as never) ||
    REFUSAL_PREFIXES.some((prefix) => text.startsWith(prefix))
  );
}

/** `{"error": {"message"}}` texts of 200 answers. */
export const BUSINESS_TEXT = {
  invalidCode: 'Invalid code.',
  invalidClient: 'Invalid client.',
  invalidShareCode: 'Invalid share code.',
  deviceMissing: 'Device does not exist.',
  invalidAuthCode: 'Invalid auth code.',
  authCodeLimit: 'Auth code limit exceeded.',
  invalidUserOrPassword: 'Invalid user or password.',
  invalidUserAuth: 'Invalid user auth.',
  invalidEmailOrPhone: 'Invalid email or phone number.',
  invalidLogin: 'Invalid login credentials.',
  /** /auth/login with a seed phrase no account has (the service's own lower case, no stop). */
  unknownSeedphrase: 'unknown seedphrase',
  refreshNeedsClient: 'Client ID is required for token refresh.',
  rolesNeedNetwork: 'Roles and principal can only be assigned by a network session.',
  /** (choice) create-share-code past the simulator's 500 live share codes per network */
  tooManyShareCodes: 'Too many share codes.',
  // issue 26, groups 3 and 6: clients and adoption by the device
  clientMissing: 'Client does not exist.',
  invalidAdoptCode: 'Invalid adopt code.',
  rolesFixed: 'Roles and principal are assigned at creation and cannot be changed.',
  tooManyRoles: 'Too many roles (limit 32).',
  principalTooLong: 'Principal too long (limit 256).',
  invalidRole: 'Invalid role (limit 128).',
  /** (choice) auth-client past the simulator's 1 000 clients a network may add */
  clientLimit: 'Client limit exceeded.',
  // issue 34: proxies and balance codes
  /** auth-client with proxy_config: no place (an unknown country code, none at all); the client is made */
  invalidLocation: 'Invalid location',
  /** check and redeem: no such unredeemed code (a code redeemed already too) */
  unknownBalanceCode: 'Unknown balance code.',
  /** redeem: another redeem of the same code won the race */
  balanceCodeRedeemed: 'Balance code already redeemed.',
  /** auth-client with proxy_config: the service has no proxy host to put it on (the client is made) */
  proxyNotCreated: 'Could not create proxy client',
  /** network-delete: the plan's Stripe subscription could not be ended */
  stripeUnsubscribe: 'Failed to unsubscribe Stripe',
} as const;

/** remove-wallet's answer to a `wallet_id` that is not an id. */
export const parseIdError = (id: string) => `Error parsing id ${id}`;
