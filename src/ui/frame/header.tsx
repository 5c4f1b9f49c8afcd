// Top line(s): where the console points, the network, the connection, and the active
// pane's last refresh with the countdown to the next one.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { formatClockTime } from '../../format/numbers.ts';
import { screenText } from '../../sanitize.ts';
import type { ConnectionState } from '../../store/connection.ts';
import { liveResource } from '../../store/index.ts';
import { useNow, useStores, useTheme } from '../context.tsx';
import type { Pane } from '../panes/registry.ts';
import { truncate } from '../text.ts';
import { targetLabel } from './target-label.ts';

/** Ticks only while it is shown: an idle console draws nothing between refreshes. */
function RetryCountdown({ retryAt }: { retryAt?: number }) {
  const now = useNow(1000);
  const seconds = retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
  return <>{`retrying in ${seconds} s`}</>;
}

function ConnectionLabel({ status, retryAt }: Pick<ConnectionState, 'status' | 'retryAt'>) {
  switch (status) {
    case 'connecting':
      return 'connecting…';
    case 'online':
      return 'online';
    case 'retrying':
      return <RetryCountdown retryAt={retryAt} />;
    default:
      return 'offline';
  }
}

const NO_RESOURCE = { subscribe: () => () => {}, getState: () => ({}) } as never;

/**
 * When the pane's data was fetched and when it will be next, as clock times: a countdown
 * would redraw the whole screen every second (Ink has no partial redraw), which was most
 * of an idle console's CPU.
 */
function RefreshInfo({ pane, compact, retrying }: { pane: Pane; compact: boolean; retrying: boolean }) {
  const stores = useStores();
  const resource = liveResource(stores, pane.store);
  const fetchedAt = useStore(resource ?? NO_RESOURCE, (s: { fetchedAt?: number }) => s.fetchedAt);
  const nextAt = useStore(resource ?? NO_RESOURCE, (s: { nextAt?: number }) => s.nextAt);
  if (!resource || fetchedAt === undefined) return null;
  // While retrying, the connection's countdown is the one next time; two would compete.
  const next = nextAt === undefined || retrying ? undefined : formatClockTime(nextAt);
  if (compact) return <Text>{next ? `↻ ${next}` : formatClockTime(fetchedAt)}</Text>;
  return <Text>{`updated ${formatClockTime(fetchedAt)}${next ? ` · next ${next}` : ''}`}</Text>;
}

export function Header({ width, pane, compact }: { width: number; pane: Pane; compact: boolean }) {
  const { session, connection } = useStores();
  const theme = useTheme();
  const target = useStore(session, (s) => s.target);
  const network = useStore(session, (s) => s.networkName);
  const status = useStore(connection, (s) => s.status);
  const retryAt = useStore(connection, (s) => s.retryAt);
  const statusColor = status === 'online' ? theme.ok : status === 'connecting' ? theme.muted : theme.warn;
  const left = `netdeck · ${targetLabel(target)}${network ? ` · ${truncate(screenText(network), 24)}` : ''}`;
  return (
    <Box width={width} height={1} justifyContent="space-between" overflowY="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(compact ? left.replace('netdeck · ', '') : left, Math.max(10, width - (compact ? 26 : 44)))}
      </Text>
      <Box gap={2}>
        <RefreshInfo pane={pane} compact={compact} retrying={status === 'retrying'} />
        <Text color={statusColor}>
          ● <ConnectionLabel status={status} retryAt={retryAt} />
        </Text>
      </Box>
    </Box>
  );
}
