// My providers over 7 or 30 days (`t`): the network's overview of the window
// (/stats/providers-overview-last-n) as a row of daily figures each, and in the detail one
// provider's (/stats/provider-last-n): its uptime hour by hour, its daily figures and the
// clients it served. Each loads while it is shown; a failed refresh keeps the last chart.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { formatGiB } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { type HistoryView, type HistoryWindow, nextWindow } from '../../../store/history.ts';
import type { ResourceState, ResourceStore } from '../../../store/resource.ts';
import { freshnessOf } from '../../components/freshness.ts';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import { ScrolledLines, type ScrolledLinesProps, type ViewLine } from '../../components/scrolled-lines.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { truncate } from '../../text.ts';
import type { Theme } from '../../theme.ts';
import {
  daysAxis,
  hourlyUptimeLine,
  LABEL_WIDTH,
  seriesLine,
  seriesRows,
  windowLabel,
} from './history-lines.ts';

/** Loads `resource` while the view is on screen. */
function useWhileShown(resource: ResourceStore<unknown>) {
  useEffect(() => {
    void resource.getState().start();
    return () => resource.getState().stop();
  }, [resource]);
}

function Title({ text, width, back }: { text: string; width: number; back?: boolean }) {
  const { history } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const window = useStore(history.view, (s) => s.window);
  return (
    <Text bold color={theme.accent} wrap="truncate">
      {truncate(
        `${text}, ${windowLabel(window)}  ·  ${keys['myProviders.cycleWindow']}: ${windowLabel(nextWindow(window))}${back ? `  ·  ${keys.back} back` : ''}`,
        width,
      )}
    </Text>
  );
}

/** Positional text lines (the series rows, the clients served) as lines of a scrolled view. */
function textLines(name: string, lines: string[]): ViewLine[] {
  return lines.map((line, i) => ({ key: `${name} ${i}`, node: <Text wrap="truncate">{line}</Text> }));
}

/** The line in place of figures not here yet (none where the request failed: the status says so). */
function waiting(loading: boolean, failed: boolean, theme: Theme): ViewLine {
  return {
    key: 'waiting',
    node: failed ? null : <Text dimColor={theme.dim}>{loading ? 'loading…' : ''}</Text>,
  };
}

/** The line over figures of another window while this one's load. */
function loadingWindow(window: HistoryWindow, theme: Theme): ViewLine {
  return {
    key: 'loading window',
    node: <Text dimColor={theme.dim}>{`loading ${windowLabel(window)}…`}</Text>,
  };
}

interface HistoryViewProps {
  width: number;
  height: number;
  scroll: ScrolledLinesProps['scroll'];
}

/** What a history view reads: the theme, its resource's state and the window the user chose. */
function useHistoryState<T>(resource: ResourceStore<T>, view: StoreApi<HistoryView>) {
  const theme = useTheme();
  const state = useStore(resource, (s) => s);
  const window = useStore(view, (s) => s.window);
  return { theme, state, window };
}

interface HistoryFrameProps extends HistoryViewProps {
  title: string;
  /** The provider's history says the key back to its detail. */
  back?: boolean;
  lines: ViewLine[];
  state: ResourceState<unknown>;
  hasData: boolean;
}

/** A history view's frame: its title, its lines scrolled, and under them how fresh its figures are. */
function HistoryFrame({ title, back, lines, state, hasData, width, height, scroll }: HistoryFrameProps) {
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Title text={title} width={width} back={back} />
      <ScrolledLines lines={lines} width={width} height={height - 2} scroll={scroll} />
      <Box flexGrow={1} />
      <RefreshStatus state={{ ...freshnessOf(state), hasData }} width={width} />
    </Box>
  );
}

export function NetworkHistoryView(props: HistoryViewProps) {
  const { width } = props;
  const { history } = useStores();
  const { theme, state, window } = useHistoryState(history.overview, history.view);
  useWhileShown(history.overview);
  const data = state.data;
  const lines: ViewLine[] = [
    {
      key: 'about',
      node: (
        <Text dimColor={theme.dim} wrap="truncate">
          {truncate('the whole network by UTC day; days without figures are zero', width)}
        </Text>
      ),
    },
    ...(data
      ? [
          ...(data.window !== window ? [loadingWindow(window, theme)] : []),
          ...textLines(
            'series',
            seriesRows(data, 'up now h/provider').map((row) => seriesLine(row, width)),
          ),
          { key: 'axis', node: <Text wrap="truncate">{daysAxis(data.days, width)}</Text> },
        ]
      : [waiting(state.loading, state.error !== undefined, theme)]),
  ];
  return (
    <HistoryFrame {...props} title="My providers" lines={lines} state={state} hasData={data !== undefined} />
  );
}

/** The clients a provider served, most transfer first. */
function servedLines(clients: { clientId: string; transfer: number }[], width: number): string[] {
  if (!clients.length) return ['none'];
  return clients.map((c) =>
    truncate(`${formatGiB(c.transfer).padStart(12)}  ${screenText(c.clientId)}`, width),
  );
}

export function ProviderHistoryView({ clientId, ...props }: HistoryViewProps & { clientId: string }) {
  const { width } = props;
  const { history } = useStores();
  const { theme, state, window } = useHistoryState(history.provider, history.view);
  useEffect(() => history.view.getState().showProvider(clientId), [history, clientId]);
  // Another provider's detail loads again through the view's subscription.
  useWhileShown(history.provider);
  // A provider shown before is not this one's history.
  const data = state.data?.clientId === clientId ? state.data : undefined;
  const hourlyWidth = Math.max(0, width - LABEL_WIDTH);
  const lines: ViewLine[] = data
    ? [
        ...(data.window !== window ? [loadingWindow(window, theme)] : []),
        {
          key: 'hourly',
          node: (
            <Text wrap="truncate">
              <Text dimColor={theme.dim}>{'up now by the hour'.padEnd(LABEL_WIDTH)}</Text>
              {hourlyUptimeLine(data.hourly.minutes, hourlyWidth)}
            </Text>
          ),
        },
        {
          key: 'hourly legend',
          node: (
            <Text dimColor={theme.dim} wrap="truncate">
              {truncate(
                `${' '.repeat(LABEL_WIDTH)}minutes of the connections open now, full bar 60; blank: none listed`,
                width,
              )}
            </Text>
          ),
        },
        { key: 'after hourly', node: <Text> </Text> },
        ...textLines(
          'series',
          seriesRows(data, 'up now h').map((row) => seriesLine(row, width)),
        ),
        { key: 'axis', node: <Text wrap="truncate">{daysAxis(data.days, width)}</Text> },
        { key: 'after axis', node: <Text> </Text> },
        {
          key: 'served heading',
          node: <Text bold>{`clients served (${data.servedClients.length}), GiB over the window`}</Text>,
        },
        ...textLines('served', servedLines(data.servedClients, width)),
      ]
    : [waiting(state.loading, state.error !== undefined, theme)];
  return (
    <HistoryFrame
      {...props}
      title={`Provider ${screenText(clientId)}`}
      back
      lines={lines}
      state={state}
      hasData={data !== undefined}
    />
  );
}
