// The network's user and its name (reference-operators.md, "GET /network/user", "POST
// /network/user/update"): every network has an admin user, the one its tokens and API keys
// act as; a rename is checked as the service checks it and stored trimmed, not normalised.
import { createHash } from 'node:crypto';
import { checkNetworkName, NAME_REFUSALS } from '../../src/contract/network-name.ts';
import type { World } from '../world/index.ts';
import { hashString } from '../world/prng.ts';
import { ownString } from './limits.ts';
import { DAY } from './tracks.ts';

/** A stable UUID-form id from a text (a network's admin user, a client's device). */
export function derivedUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The admin user of a network: the `user_id` of its tokens and of /network/user. */
export const adminUserId = (seed: number, networkId: string) => derivedUuid(`user:${seed}:${networkId}`);

/**
 * GET /network/user. The demo network's user logs in with a password; (choice) the other
 * networks' admin users signed up with a seed phrase (the service's sign-up without an
 * e-mail), unverified, on a day drawn from the network's id. Every user exists, so the
 * service's `No user found` is never sent.
 */
export function networkUser(world: World, network: number) {
  const { id, name } = world.networks.ref(network);
  const userId = adminUserId(world.seed, id);
  for (const user of world.users.values()) {
    if (user.network !== network || !user.verified) continue;
    return {
      network_user: {
        user_id: userId,
        user_auth: user.userAuth,
        verified: true,
        auth_type: 'password',
        network_name: name,
        user_auths: [{ user_auth: user.userAuth, auth_type: 'email' }],
        auth_types: ['email'],
      },
    };
  }
  const signedUp = world.createdAt - (1 + (hashString(id) % 365)) * DAY;
  return {
    network_user: {
      user_id: userId,
      verified: false,
      auth_type: 'seedphrase',
      network_name: name,
      seedphrase_auths: [{ create_time: new Date(signedUp).toISOString() }],
      auth_types: ['seedphrase'],
    },
  };
}

/** Whether two names are at most one insertion, deletion or substitution apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * POST /network/user/update: `{}` when the raw name is the current one (nothing checked),
 * else the checks on its normalised form, then the trimmed name stored. Taken: within one
 * edit of a name in the name index (the names networks were created with, the caller's
 * own first name included: a rename does not re-index) or equal to a network's name now.
 */
export function updateNetworkName(world: World, network: number, body: { network_name?: string }) {
  const raw = body.network_name ?? '';
  if (raw === world.networks.names[network]) return {};
  const { form, refusal } = checkNetworkName(raw);
  if (refusal) return { error: { message: refusal } };
  const taken =
    world.networks.createdNames.some((indexed) => withinOneEdit(indexed, form)) ||
    world.networks.indexOfName(form) >= 0;
  if (taken) return { error: { message: NAME_REFUSALS.taken } };
  world.networks.rename(network, ownString(raw.trim()));
  world.version++;
  return {};
}
