// Top line(s): where the console points, the network, the connection, and the last
// refresh of what the pane shows and when the next one is due. Only what applies:
// no refresh time where what is shown does not refresh (a search's matches, the
// Providers' batches), and one countdown at a time (the retry's while retrying).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { formatClockTime, formatFactor } from '../../format/numbers.ts';
import type { ConnectionState } from '../../store/connection.ts';
import { liveResource, type Stores } from '../../store/index.ts';
import type { ResourceStore } from '../../store/resource.ts';
import { useClock, useNow, useStores, useTheme } from '../context.tsx';
import type { Pane } from '../panes/types.ts';
import { truncate } from '../text.ts';
import { headerTitle } from './target-label.ts';

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

/**
 * When the data shown was fetched and when it will be next, as clock times: a countdown
 * would redraw the whole screen every second (Ink has no partial redraw), which was most
 * of an idle console's CPU.
 */
function RefreshInfo({
  pane,
  compact,
  retrying,
}: {
  pane: Pane;
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
  // After a failure nextAt is a retry's: the status line under the data counts down to it.
  const next = nextAt === undefined || retrying || failed ? undefined : formatClockTime(nextAt);
  if (compact) return <Text>{next ? `↻ ${next}` : formatClockTime(fetchedAt)}</Text>;
  return <Text>{`updated ${formatClockTime(fetchedAt)}${next ? ` · next ${next}` : ''}`}</Text>;
}

/** `×60` beside the clock times when the console's clock runs sped up (a simulator's --speed). */
const speedMark = (speed: number) => (speed === 1 ? '' : `×${formatFactor(speed)}`);

/**
 * The mark, looked at every minute of the console's clock: a service's rate is learned
 * from its answers after the header drew (a minute of a 60x clock is a second).
 */
function SpeedMark() {
  useNow(60_000);
  const mark = speedMark(useClock().speed);
  return mark ? <Text>{mark}</Text> : null;
}

export function Header({ width, pane, compact }: { width: number; pane: Pane; compact: boolean }) {
  const { session, connection } = useStores();
  const theme = useTheme();
  const target = useStore(session, (s) => s.target);
  const network = useStore(session, (s) => s.networkName);
  const profile = useStore(session, (s) => s.profile);
  const status = useStore(connection, (s) => s.status);
  const retryAt = useStore(connection, (s) => s.retryAt);
  const statusColor = status === 'online' ? theme.ok : status === 'connecting' ? theme.muted : theme.warn;
  const mark = speedMark(useClock().speed);
  const left = headerTitle({ target, network, profile }, compact);
  return (
    <Box width={width} height={1} justifyContent="space-between" overflowY="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(left, Math.max(10, width - (compact ? 26 : 44) - (mark ? mark.length + 2 : 0)))}
      </Text>
      <Box gap={2}>
        <RefreshInfo pane={pane} compact={compact} retrying={status === 'retrying'} />
        <SpeedMark />
        <Text color={statusColor}>
          ● <ConnectionLabel status={status} retryAt={retryAt} />
        </Text>
      </Box>
    </Box>
  );
}
