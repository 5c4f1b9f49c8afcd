// Earnings: what the network was paid and will be (the payouts, paid and unpaid transfer,
// points, the next payout, the referral code, payouts by week), how reliable it is over
// the service's window, and its rank. ↑/↓ move over the payouts (enter shows one whole,
// which these keys scroll where it is taller than the pane), pgup/pgdn and g/G scroll the
// pane, `b` opens the leaderboard, `v` shows or hides the network on it after a y/n
// question. Where the service lacks a route (an older one), its part says so and the rest
// shows.
import { Box, type DOMElement, Text } from 'ink';
import type React from 'react';
import { useRef } from 'react';
import { useStore } from 'zustand';
import { isNoToken, lacking } from '../../../api/error-words.ts';
import type { AccountPayment } from '../../../contract/schemas.ts';
import { pointsByPayment } from '../../../format/payments.ts';
import { screenText } from '../../../sanitize.ts';
import {
  type EarningsStore,
  PAYMENTS_LIST,
  paymentRows,
  selectedPaymentOf,
  shownPayments,
} from '../../../store/earnings.ts';
import { sortOf } from '../../../store/list-sort-filter.ts';
import {
  filterWidth,
  headerColumnAt,
  type ListControl,
  ListFilter,
  useListView,
} from '../../components/list-view.tsx';
import { NoToken, tokenMissing } from '../../components/no-token.tsx';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import {
  ScrolledLines,
  type ScrolledLinesProps,
  useScrolledLines,
  type ViewLine,
} from '../../components/scrolled-lines.tsx';
import { useKeyNames, useNow, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { useMouseTarget } from '../../input/use-mouse.tsx';
import { padCells, truncate } from '../../text.ts';
import type { Theme } from '../../theme.ts';
import { definePane, type PaneProps } from '../types.ts';
import {
  earningsLines,
  type LineStyle,
  PAYMENTS_HEADER,
  paymentDetailLines,
  paymentHeaderColumns,
} from './earnings-view.ts';
import { earningsKeys } from './keys.ts';
import { LEADERBOARD_DIALOG, LeaderboardDialog } from './leaderboard-dialog.tsx';

const LABEL_WIDTH = 13;

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
  switch (style) {
    case 'title':
    case 'heading':
      return { color: theme.accent, bold: true };
    case 'label':
    case 'dim':
      return { dimColor: theme.dim };
    case 'warn':
      return { color: theme.warn };
    case 'error':
      return { color: theme.error };
    case 'ok':
      return { color: theme.ok };
    case 'chart':
      return { color: theme.accent };
    default:
      return {};
  }
}

/** The y/n question before the network's ranking visibility changes, then its outcome. */
function VisibilityQuestion() {
  const { earnings } = useStores();
  const dialogs = useDialogs();
  const question = useStore(earnings, (s) => s.visibility);
  if (!question) return null;
  const close = () => {
    earnings.getState().closeVisibility();
    dialogs.close(QUESTION_DIALOG);
  };
  return (
    <Question
      title="Leaderboard visibility"
      phase={question.phase}
      lines={
        question.makePublic
          ? [
              "Show this network's name on the leaderboard (b)? Its place there is the same either way.",
              'Your rank here may take up to 5 minutes to say so: the service caches ranks that long.',
            ]
          : [
              "Hide this network's name on the leaderboard? It keeps its place there, as a private network.",
              'Your rank here may take up to 5 minutes to say so: the service caches ranks that long.',
            ]
      }
      question={question.makePublic ? 'Make it public?' : 'Make it private?'}
      message={question.message}
      onAnswer={(yes) => void earnings.getState().answerVisibility(yes)}
      onClose={close}
    />
  );
}

/** One payment whole (enter on it; esc goes back). */
function PaymentDetail({
  width,
  height,
  paymentId,
  scroll,
}: {
  width: number;
  height: number;
  paymentId: string;
  /** Where its lines stand (the pane's move keys scroll them). */
  scroll: ScrolledLinesProps['scroll'];
}) {
  const { earnings } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const data = useStore(earnings, (s) => s.data);
  const payment = paymentRows(data).find((p) => p.payment_id === paymentId);
  const title = (
    <Text bold color={theme.accent} wrap="truncate">
      {truncate(`Payment ${screenText(paymentId)}  ·  ${keys.back} back`, width)}
    </Text>
  );
  if (!payment) {
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        {title}
        <Text dimColor={theme.dim}>This payment is no longer in the network's list.</Text>
      </Box>
    );
  }
  const points = pointsByPayment(data?.points.data).get(paymentId);
  const lines: ViewLine[] = [
    { key: 'after title', node: <Text> </Text> },
    ...paymentDetailLines(payment, points).map(([label, value]) => ({
      key: label,
      node: (
        <Text wrap="truncate">
          <Text dimColor={theme.dim}>{padCells(label, LABEL_WIDTH)}</Text>
          {truncate(value, Math.max(1, width - LABEL_WIDTH))}
        </Text>
      ),
    })),
  ];
  // The title keeps its row; the lines under it scroll.
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {title}
      <ScrolledLines lines={lines} width={width} height={height - 1} scroll={scroll} />
    </Box>
  );
}

export function Earnings({ width, height }: PaneProps) {
  const stores = useStores();
  const { earnings, session } = stores;
  const theme = useTheme();
  const keys = useKeyNames();
  const dialogs = useDialogs();
  const now = useNow(1000);
  const state = useStore(earnings, (s) => s);
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const copy = useCopy();
  const e = () => earnings.getState();
  // The payment detail scrolls with the move keys (below 24 rows it is taller than the room).
  const detailScroll = useScrolledLines();
  const inDetail = () => e().detailId !== undefined;
  const rows = Math.max(1, height - 1);
  const list = paymentsList(earnings);
  const payments = useListView(list);
  const lines = state.data
    ? earningsLines(
        state.data,
        width,
        now,
        state.chosen,
        {
          payments: shownPayments(state),
          sort: sortOf(PAYMENTS_LIST, state.paymentsView),
          filter: state.paymentsView.filter,
          glyphs: theme.glyphs,
        },
        keys,
      )
    : [];
  const maxTop = Math.max(0, lines.length - rows);
  const firstPayment = lines.findIndex((line) => line.payment === 0);
  // What the handlers need of this frame's layout (they run between renders).
  const layout = useRef({ rows, maxTop, firstPayment });
  layout.current = { rows, maxTop, firstPayment };
  /** Scrolls as little as shows the payment under the cursor. */
  const follow = () => {
    const { rows: room, maxTop: bottom, firstPayment: start } = layout.current;
    const { index } = selectedPaymentOf(e());
    if (start < 0 || index < 0) return;
    const line = start + index;
    const top = Math.min(bottom, e().top);
    if (line < top) e().scrollTo(line);
    else if (line >= top + room) e().scrollTo(Math.min(bottom, line - room + 1));
  };
  const scroll = (by: number) => {
    const { maxTop: bottom } = layout.current;
    e().scrollTo(Math.min(bottom, Math.max(0, Math.min(bottom, e().top) + by)));
  };
  const missing = (what: string) => tokenMissing(stores, what, keys);
  const closeBoard = () => {
    e().closeBoard();
    dialogs.close(LEADERBOARD_DIALOG);
  };
  // A click on the payouts' header sorts by the column under it.
  const bodyBox = useRef<DOMElement>(null);
  const shownTop = Math.min(maxTop, state.top);
  useMouseTarget(bodyBox, ({ row, column }) => {
    if (lines[shownTop + row]?.key !== PAYMENTS_HEADER) return;
    const sort = headerColumnAt(paymentHeaderColumns(width), column);
    if (sort) payments.sortBy(sort);
  });
  useKeyActions(earningsKeys, 'earnings', {
    search: () => {
      if (e().detailId)
        return `${keys.search} filters the payouts, which are not shown here (${keys.back} goes back to them)`;
      payments.search();
    },
    sort: () =>
      e().detailId
        ? `${keys.sort} sorts the payouts, which are not shown here (${keys.back} goes back)`
        : payments.sort(),
    reverse: () =>
      e().detailId
        ? `${keys.reverse} reverses the payouts, which are not shown here (${keys.back} goes back)`
        : payments.reverse(),
    down: () => {
      if (inDetail()) return detailScroll.keys().down();
      e().move(1);
      follow();
    },
    up: () => {
      if (inDetail()) return detailScroll.keys().up();
      e().move(-1);
      follow();
    },
    pageDown: () => (inDetail() ? detailScroll.keys().pageDown() : scroll(layout.current.rows - 1)),
    pageUp: () => (inDetail() ? detailScroll.keys().pageUp() : scroll(-(layout.current.rows - 1))),
    top: () => {
      if (inDetail()) return detailScroll.keys().top();
      e().moveTo('top');
      e().scrollTo(0);
    },
    bottom: () => {
      if (inDetail()) return detailScroll.keys().bottom();
      e().moveTo('bottom');
      follow();
    },
    open: () => {
      if (e().detailId) return `this is the payment already (${keys.back} goes back)`;
      if (!selectedPaymentOf(e()).selected) return 'no payment here to show';
      detailScroll.reset();
      e().openDetail();
    },
    back: () => (e().detailId ? e().closeDetail() : void payments.clearFilter()),
    refresh: () => void e().refresh(),
    copy: () => {
      const { selected } = selectedPaymentOf(e());
      if (!selected) return 'no payment here: nothing to copy';
      session
        .getState()
        .notify(copy(selected.tx_hash, 'transaction hash (it comes once Circle has sent it)'));
    },
    leaderboard: () => {
      const noToken = missing('The leaderboard');
      if (noToken) return noToken;
      if (e().data?.ranking.missing) return lacking('leaderboard');
      void e().openBoard();
      dialogs.open(LEADERBOARD_DIALOG);
    },
    visibility: () => {
      const noToken = missing('Changing the ranking visibility');
      if (noToken) return noToken;
      const ranking = e().data?.ranking;
      if (ranking?.missing) return lacking('leaderboard visibility');
      if (!ranking?.data) return `the rank is not loaded yet (${keys.refresh} reloads)`;
      e().askVisibility();
      dialogs.open(QUESTION_DIALOG);
    },
  });

  if (dialog === LEADERBOARD_DIALOG) return <LeaderboardDialog onClose={closeBoard} />;
  if (dialog === QUESTION_DIALOG) return <VisibilityQuestion />;
  if (state.detailId)
    return <PaymentDetail width={width} height={height} paymentId={state.detailId} scroll={detailScroll} />;

  const status = (
    <RefreshStatus state={{ ...state, hasData: state.data !== undefined }} now={now} width={width} />
  );
  let body: React.ReactNode;
  if (isNoToken(state.error) && !state.data)
    body = <NoToken what="Earnings need your network's token" width={width - 2} />;
  else if (!state.data) body = <Text dimColor={theme.dim}>{state.error ? 'No earnings yet.' : ' '}</Text>;
  else {
    const { index } = selectedPaymentOf(state);
    body = lines.slice(shownTop, shownTop + rows).map((line) => {
      const selected = line.payment !== undefined && line.payment === index;
      const mark = line.payment === undefined ? '' : selected ? '› ' : '  ';
      return (
        <Text key={line.key} wrap="truncate" inverse={selected} {...styleOf(line.style, theme)}>
          {truncate(`${mark}${line.text}`, width) || ' '}
        </Text>
      );
    });
  }
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box ref={bodyBox} flexDirection="column" height={rows} overflow="hidden">
        {body}
      </Box>
      <Box height={1} gap={2} overflowY="hidden">
        <ListFilter list={list} view={state.paymentsView} width={filterWidth(width)} />
        {status}
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
});
