// Top line(s): where the console points, the network, the connection, and the last
// refresh of what the pane shows with the countdown to the next one. Only what applies:
// no refresh time where what is shown does not refresh (a search's matches, the
// Providers' batches), and one countdown at a time (the retry's while retrying).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { hideUrlCredentials } from '../../api/auth.ts';
import { formatClockTime, formatDuration } from '../../format/numbers.ts';
import { screenText } from '../../sanitize.ts';
import type { ConnectionState } from '../../store/connection.ts';
import { liveResource, type Stores } from '../../store/index.ts';
import type { ResourceStore } from '../../store/resource.ts';
import type { SessionTarget } from '../../store/session.ts';
import { useNow, useStores, useTheme } from '../context.tsx';
import type { Pane } from '../panes/registry.ts';
import { truncate } from '../text.ts';

function targetLabel(target: SessionTarget): string {
  return target.kind === 'demo'
    ? `SIMULATOR seed ${target.seed}`
    : screenText(hideUrlCredentials(target.url));
}

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

/**
 * The live resource whose data the pane shows now: My providers' 7- and 30-day views
 * show their own (loaded while shown); a Discover search shows matches, which do not refresh.
 */
function useShownResource(stores: Stores, pane: Pane): ResourceStore<unknown> | undefined {
  const window = useStore(stores.history.view, (s) => s.window);
  const detail = useStore(stores.myProviders, (s) => s.detailId !== undefined);
  const searching = useStore(stores.discovery, (s) => s.query.trim() !== '');
  if (pane.store === 'myProviders' && window !== '24h')
    return (detail ? stores.history.provider : stores.history.overview) as ResourceStore<unknown>;
  if (pane.store === 'discovery' && searching) return undefined;
  return liveResource(stores, pane.store);
}

function RefreshInfo({
  pane,
  now,
  compact,
  retrying,
}: {
  pane: Pane;
  now: number;
  compact: boolean;
  /** The connection counts down to its retry: the only countdown then. */
  retrying: boolean;
}) {
  const stores = useStores();
  const resource = useShownResource(stores, pane);
  const fetchedAt = useStore(resource ?? NO_RESOURCE, (s: { fetchedAt?: number }) => s.fetchedAt);
  const nextAt = useStore(resource ?? NO_RESOURCE, (s: { nextAt?: number }) => s.nextAt);
  const failed = useStore(resource ?? NO_RESOURCE, (s: { failures?: number }) => (s.failures ?? 0) > 0);
  if (!resource || fetchedAt === undefined) return null;
  // `now` is the store clock's last whole second (hooks/ticker.ts): a refresh since then is later.
  const shownNow = Math.max(now, fetchedAt);
  // After a failure nextAt is a retry's: the status line under the data counts down to it.
  const left =
    nextAt === undefined || retrying || failed
      ? undefined
      : formatDuration(Math.max(0, (nextAt - shownNow) / 1000));
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
        <RefreshInfo pane={pane} now={now} compact={compact} retrying={status === 'retrying'} />
        <Text color={statusColor}>● {connectionLabel({ status, retryAt }, now)}</Text>
      </Box>
    </Box>
  );
}
