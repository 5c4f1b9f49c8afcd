// One payment whole (enter on a payout in Earnings; esc goes back): every field the
// service sent, in words and units (earnings-view.ts, paymentDetailLines). Lines taller
// than the pane scroll with the move keys.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { pointsByPayment } from '../../../format/payments.ts';
import { screenText } from '../../../sanitize.ts';
import { paymentRows } from '../../../store/earnings.ts';
import { ScrolledLines, type ScrolledLinesProps, type ViewLine } from '../../components/scrolled-lines.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { padCells, truncate } from '../../text.ts';
import { paymentDetailLines } from './earnings-view.ts';

const LABEL_WIDTH = 13;

export function PaymentDetail({
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
