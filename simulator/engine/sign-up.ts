// Sign-up and recovery (issue 34; docs/service-notes.md "Sign-up and recovery"), as the
// server answers them (2c9e92b4: model/network_model.go NetworkCheck, NetworkCreate,
// controller/auth_controller.go, model/auth_model.go AuthVerify, AuthPasswordSet,
// controller/network_controller.go NetworkRemove): a new network in the world, its user
// verified with a code the service would e-mail, a password reset by a link's code, and
// the network deleted. The simulator sends no mail: what it would send is kept
// (`/__sim/mail`, the demo's access) and handed to `mailed` (`netdeck sim` prints it).
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { BUSINESS_TEXT, HTTP_TEXT, REFUSALS_AS_500 } from '../../src/contract/messages.ts';
import { checkNetworkName } from '../../src/contract/network-name.ts';
import { ANONYMOUS_SIGN_UPS, type MailRecord, type World } from '../world/index.ts';
import { attempt, attemptedUserAuth, normalUserAuth, type RequestContext, sign } from './auth.ts';
import { addFreeGrant } from './balance.ts';
import { failure, SimError } from './errors.ts';
import { keptKey, ownString } from './limits.ts';
import { withinOneEdit } from './network-user.ts';
import { HOUR } from './tracks.ts';

/** What POST /auth/verify reads. */
type VerifyBody = { user_auth?: string; verify_code?: string };
/** What POST /auth/password-set reads. */
type PasswordSetBody = { reset_code?: string; password?: string };

/** A verification or reset code works this long (server: model VerifyCodeTimeout, the reset's 4 h). */
const CODE_LIFETIME = 4 * HOUR;
/** The newest mails kept (`/__sim/mail`). */
const MAX_MAIL = 100;
/** (choice) Words of a seed phrase the sign-up without an e-mail gives. */
const SEEDPHRASE_WORDS = 12;

/** What the service would have sent: kept, bounded, and told to whoever listens. */
function mail(world: World, record: MailRecord, mailed?: (mail: MailRecord) => void): void {
  const { mail: kept } = world.accounts;
  kept.push(record);
  if (kept.length > MAX_MAIL) kept.splice(0, kept.length - MAX_MAIL);
  mailed?.(record);
}

/** `words` random 32-bit words of the accounts' stream, in lower-case hex (8 characters each). */
function randomHex(world: World, words: number): string {
  let hex = '';
  for (let k = 0; k < words; k++) hex += world.accountRng.next().toString(16).padStart(8, '0');
  return hex;
}

/** A verification code (server: model/auth_model_identity.go createVerifyCode): 8 hex characters, or 6 digits. */
function sendVerifyCode(
  world: World,
  userAuth: string,
  numeric: boolean,
  now: number,
  mailed?: (mail: MailRecord) => void,
): void {
  const code = numeric ? String(world.accountRng.int(1_000_000)).padStart(6, '0') : randomHex(world, 1);
  // A new code voids the older ones.
  world.accounts.verifyCodes.set(userAuth, { code, expiresAt: now + CODE_LIFETIME });
  mail(world, { userAuth, kind: 'verify', code, time: now }, mailed);
}

/** The live verification code sent to a user auth, if any (the demo's sign-up fills it in). */
export function liveVerifyCode(world: World, text: string, now: number): string | undefined {
  const userAuth = normalUserAuth(text);
  const sent = userAuth === undefined ? undefined : world.accounts.verifyCodes.get(userAuth);
  return sent && sent.expiresAt > now ? sent.code : undefined;
}

/**
 * POST /auth/network-check: `false` for a name that fails the checks, else whether no name
 * networks were made with is within one edit of the name as sent (not normalised: the
 * service searches the raw name). Always 200.
 */
export function networkCheck(world: World, body: { network_name?: string }) {
  const raw = body.network_name ?? '';
  if (checkNetworkName(raw).refusal) return { available: false };
  return { available: !world.networks.createdNames.some((name) => name !== '' && withinOneEdit(name, raw)) };
}

interface NetworkCreateBody {
  user_name?: string;
  user_auth?: string;
  auth_jwt?: string;
  auth_jwt_type?: string;
  password?: string;
  network_name?: string;
  terms?: boolean;
  verify_use_numeric?: boolean;
  referral_code?: string;
  balance_code?: string;
  wallet_auth?: object;
}

/** A refusal of network-create: the controller turns the model's error into a 500 with it as the body. */
const refuse = (message: string): never => {
  throw new SimError(500, message);
};

/**
 * POST /auth/network-create. With a user auth: the checks in the service's order, then a
 * network (its name normalised, indexed as sent), its unverified user, the free grant, and
 * a verification code mailed. Without any auth method: a network of a made-up name, its
 * token and a seed phrase. (choice) No SSO or wallet accounts exist in the simulated
 * world: those paths answer as the service does to an account it already has.
 */
export function networkCreate(
  world: World,
  body: NetworkCreateBody,
  context: RequestContext,
  now: number,
  mailed?: (mail: MailRecord) => void,
) {
  const rawName = body.network_name ?? '';
  if (body.user_auth === undefined && body.auth_jwt === undefined && body.wallet_auth === undefined) {
    return anonymousSignUp(world, body, context, now);
  }
  const given = normalUserAuth(body.user_auth);
  attempt(world, given, context, now);
  if (!body.terms) refuse(REFUSALS_AS_500.termsNotAccepted);
  const { form, refusal } = checkNetworkName(rawName);
  if (refusal) refuse(refusal);
  const taken =
    world.networks.createdNames.some((name) => name !== '' && withinOneEdit(name, form)) ||
    world.networks.indexOfName(form) >= 0;
  if (taken) refuse(REFUSALS_AS_500.networkNameTaken);
  if (body.user_auth === undefined) refuse(REFUSALS_AS_500.accountMayExistLogIn);
  if (!given) return refuse(REFUSALS_AS_500.invalidEmailOrPhone);
  if (world.users.has(given) || world.networks.indexOfName(rawName) >= 0)
    refuse(REFUSALS_AS_500.accountMayExist);
  // The service dereferences the missing password: a panic.
  if (body.password === undefined) throw new SimError(500, HTTP_TEXT.internal);
  const network = world.networks.add(ownString(form), undefined, ownString(rawName));
  world.users.set(given, {
    userAuth: given,
    password: ownString(body.password),
    verified: false,
    network,
    networkName: world.networks.names[network],
  });
  addFreeGrant(world, network, now);
  sendVerifyCode(world, given, body.verify_use_numeric ?? false, now, mailed);
  world.version++;
  return {
    // The name as sent (the network keeps it normalised).
    network: { network_id: world.networks.ids[network], network_name: ownString(rawName) },
    verification_required: { user_auth: given },
  };
}

/** The sign-up without an e-mail: terms, a limit per address, a made-up name, a token and a seed phrase. */
function anonymousSignUp(world: World, body: NetworkCreateBody, context: RequestContext, now: number) {
  if (!body.terms) refuse(REFUSALS_AS_500.termsNotAccepted);
  const made = world.anonymousSignUps.record(keptKey(context.address ?? ''), now);
  if (made > ANONYMOUS_SIGN_UPS.limit) throw new SimError(429, HTTP_TEXT.signUpLimit);
  const rng = world.accountRng;
  let name = '';
  do name = `${world.names.network(rng)}-${String(rng.int(100)).padStart(2, '0')}`;
  while (world.networks.indexOfName(name) >= 0);
  const network = world.networks.add(name);
  addFreeGrant(world, network, now);
  world.version++;
  const words = Array.from({ length: SEEDPHRASE_WORDS }, () => wordlist[rng.int(wordlist.length)]);
  return {
    network: {
      by_jwt: sign(context, world.networks.ref(network)),
      network_id: world.networks.ids[network],
      network_name: name,
    },
    seedphrase: words.join(' '),
  };
}

/** POST /auth/verify-send: a new code for a known user (verified or not); `Invalid login.` (500) for anyone else. */
export function verifySend(
  world: World,
  body: { user_auth?: string; use_numeric?: boolean },
  context: RequestContext,
  now: number,
  mailed?: (mail: MailRecord) => void,
) {
  const userAuth = attemptedUserAuth(world, body.user_auth, context, now);
  // The service dereferences the unparsable user auth: a panic.
  if (!userAuth) throw new SimError(500, HTTP_TEXT.internal);
  if (!world.users.has(userAuth)) refuse(REFUSALS_AS_500.invalidLogin);
  sendVerifyCode(world, userAuth, body.use_numeric ?? false, now, mailed);
  world.version++;
  return { user_auth: userAuth };
}

/** POST /auth/verify: the code (trimmed, lower case) verifies the user and logs it in. */
export function verify(world: World, body: VerifyBody, context: RequestContext, now: number) {
  const userAuth = attemptedUserAuth(world, body.user_auth, context, now);
  if (!userAuth) return failure(BUSINESS_TEXT.invalidUserAuth);
  const sent = world.accounts.verifyCodes.get(userAuth);
  const user = world.users.get(userAuth);
  const code = (body.verify_code ?? '').trim().toLowerCase();
  if (!user || !sent || sent.expiresAt <= now || sent.code !== code)
    return failure(BUSINESS_TEXT.invalidCode);
  world.accounts.verifyCodes.delete(userAuth);
  user.verified = true;
  world.version++;
  return { network: { by_jwt: sign(context, world.networks.ref(user.network)) } };
}

/**
 * POST /auth/password-reset: a link's code mailed to a known user (older codes void);
 * `Invalid user auth.` and `Invalid login.` are 500s, so the route tells who has an account.
 */
export function passwordReset(
  world: World,
  body: { user_auth?: string },
  context: RequestContext,
  now: number,
  mailed?: (mail: MailRecord) => void,
) {
  const userAuth = attemptedUserAuth(world, body.user_auth, context, now);
  if (!userAuth) return refuse(REFUSALS_AS_500.invalidUserAuth);
  if (!world.users.has(userAuth)) refuse(REFUSALS_AS_500.invalidLogin);
  const { resetCodes } = world.accounts;
  for (const [code, reset] of resetCodes) if (reset.userAuth === userAuth) resetCodes.delete(code);
  // 128 hex characters, as the link's `resetCode`.
  const code = randomHex(world, 16);
  resetCodes.set(code, { userAuth, expiresAt: now + CODE_LIFETIME });
  mail(world, { userAuth, kind: 'password-reset', code, time: now }, mailed);
  world.version++;
  return { user_auth: userAuth };
}

/**
 * POST /auth/password-set: the link's code (4 hours, once) sets a new password (no rules),
 * and every token of the user made before now is refused from now on.
 */
export function passwordSet(world: World, body: PasswordSetBody, context: RequestContext, now: number) {
  attempt(world, undefined, context, now);
  const code = body.reset_code ?? '';
  const reset = world.accounts.resetCodes.get(code);
  const user = reset && world.users.get(reset.userAuth);
  if (!reset || !user || reset.expiresAt <= now) return refuse(REFUSALS_AS_500.invalidLogin);
  world.accounts.resetCodes.delete(code);
  user.password = ownString(body.password ?? '');
  world.accounts.credentialsChangedAt.set(user.network, now);
  world.version++;
  return {};
}

/**
 * POST /auth/network-delete: the network, its users and its name go (the name is free
 * again); its tokens and API keys are refused from now on (the service has no such network).
 * Its clients are not deactivated, as the service's are not; its proxies stop.
 */
export function networkDelete(world: World, network: number) {
  for (const [userAuth, user] of world.users) if (user.network === network) world.users.delete(userAuth);
  world.accounts.credentialsChangedAt.delete(network);
  world.networks.remove(network);
  world.version++;
  return {};
}

/** Whether a token of a network made at `issuedAt` (epoch ms) is still good: not deleted, no password change since. */
export function tokenStillGood(world: World, networkId: string, issuedAt: number): boolean {
  if (world.networks.isRemoved(networkId)) return false;
  const network = world.networks.indexOfId(networkId);
  const changed = network < 0 ? undefined : world.accounts.credentialsChangedAt.get(network);
  // A token's time is in whole seconds: one made in the second of the change still works.
  return changed === undefined || issuedAt >= Math.floor(changed / 1000) * 1000;
}
