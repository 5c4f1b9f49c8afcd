// Logging in (reference behaviour, "Authentication"): the accounts a user can log in
// with (the demo user, and an unverified one that exercises `verification_required`),
// the login attempt limits, auth codes, and token refresh. Tokens come from the HTTP
// layer's signer, handed in with each request.
import { createHmac } from 'node:crypto';
import { BUSINESS_TEXT, HTTP_TEXT, REFUSALS_AS_500 } from '../../src/contract/messages.ts';
import type { UserRecord, World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';
import { failure, SimError } from './errors.ts';
import { keptKey } from './limits.ts';

export interface NetworkRef {
  id: string;
  name: string;
}

/** What a request brings beside its body: where it came from, and how to sign a token. */
export interface RequestContext {
  /** The caller's address (login attempts are counted per address). */
  address?: string;
  /** The id of the simulator's proxy the request came through, known by the connection it opened (issue 34). */
  viaProxy?: string;
  /** Signs a network token (a client token when `clientId` is given). */
  sign?: (network: NetworkRef, clientId?: string) => string;
}

export const DEMO_USER_EMAIL = 'demo@netdeck.example';
export const UNVERIFIED_USER_EMAIL = 'unverified@netdeck.example';
const UNVERIFIED_NETWORK_NAME = 'unverified-network';

const AUTH_CODE = {
  defaultMinutes: 1,
  maxMinutes: 1440,
  defaultUses: 1,
  maxUses: 100,
  perNetwork: 500,
  /** random bytes of a code: 684 URL-safe base64 characters with padding, as the service's */
  bytes: 512,
} as const;

/**
 * The demo user's password: from the simulator's secret key and the seed, so that nobody
 * who knows only the (public) seed can log in as the demo network; no spaces (the banner
 * prints it). 22 base64url characters: 132 bits.
 */
export const demoPassword = (secret: Uint8Array, seed: number) =>
  `netdeck-${createHmac('sha256', secret).update(`netdeck demo password, seed ${seed}`).digest('base64url').slice(0, 22)}`;

/** The accounts of a new world: the demo network's user, and one not verified yet, with `password`. */
export function initUsers(world: World, password: string): void {
  const users: UserRecord[] = [
    { userAuth: DEMO_USER_EMAIL, password, verified: true, network: 0, networkName: '' },
    {
      userAuth: UNVERIFIED_USER_EMAIL,
      password,
      verified: false,
      network: -1,
      networkName: UNVERIFIED_NETWORK_NAME,
    },
  ];
  for (const user of users) world.users.set(user.userAuth, user);
}

export function demoUser(world: World): { email: string; password: string } {
  return { email: DEMO_USER_EMAIL, password: world.users.get(DEMO_USER_EMAIL)?.password ?? '' };
}

/**
 * A user auth as the service reads it: trimmed, lower case, an email address (also in
 * `Name <address>` form) or else a phone number (US by default); undefined when neither.
 */
export function normalUserAuth(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const value = text.trim().toLowerCase();
  const email = (value.match(/<([^<>]+)>$/)?.[1] ?? value).trim();
  if (/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/.test(email)) return email;
  const digits = value.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^1?\d{10}$/.test(digits)) return `+1${digits.slice(-10)}`;
  return undefined;
}

const attemptKey = (userAuth: string | undefined, address: string | undefined) =>
  keptKey(`${userAuth ?? ''}\n${address ?? ''}`);

/**
 * The body's user auth normalised, its attempt counted as the service counts it (only one
 * that parses: a route refuses the others before it looks the user up); undefined when it
 * does not parse.
 */
export function attemptedUserAuth(
  world: World,
  given: string | undefined,
  context: RequestContext,
  now: number,
): string | undefined {
  const userAuth = normalUserAuth(given);
  if (userAuth) attempt(world, userAuth, context, now);
  return userAuth;
}

/**
 * Records a login attempt before anything else and says whether it may go on: refused
 * from the 5th attempt of one address for one user auth within 5 minutes, or the 300th
 * for one user auth within 30 (every refused attempt is recorded too).
 */
export function attempt(
  world: World,
  userAuth: string | undefined,
  context: RequestContext,
  now: number,
): void {
  const fromAddress = world.loginAttempts.record(attemptKey(userAuth, context.address), now);
  const forUser = userAuth === undefined ? 0 : world.userAttempts.record(keptKey(userAuth), now);
  if (fromAddress >= world.loginAttempts.cap || forUser >= world.userAttempts.cap)
    throw new SimError(503, HTTP_TEXT.authAttempts);
}

/** A successful login clears both of its windows. */
function succeeded(world: World, userAuth: string, context: RequestContext): void {
  world.loginAttempts.clear(attemptKey(userAuth, context.address));
  world.userAttempts.clear(keptKey(userAuth));
}

/** A token for `network` (and `clientId`), signed by the request's signer. */
export function sign(context: RequestContext, network: NetworkRef, clientId?: string): string {
  if (!context.sign) throw new Error('no token signer for this request');
  return context.sign(network, clientId);
}

export function login(
  world: World,
  body: {
    user_auth?: string;
    auth_jwt?: string;
    auth_jwt_type?: string;
    wallet_auth?: object;
    seedphrase?: string;
  },
  context: RequestContext,
  now: number,
) {
  const userAuth = normalUserAuth(body.user_auth);
  attempt(world, userAuth, context, now);
  if (body.user_auth !== undefined) {
    if (!userAuth) return failure(BUSINESS_TEXT.invalidEmailOrPhone);
    // A lookup: which methods the user may use (never a success for the limits). The
    // service re-marshals this answer through a map (server: model/auth_model.go
    // AuthLoginResult.MarshalJSON): its keys come in alphabetical order.
    return world.users.has(userAuth)
      ? { auth_allowed: ['email', 'password'], user_auth: userAuth }
      : { user_auth: userAuth };
  }
  // (choice) No SSO or wallet accounts, and no seed phrase, exist in the simulated world.
  // The service takes the first branch a body names: an SSO token, a wallet, then a seed
  // phrase, which is unknown (server: model/seedphrase_auth_model.go LoginWithSeedphrase).
  const other =
    (body.auth_jwt !== undefined && body.auth_jwt_type !== undefined) || body.wallet_auth !== undefined;
  if (!other && body.seedphrase) return failure(BUSINESS_TEXT.unknownSeedphrase);
  return failure(BUSINESS_TEXT.invalidLogin);
}

/** What POST /auth/login-with-password reads. */
type PasswordLoginBody = { user_auth?: string; password?: string };

export function loginWithPassword(
  world: World,
  body: PasswordLoginBody,
  context: RequestContext,
  now: number,
) {
  const userAuth = attemptedUserAuth(world, body.user_auth, context, now);
  if (!userAuth) return failure(BUSINESS_TEXT.invalidUserAuth);
  const user = world.users.get(userAuth);
  if (!user) throw new SimError(500, REFUSALS_AS_500.userDoesNotExist);
  if (body.password !== user.password) return failure(BUSINESS_TEXT.invalidUserOrPassword);
  if (!user.verified)
    return { verification_required: { user_auth: userAuth }, network: { name: user.networkName } };
  succeeded(world, userAuth, context);
  return { network: { by_jwt: sign(context, world.networks.ref(user.network)) } };
}

/** Drops expired auth codes (at each tick, and before counting a network's). */
export function pruneAuthCodes(world: World, now: number): void {
  for (const [code, record] of world.authCodes) if (record.expiresAt <= now) world.authCodes.delete(code);
}

export function codeCreate(
  world: World,
  rng: Rng,
  network: number,
  caller: { clientId?: string },
  body: { duration_minutes?: number; uses?: number; roles?: string[]; principal?: string },
  now: number,
) {
  const minutes =
    (body.duration_minutes ?? 0) > 0 ? Math.min(body.duration_minutes!, AUTH_CODE.maxMinutes) : 1;
  const uses = (body.uses ?? 0) > 0 ? Math.min(body.uses!, AUTH_CODE.maxUses) : AUTH_CODE.defaultUses;
  if ((body.roles?.length || body.principal) && caller.clientId)
    return failure(BUSINESS_TEXT.rolesNeedNetwork);
  pruneAuthCodes(world, now);
  let live = 0;
  for (const record of world.authCodes.values()) if (record.network === network) live++;
  if (live >= AUTH_CODE.perNetwork)
    return { error: { auth_code_limit_exceeded: true, message: BUSINESS_TEXT.authCodeLimit } };
  const bytes = Buffer.alloc(AUTH_CODE.bytes);
  for (let k = 0; k < bytes.length; k++) bytes[k] = rng.int(256);
  const code = bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  world.authCodes.set(code, { network, expiresAt: now + minutes * 60_000, uses, durationMinutes: minutes });
  world.version++;
  return { auth_code: code, duration_minutes: minutes, uses };
}

/** Each login uses one `uses` of the code; the last one deletes it. No attempt limit. */
export function codeLogin(world: World, body: { auth_code?: string }, context: RequestContext, now: number) {
  const code = body.auth_code ?? '';
  const record = world.authCodes.get(code);
  if (!record || record.expiresAt <= now) {
    if (record) world.authCodes.delete(code);
    return failure(BUSINESS_TEXT.invalidAuthCode);
  }
  record.uses--;
  if (record.uses <= 0) world.authCodes.delete(code);
  world.version++;
  return { by_jwt: sign(context, world.networks.ref(record.network)) };
}

/** A fresh client token for a client token; network tokens get an error (current era only). */
export function refresh(
  world: World,
  network: number,
  caller: { clientId?: string },
  context: RequestContext,
) {
  if (!caller.clientId) return failure(BUSINESS_TEXT.refreshNeedsClient);
  return { by_jwt: sign(context, world.networks.ref(network), caller.clientId) };
}
