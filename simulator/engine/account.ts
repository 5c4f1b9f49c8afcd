// The caller network's account: its wallets (listed, added, removed), the payout wallet
// chosen among them, and feedback. Rules that differ per era (reference behaviour,
// "Wallets", "Feedback") come from its profile: the seed era stored any payout wallet id
// and answered feedback with `{}`.
import { parseIdError, REFUSALS_AS_500 } from '../../src/contract/messages.ts';
import { LAX_UUID_PATTERN, ZERO_UUID } from '../../src/contract/schemas.ts';
import { base58Encode, chainOf, ss58Address, walletRefusal } from '../../src/contract/wallet-address.ts';
import type { WalletRecord, World } from '../world/index.ts';
import { hashString, uuidFromText } from '../world/prng.ts';
import { SimError } from './errors.ts';
import {
  boundedText,
  MAX_FEEDBACK_OTHER,
  MAX_FEEDBACKS,
  MAX_WALLETS_PER_NETWORK,
  ownString,
} from './limits.ts';
import { DAY } from './tracks.ts';

/** The demo network's chains, in order; the first is its payout wallet. */
const DEMO_CHAINS = ['SOL', 'MATIC', 'TAO'] as const;

/** 32 bytes derived from a text: a simulated wallet's public key. */
function keyBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(32);
  for (let k = 0; k < 8; k++) new DataView(bytes.buffer).setUint32(k * 4, hashString(text, k + 1));
  // A leading zero byte would print as a leading '1', fine for Solana but rare; keep it typical.
  bytes[0] |= 1;
  return bytes;
}

/** The network's wallets (active or removed): three for the demo network, one or two for others. */
export function walletsOf(world: World, network: number): WalletRecord[] {
  let wallets = world.wallets.get(network);
  if (!wallets) {
    const id = world.networks.ids[network];
    const chains: readonly string[] =
      network === 0 ? DEMO_CHAINS : id.charCodeAt(0) % 2 ? ['SOL', 'MATIC'] : ['SOL'];
    wallets = chains.map((chain, k) => {
      const key = keyBytes(`wallet-key:${world.seed}:${id}:${k}`);
      return {
        walletId: uuidFromText(`wallet:${world.seed}:${id}:${k}`),
        chain,
        address: chain === 'TAO' ? ss58Address(key) : base58Encode(key),
        active: true,
        createdAt: world.createdAt - (30 + 20 * k) * DAY,
        tokenType: chain === 'TAO' ? 'TAO' : 'USDC',
      };
    });
    world.wallets.set(network, wallets);
  }
  return wallets;
}

const activeWallet = (world: World, network: number, id: string) =>
  walletsOf(world, network).find((wallet) => wallet.active && wallet.walletId === id);

/** The key is always there, `null` when no wallet is set (server: controller/payout_wallet_controller.go GetPayoutWalletResult, no omitempty). */
export function getPayoutWallet(world: World, network: number): { wallet_id: string | null } {
  return { wallet_id: world.payoutWallet.get(network) ?? null };
}

/** `checked` (today): an active wallet of the network, not TAO, else a 500; else (seed era) any id. */
export function setPayoutWallet(
  world: World,
  network: number,
  body: { wallet_id?: string },
  checked: boolean,
): Record<string, never> {
  const id = body.wallet_id ?? ZERO_UUID;
  if (checked) {
    const wallet = activeWallet(world, network, id);
    if (!wallet) throw new SimError(500, REFUSALS_AS_500.walletNotOwned);
    if (wallet.chain === 'TAO') throw new SimError(500, REFUSALS_AS_500.taoPayout);
  }
  world.payoutWallet.set(network, id);
  world.version++;
  return {};
}

export function accountWallets(world: World, network: number) {
  const networkId = world.networks.ids[network];
  return {
    wallets: walletsOf(world, network)
      .filter((wallet) => wallet.active)
      .map((wallet) => ({
        wallet_id: wallet.walletId,
        network_id: networkId,
        wallet_type: 'external',
        blockchain: wallet.chain,
        wallet_address: wallet.address,
        active: true,
        default_token_type: wallet.tokenType,
        create_time: new Date(wallet.createdAt).toISOString(),
        has_seeker_token: false,
      })),
  };
}

/**
 * Adds an external wallet. The same address again returns its id (reactivated); a
 * network without a payout wallet gets the new one (never a TAO wallet).
 */
export function createWallet(
  world: World,
  network: number,
  body: { blockchain?: string; wallet_address?: string; default_token_type?: string },
  now: number,
): { wallet_id: string } {
  const refusal = walletRefusal(body.blockchain, body.wallet_address);
  if (refusal) throw new SimError(500, refusal);
  const chain = chainOf(body.blockchain)!;
  const address = ownString(body.wallet_address!);
  const wallets = walletsOf(world, network);
  let wallet = wallets.find((w) => w.address === address);
  if (wallet) wallet.active = true;
  else {
    if (wallets.length >= MAX_WALLETS_PER_NETWORK) throw new SimError(500, REFUSALS_AS_500.walletNotCreated);
    wallet = {
      walletId: uuidFromText(`wallet:${world.seed}:${world.networks.ids[network]}:${address}`),
      chain,
      address,
      active: true,
      createdAt: now,
      tokenType: boundedText(body.default_token_type ?? '', 32) || (chain === 'TAO' ? 'TAO' : 'USDC'),
    };
    wallets.push(wallet);
  }
  if (!world.payoutWallet.has(network) && chain !== 'TAO') world.payoutWallet.set(network, wallet.walletId);
  world.version++;
  return { wallet_id: wallet.walletId };
}

/** Deactivates a wallet of the network (clearing the payout wallet if it was that one). */
export function removeWallet(
  world: World,
  network: number,
  body: { wallet_id?: string },
): { success: boolean; error?: { message: string } } {
  const text = body.wallet_id ?? '';
  if (!LAX_UUID_PATTERN.test(text)) return { success: false, error: { message: parseIdError(text) } };
  const id = text.toLowerCase();
  const wallet = walletsOf(world, network).find((w) => w.walletId === id);
  if (!wallet) return { success: false };
  wallet.active = false;
  if (world.payoutWallet.get(network) === id) world.payoutWallet.delete(network);
  world.version++;
  return { success: true };
}

type FeedbackBody = { needs?: { other?: string }; star_count?: number };

/**
 * Keeps the feedback (bounded: the newest MAX_FEEDBACKS, `other` cut to 4 KiB);
 * `answersId` (today): answers its id, else (seed era) `{}`.
 */
export function sendFeedback(
  world: World,
  network: number,
  body: unknown,
  now: number,
  answersId: boolean,
): { feedback_id?: string } {
  // Cut before copying: a huge `other` is never copied whole. The copies own their text.
  const { needs, ...rest } = (body ?? {}) as FeedbackBody;
  const kept: FeedbackBody = structuredClone(rest);
  if (needs) {
    kept.needs = { ...needs };
    if (needs.other !== undefined) kept.needs.other = boundedText(needs.other, MAX_FEEDBACK_OTHER);
  }
  const feedbackId = uuidFromText(`feedback:${world.seed}:${now}:${world.version}`);
  world.feedback.push({
    feedbackId,
    networkId: world.networks.ids[network],
    networkName: world.networks.names[network],
    body: kept,
    time: now,
  });
  if (world.feedback.length > MAX_FEEDBACKS) world.feedback.splice(0, world.feedback.length - MAX_FEEDBACKS);
  world.version++;
  return answersId ? { feedback_id: feedbackId } : {};
}
