// Earnings: what the network was paid and will be (the payouts, paid and unpaid transfer,
// points, the next payout, the referral code, payouts by week), how reliable it is over
// the service's window, and its rank. ↑/↓ move over the payouts (enter shows one whole,
// which these keys scroll where it is taller than the pane), pgup/pgdn and g/G scroll the
// pane (the cursor stays on a payout in view), `b` opens the leaderboard, `v` shows or
// hides the network on it after a y/n question, `a` shows every profile merged
// (merged-earnings.tsx). What it shows and why a key cannot act are its view's
// (earnings-view.ts); here they are drawn, and each key goes to a store action.
import { Box, type DOMElement, Text } from 'ink';
import { useEffect, useRef } from 'react';
import { isNoToken } from '../../../api/error-words.ts';
import type { AccountPayment } from '../../../contract/schemas.ts';
import {
  type EarningsStore,
  PAYMENTS_LIST,
  payoutsExport,
  selectedPaymentOf,
  shownPayments,
} from '../../../store/earnings.ts';
import { EXPORT_DIALOG, ExportDialog } from '../../components/export-dialog.tsx';
import {
  filterWidth,
  headerColumnAt,
  type ListControl,
  ListFilter,
  useListView,
} from '../../components/list-view.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { QUESTION_DIALOG } from '../../components/question.tsx';
import { FreshnessText } from '../../components/refresh-status.tsx';
import { useScrolledLines } from '../../components/scrolled-lines.tsx';
import { useClock, useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useEveryProfileOn, useStoresState } from '../../hooks/use-stores-state.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { useMouseTarget } from '../../input/use-mouse.tsx';
import type { Theme } from '../../theme.ts';
import { definePane, type PaneProps } from '../types.ts';
import {
  earningsReasons,
  earningsState,
  earningsView,
  earningsWindow,
  type LineStyle,
  PAYMENTS_HEADER,
  paymentHeaderColumns,
  topShowing,
} from './earnings-view.ts';
import { earningsKeys } from './keys.ts';
import { LEADERBOARD_DIALOG, LeaderboardDialog } from './leaderboard-dialog.tsx';
import { MergedEarnings } from './merged-earnings.tsx';
import { mergedEarningsReasons, mergedEarningsState } from './merged-earnings-view.ts';
import { PaymentDetail } from './payment-detail.tsx';
import { VisibilityQuestion } from './visibility-question.tsx';

/** The payouts as the list controller sees them. */
const paymentsList = (store: EarningsStore): ListControl<AccountPayment> => ({
  holder: {
    view: () => store.getState().paymentsView,
    setView: (view) => store.getState().setPaymentsView(view),
  },
  spec: PAYMENTS_LIST,
  filterId: 'payments-filter',
});

function styleOf(style: LineStyle, theme: Theme): { color?: string; bold?: boolean; dimColor?: boolean } {
  if (style === 'title' || style === 'heading') return { color: theme.accent, bold: true };
  if (style === 'label' || style === 'dim') return { dimColor: theme.dim };
  if (style === 'warn' || style === 'error' || style === 'ok') return { color: theme[style] };
  return style === 'chart' ? { color: theme.accent } : {};
}

/**
 * The pane's key handlers: each a store action, the moves on the lines as they stand
 * (`room`: the columns and rows of this frame). Where a key cannot act, the view says why.
 */
function useEarningsActions(room: { width: number; rows: number }) {
  const stores = useStores();
  const { earnings, session, everyProfile } = stores;
  const keys = useKeyNames();
  const { glyphs } = useTheme();
  const dialogs = useDialogs();
  const copy = useCopy();
  const e = () => earnings.getState();
  const layout = useRef(room);
  layout.current = room;
  const now = () =>
    earningsWindow(earningsState(stores), keys, layout.current.width, layout.current.rows, glyphs);
  /** Scrolls as little as shows the payment under the cursor. */
  const follow = () => {
    const w = now();
    e().scrollTo(topShowing(w, w.lineOf(selectedPaymentOf(e()).index)));
  };
  /** ↑/↓ from the payout under the cursor in view; with none in view, they bring the selected one back. */
  const step = (delta: number) => {
    const { cursor } = now();
    if (cursor !== undefined) {
      e().moveToRow(cursor);
      e().move(delta);
    }
    follow();
  };
  const scroll = (to: (w: ReturnType<typeof now>) => number) => e().scrollTo(to(now()));
  // The payment detail scrolls with the move keys (below 24 rows it is taller than the room).
  const detail = useScrolledLines();
  const inDetail = () => e().detailId !== undefined;
  const payments = useListView(paymentsList(earnings));
  useKeyActions(earningsKeys, 'earnings', {
    search: payments.search,
    sort: payments.sort,
    reverse: payments.reverse,
    down: () => (inDetail() ? detail.keys().down() : step(1)),
    up: () => (inDetail() ? detail.keys().up() : step(-1)),
    pageDown: () =>
      inDetail() ? detail.keys().pageDown() : scroll((w) => Math.min(w.maxTop, w.top + w.rows - 1)),
    pageUp: () => (inDetail() ? detail.keys().pageUp() : scroll((w) => Math.max(0, w.top - (w.rows - 1)))),
    top: () => {
      if (inDetail()) return detail.keys().top();
      e().moveTo('top');
      e().scrollTo(0);
    },
    // The bottom of the pane, as PgDn reaches it; the cursor on the last payout in view.
    bottom: () => {
      if (inDetail()) return detail.keys().bottom();
      e().moveTo('bottom');
      scroll((w) => w.maxTop);
    },
    open: () => {
      detail.reset();
      e().openDetail();
    },
    back: () => (inDetail() ? e().closeDetail() : void payments.clearFilter()),
    refresh: () => void e().refresh(),
    copy: () =>
      session
        .getState()
        .notify(
          copy(
            selectedPaymentOf(e()).selected?.tx_hash,
            'transaction hash (it comes once Circle has sent it)',
          ),
        ),
    leaderboard: () => {
      void e().openBoard();
      dialogs.open(LEADERBOARD_DIALOG);
    },
    visibility: () => {
      e().askVisibility();
      dialogs.open(QUESTION_DIALOG);
    },
    everyProfile: () => {
      everyProfile.getState().toggle();
      return everyProfile.getState().problem;
    },
    export: () => {
      stores.fileExport.getState().open({
        what: 'payout',
        stem: 'payouts',
        table: () => payoutsExport(shownPayments(e()), e().data?.points.data),
      });
      dialogs.open(EXPORT_DIALOG);
    },
  });
  return { detail, payments };
}

/** The pane: one profile's earnings, or every profile's merged (`a`). */
export function Earnings(props: PaneProps) {
  return useEveryProfileOn() ? <MergedEarnings {...props} /> : <OneProfileEarnings {...props} />;
}

function OneProfileEarnings({ width, height }: PaneProps) {
  const { earnings } = useStores();
  const theme = useTheme();
  const { speed } = useClock();
  const state = useStoresState(earningsState);
  const view = earningsView(state, useKeyNames(), { width, height, speed, glyphs: theme.glyphs });
  const { window } = view;
  const { detail, payments } = useEarningsActions({ width, rows: window.rows });
  // After a scroll or a resize the cursor is on the payout in view the view says (or none).
  const selectedId = selectedPaymentOf(state).selected?.payment_id;
  useEffect(() => {
    if (state.detailId !== undefined || !state.data) return;
    const { cursorId } = window;
    if (cursorId === undefined ? state.cursorShown : cursorId !== selectedId || !state.cursorShown)
      earnings.getState().placeCursor(cursorId);
  });
  // A click on the payouts' header sorts by the column under it.
  const bodyBox = useRef<DOMElement>(null);
  useMouseTarget(bodyBox, ({ row, column }) => {
    if (window.lines[window.top + row]?.key !== PAYMENTS_HEADER) return;
    const sort = headerColumnAt(paymentHeaderColumns(width), column);
    if (sort) payments.sortBy(sort);
  });

  if (state.detailId)
    return <PaymentDetail width={width} height={height} paymentId={state.detailId} scroll={detail} />;
  let body: React.ReactNode;
  if (isNoToken(state.error) && !state.data)
    body = <NoToken what="Earnings need your network's token" width={width - 2} />;
  else if (view.empty !== undefined) body = <Text dimColor={theme.dim}>{view.empty}</Text>;
  else
    body = view.shown.map((line) => (
      <Text key={line.key} wrap="truncate" inverse={line.selected} {...styleOf(line.style, theme)}>
        {line.text}
      </Text>
    ));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box ref={bodyBox} flexDirection="column" height={window.rows} overflow="hidden">
        {body}
      </Box>
      <Box height={1} gap={2} overflowY="hidden">
        <ListFilter list={paymentsList(earnings)} view={state.paymentsView} width={filterWidth(width)} />
        <FreshnessText line={view.status} width={width} />
      </Box>
    </Box>
  );
}

/** The pane as the registry lists it (no count in its tab: a payout a week is no list to size). */
export const earningsPane = definePane({
  id: 'earnings',
  store: 'earnings',
  search: 'filter',
  sorts: true,
  Component: Earnings,
  onEnter: (stores) => void stores.earnings.getState().refresh(),
  keyReasons: (stores, keys) =>
    stores.everyProfile.getState().on
      ? mergedEarningsReasons(mergedEarningsState(stores), keys)
      : earningsReasons(earningsState(stores), keys),
  dialogs: {
    [LEADERBOARD_DIALOG]: LeaderboardDialog,
    [QUESTION_DIALOG]: VisibilityQuestion,
    [EXPORT_DIALOG]: ExportDialog,
  },
});
