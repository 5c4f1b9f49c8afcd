// Payout wallet and feedback of the caller network.
import type { World } from '../world/index.ts';
import { uuidFromText } from '../world/prng.ts';
import { SimError } from './errors.ts';

export const WALLET_NOT_OWNED = 'Wallet must be an active wallet owned by the network.';

/** The network's account wallets: three for the demo network, one or two for others. */
export function walletsOf(world: World, network: number): string[] {
  let wallets = world.wallets.get(network);
  if (!wallets) {
    const id = world.networks.ids[network];
    const count = network === 0 ? 3 : 1 + (id.charCodeAt(0) % 2);
    wallets = Array.from({ length: count }, (_, k) => uuidFromText(`wallet:${world.seed}:${id}:${k}`));
    world.wallets.set(network, wallets);
  }
  return wallets;
}

export function getPayoutWallet(world: World, network: number): { wallet_id?: string } {
  const wallet = world.payoutWallet.get(network);
  // No wallet set: the field is left out (the real server sends null).
  return wallet ? { wallet_id: wallet } : {};
}

export function setPayoutWallet(
  world: World,
  network: number,
  body: { wallet_id?: string },
): Record<string, never> {
  const id = body.wallet_id;
  if (!id || !walletsOf(world, network).includes(id)) throw new SimError(400, WALLET_NOT_OWNED);
  world.payoutWallet.set(network, id);
  world.version++;
  return {};
}

export function sendFeedback(
  world: World,
  network: number,
  body: unknown,
  now: number,
): Record<string, never> {
  world.feedback.push({
    networkId: world.networks.ids[network],
    networkName: world.networks.names[network],
    body: structuredClone(body ?? {}),
    time: now,
  });
  world.version++;
  return {};
}
