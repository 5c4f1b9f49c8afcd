// The world's payouts (reference-operators.md section 1, "Payout schedule and amounts"):
// what the networks' providers carried waits unswept, then every Sunday at 10:00 UTC the
// payout task plans a payment per network of what it carried since the last run; each
// payment is submitted to Circle 5 to 30 minutes later (re-polled every 5 to 30 minutes),
// gets its transaction hash once Circle says SENT, and is complete when Circle says
// COMPLETE. A network with no valid payout wallet when the plan runs gets a payment
// without one, which waits until a wallet is set and the next run's sweep picks it up.
//
// Choices of this project (docs/simulator.md): one plan per weekly run; a network's
// unswept bytes grow with its tracked providers' traffic (the demo network's, and any
// network whose statistics were asked), else at a rate drawn from its providers' speeds;
// the last 52 plans are kept; payouts of $0.01 or less are never planned. Everything
// random comes from the world's seed through a stream of its own, and the Circle delays
// from hashes, so the rest of the world is what it was without payouts.
import { nextPayoutAt, PAYOUT_WEEK_MS } from '../../src/contract/payout-schedule.ts';
import type { World } from '../world/index.ts';
import { hash2, Rng, uuidFromText } from '../world/prng.ts';
import type { Steps } from '../world/steps.ts';
import { walletsOf } from './account.ts';
import { meanWeight } from './reliability.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Nano cents per USD (the service's "nano cents" are 1e-9 USD). */
export const NANO_PER_USD = 1e9;
/** What Circle's transfer costs: the payment sends its payout less this. */
export const FEE_USD = 0.01;
/** The part of a payout that is the transfer subsidy (the rest is net revenue). */
const SUBSIDY_SHARE = 0.3;
/** The reliability subsidy of one plan, shared by the networks' reliability weights. */
const RELIABILITY_SUBSIDY_USD = 50;
/** Weeks of completed payments a fresh world has. */
const HISTORY_WEEKS = 12;
/** Plans kept; older ones fold into the transfer totals. */
const KEEP_PLANS = 52;
/** USD per GiB the providers earn (tracks.ts pays the same in their 24-hour figures). */
export const USD_PER_GIB = 0.05;
/** Share of a provider's speed it relays on average while connected (tracks.ts draws 1% to 6%). */
const RELAY_SHARE = 0.035;
/** Share of the time providers are connected. */
const CONNECTED_SHARE = 0.85;
const STREAM = 0x2601;
const DELAY_KEY = 0x6369_7263;

export type PaymentPhase = 'planned' | 'held' | 'submitted' | 'sent' | 'completed';

/** A payment that advances: its network had (or has since set) a valid payout wallet. */
export interface PaymentProgress {
  walletId: string;
  phase: PaymentPhase;
  /** When the payout task picked it up (the plan, or the sweep of a later run). */
  startAt: number;
  submitAt: number;
  sentAt: number;
  completeAt: number;
}

export interface PayoutPlan {
  /** 0, 1, 2...: the plans in order since the world's history began. */
  number: number;
  id: string;
  /** When the run made it. */
  time: number;
  /** The start of the sweeps it drained (the run before). */
  from: number;
  /** Per network number (the networks there were then). */
  bytes: Float64Array;
  nanoCents: Float64Array;
  subsidy: Float64Array;
  reliability: Float64Array;
  totalNanoCents: number;
  totalReliability: number;
  /** The payments that advance, by network number; the others wait for a wallet. */
  progress: Map<number, PaymentProgress>;
}

export interface Payouts {
  /** Bytes per ms a network's providers carry when its traffic is not tracked. */
  rate: Float64Array;
  /** A network's reliability weight when its providers are not tracked. */
  weight: Float64Array;
  /** Unswept bytes and earnings of the networks whose providers' traffic is tracked. */
  carried: Map<number, { bytes: number; nanoCents: number }>;
  /** When the last run swept. */
  sweptAt: number;
  /** When the next run comes. */
  nextAt: number;
  plans: PayoutPlan[];
  /** Bytes of plans no longer kept: completed, and not. */
  foldedPaid: Map<number, number>;
  foldedUnpaid: Map<number, number>;
  /** Networks that show on the leaderboard (`leaderboard_public`). */
  public: Set<number>;
  /** Networks referred by another one: the referee's number -> the referrer's. */
  referrer: Map<number, number>;
}

const states = new WeakMap<World, Payouts>();

/** The world's payouts (made with the world: initPayouts). */
export function payoutsOf(world: World): Payouts {
  const state = states.get(world);
  if (!state) throw new Error('the world has no payouts yet (initPayouts)');
  return state;
}

/** A delay of 5 to 30 minutes (whole seconds), drawn from a hash. */
const pollDelay = (h: number) => 5 * MINUTE + (h % 1500) * 1000;

/** Circle's schedule for a payment started at `start`: submitted, SENT after 1-3 polls, COMPLETE after 1-4 more. */
function schedule(plan: PayoutPlan, network: number, start: number, seed: number) {
  const h = (k: number) => hash2(hash2(seed ^ DELAY_KEY, plan.number * 65_537 + network), k + start / 1000);
  const submitAt = start + pollDelay(h(0));
  let sentAt = submitAt;
  for (let k = 0, polls = 1 + (h(1) % 3); k < polls; k++) sentAt += pollDelay(h(2 + k));
  let completeAt = sentAt;
  for (let k = 0, polls = 1 + (h(5) % 4); k < polls; k++) completeAt += pollDelay(h(6 + k));
  return { submitAt, sentAt, completeAt };
}

/** The network's payout wallet when it is one the service would pay: an active wallet of the network, not TAO. */
export function validPayoutWallet(world: World, network: number): string | undefined {
  const id = world.payoutWallet.get(network);
  if (!id) return undefined;
  const wallet = walletsOf(world, network).find((w) => w.walletId === id);
  return wallet?.active && wallet.chain !== 'TAO' ? id : undefined;
}

function startProgress(world: World, plan: PayoutPlan, network: number, walletId: string, start: number) {
  plan.progress.set(network, {
    walletId,
    phase: 'planned',
    startAt: start,
    ...schedule(plan, network, start, world.seed),
  });
}

/** Providers per step of the scan (a few ms of work). */
const CHUNK = 1 << 17;

/** Bytes per ms and reliability weight of each network from its providers' speeds, and a factor of its own. */
function* networkRates(world: World, rng: Rng): Steps<{ rate: Float64Array; weight: Float64Array }> {
  const networks = world.networks.count;
  const rate = new Float64Array(networks);
  const weight = new Float64Array(networks);
  const p = world.providers;
  for (let i = 0; i < p.count; i++) {
    const n = p.network[i];
    rate[n] += ((p.speed[i] || 2e6) * RELAY_SHARE * CONNECTED_SHARE) / 1000;
    if (p.mode[i] > 0) weight[n] += CONNECTED_SHARE;
    if ((i & (CHUNK - 1)) === CHUNK - 1) yield (0.5 * i) / p.count;
  }
  // Networks carry more or less than their providers' speeds say (a few much more); the
  // demo network's traffic is tracked, so its rate is its providers' own.
  for (let n = 1; n < networks; n++) {
    rate[n] *= 0.15 + 1.7 * rng.float() ** 2;
    weight[n] *= 0.8 + 0.2 * rng.float();
  }
  return { rate, weight };
}

/** What network n carried since the last sweep and has not been planned. */
export function unswept(state: Payouts, network: number, now: number) {
  const carried = state.carried.get(network);
  if (carried) return carried;
  const bytes = (state.rate[network] ?? 0) * Math.max(0, now - state.sweptAt);
  return { bytes, nanoCents: (bytes / 2 ** 30) * USD_PER_GIB * NANO_PER_USD };
}

/**
 * Traffic a tracked provider carried this tick (tracks.ts): unswept bytes of its network.
 * Its first carry starts from what the network's rate gave it since the last sweep.
 */
export function carryTraffic(world: World, network: number, gib: number, now: number): void {
  const state = states.get(world);
  if (!state || gib <= 0) return;
  let carried = state.carried.get(network);
  if (!carried) {
    carried = { ...unswept(state, network, now) };
    state.carried.set(network, carried);
  }
  carried.bytes += gib * 2 ** 30;
  carried.nanoCents += gib * USD_PER_GIB * NANO_PER_USD;
}

function newPlan(world: World, state: Payouts, time: number, from: number): PayoutPlan {
  const networks = world.networks.count;
  const number = (state.plans.at(-1)?.number ?? -1) + 1;
  return {
    number,
    id: uuidFromText(`payment-plan:${world.seed}:${number}`),
    time,
    from,
    bytes: new Float64Array(networks),
    nanoCents: new Float64Array(networks),
    subsidy: new Float64Array(networks),
    reliability: new Float64Array(networks),
    totalNanoCents: 0,
    totalReliability: 0,
    progress: new Map(),
  };
}

/**
 * Shares the reliability subsidy by weight and leaves out the payments that would send
 * nothing once the fee is paid (their bytes stay for the next plan, as a canceled one's do).
 */
function settlePlan(plan: PayoutPlan): void {
  plan.totalReliability = plan.reliability.reduce((sum, w, n) => sum + (plan.bytes[n] > 0 ? w : 0), 0);
  for (let n = 0; n < plan.bytes.length; n++) {
    if (!(plan.bytes[n] > 0)) continue;
    const reliability =
      plan.totalReliability > 0
        ? (RELIABILITY_SUBSIDY_USD * NANO_PER_USD * plan.reliability[n]) / plan.totalReliability
        : 0;
    const payout = Math.round(plan.nanoCents[n] + reliability);
    if (payout <= FEE_USD * NANO_PER_USD) {
      plan.bytes[n] = 0;
      plan.nanoCents[n] = 0;
      continue;
    }
    plan.bytes[n] = Math.round(plan.bytes[n]);
    plan.nanoCents[n] = payout;
    plan.subsidy[n] = Math.round((payout - reliability) * SUBSIDY_SHARE);
    plan.totalNanoCents += payout;
  }
}

/** Keeps the newest KEEP_PLANS plans; what an older one covered goes to the totals. */
function keepPlans(state: Payouts): void {
  while (state.plans.length > KEEP_PLANS) {
    const old = state.plans.shift()!;
    old.bytes.forEach((bytes, n) => {
      if (!(bytes > 0)) return;
      const folded = old.progress.get(n)?.phase === 'completed' ? state.foldedPaid : state.foldedUnpaid;
      folded.set(n, (folded.get(n) ?? 0) + bytes);
    });
  }
}

/**
 * One run of the payout task at `time`: a plan of every network's unswept bytes, then the
 * sweep of payments waiting for a wallet (server: controller/account_payment_controller.go
 * sendPaymentsWithPlanner, SchedulePendingPayments).
 */
function runPayouts(world: World, state: Payouts, time: number): void {
  const plan = newPlan(world, state, time, state.sweptAt);
  for (let n = 0; n < plan.bytes.length; n++) {
    const { bytes, nanoCents } = unswept(state, n, time);
    if (!(bytes > 0)) continue;
    plan.bytes[n] = bytes;
    plan.nanoCents[n] = nanoCents;
    plan.reliability[n] = state.carried.has(n)
      ? meanWeight(world, n, time - PAYOUT_WEEK_MS, time)
      : (state.weight[n] ?? 0);
  }
  settlePlan(plan);
  // What was planned is swept; what was left out (too small) stays for the next run.
  for (const n of state.carried.keys())
    if (plan.bytes[n] > 0) state.carried.set(n, { bytes: 0, nanoCents: 0 });
  state.sweptAt = time;
  state.plans.push(plan);
  // Payments of networks without a valid wallet wait; every other one starts, and the
  // sweep restarts the waiting and held ones of networks that have a wallet now.
  const seconds = (n: number) => time + (hash2(world.seed ^ STREAM, plan.number * 65_537 + n) % 30) * 1000;
  for (const [n] of world.payoutWallet) {
    const walletId = validPayoutWallet(world, n);
    if (!walletId) continue;
    for (const each of state.plans) {
      const progress = each.progress.get(n);
      if (each.bytes[n] > 0 && (!progress || progress.phase === 'held'))
        startProgress(world, each, n, walletId, seconds(n));
    }
  }
  keepPlans(state);
}

/** Moves payments on to the step their time has come for; a payment without a valid wallet at submission is held. */
function advancePayments(world: World, state: Payouts, now: number): void {
  for (const plan of state.plans) {
    for (const [n, progress] of plan.progress) {
      if (progress.phase === 'completed' || progress.phase === 'held') continue;
      if (progress.phase === 'planned' && now >= progress.submitAt) {
        // The wallet follows the payout wallet until it is submitted (UpdatePaymentWallet).
        const walletId = validPayoutWallet(world, n);
        if (!walletId) {
          progress.phase = 'held';
          continue;
        }
        progress.walletId = walletId;
        progress.phase = 'submitted';
      }
      if (progress.phase === 'submitted' && now >= progress.sentAt) progress.phase = 'sent';
      if (progress.phase === 'sent' && now >= progress.completeAt) progress.phase = 'completed';
    }
  }
}

/** One tick: the weekly run when its time has come, then the payments' steps. */
export function tickPayouts(world: World, now: number): void {
  const state = states.get(world);
  if (!state) return;
  while (now >= state.nextAt) {
    runPayouts(world, state, state.nextAt);
    state.nextAt += PAYOUT_WEEK_MS;
  }
  advancePayments(world, state, now);
}

/**
 * The payouts of a new world, in steps (world/steps.ts): every network's rate, some
 * referrals of the demo network, the networks on the leaderboard, and HISTORY_WEEKS weekly
 * plans before `now` whose payments to the demo network are completed, but for the
 * newest: Circle still has it (SENT, STUCK) for a few hours more.
 */
export function* payoutSteps(world: World, now: number): Steps<void> {
  const rng = new Rng(world.seed, STREAM);
  const { rate, weight } = yield* networkRates(world, rng);
  const last = nextPayoutAt(now) - PAYOUT_WEEK_MS;
  const state: Payouts = {
    rate,
    weight,
    carried: new Map(),
    sweptAt: last,
    nextAt: last + PAYOUT_WEEK_MS,
    plans: [],
    foldedPaid: new Map(),
    foldedUnpaid: new Map(),
    public: new Set(),
    referrer: new Map(),
  };
  const networks = world.networks.count;
  for (let n = 1; n < networks; n++) {
    if (rng.chance(0.6)) state.public.add(n);
    // The demo network referred the first three of the others.
    if (n <= 3) state.referrer.set(n, 0);
  }
  for (let k = HISTORY_WEEKS - 1; k >= 0; k--) {
    const time = last - k * PAYOUT_WEEK_MS;
    const plan = newPlan(world, state, time, time - PAYOUT_WEEK_MS);
    for (let n = 0; n < networks; n++) {
      const bytes = rate[n] * PAYOUT_WEEK_MS * (0.7 + 0.6 * rng.float());
      plan.bytes[n] = bytes;
      plan.nanoCents[n] = (bytes / 2 ** 30) * USD_PER_GIB * NANO_PER_USD;
      plan.reliability[n] = weight[n] * (0.9 + 0.2 * rng.float());
    }
    settlePlan(plan);
    state.plans.push(plan);
    yield 0.5 + (0.5 * (HISTORY_WEEKS - k)) / HISTORY_WEEKS;
  }
  states.set(world, state);
  // The demo network was paid into its payout wallet; Circle still has the newest payment.
  const walletId = validPayoutWallet(world, 0);
  if (walletId) {
    for (const plan of state.plans) {
      if (!(plan.bytes[0] > 0)) continue;
      startProgress(
        world,
        plan,
        0,
        walletId,
        plan.time + (hash2(world.seed ^ STREAM, plan.number) % 30) * 1000,
      );
    }
    const newest = state.plans.at(-1)?.progress.get(0);
    if (newest && newest.completeAt <= now) {
      newest.completeAt = now + 2 * HOUR + (hash2(world.seed ^ STREAM, 0x5354) % (4 * 60)) * MINUTE;
      newest.sentAt = Math.min(newest.sentAt, now);
    }
    advancePayments(world, state, now);
  }
  // The demo network's traffic since the last run is tracked from now on.
  state.carried.set(0, { ...unswept(state, 0, now) });
}
