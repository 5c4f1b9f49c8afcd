// Top line(s): where the console points, the network, the connection, and the active
// pane's last refresh with the countdown to the next one.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { formatClockTime, formatDuration } from '../../format/numbers.ts';
import { screenText } from '../../sanitize.ts';
import type { ConnectionState } from '../../store/connection.ts';
import { liveResource } from '../../store/index.ts';
import { useNow, useStores, useTheme } from '../context.tsx';
import type { Pane } from '../panes/registry.ts';
import { truncate } from '../text.ts';
import { targetLabel } from './target-label.ts';

function connectionLabel(state: Pick<ConnectionState, 'status' | 'retryAt'>, now: number): string {
  switch (state.status) {
    case 'connecting':
      return 'connecting…';
    case 'online':
      return 'online';
    case 'retrying': {
      const seconds = state.retryAt === undefined ? 0 : Math.max(0, Math.ceil((state.retryAt - now) / 1000));
      return `retrying in ${seconds} s`;
    }
    default:
      return 'offline';
  }
}

const NO_RESOURCE = { subscribe: () => () => {}, getState: () => ({}) } as never;

function RefreshInfo({ pane, now, compact }: { pane: Pane; now: number; compact: boolean }) {
  const stores = useStores();
  const resource = liveResource(stores, pane.store);
  const fetchedAt = useStore(resource ?? NO_RESOURCE, (s: { fetchedAt?: number }) => s.fetchedAt);
  const nextAt = useStore(resource ?? NO_RESOURCE, (s: { nextAt?: number }) => s.nextAt);
  if (!resource || fetchedAt === undefined) return null;
  // `now` is the store clock's last whole second (hooks/ticker.ts): a refresh since then is later.
  const shownNow = Math.max(now, fetchedAt);
  const left = nextAt === undefined ? undefined : formatDuration(Math.max(0, (nextAt - shownNow) / 1000));
  if (compact) return <Text>{left ? `↻ ${left}` : formatClockTime(fetchedAt)}</Text>;
  return <Text>{`updated ${formatClockTime(fetchedAt)}${left ? ` · next in ${left}` : ''}`}</Text>;
}

export function Header({ width, pane, compact }: { width: number; pane: Pane; compact: boolean }) {
  const { session, connection } = useStores();
  const theme = useTheme();
  const now = useNow(1000);
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
        <RefreshInfo pane={pane} now={now} compact={compact} />
        <Text color={statusColor}>● {connectionLabel({ status, retryAt }, now)}</Text>
      </Box>
    </Box>
  );
}
