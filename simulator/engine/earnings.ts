// The earnings routes (reference-operators.md section 1): the network's payments as the
// payout task made them (payouts.ts), its paid and unpaid transfer, its points, its
// referral code and referrer, and the in-app wallet's balance (none is simulated: `{}`).
import { base58Encode } from '../../src/contract/wallet-address.ts';
import type { World } from '../world/index.ts';
import { hash2, hashString, uuidFromText } from '../world/prng.ts';
import { walletsOf } from './account.ts';
import {
  FEE_USD,
  NANO_PER_USD,
  type PaymentProgress,
  type PayoutPlan,
  payoutsOf,
  unswept,
} from './payouts.ts';
import { TtlCache } from './ttl-cache.ts';

/** The service caches /transfer/stats 60 s per network. */
const TRANSFER_STATS_CACHE_MS = 60_000;
/** Points of one plan shared by the payouts (`account_points_per_payout` x the subsidy scale; unverified: 1 000 000). */
const PLAN_POINTS = 1_000_000;
/** Points of one plan shared by reliability weight (`reliability_points_per_payout`; unverified). */
const RELIABILITY_POINTS = 250_000;
/** The referrer's share of a referee's payout points (`referral_parent_payout_fraction`; unverified). */
const REFERRAL_PARENT_SHARE = 0.1;
const NANO_POINTS = 1_000_000;
const REFERRAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const iso = (ms: number) => new Date(ms).toISOString();
const has = (plan: PayoutPlan, n: number) => (plan.bytes[n] ?? 0) > 0;

/** The payment of network n in a plan: its id (from the plan and the network). */
function paymentId(world: World, plan: PayoutPlan, n: number): string {
  return uuidFromText(`payment:${world.seed}:${plan.id}:${world.networks.ids[n]}`);
}

/** A transaction hash as the chain writes them: a base58 signature on Solana, 0x and hex elsewhere. */
function txHash(chain: string, seed: number, id: string): string {
  const bytes = new Uint8Array(chain === 'SOL' ? 64 : 32);
  for (let k = 0; k < bytes.length; k++) bytes[k] = hashString(id, seed + k) & 255;
  return chain === 'SOL'
    ? base58Encode(bytes)
    : `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** One row of /account/payments, in the Go struct's field order (server: model/account_payment_model.go AccountPayment). */
function paymentJson(world: World, plan: PayoutPlan, n: number, progress: PaymentProgress | undefined) {
  const id = paymentId(world, plan, n);
  const wallet = progress && walletsOf(world, n).find((w) => w.walletId === progress.walletId);
  const submitted = progress && ['submitted', 'sent', 'completed'].includes(progress.phase);
  const sent = progress && (progress.phase === 'sent' || progress.phase === 'completed');
  const completed = progress?.phase === 'completed';
  const usd = plan.nanoCents[n] / NANO_PER_USD;
  const tokenAmount = Math.round((usd - FEE_USD) * 1e6) / 1e6;
  const record = submitted ? uuidFromText(`circle-transfer:${id}`) : null;
  const hash = sent && wallet ? txHash(wallet.chain, world.seed, id) : undefined;
  const receipt =
    sent && wallet && record && progress
      ? JSON.stringify({
          data: {
            transaction: {
              id: record,
              blockchain: wallet.chain,
              destinationAddress: wallet.address,
              transactionType: 'OUTBOUND',
              state: completed ? 'COMPLETE' : 'SENT',
              amounts: [tokenAmount.toFixed(6)],
              txHash: hash,
              createDate: iso(progress.submitAt),
              updateDate: iso(completed ? progress.completeAt : progress.sentAt),
            },
          },
        })
      : null;
  return {
    payment_id: id,
    payment_plan_id: plan.id,
    wallet_id: progress?.walletId ?? null,
    network_id: world.networks.ids[n],
    payout_byte_count: plan.bytes[n],
    payout_nano_cents: plan.nanoCents[n],
    subsidy_payout_nano_cents: plan.subsidy[n],
    // Not read by the service's query: always 0.
    reliability_subsidy_nano_cents: 0,
    min_sweep_time: iso(plan.from + (hash2(world.seed, plan.number * 65_537 + n) % 3600) * 1000),
    create_time: iso(plan.time),
    payment_record: record,
    token_type: submitted ? 'USDC' : null,
    token_amount: submitted ? tokenAmount : null,
    payment_time: submitted && progress ? iso(progress.submitAt) : null,
    payment_receipt: receipt,
    wallet_address: wallet?.address ?? null,
    ...(wallet ? { blockchain: wallet.chain } : {}),
    ...(hash ? { tx_hash: hash } : {}),
    completed,
    complete_time: completed && progress ? iso(progress.completeAt) : null,
    canceled: false,
    cancel_time: null,
  };
}

/** `{}` without payments (omitempty), else every payment newest first. */
export function accountPayments(world: World, network: number) {
  const rows = payoutsOf(world)
    .plans.filter((plan) => has(plan, network))
    .reverse()
    .map((plan) => paymentJson(world, plan, network, plan.progress.get(network)));
  return rows.length ? { account_payments: rows } : {};
}

/** Paid: completed payments' bytes; unpaid: what is unswept and what is in payments not completed. */
export function transferTotals(world: World, network: number, now: number) {
  const state = payoutsOf(world);
  let paid = state.foldedPaid.get(network) ?? 0;
  let unpaid = (state.foldedUnpaid.get(network) ?? 0) + Math.round(unswept(state, network, now).bytes);
  for (const plan of state.plans) {
    if (!has(plan, network)) continue;
    if (plan.progress.get(network)?.phase === 'completed') paid += plan.bytes[network];
    else unpaid += plan.bytes[network];
  }
  return { paid_bytes_provided: paid, unpaid_bytes_provided: unpaid };
}

const transferCaches = new WeakMap<World, TtlCache<unknown>>();

/** GET /transfer/stats, cached 60 s per network as the service caches it. */
export function transferStats(world: World, network: number, now: number): unknown {
  let cache = transferCaches.get(world);
  if (!cache) {
    cache = new TtlCache(TRANSFER_STATS_CACHE_MS, 1000);
    transferCaches.set(world, cache);
  }
  const key = String(network);
  return cache.get(key, now) ?? cache.set(key, transferTotals(world, network, now), now);
}

/** A network's payout points in a plan (nano points): its share of the plan's points. */
const payoutPoints = (plan: PayoutPlan, n: number) =>
  plan.totalNanoCents > 0
    ? Math.round((PLAN_POINTS * NANO_POINTS * plan.nanoCents[n]) / plan.totalNanoCents)
    : 0;

/**
 * The rows a plan wrote for the network (server: model/account_payment_model_plan.go
 * applyPayoutPoints): `payout`, `payout_reliability`, and `payout_linked_account` for each
 * network it referred that was paid in the plan.
 */
function planPoints(world: World, plan: PayoutPlan, n: number) {
  const state = payoutsOf(world);
  const networkId = world.networks.ids[n];
  const row = (event: string, value: number, extra: Record<string, string>) => ({
    account_point_id: uuidFromText(
      `point:${world.seed}:${plan.id}:${networkId}:${event}:${extra.linked_network_id ?? ''}`,
    ),
    network_id: networkId,
    event,
    point_value: value,
    payment_plan_id: plan.id,
    ...extra,
    create_time: iso(plan.time),
  });
  const rows = [];
  if (has(plan, n)) {
    const payment = { account_payment_id: paymentId(world, plan, n) };
    rows.push(row('payout', payoutPoints(plan, n), payment));
    const reliability =
      plan.totalReliability > 0
        ? Math.round((RELIABILITY_POINTS * NANO_POINTS * plan.reliability[n]) / plan.totalReliability)
        : 0;
    if (reliability > 0) rows.push(row('payout_reliability', reliability, payment));
  }
  for (const [referee, referrer] of state.referrer) {
    if (referrer !== n || !has(plan, referee)) continue;
    const value = Math.round(payoutPoints(plan, referee) * REFERRAL_PARENT_SHARE);
    if (value > 0)
      rows.push(row('payout_linked_account', value, { linked_network_id: world.networks.ids[referee] }));
  }
  return rows;
}

/** The same array under both keys; Go marshals them through a map, so its keys come sorted. */
export function accountPoints(world: World, network: number) {
  const points = payoutsOf(world).plans.flatMap((plan) => planPoints(world, plan, network));
  return { account_points: points, network_points: points };
}

/** Six characters of [A-Z0-9], made with the network (from its id here). */
export function referralCodeOf(world: World, network: number): string {
  const id = world.networks.ids[network];
  let code = '';
  for (let k = 0; k < 6; k++)
    code += REFERRAL_ALPHABET[hashString(id, 0x7265_6600 + k) % REFERRAL_ALPHABET.length];
  return code;
}

export function referralCode(world: World, network: number) {
  let total = 0;
  for (const referrer of payoutsOf(world).referrer.values()) if (referrer === network) total++;
  return { referral_code: referralCodeOf(world, network), total_referrals: total };
}

export function referralNetwork(world: World, network: number) {
  const referrer = payoutsOf(world).referrer.get(network);
  if (referrer === undefined) return { error: { message: 'No referral network found' } };
  return { network: { id: world.networks.ids[referrer], name: world.networks.names[referrer] } };
}

/** No in-app (Circle user-controlled) wallet is simulated (reference-operators.md, a choice). */
export const walletBalance = () => ({});
