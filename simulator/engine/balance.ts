// The consumer's data balance (issue 34; docs/service-notes.md "Balance codes"): balance
// codes as a purchase makes them, redeemed into transfer balances, and the bytes the
// simulator's proxies carry taken from those balances. As the server does (2c9e92b4,
// model/transfer_balance_code_model.go, controller/subscription_controller.go), but for
// what a purchase, the daily free grant and Pro would need (out of the simulated world).
import { BUSINESS_TEXT } from '../../src/contract/messages.ts';
import { BALANCE_CODE_LENGTH } from '../../src/contract/schemas.ts';
import type { BalanceCodeRecord, TransferBalanceRecord, World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';
import { failure } from './errors.ts';
import { goTime } from './go-time.ts';
import { DAY, HOUR } from './tracks.ts';

const TIB = 1024 ** 4;
const GIB = 1024 ** 3;
/** A code runs this long once redeemed (pro.yml data_code.duration, 8760 h, per PRO_ENFORCEMENT_PLAN.md). */
export const CODE_DURATION = 365 * DAY;
/** The purchases a code comes from (the plan's SKUs: $5 for 1 TiB, $30 for 10 TiB), in nano cents. */
const SKUS = [
  { bytes: TIB, netRevenue: 5 * 1e9 },
  { bytes: 10 * TIB, netRevenue: 30 * 1e9 },
] as const;
/** (choice) A new network's free grant for its first day (pro.yml free.data; the production amount is not public). */
export const FREE_GRANT_BYTES = 10 * GIB;
/** The service's code alphabet: crypto/rand.Text(), standard base32, upper case. */
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The demo network's codes: redeemed ones (days before the world) and open ones to try. */
const DEMO_REDEEMED_DAYS = [200, 45, 3] as const;
const DEMO_OPEN_CODES = 4;

const startOfDay = (time: number) => Math.floor(time / DAY) * DAY;

/** A new code, as a purchase at `madeAt` makes it (server: model/transfer_balance_code_model.go CreateBalanceCode). */
function makeCode(world: World, rng: Rng, madeAt: number): BalanceCodeRecord {
  const sku = SKUS[rng.int(SKUS.length)];
  let secret = '';
  for (let k = 0; k < BALANCE_CODE_LENGTH; k++) secret += CODE_ALPHABET[rng.int(CODE_ALPHABET.length)];
  const startTime = startOfDay(madeAt);
  const code: BalanceCodeRecord = {
    id: rng.uuid(),
    secret,
    bytes: sku.bytes,
    netRevenue: sku.netRevenue,
    startTime,
    endTime: startTime + DAY + CODE_DURATION,
  };
  world.balances.codes.set(secret, code);
  return code;
}

const balancesOf = (world: World, network: number): TransferBalanceRecord[] => {
  let list = world.balances.transfer.get(network);
  if (!list) {
    list = [];
    world.balances.transfer.set(network, list);
  }
  return list;
};

/** Redeems `code` for `network` at `now` (server: model/transfer_balance_code_model.go RedeemBalanceCodeInTx). */
function redeem(world: World, rng: Rng, code: BalanceCodeRecord, network: number, now: number) {
  const balance: TransferBalanceRecord = {
    balanceId: rng.uuid(),
    startTime: now,
    endTime: now + (code.endTime - code.startTime),
    startBytes: code.bytes,
    bytes: code.bytes,
    netRevenue: code.netRevenue,
    paid: true,
  };
  code.redeemed = { network, at: now, endTime: balance.endTime, balanceId: balance.balanceId };
  balancesOf(world, network).push(balance);
  return balance;
}

/**
 * A new world's codes, from their own random stream: the demo network redeemed a few
 * (some of their bytes used since), and a few nobody has redeemed wait for a user to try
 * (`/__sim/codes`, the demo's in-process access).
 */
export function initBalances(world: World, now: number): void {
  const rng = world.balanceRng;
  for (const days of DEMO_REDEEMED_DAYS) {
    const redeemedAt = now - days * DAY - rng.int(DAY);
    const code = makeCode(world, rng, redeemedAt - rng.int(7 * DAY));
    const balance = redeem(world, rng, code, 0, redeemedAt);
    balance.bytes = Math.round(balance.startBytes * (1 - (days / 365) * rng.float()));
  }
  for (let k = 0; k < DEMO_OPEN_CODES; k++) makeCode(world, rng, now - rng.int(30 * DAY));
}

/** A new network's free grant: today's window, from 00:00 UTC to an hour past the next (server: FreeGrantWindow). */
export function addFreeGrant(world: World, network: number, now: number): void {
  const startTime = startOfDay(now);
  balancesOf(world, network).push({
    balanceId: world.balanceRng.uuid(),
    startTime,
    endTime: startTime + DAY + HOUR,
    startBytes: FREE_GRANT_BYTES,
    bytes: FREE_GRANT_BYTES,
    netRevenue: 0,
    paid: false,
  });
}

/** The network's balances running at `now`, with bytes left (server: model GetActiveTransferBalances). */
const activeBalances = (world: World, network: number, now: number) =>
  (world.balances.transfer.get(network) ?? []).filter(
    (balance) => balance.startTime <= now && now < balance.endTime && balance.bytes > 0,
  );

/**
 * Takes `bytes` the network's proxies carried from its running balances, the one ending
 * first first. (choice) Traffic is not stopped at zero: the balance stays at 0.
 */
export function spendBalance(world: World, network: number, bytes: number, now: number): void {
  let left = bytes;
  const running = activeBalances(world, network, now).sort((a, b) => a.endTime - b.endTime);
  for (const balance of running) {
    const taken = Math.min(balance.bytes, left);
    balance.bytes -= taken;
    left -= taken;
    if (left <= 0) break;
  }
}

/** GET /subscription/balance (server: controller/subscription_controller.go SubscriptionBalance): bytes, keys in order. */
export function subscriptionBalance(world: World, network: number, openBytes: number, now: number) {
  const running = activeBalances(world, network, now);
  const sum = (field: 'startBytes' | 'bytes') =>
    running.reduce((total, balance) => total + balance[field], 0);
  const networkId = world.networks.ids[network];
  return {
    start_balance_byte_count: sum('startBytes'),
    balance_byte_count: sum('bytes'),
    open_transfer_byte_count: openBytes,
    // No network is Pro in the simulated world: no current_subscription, no subscriptions.
    ...(running.length
      ? {
          active_transfer_balances: running.map((balance) => ({
            balance_id: balance.balanceId,
            network_id: networkId,
            start_time: goTime(balance.startTime),
            end_time: goTime(balance.endTime),
            start_balance_byte_count: balance.startBytes,
            net_revenue_nano_cents: balance.netRevenue,
            balance_byte_count: balance.bytes,
            ...(balance.paid ? { paid: true } : {}),
          })),
        }
      : {}),
    pending_payout_usd_nano_cents: 0,
    update_time: goTime(now),
  };
}

/**
 * GET /account/balance-codes (server: model FetchNetworkRedeemedBalanceCodes): the
 * network's redeemed codes still running, the one ending first first; `null` when none.
 */
export function balanceCodes(world: World, network: number, now: number) {
  const running = [...world.balances.codes.values()]
    .filter((code) => code.redeemed?.network === network && code.redeemed.endTime > now)
    .sort((a, b) => a.redeemed!.endTime - b.redeemed!.endTime);
  if (running.length === 0) return { balance_codes: null };
  return {
    balance_codes: running.map((code) => ({
      balance_code_id: code.id,
      balance_byte_count: code.bytes,
      redeem_time: goTime(code.redeemed!.at),
      end_time: goTime(code.redeemed!.endTime),
      secret: code.secret,
    })),
  };
}

/** A code that may be redeemed: exactly as written (the service compares in SQL: no trim, no case). */
const openCode = (world: World, secret: string | undefined) => {
  const code = world.balances.codes.get(secret ?? '');
  return code && !code.redeemed ? code : undefined;
};

/** POST /subscription/check-balance-code: the code's own window; a redeemed one is unknown too. */
export function checkBalanceCode(world: World, body: { secret?: string }) {
  const code = openCode(world, body.secret);
  if (!code) return failure(BUSINESS_TEXT.unknownBalanceCode);
  return {
    balance: {
      start_time: goTime(code.startTime),
      end_time: goTime(code.endTime),
      balance_byte_count: code.bytes,
    },
  };
}

/**
 * POST /subscription/redeem-balance-code: a new transfer balance from now for the code's
 * duration; the answer has the code's original window. A second redeem is `Unknown
 * balance code.` (`Balance code already redeemed.` only answers a race, which one thread
 * never has).
 */
export function redeemBalanceCode(world: World, network: number, body: { secret?: string }, now: number) {
  const code = openCode(world, body.secret);
  if (!code) return failure(BUSINESS_TEXT.unknownBalanceCode);
  const { startTime, endTime } = code;
  const balance = redeem(world, world.balanceRng, code, network, now);
  world.version++;
  return {
    transfer_balance: {
      transfer_balance_id: balance.balanceId,
      start_time: goTime(startTime),
      end_time: goTime(endTime),
      balance_byte_count: code.bytes,
    },
  };
}

/** The codes nobody has redeemed (`/__sim/codes`): a code never expires before it is redeemed. */
export function openBalanceCodes(world: World) {
  return [...world.balances.codes.values()]
    .filter((code) => !code.redeemed)
    .map((code) => ({ secret: code.secret, balance_byte_count: code.bytes, end_time: goTime(code.endTime) }));
}
