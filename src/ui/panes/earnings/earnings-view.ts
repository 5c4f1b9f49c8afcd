// The Earnings pane as lines: the summary (paid and unpaid transfer, points, the next and
// the last payout, the referral code, the rank), a chart of payouts by week, the payouts
// (one line each, the cursor's among them), the reliability window (its weights and client
// counts as charts, the mean) and the country multipliers. The pane scrolls over them; a
// part the service lacks says so in its place. Pure: the component (earnings-pane.tsx)
// colours them; the view also says which lines are in sight, which payout the cursor is on
// there, the line under them, and why a key cannot act now.
import { explainError, lacking } from '../../../api/error-words.ts';
import { dateOf } from '../../../clock.ts';
import type { AccountPayment, ReliabilityWindow } from '../../../contract/schemas.ts';
import {
  formatBytes,
  formatCount,
  formatDecimal,
  formatTimestamp,
  formatUsd,
  formatWaitInWords,
  MISSING,
} from '../../../format/numbers.ts';
import {
  lastPayout,
  nextPayout,
  paymentState,
  paymentUsd,
  pointsByPayment,
  totalPoints,
  weeklyPayouts,
} from '../../../format/payments.ts';
import { screenText } from '../../../sanitize.ts';
import {
  type EarningsData,
  type EarningsState as EarningsStoreState,
  PAYMENTS_LIST,
  type Part,
  paymentRows,
  RANK_LAG_MS,
  selectedPaymentOf,
  shownPayments,
  type VisibilityChoice,
} from '../../../store/earnings.ts';
import type { Stores } from '../../../store/index.ts';
import { type ListSort, sortOf } from '../../../store/list-sort-filter.ts';
import { dailyChart } from '../../charts/chart.ts';
import { type FreshnessLine, type LiveFields, liveFields, liveStatus } from '../../components/freshness.ts';
import { type HeaderColumn, headerText } from '../../components/list-view.tsx';
import type { Glyphs } from '../../glyphs.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReason, type KeyReasons, noTokenReason, notNow, unserved } from '../../keys/key-reasons.ts';
import { padCells, truncate } from '../../text.ts';
import { fieldsOf } from '../../view-fields.ts';
import type { PaneActionOf } from '../types.ts';

export type LineStyle = 'title' | 'heading' | 'label' | 'plain' | 'dim' | 'warn' | 'error' | 'ok' | 'chart';

/** The payouts as the list shows them: filtered and sorted, the order's column, the filter typed. */
export interface PaymentsShown {
  payments: readonly AccountPayment[];
  sort: ListSort | undefined;
  filter: string;
  glyphs: Glyphs;
}

/** The key of the payouts' header line (a click on it sorts). */
export const PAYMENTS_HEADER = 'payments-header';

export interface Line {
  key: string;
  text: string;
  style: LineStyle;
  /** A payment's line: its index in the list (the cursor's line is drawn inverse). */
  payment?: number;
}

const LABEL = 13;
const CHART_ROWS = 4;
const MIB = 2 ** 20;

/** A wallet as a line has room for: its address cut in the middle, else its id's start. */
/** A wallet as a line has room for: its address (else its id) cut in the middle to `width`, its chain before it with `chain`. */
export function walletText(payment: AccountPayment, width: number, chain: boolean): string {
  if (!payment.wallet_id) return 'none yet';
  const text = screenText(payment.wallet_address) || screenText(payment.wallet_id);
  const short = text.length > width ? `${text.slice(0, width - 5)}…${text.slice(-4)}` : text;
  const blockchain = chain ? screenText(payment.blockchain) : '';
  return blockchain ? `${blockchain} ${short}` : short;
}

/** What a failed or missing part says instead of its figures. */
function partProblem<T>(part: Part<T>, thing: string): string | undefined {
  if (part.missing) return lacking(thing);
  if (part.error && part.data === undefined) return `✗ ${thing}: ${explainError(part.error, 'console')}`;
  return undefined;
}

const row = (label: string, value: string) => `${padCells(label, LABEL)}${value}`;

/**
 * A visibility chosen here in the last 5 minutes that the rank does not say yet (the
 * service caches ranks that long): a line of its own under the rank.
 */
function pendingVisibility(
  shown: boolean,
  chosen: VisibilityChoice | undefined,
  now: number,
): string | undefined {
  if (!chosen || chosen.makePublic === shown || now - chosen.at >= RANK_LAG_MS) return undefined;
  return `you made it ${chosen.makePublic ? 'public' : 'private'} ${formatWaitInWords(now - chosen.at)} ago; ranks lag up to 5 min`;
}

function summaryLines(
  data: EarningsData,
  now: number,
  chosen: VisibilityChoice | undefined,
  keys: KeyNames,
): Line[] {
  const payments = paymentRows(data);
  const lines: Line[] = [];
  const add = (key: string, text: string, style: LineStyle = 'plain') => lines.push({ key, text, style });
  const { paid_bytes_provided: paid, unpaid_bytes_provided: unpaid } = data.transfer;
  add(
    'transfer',
    row(
      'Transfer',
      `paid ${formatBytes(paid)} · unpaid ${formatBytes(unpaid)} (paid once a payout completes)`,
    ),
  );
  const points = partProblem(data.points, 'points');
  const last = lastPayout(payments);
  if (points) add('points', row('Points', points), data.points.missing ? 'dim' : 'error');
  else {
    const byPayment = pointsByPayment(data.points.data);
    const newest = payments[0]?.payment_id ? byPayment.get(payments[0].payment_id) : undefined;
    add(
      'points',
      row(
        'Points',
        `${formatDecimal(totalPoints(data.points.data), 2)} in all${newest === undefined ? '' : ` · ${formatDecimal(newest, 2)} from the newest payout`}`,
      ),
    );
  }
  const next = nextPayout(payments, now);
  add('next', row('Next payout', `${formatTimestamp(next)} (Sunday) · in ${formatWaitInWords(next - now)}`));
  add(
    'last',
    row(
      'Last payout',
      last
        ? `${formatUsd(paymentUsd(last))} · completed ${formatTimestamp(last.complete_time ?? last.create_time)}`
        : 'none completed yet',
    ),
  );
  const referral = partProblem(data.referral, 'referral code');
  add(
    'referral',
    row(
      'Referral',
      referral ??
        `code ${screenText(data.referral.data?.referral_code) || MISSING} · ${formatCount(data.referral.data?.total_referrals ?? 0)} referred`,
    ),
    referral && !data.referral.missing ? 'error' : 'plain',
  );
  const rank = partProblem(data.ranking, 'ranking');
  const ranking = data.ranking.data;
  let rankText = rank;
  if (!rankText && ranking) {
    const place = ranking.leaderboard_rank
      ? `#${formatCount(ranking.leaderboard_rank)} · ${formatBytes((ranking.net_mib_count ?? 0) * MIB)} paid in the last 4 payouts`
      : 'none: no payment in the last 4 payouts';
    rankText = `${place} · ${ranking.leaderboard_public ? 'public' : 'private'} (${keys['earnings.visibility']} ${ranking.leaderboard_public ? 'hides' : 'shows'} it)`;
  }
  add('rank', row('Rank', rankText ?? MISSING), data.ranking.missing ? 'dim' : rank ? 'error' : 'plain');
  const pending = ranking && pendingVisibility(ranking.leaderboard_public === true, chosen, now);
  if (pending) add('rank-pending', row('', pending), 'warn');
  return lines;
}

function chartLines(
  key: string,
  title: string,
  points: { days: string[]; values: number[] },
  width: number,
  format: (n: number) => string,
): Line[] {
  const lines: Line[] = [{ key: `${key}-title`, text: title, style: 'heading' }];
  if (!points.values.length) return [...lines, { key: `${key}-none`, text: '  nothing yet', style: 'dim' }];
  const chart = dailyChart(points, {
    width: Math.max(20, width - 2),
    height: CHART_ROWS,
    format,
    fromZero: true,
  });
  return [
    ...lines,
    ...chart.map((text, i) => ({ key: `${key}-${i}`, text: `  ${text}`, style: 'chart' as const })),
  ];
}

/**
 * The payouts table's columns for the width there is: the wallet from 80 columns (its
 * chain and more of its address from 110, with the points and the transaction).
 */
function paymentColumns(width: number) {
  const wide = width >= 110;
  // Below 110 columns the year goes: "11-22 10:00".
  return { wide, wallet: width < 80 ? 0 : wide ? 20 : 10, date: wide ? 16 : 11 };
}

/** The points column's width (from 110 columns). */
const POINTS_WIDTH = 10;

/** The columns of a payment's line, `cells` in each. */
function paymentCells(
  width: number,
  cells: {
    date: string;
    amount: string;
    bytes: string;
    points: string;
    wallet: string;
    state: string;
    tx: string;
  },
) {
  const { wide, wallet, date } = paymentColumns(width);
  const pointsCell = wide ? ` ${padCells(cells.points, POINTS_WIDTH, 'right')}` : '';
  const walletCell = wallet ? `${padCells(cells.wallet, wallet)}  ` : '';
  return `${padCells(cells.date, date)}  ${padCells(cells.amount, 14, 'right')} ${padCells(cells.bytes, 12, 'right')}${pointsCell}  ${walletCell}${padCells(cells.state, 20)}${wide && cells.tx ? ` ${cells.tx}` : ''}`;
}

/** The payouts header's columns as paymentCells lays them out, each sorting the payouts but the transaction. */
export function paymentHeaderColumns(width: number): HeaderColumn[] {
  const { wide, wallet, date } = paymentColumns(width);
  return [
    { label: '', width: 2 },
    { label: 'PLANNED', width: date, sort: 'date' },
    { label: '', width: 2 },
    { label: 'AMOUNT', width: 14, align: 'right', sort: 'amount' },
    { label: '', width: 1 },
    { label: 'BYTES', width: 12, align: 'right', sort: 'bytes' },
    ...(wide
      ? [
          { label: '', width: 1 },
          { label: 'POINTS', width: POINTS_WIDTH, align: 'right' as const },
        ]
      : []),
    { label: '', width: 2 },
    ...(wallet
      ? [
          { label: 'WALLET', width: wallet, sort: 'wallet' },
          { label: '', width: 2 },
        ]
      : []),
    { label: 'STATE', width: 20, sort: 'state' },
    ...(wide
      ? [
          { label: '', width: 1 },
          { label: 'TRANSACTION', width: 11 },
        ]
      : []),
  ];
}

export function paymentHeader(width: number, sort: ListSort | undefined, glyphs: Glyphs): string {
  return truncate(headerText(paymentHeaderColumns(width), sort, glyphs), width);
}

/** `points`: what the payment brought; undefined where the service has no points. */
export function paymentLine(payment: AccountPayment, width: number, points?: number): string {
  const { wallet, wide } = paymentColumns(width);
  const line = paymentCells(width, {
    date: formatTimestamp(payment.create_time)
      .replace(' UTC', '')
      .slice(wide ? 0 : 5),
    amount: formatUsd(paymentUsd(payment)),
    bytes: formatBytes(payment.payout_byte_count),
    points: points === undefined ? MISSING : formatDecimal(points, 2),
    wallet: wallet ? walletText(payment, wallet > 10 ? wallet - 5 : wallet, wallet > 10) : '',
    state: paymentState(payment),
    tx: screenText(payment.tx_hash),
  });
  return truncate(line, width - 2);
}

/** The dates of a reliability window's buckets (the chart's axis), and its weights and client counts. */
function reliabilitySeries(window: ReliabilityWindow) {
  const first = window.min_bucket_number ?? 0;
  const seconds = window.bucket_duration_seconds ?? 900;
  // A bucket number no date can hold (a hostile answer) has no label.
  const days = (window.reliability_weights ?? []).map(
    (_, k) =>
      dateOf((first + k) * seconds * 1000)
        ?.toISOString()
        .slice(0, 10) ?? '?',
  );
  return {
    weights: { days, values: window.reliability_weights ?? [] },
    clients: { days, values: (window.client_counts ?? []).slice(0, days.length) },
  };
}

function reliabilityLines(data: EarningsData, width: number): Line[] {
  const heading: Line = { key: 'reliability', text: 'Reliability', style: 'heading' };
  const problem = partProblem(data.reliability, 'reliability window');
  if (problem)
    return [
      heading,
      { key: 'reliability-problem', text: `  ${problem}`, style: data.reliability.missing ? 'dim' : 'error' },
    ];
  const window = data.reliability.data ?? {};
  const weights = window.reliability_weights ?? [];
  const lines: Line[] = [
    {
      ...heading,
      text: `Reliability · mean weight ${formatDecimal(window.mean_reliability_weight, 2)} · up to ${formatCount(window.max_client_count)} clients valid · ${formatCount(weights.length)} buckets of ${formatCount((window.bucket_duration_seconds ?? 900) / 60)} minutes${weights.length ? ` from ${formatTimestamp(window.min_time_unix_milli)}` : ''}`,
    },
  ];
  if (!weights.length) {
    lines.push({
      key: 'reliability-none',
      text: '  no reliability data yet: it comes once providers are online',
      style: 'dim',
    });
  } else {
    const series = reliabilitySeries(window);
    lines.push(
      ...chartLines(
        'weights',
        '  weight per 15 minutes (about one per provider online on its own address)',
        series.weights,
        width,
        (n) => formatDecimal(n, 1),
      ),
    );
    lines.push(
      ...chartLines('clients', '  clients valid per 15 minutes', series.clients, width, (n) =>
        formatCount(n),
      ),
    );
  }
  const multipliers = window.country_multipliers ?? [];
  if (multipliers.length) {
    const parts = multipliers.map(
      (m) =>
        `${screenText(m.country) || screenText(m.country_code)} ×${formatDecimal(m.reliability_multiplier, 2)}`,
    );
    lines.push({
      key: 'multipliers-title',
      text: '  Country multipliers (of the reliability subsidy and points)',
      style: 'label',
    });
    // As many to a line as fit.
    let line = '';
    let k = 0;
    for (const part of parts) {
      const next = line ? `${line} · ${part}` : part;
      if (line && next.length > width - 4) {
        lines.push({ key: `multipliers-${k++}`, text: `    ${line}`, style: 'plain' });
        line = part;
      } else line = next;
    }
    if (line) lines.push({ key: `multipliers-${k}`, text: `    ${line}`, style: 'plain' });
  }
  return lines;
}

/** Every line of the pane, top to bottom, for `width` columns at clock time `now`. */
export function earningsLines(
  data: EarningsData,
  width: number,
  now: number,
  chosen: VisibilityChoice | undefined,
  list: PaymentsShown,
  keys: KeyNames,
): Line[] {
  const payments = paymentRows(data);
  const shown = list.payments;
  const lines: Line[] = [
    ...summaryLines(data, now, chosen, keys),
    { key: 'gap-1', text: '', style: 'plain' },
  ];
  lines.push(
    ...chartLines('weekly', 'Payouts by week (USD)', weeklyPayouts(payments, now), width, (n) =>
      formatDecimal(n, n >= 100 ? 0 : 2),
    ),
  );
  lines.push({ key: 'gap-2', text: '', style: 'plain' });
  lines.push({
    key: 'payments',
    text: `Payouts (${shown.length === payments.length ? formatCount(payments.length) : `${formatCount(shown.length)} of ${formatCount(payments.length)}`}) · ${keys.open} shows one whole`,
    style: 'heading',
  });
  if (!payments.length)
    lines.push({
      key: 'payments-none',
      text: '  none yet: the payout task runs every Sunday at 10:00 UTC',
      style: 'dim',
    });
  else if (!shown.length)
    lines.push({
      key: 'payments-none',
      text: `  no payout matches “${screenText(list.filter)}”: ${keys.back} clears the filter`,
      style: 'dim',
    });
  else {
    lines.push({ key: PAYMENTS_HEADER, text: paymentHeader(width, list.sort, list.glyphs), style: 'label' });
    const points = data.points.data ? pointsByPayment(data.points.data) : undefined;
    shown.forEach((payment, index) => {
      lines.push({
        key: `payment-${index}`,
        text: paymentLine(payment, width, points && (points.get(payment.payment_id ?? '') ?? 0)),
        style: 'plain',
        payment: index,
      });
    });
  }
  lines.push({ key: 'gap-3', text: '', style: 'plain' });
  lines.push(...reliabilityLines(data, width));
  return lines;
}

/** The whole of one payment (enter): every field the service sent, in words and units. */
export function paymentDetailLines(payment: AccountPayment, points: number | undefined): [string, string][] {
  const text = (value: string | undefined) => screenText(value) || MISSING;
  const time = (value: string | undefined) => (value ? formatTimestamp(value) : MISSING);
  return [
    ['State', paymentState(payment)],
    [
      'Amount',
      `${formatUsd(paymentUsd(payment))} (transfer subsidy ${formatUsd((payment.subsidy_payout_nano_cents ?? 0) / 1e9)})`,
    ],
    [
      'Sent',
      payment.token_amount === undefined
        ? MISSING
        : `${formatDecimal(payment.token_amount, 6)} ${text(payment.token_type)} (the amount less the transfer fee)`,
    ],
    ['Bytes', `${formatBytes(payment.payout_byte_count)} (${formatCount(payment.payout_byte_count)} bytes)`],
    ['Points', points === undefined ? MISSING : formatDecimal(points, 2)],
    ['Planned', time(payment.create_time)],
    ['Sweeps from', time(payment.min_sweep_time)],
    ['Submitted', time(payment.payment_time)],
    ['Completed', time(payment.complete_time)],
    ['Wallet', payment.wallet_id ? text(payment.wallet_id) : 'none: it waits until a payout wallet is set'],
    [
      'Address',
      `${text(payment.wallet_address)}${payment.blockchain ? ` (${text(payment.blockchain)})` : ''}`,
    ],
    ['Transfer', text(payment.payment_record)],
    ['Transaction', text(payment.tx_hash)],
    ['Payment', text(payment.payment_id)],
    ['Plan', text(payment.payment_plan_id)],
  ];
}

/** What the pane reads of the stores: each field a store's own value, so equal states draw alike. */
export interface EarningsState
  extends LiveFields<EarningsData>,
    Pick<
      EarningsStoreState,
      'chosen' | 'selectedPayment' | 'paymentsView' | 'detailId' | 'top' | 'cursorShown'
    > {
  /** The network's token was given (the leaderboard and its visibility need it). */
  hasToken: boolean;
}

/** The pane's state in the stores (the component's one hook reads it shallowly). */
export function earningsState({ earnings, session }: Stores): EarningsState {
  const e = earnings.getState();
  return {
    ...liveFields(e),
    ...fieldsOf(e, ['chosen', 'selectedPayment', 'paymentsView', 'detailId', 'top', 'cursorShown']),
    hasToken: session.getState().hasToken,
  };
}

/** Why each key of the pane cannot act now, or at all on this service. */
export function earningsReasons(state: EarningsState, keys: KeyNames): KeyReasons<PaneActionOf<'earnings'>> {
  const inDetail = state.detailId !== undefined;
  const payoutsHidden = (what: string) =>
    inDetail
      ? notNow(`${what} the payouts, which are not shown here (${keys.back} goes back to them)`)
      : undefined;
  const { selected } = selectedPaymentOf(state);
  const noPayment = (none: string): KeyReason | undefined => {
    if (!selected) return notNow(none);
    // A scroll left no payout in view: the cursor is on none there.
    if (!state.cursorShown)
      return notNow(`no payout in view: ${keys.down}/${keys.up} bring the payouts back`);
    return undefined;
  };
  const noToken = (what: string) => (state.hasToken ? undefined : notNow(noTokenReason(what, keys)));
  const ranking = state.data?.ranking;
  return {
    export:
      payoutsHidden(`${keys['earnings.export']} exports`) ??
      (shownPayments(state).length ? undefined : notNow('nothing to export: no payout shown')),
    search: payoutsHidden(`${keys.search} filters`),
    sort: payoutsHidden(`${keys.sort} sorts`),
    reverse: payoutsHidden(`${keys.reverse} reverses`),
    open: inDetail
      ? notNow(`this is the payment already (${keys.back} goes back)`)
      : noPayment('no payment here to show'),
    copy: inDetail ? undefined : noPayment('no payment here: nothing to copy'),
    leaderboard:
      noToken('The leaderboard') ?? (ranking?.missing ? unserved(lacking('leaderboard')) : undefined),
    visibility:
      noToken('Changing the ranking visibility') ??
      (ranking?.missing
        ? unserved(lacking('leaderboard visibility'))
        : ranking?.data
          ? undefined
          : notNow(`the rank is not loaded yet (${keys.refresh} reloads)`)),
  };
}

/** The payout nearest to `index` of those in view, if any is. */
function nearestOf(inView: readonly number[], index: number): number | undefined {
  let best: number | undefined;
  for (const at of inView) if (best === undefined || Math.abs(at - index) < Math.abs(best - index)) best = at;
  return best;
}

/**
 * The pane's lines for `width` columns and `rows` rows, and where they stand: the first
 * line shown (the scroll bounded by the lines there are), and the payout under the
 * cursor, which is always one in view: the selected one when it is, else the nearest in
 * view; none when no payout is in view (a scroll moved past them all).
 */
export function earningsWindow(
  state: EarningsState,
  keys: KeyNames,
  width: number,
  rows: number,
  glyphs: Glyphs,
) {
  const lines = state.data
    ? earningsLines(
        state.data,
        width,
        // Times in words are as of the answer: they change with each refresh, not every second.
        state.fetchedAt ?? 0,
        state.chosen,
        {
          payments: shownPayments(state),
          sort: sortOf(PAYMENTS_LIST, state.paymentsView),
          filter: state.paymentsView.filter,
          glyphs,
        },
        keys,
      )
    : [];
  const maxTop = Math.max(0, lines.length - rows);
  const top = Math.min(maxTop, Math.max(0, state.top));
  const inView = lines
    .slice(top, top + rows)
    .flatMap((line) => (line.payment === undefined ? [] : [line.payment]));
  const { index, payments } = selectedPaymentOf(state);
  const cursor = inView.includes(index) ? index : nearestOf(inView, index);
  return {
    lines,
    rows,
    maxTop,
    top,
    cursor,
    /** The id of the payout under the cursor; undefined where none is in view. */
    cursorId: cursor === undefined ? undefined : payments[cursor]?.payment_id,
    /** The line of the payout at `index` in the list. */
    lineOf: (paymentIndex: number) => lines.findIndex((line) => line.payment === paymentIndex),
  };
}
export type EarningsWindow = ReturnType<typeof earningsWindow>;

/** The first line to show so that `line` is in view, scrolling as little as can be. */
export function topShowing(window: Pick<EarningsWindow, 'top' | 'rows' | 'maxTop'>, line: number): number {
  if (line < 0) return window.top;
  if (line < window.top) return line;
  if (line >= window.top + window.rows) return Math.min(window.maxTop, line - window.rows + 1);
  return window.top;
}

/** What the pane shows in `width` x `height` (the line under the lines included), naming the user's `keys`. */
export function earningsView(
  state: EarningsState,
  keys: KeyNames,
  size: { width: number; height: number; speed: number; glyphs: Glyphs },
) {
  const { width } = size;
  const window = earningsWindow(state, keys, width, Math.max(1, size.height - 1), size.glyphs);
  const status: FreshnessLine = liveStatus(state, size.speed, keys);
  return {
    window,
    status,
    /** What shows without data: the token missing, a failure (said below), or nothing yet. */
    empty: state.data ? undefined : state.error ? 'No earnings yet.' : ' ',
    /** The lines in sight, the cursor's marked (`›`, visible without colours too). */
    shown: window.lines.slice(window.top, window.top + window.rows).map((line) => {
      const selected = line.payment !== undefined && line.payment === window.cursor;
      const mark = line.payment === undefined ? '' : selected ? '› ' : '  ';
      return {
        key: line.key,
        style: line.style,
        selected,
        text: truncate(`${mark}${line.text}`, width) || ' ',
      };
    }),
  };
}
