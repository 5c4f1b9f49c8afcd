// The detail of one provider (enter on a row; esc goes back): its figures with units,
// whether it is idle (what that means and what to try) and muted, its 24-hour timeline
// over an hour axis, and its connection events, newest first. It stays live: the figures
// refresh with the list. Lines that do not fit scroll (↑↓ PgUp PgDn).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { screenText } from '../../../sanitize.ts';
import { distinctKeys } from '../../../store/distinct-keys.ts';
import { findProvider, isChanged } from '../../../store/my-providers.ts';
import { connectionTimeline, DAY_CELLS, renderTimeline } from '../../charts/timeline.ts';
import { freshnessOf } from '../../components/freshness.ts';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import { ScrolledLines, type ScrolledLinesProps, type ViewLine } from '../../components/scrolled-lines.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { truncate, wrapText } from '../../text.ts';
import { CellLine } from './cell-line.tsx';
import { dataTime } from './data-time.ts';
import { detailFigures, eventLines, timelineAxis } from './provider-detail-lines.ts';
import { idleLines, muteLine } from './provider-notes.ts';

const LABEL_WIDTH = 17;

export function ProviderDetail({
  width,
  height,
  clientId,
  scroll,
}: {
  width: number;
  height: number;
  clientId: string;
  /** Where the lines stand (the pane's move keys scroll them). */
  scroll: ScrolledLinesProps['scroll'];
}) {
  const { myProviders, idle: idleStore, mutes } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const state = useStore(myProviders, (s) => s);
  const idle = useStore(idleStore, (s) => s);
  const until = useStore(mutes.store, (s) => s.mutedUntil(clientId));
  const provider = findProvider(state, clientId);
  const status = <RefreshStatus state={freshnessOf(state)} width={width} />;
  const title = (
    <Text bold color={theme.accent} wrap="truncate">
      {truncate(`Provider ${screenText(clientId)}  ·  ${keys.back} back`, width)}
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
  const eventKeys = distinctKeys(events);
  const blank = (key: string): ViewLine => ({ key, node: <Text> </Text> });
  const labelled = (label: string, value: string, color?: string): ViewLine => ({
    key: `figure ${label}`,
    node: (
      <Text wrap="truncate">
        <Text dimColor={theme.dim}>{label.padEnd(LABEL_WIDTH)}</Text>
        <Text color={color}>{truncate(value, Math.max(1, width - LABEL_WIDTH))}</Text>
      </Text>
    ),
  });
  /** Idle (and what to try) and, while it is, muted, under the figures; the explanation wrapped under its label. */
  function idleAndMute(): ViewLine[] {
    const words = idleLines(idle, clientId, provider?.connected === true);
    const idleNow = idle.data?.get(clientId)?.state === 'idle';
    return [
      labelled('idle', words.state, idleNow ? theme.warn : undefined),
      ...wrapText(words.explain, Math.max(10, width - LABEL_WIDTH))
        .filter(Boolean)
        .map((line, k) => ({
          key: `idle explain ${k}`,
          node: <Text>{`${' '.repeat(LABEL_WIDTH)}${line}`}</Text>,
        })),
      ...(until === undefined ? [] : [labelled('muted', muteLine(until, keys))]),
    ];
  }
  const lines: ViewLine[] = [
    blank('after title'),
    ...figures.map(([label, value, field]): ViewLine => {
      const changed = field !== undefined && isChanged(state, clientId, field);
      return {
        key: `figure ${label}`,
        node: (
          <Text wrap="truncate">
            <Text dimColor={theme.dim}>{label.padEnd(LABEL_WIDTH)}</Text>
            <Text inverse={changed} bold={changed}>
              {truncate(value, Math.max(1, width - LABEL_WIDTH))}
            </Text>
          </Text>
        ),
      };
    }),
    ...idleAndMute(),
    blank('after figures'),
    {
      key: 'timeline heading',
      node: <Text dimColor={theme.dim}>last 24 hours, one cell per 30 minutes</Text>,
    },
    ...(width >= DAY_CELLS
      ? [
          { key: 'timeline', node: <CellLine cells={[{ key: 'timeline', text: renderTimeline(cells) }]} /> },
          { key: 'axis', node: <Text dimColor={theme.dim}>{timelineAxis()}</Text> },
        ]
      : [{ key: 'timeline', node: <Text>{renderTimeline(cells).slice(-width)}</Text> }, blank('axis')]),
    blank('after timeline'),
    { key: 'events heading', node: <Text bold>{`connection events (${events.length})`}</Text> },
    ...(events.length === 0
      ? [
          {
            key: 'no events',
            node: (
              <Text dimColor={theme.dim}>
                {provider.connected ? 'connected the whole time' : 'disconnected the whole time'}
              </Text>
            ),
          },
        ]
      : events.map((line, i) => ({
          key: `event ${eventKeys[i]}`,
          node: <Text wrap="truncate">{line}</Text>,
        }))),
  ];
  // The title and the status keep their rows; the lines between scroll.
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {title}
      <ScrolledLines lines={lines} width={width} height={height - 2} scroll={scroll} />
      <Box flexGrow={1} />
      {status}
    </Box>
  );
}
