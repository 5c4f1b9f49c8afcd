// Earnings (a live resource): the network's payments and paid/unpaid transfer (every era
// has them), and beside them its points, referral code, reliability window and rank,
// each of which an older service may lack (a 404: `missing`, the pane says so) or fail
// alone (its last answer kept beside the error). Plus what the pane does with it: the
// payment under the cursor and the one opened whole, how far the pane is scrolled, the
// leaderboard (`b`) and the question before switching the ranking's visibility (`v`).
import type { StoreApi } from 'zustand/vanilla';
import { isMissingRoute, lacking, serviceMessage } from '../api/error-words.ts';
import { dateOf } from '../clock.ts';
import type {
  AccountPayment,
  AccountPayments,
  AccountPoints,
  Earner,
  NetworkRanking,
  ReferralCode,
  ReliabilityWindow,
  TransferStats,
} from '../contract/schemas.ts';
import { paymentState, paymentUsd, pointsByPayment } from '../format/payments.ts';
import type { StoreDeps } from './deps.ts';
import type { ExportTable } from './export-table.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { requestSlot, send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

/** One of the answers the service may lack: its data, or that it has no such route, or its failure. */
export interface Part<T> {
  data?: T;
  /** The service answered 404: it has not got the route (an older service). */
  missing?: boolean;
  /** This part failed (the rest loaded); `data` is its last good answer then. */
  error?: Error;
}

export type Ranking = NonNullable<NetworkRanking['network_ranking']>;

export interface EarningsData {
  payments: AccountPayments;
  transfer: TransferStats;
  points: Part<AccountPoints>;
  referral: Part<ReferralCode>;
  reliability: Part<ReliabilityWindow>;
  ranking: Part<Ranking>;
}

/** The leaderboard view (`b`): loaded when opened, its cursor on one's own row at first. */
export interface BoardState {
  phase: 'loading' | 'ready' | 'failed' | 'missing';
  earners: Earner[];
  cursor: number;
  message?: string;
}

/** The service caches ranks 5 minutes: a visibility change shows in the rank that late. */
export const RANK_LAG_MS = 5 * 60_000;

/** The last visibility this console set, and when (store clock). */
export interface VisibilityChoice {
  makePublic: boolean;
  at: number;
}

/** The question before the ranking's visibility changes, then its outcome. */
export interface VisibilityQuestion {
  makePublic: boolean;
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

export interface EarningsView extends ListMoves {
  /** The payment under the cursor, by id. */
  selectedPayment?: string;
  /** The payments' filter and sort (PAYMENTS_LIST). */
  paymentsView: ListView;
  setPaymentsView(view: ListView): void;
  /** The leaderboard's filter and sort (LEADERBOARD_LIST); a new view puts its cursor on the first row. */
  boardView: ListView;
  setBoardView(view: ListView): void;
  /** The payment shown whole (enter), by id. */
  detailId?: string;
  /** The first line of the pane's content shown (it scrolls: pgup/pgdn, g/G). */
  top: number;
  /**
   * The payment under the cursor is in view (the pane says which payouts are: a scroll
   * may leave none in view, and then no payment is under the cursor).
   */
  cursorShown: boolean;
  /** The pane's word on the cursor after a scroll or a resize: on this payment (in view), or on none in view. */
  placeCursor(paymentId: string | undefined): void;
  board?: BoardState;
  visibility?: VisibilityQuestion;
  /** The visibility set last from here (the rank may not say it for 5 minutes). */
  chosen?: VisibilityChoice;
  openDetail(): void;
  closeDetail(): void;
  /** Scrolls to `top` (the pane bounds it). */
  scrollTo(top: number): void;
  /** Opens the leaderboard and loads it. */
  openBoard(): Promise<void>;
  moveBoard(delta: number | 'top' | 'bottom'): void;
  closeBoard(): void;
  /** Asks whether to show (or hide) the network on the leaderboard. */
  askVisibility(): void;
  answerVisibility(yes: boolean): Promise<void>;
  closeVisibility(): void;
}
export type EarningsState = ResourceState<EarningsData> & EarningsView;
export type EarningsStore = StoreApi<EarningsState>;

const NO_PAYMENTS: AccountPayment[] = [];

/** The payments as listed (newest first, as the service sends them). */
export const paymentRows = (data: EarningsData | undefined): AccountPayment[] =>
  data?.payments.account_payments ?? NO_PAYMENTS;

/** The payments by when planned (newest first), amount, bytes, state or wallet; the filter looks in all but the figures. */
export const PAYMENTS_LIST: ListSpec<AccountPayment> = {
  columns: [
    { id: 'date', label: 'date', value: (p) => p.create_time, descendingFirst: true },
    { id: 'amount', label: 'amount', value: (p) => paymentUsd(p), descendingFirst: true },
    { id: 'bytes', label: 'bytes', value: (p) => p.payout_byte_count, descendingFirst: true },
    { id: 'wallet', label: 'wallet', value: (p) => p.wallet_address ?? p.wallet_id },
    { id: 'state', label: 'state', value: (p) => paymentState(p) },
  ],
  text: (p) => [
    p.create_time,
    p.payment_id,
    p.wallet_address,
    p.wallet_id,
    p.blockchain,
    p.tx_hash,
    paymentState(p),
  ],
  initial: { column: 'date', descending: true },
};

/** The payments shown: the view's of those listed. */
export const shownPayments = (
  state: Pick<EarningsState, 'data' | 'paymentsView'>,
): readonly AccountPayment[] => viewRows(paymentRows(state.data), PAYMENTS_LIST, state.paymentsView);

/** A network of the leaderboard and its place there (its rank: the order the service sent). */
export interface RankedEarner {
  earner: Earner;
  place: number;
}

/** The leaderboard by place (rank), by MiB paid, or by name; the filter looks in the names. */
export const LEADERBOARD_LIST: ListSpec<RankedEarner> = {
  columns: [
    { id: 'place', label: 'rank', value: (row) => row.place, descendingFirst: false },
    { id: 'mib', label: 'MiB paid', value: (row) => row.earner.net_mib_count ?? 0, descendingFirst: true },
    {
      id: 'name',
      label: 'name',
      value: (row) => (row.earner.is_public ? row.earner.network_name?.toLowerCase() : undefined),
    },
  ],
  text: (row) => [row.earner.is_public ? row.earner.network_name : 'a private network', row.place + 1],
  initial: { column: 'place', descending: false },
};

const ranked = new WeakMap<Earner[], RankedEarner[]>();

/** The leaderboard's networks shown: the view's, each with its place. */
export function boardRows(state: Pick<EarningsState, 'board' | 'boardView'>): readonly RankedEarner[] {
  const earners = state.board?.earners;
  if (!earners) return [];
  let rows = ranked.get(earners);
  if (!rows) {
    rows = earners.map((earner, place) => ({ earner, place }));
    ranked.set(earners, rows);
  }
  return viewRows(rows, LEADERBOARD_LIST, state.boardView);
}

/** The payments shown and the one under the cursor (the selected one if still there, else the first). */
export function selectedPaymentOf(state: Pick<EarningsState, 'data' | 'selectedPayment' | 'paymentsView'>) {
  const payments = shownPayments(state);
  const selected = payments.find((p) => p.payment_id === state.selectedPayment) ?? payments[0];
  return { payments, selected, index: selected ? payments.indexOf(selected) : -1 };
}

/** A part's answer: its data; 404 is `missing`; another failure keeps the last good data beside it. */
async function partOf<T>(call: Promise<T>, previous: Part<T> | undefined): Promise<Part<T>> {
  try {
    return { data: await call };
  } catch (error) {
    if (isMissingRoute(error)) return { missing: true };
    if ((error as { kind?: string }).kind === 'aborted') throw error;
    return { data: previous?.data, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** Where one's own network is on the leaderboard: the row of its rank (-1: not there). */
export function ownRow(earners: readonly Earner[], rank: number | undefined): number {
  return rank && rank <= earners.length ? rank - 1 : -1;
}

export function createEarningsStore(deps: StoreDeps): EarningsStore {
  const { client } = deps;
  let last: EarningsData | undefined;
  const resource = createResourceStore<EarningsData>(deps, {
    load: async (signal) => {
      const options = { signal };
      const [payments, transfer, points, referral, reliability, ranking] = await Promise.all([
        client.accountPayments(options),
        client.transferStats(options),
        partOf(client.accountPoints(options), last?.points),
        partOf(client.referralCode(options), last?.referral),
        partOf(
          client.networkReliability(options).then((answer) => answer.reliability_window ?? {}),
          last?.reliability,
        ),
        partOf(
          client.networkRanking(options).then((answer) => answer.network_ranking ?? {}),
          last?.ranking,
        ),
      ]);
      last = { payments, transfer, points, referral, reliability, ranking };
      return last;
    },
  });
  const boardLoads = requestSlot(deps, 'superseded by a newer request');
  return extendResource<EarningsData, EarningsView>(resource, (set, get) => {
    const setBoard = (patch: Partial<BoardState>) => {
      const { board } = get();
      if (board) set({ board: { ...board, ...patch } });
    };
    const setVisibility = (patch: Partial<VisibilityQuestion>) => {
      const { visibility } = get();
      if (visibility) set({ visibility: { ...visibility, ...patch } });
    };
    return {
      top: 0,
      paymentsView: NO_VIEW,
      setPaymentsView: (paymentsView) => set({ paymentsView }),
      boardView: NO_VIEW,
      setBoardView(boardView) {
        set({ boardView });
        setBoard({ cursor: 0 });
      },
      ...listMoves({
        length: () => shownPayments(get()).length,
        index: () => Math.max(0, selectedPaymentOf(get()).index),
        select: (index) => set({ selectedPayment: shownPayments(get())[index]?.payment_id }),
      }),
      openDetail() {
        const { selected } = selectedPaymentOf(get());
        if (selected?.payment_id) set({ detailId: selected.payment_id });
      },
      closeDetail: () => set({ detailId: undefined }),
      scrollTo: (top) => set({ top: Math.max(0, top) }),
      cursorShown: true,
      placeCursor: (paymentId) =>
        set(
          paymentId === undefined
            ? { cursorShown: false }
            : { selectedPayment: paymentId, cursorShown: true },
        ),
      async openBoard() {
        set({ board: { phase: 'loading', earners: get().board?.earners ?? [], cursor: 0 } });
        const outcome = await boardLoads.run((signal) => client.leaderboard({}, { signal }));
        if (!outcome || !get().board) return;
        if ('error' in outcome) {
          const missing = isMissingRoute(outcome.error);
          setBoard({
            phase: missing ? 'missing' : 'failed',
            message: missing ? lacking('leaderboard') : serviceMessage(outcome.error),
          });
          return;
        }
        const earners = outcome.value.earners ?? [];
        const own = ownRow(earners, get().data?.ranking.data?.leaderboard_rank);
        setBoard({ phase: 'ready', earners });
        // The cursor starts on one's own row where the view shows it.
        const at = boardRows(get()).findIndex((row) => row.place === own);
        setBoard({ cursor: Math.max(0, at) });
      },
      moveBoard(delta) {
        const { board } = get();
        const shown = boardRows(get()).length;
        if (!board || !shown) return;
        const last = shown - 1;
        const to = delta === 'top' ? 0 : delta === 'bottom' ? last : board.cursor + delta;
        setBoard({ cursor: Math.max(0, Math.min(last, to)) });
      },
      closeBoard() {
        boardLoads.abort('closed');
        set({ board: undefined });
      },
      askVisibility() {
        const { chosen, data } = get();
        const recent = chosen && deps.clock.now() - chosen.at < RANK_LAG_MS;
        const shown = recent ? chosen.makePublic : data?.ranking.data?.leaderboard_public === true;
        set({ visibility: { makePublic: !shown, phase: 'ask' } });
      },
      async answerVisibility(yes) {
        const { visibility } = get();
        if (visibility?.phase !== 'ask') return;
        if (!yes) {
          set({ visibility: undefined });
          return;
        }
        setVisibility({ phase: 'sending' });
        try {
          await send(deps, () => client.setRankingVisibility({ is_public: visibility.makePublic }));
          set({ chosen: { makePublic: visibility.makePublic, at: deps.clock.now() } });
          setVisibility({
            phase: 'done',
            message: visibility.makePublic
              ? 'This network shows on the leaderboard now, by name; its rank may say so only in up to 5 minutes.'
              : 'This network is hidden on the leaderboard now (its place stays, without a name); its rank may say so only in up to 5 minutes.',
          });
          await get().refresh();
        } catch (error) {
          const message = isMissingRoute(error) ? lacking('leaderboard visibility') : serviceMessage(error);
          setVisibility({ phase: 'failed', message });
        }
      },
      closeVisibility: () => set({ visibility: undefined }),
    };
  });
}

/** A time as a script reads it: ISO 8601 in UTC. */
const isoTime = (value: string | undefined) => dateOf(value)?.toISOString();

/**
 * The payouts shown as an export writes them: the columns and units of `netdeck payments
 * --csv`; `points` where the service has them.
 */
export function payoutsExport(payments: readonly AccountPayment[], points?: AccountPoints): ExportTable {
  const byPayment = pointsByPayment(points);
  return {
    columns: [
      'payment_id',
      'planned_at',
      'amount_usd',
      'sent_usd',
      'bytes',
      'points',
      'wallet_address',
      'wallet_id',
      'blockchain',
      'state',
      'submitted_at',
      'completed_at',
      'tx_hash',
    ],
    records: payments.map((p) => ({
      payment_id: p.payment_id,
      planned_at: isoTime(p.create_time),
      amount_usd: paymentUsd(p),
      sent_usd: p.token_amount,
      bytes: p.payout_byte_count,
      points: points ? (byPayment.get(p.payment_id ?? '') ?? 0) : undefined,
      wallet_address: p.wallet_address,
      wallet_id: p.wallet_id,
      blockchain: p.blockchain,
      state: paymentState(p),
      submitted_at: isoTime(p.payment_time),
      completed_at: isoTime(p.complete_time),
      tx_hash: p.tx_hash,
    })),
  };
}
