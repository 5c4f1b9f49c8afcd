// Earnings merged over every profile (`a`; src/store/every-profile.ts), apart from React:
// a line per profile (its network, paid and unpaid transfer, points, what its payouts paid
// and how many, its last payout), or why it has none (failed, with its reason; loading),
// and a line of them all; then every profile's payouts, newest first, each with its
// profile. The lines scroll; the component (merged-earnings.tsx) colours them.
import { dateOf } from '../../../clock.ts';
import type { AccountPayment } from '../../../contract/schemas.ts';
import {
  formatBytes,
  formatCount,
  formatDecimal,
  formatTimestamp,
  formatUsd,
  MISSING,
} from '../../../format/numbers.ts';
import { lastPayout, paymentState, paymentUsd, totalPoints } from '../../../format/payments.ts';
import { screenText } from '../../../sanitize.ts';
import type { EarningsData } from '../../../store/earnings.ts';
import { paymentRows } from '../../../store/earnings.ts';
import type { EveryProfileState } from '../../../store/every-profile.ts';
import type { Stores } from '../../../store/index.ts';
import type { FreshnessLine } from '../../components/freshness.ts';
import {
  type ProfileResource,
  profileFailure,
  profileFailureWords,
  profilesStatus,
} from '../../components/profiles-freshness.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, notNow } from '../../keys/key-reasons.ts';
import { displayWidth, padCells, truncate } from '../../text.ts';
import { fieldsOf } from '../../view-fields.ts';
import type { PaneActionOf } from '../types.ts';
import type { LineStyle } from './earnings-view.ts';

export interface MergedEarningsState extends Pick<EveryProfileState, 'profiles' | 'earningsTop'> {
  /** The profile the console runs on (the one `a` goes back to). */
  current: string | undefined;
}

export function mergedEarningsState({ everyProfile, session }: Stores): MergedEarningsState {
  return {
    ...fieldsOf(everyProfile.getState(), ['profiles', 'earningsTop']),
    current: session.getState().profile,
  };
}

/** Why each key cannot act in the merged view: those of one profile's Earnings say how to get back to one. */
export function mergedEarningsReasons(
  state: MergedEarningsState,
  keys: KeyNames,
): KeyReasons<PaneActionOf<'earnings'>> {
  const one = state.current ? `profile ${screenText(state.current)}` : 'the profile in use';
  const oneOnly = (what: string) =>
    notNow(
      `${what} one profile's: ${keys['earnings.everyProfile']} goes back to ${one}, ${keys.profiles} to another`,
    );
  return {
    open: oneOnly("a payout's detail is"),
    copy: oneOnly('copying a transaction hash is'),
    export: oneOnly('the export is'),
    search: oneOnly('filtering the payouts is'),
    sort: oneOnly('sorting the payouts is'),
    reverse: oneOnly('sorting the payouts is'),
    leaderboard: oneOnly('the leaderboard is'),
    visibility: oneOnly('the ranking’s visibility is'),
  };
}

export interface MergedLine {
  key: string;
  text: string;
  style: LineStyle;
}

const earningsOf: ProfileResource = (p) => p.earnings;

/** A profile's figures, or all profiles' added up. */
interface Figures {
  network: string;
  paid: number;
  unpaid: number;
  points: number | undefined;
  usd: number;
  payouts: number;
  last: AccountPayment | undefined;
}

function figuresOf(data: EarningsData, network: string): Figures {
  const payments = paymentRows(data);
  return {
    network,
    paid: data.transfer.paid_bytes_provided ?? 0,
    unpaid: data.transfer.unpaid_bytes_provided ?? 0,
    points: data.points.data ? totalPoints(data.points.data) : undefined,
    usd: payments.filter((p) => p.completed).reduce((sum, p) => sum + (paymentUsd(p) ?? 0), 0),
    payouts: payments.length,
    last: lastPayout(payments),
  };
}

function added(all: readonly Figures[]): Figures {
  const points = all.filter((f) => f.points !== undefined);
  return {
    network: '',
    paid: all.reduce((sum, f) => sum + f.paid, 0),
    unpaid: all.reduce((sum, f) => sum + f.unpaid, 0),
    points: points.length ? points.reduce((sum, f) => sum + (f.points ?? 0), 0) : undefined,
    usd: all.reduce((sum, f) => sum + f.usd, 0),
    payouts: all.reduce((sum, f) => sum + f.payouts, 0),
    last: lastPayout(all.flatMap((f) => (f.last ? [f.last] : []))),
  };
}

/** A byte count's cells: `1,018.72 GiB`. */
const BYTES_WIDTH = 12;

/** The columns of a profile's line: the network and the last payout from 100 columns. */
function figureCells(width: number, name: number) {
  const wide = width >= 100;
  const cells = (label: string, f: Figures | undefined, head?: string[]) => {
    const values = head ?? [
      f?.network ?? '',
      formatBytes(f?.paid),
      formatBytes(f?.unpaid),
      f?.points === undefined ? MISSING : formatDecimal(f.points, 2),
      formatUsd(f?.usd),
      formatCount(f?.payouts),
      f?.last ? formatTimestamp(f.last.complete_time ?? f.last.create_time) : 'none yet',
    ];
    const [network, paid, unpaid, points, usd, payouts, last] = values;
    return [
      padCells(label, name),
      ...(wide ? [padCells(network, 12)] : []),
      padCells(paid, BYTES_WIDTH, 'right'),
      padCells(unpaid, BYTES_WIDTH, 'right'),
      padCells(points, 10, 'right'),
      padCells(usd, 14, 'right'),
      padCells(payouts, 7, 'right'),
      ...(wide ? [padCells(last, 20)] : []),
    ].join('  ');
  };
  return cells;
}

const HEADINGS = ['NETWORK', 'PAID', 'UNPAID', 'POINTS', 'PAID OUT', 'PAYOUTS', 'LAST PAYOUT'];

/** Every line, top to bottom, for `width` columns. */
export function mergedEarningsLines(state: MergedEarningsState, keys: KeyNames, width: number): MergedLine[] {
  const name = Math.min(16, Math.max(8, ...state.profiles.map((p) => displayWidth(screenText(p.profile)))));
  const cells = figureCells(width, name);
  const lines: MergedLine[] = [
    {
      key: 'title',
      text: `Every profile (${state.profiles.length}) · ${keys['earnings.everyProfile']} shows the one in use again`,
      style: 'title',
    },
    { key: 'head', text: cells('PROFILE', undefined, HEADINGS), style: 'label' },
  ];
  const loaded: Figures[] = [];
  for (const p of state.profiles) {
    const label = screenText(p.profile);
    const failure = profileFailure(p, earningsOf);
    if (failure) {
      lines.push({
        key: `profile ${p.profile}`,
        text: `${padCells(label, name)}  ✗ ${profileFailureWords(p.profile, failure)}`,
        style: 'error',
      });
      continue;
    }
    const data = p.earnings?.data;
    if (!data) {
      lines.push({ key: `profile ${p.profile}`, text: `${padCells(label, name)}  loading…`, style: 'dim' });
      continue;
    }
    const figures = figuresOf(data, screenText(p.network));
    loaded.push(figures);
    lines.push({ key: `profile ${p.profile}`, text: cells(label, figures), style: 'plain' });
  }
  if (loaded.length) lines.push({ key: 'total', text: cells('Σ all', added(loaded)), style: 'heading' });
  lines.push({ key: 'gap', text: '', style: 'plain' });
  const payouts = state.profiles
    .flatMap((p) => paymentRows(p.earnings?.data).map((payment) => ({ profile: p.profile, payment })))
    .sort(
      (a, b) =>
        (dateOf(b.payment.create_time)?.getTime() ?? 0) - (dateOf(a.payment.create_time)?.getTime() ?? 0),
    );
  lines.push({
    key: 'payouts',
    text: `Payouts of every profile (${formatCount(payouts.length)}), newest first`,
    style: 'heading',
  });
  if (!payouts.length) lines.push({ key: 'payouts-none', text: '  none yet', style: 'dim' });
  else
    lines.push({
      key: 'payouts-head',
      text: `${padCells('PROFILE', name)}  ${padCells('PLANNED', 16)}  ${padCells('AMOUNT', 14, 'right')}  ${padCells('BYTES', 10, 'right')}  STATE`,
      style: 'label',
    });
  payouts.forEach(({ profile, payment }, k) => {
    lines.push({
      key: `payout ${k}`,
      text: `${padCells(screenText(profile), name)}  ${padCells(formatTimestamp(payment.create_time).replace(' UTC', ''), 16)}  ${padCells(formatUsd(paymentUsd(payment)), 14, 'right')}  ${padCells(formatBytes(payment.payout_byte_count), 10, 'right')}  ${paymentState(payment)}`,
      style: 'plain',
    });
  });
  return lines.map((line) => ({ ...line, text: truncate(line.text, width) || ' ' }));
}

/** What the merged Earnings shows in `width` x `height`: the lines in sight (it scrolls), the line under them. */
export function mergedEarningsView(
  state: MergedEarningsState,
  keys: KeyNames,
  size: { width: number; height: number; speed: number },
): { shown: MergedLine[]; rows: number; maxTop: number; top: number; status: FreshnessLine } {
  const rows = Math.max(1, size.height - 1);
  const lines = mergedEarningsLines(state, keys, size.width);
  const maxTop = Math.max(0, lines.length - rows);
  const top = Math.min(maxTop, state.earningsTop);
  return {
    shown: lines.slice(top, top + rows),
    rows,
    maxTop,
    top,
    status: profilesStatus(state.profiles, earningsOf, keys, size.speed),
  };
}
