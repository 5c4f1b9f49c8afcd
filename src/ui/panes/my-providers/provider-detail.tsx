// The detail of one provider (enter on a row; esc goes back): its figures with units,
// its 24-hour timeline over an hour axis, and its connection events, newest first. It
// stays live: the figures refresh with the list.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import { distinctKeys } from '../../../store/distinct-keys.ts';
import { findProvider, isChanged } from '../../../store/my-providers.ts';
import { connectionTimeline, DAY_CELLS, renderTimeline } from '../../charts/timeline.ts';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import { useStores, useTheme } from '../../context.tsx';
import { truncate } from '../../text.ts';
import { CellLine } from './cell-line.tsx';
import { dataTime } from './data-time.ts';
import { detailFigures, eventLines, timelineAxis } from './provider-detail-lines.ts';

const LABEL_WIDTH = 17;

export function ProviderDetail({
  width,
  height,
  clientId,
  now,
}: {
  width: number;
  height: number;
  clientId: string;
  /** The store clock, read once a second by the pane. */
  now: number;
}) {
  const { myProviders } = useStores();
  const theme = useTheme();
  const state = useStore(myProviders, (s) => s);
  const provider = findProvider(state, clientId);
  const status = (
    <RefreshStatus state={{ ...state, hasData: state.data !== undefined }} now={now} width={width} />
  );
  const title = (
    <Text bold color={theme.accent} wrap="truncate">
      {truncate(`Provider ${screenText(clientId)}  ·  esc back`, width)}
    </Text>
  );
  if (!provider) {
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        {title}
        <Box flexGrow={1}>
          <Text dimColor={theme.dim}>This provider is no longer in the network's list.</Text>
        </Box>
        {status}
      </Box>
    );
  }
  const end = dataTime(state);
  const figures = detailFigures(provider, (text) => screenText(text));
  const cells = connectionTimeline(provider.connected_events_last_24h, {
    now: end,
    connected: provider.connected === true,
  });
  const events = eventLines(provider, end);
  // title, blank, figures, blank, timeline heading + 2 lines, blank, events heading, status
  const eventRows = Math.max(0, height - (figures.length + 9));
  const shownEvents = events.length > eventRows ? events.slice(0, Math.max(0, eventRows - 1)) : events;
  const more = events.length - shownEvents.length;
  const eventKeys = distinctKeys(shownEvents);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {title}
      <Text> </Text>
      {figures.map(([label, value, field]) => {
        const changed = field !== undefined && isChanged(state, clientId, field, now);
        return (
          <Text key={label} wrap="truncate">
            <Text dimColor={theme.dim}>{label.padEnd(LABEL_WIDTH)}</Text>
            <Text inverse={changed} bold={changed}>
              {truncate(value, Math.max(1, width - LABEL_WIDTH))}
            </Text>
          </Text>
        );
      })}
      <Text> </Text>
      <Text dimColor={theme.dim}>last 24 hours, one cell per 30 minutes</Text>
      {width >= DAY_CELLS ? (
        <>
          <CellLine cells={[{ key: 'timeline', text: renderTimeline(cells) }]} />
          <Text dimColor={theme.dim}>{timelineAxis()}</Text>
        </>
      ) : (
        <>
          <Text>{renderTimeline(cells).slice(-width)}</Text>
          <Text> </Text>
        </>
      )}
      <Text> </Text>
      <Text bold>{`connection events (${events.length})`}</Text>
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {events.length === 0 ? (
          <Text dimColor={theme.dim}>
            {provider.connected ? 'connected the whole time' : 'disconnected the whole time'}
          </Text>
        ) : null}
        {shownEvents.map((line, i) => (
          <Text key={eventKeys[i]} wrap="truncate">
            {line}
          </Text>
        ))}
        {more > 0 ? <Text dimColor={theme.dim}>{`… ${more} older`}</Text> : null}
      </Box>
      {status}
    </Box>
  );
}
