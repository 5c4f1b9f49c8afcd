// My providers over 7 or 30 days (`t`): the network's overview of the window
// (/stats/providers-overview-last-n) as a row of daily figures each, and in the detail one
// provider's (/stats/provider-last-n): its uptime hour by hour, its daily figures and the
// clients it served. Each loads while it is shown; a failed refresh keeps the last chart.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { formatGiB } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { nextWindow } from '../../../store/history.ts';
import type { ResourceStore } from '../../../store/resource.ts';
import { RefreshStatus } from '../../components/refresh-status.tsx';
import { useNow, useStores, useTheme } from '../../context.tsx';
import { truncate } from '../../text.ts';
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
  const window = useStore(history.view, (s) => s.window);
  return (
    <Text bold color={theme.accent} wrap="truncate">
      {truncate(
        `${text}, ${windowLabel(window)}  ·  t: ${windowLabel(nextWindow(window))}${back ? '  ·  esc back' : ''}`,
        width,
      )}
    </Text>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </>
  );
}

function Waiting({ loading, failed }: { loading: boolean; failed: boolean }) {
  const theme = useTheme();
  if (failed) return null;
  return <Text dimColor={theme.dim}>{loading ? 'loading…' : ''}</Text>;
}

export function NetworkHistoryView({ width, height }: { width: number; height: number }) {
  const { history } = useStores();
  const theme = useTheme();
  const now = useNow(1000);
  const state = useStore(history.overview, (s) => s);
  const window = useStore(history.view, (s) => s.window);
  useWhileShown(history.overview);
  const data = state.data;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Title text="My providers" width={width} />
      <Text dimColor={theme.dim} wrap="truncate">
        {truncate('the whole network by UTC day; days without figures are zero', width)}
      </Text>
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {data ? (
          <>
            {data.window !== window ? (
              <Text dimColor={theme.dim}>{`loading ${windowLabel(window)}…`}</Text>
            ) : null}
            <Lines lines={seriesRows(data, 'up now h/provider').map((row) => seriesLine(row, width))} />
            <Text wrap="truncate">{daysAxis(data.days, width)}</Text>
          </>
        ) : (
          <Waiting loading={state.loading} failed={state.error !== undefined} />
        )}
      </Box>
      <RefreshStatus state={{ ...state, hasData: data !== undefined }} now={now} width={width} />
    </Box>
  );
}

/** The clients a provider served, most transfer first, as many as fit. */
function servedLines(
  clients: { clientId: string; transfer: number }[],
  rows: number,
  width: number,
): string[] {
  if (rows <= 0) return [];
  if (!clients.length) return ['none'];
  const shown = clients.length > rows ? clients.slice(0, rows - 1) : clients;
  const lines = shown.map((c) =>
    truncate(`${formatGiB(c.transfer).padStart(12)}  ${screenText(c.clientId)}`, width),
  );
  if (shown.length < clients.length) lines.push(`… ${clients.length - shown.length} more`);
  return lines;
}

export function ProviderHistoryView({
  width,
  height,
  clientId,
}: {
  width: number;
  height: number;
  clientId: string;
}) {
  const { history } = useStores();
  const theme = useTheme();
  const now = useNow(1000);
  const state = useStore(history.provider, (s) => s);
  const window = useStore(history.view, (s) => s.window);
  useEffect(() => history.view.getState().showProvider(clientId), [history, clientId]);
  // Another provider's detail loads again through the view's subscription.
  useWhileShown(history.provider);
  // A provider shown before is not this one's history.
  const data = state.data?.clientId === clientId ? state.data : undefined;
  const hourlyWidth = Math.max(0, width - LABEL_WIDTH);
  // title, 2 hourly lines, blank, 6 series, axis, blank, heading, status
  const clientRows = Math.max(0, height - 14);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Title text={`Provider ${screenText(clientId)}`} width={width} back />
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {data ? (
          <>
            {data.window !== window ? (
              <Text dimColor={theme.dim}>{`loading ${windowLabel(window)}…`}</Text>
            ) : null}
            <Text wrap="truncate">
              <Text dimColor={theme.dim}>{'up now by the hour'.padEnd(LABEL_WIDTH)}</Text>
              {hourlyUptimeLine(data.hourly.minutes, hourlyWidth)}
            </Text>
            <Text dimColor={theme.dim} wrap="truncate">
              {truncate(
                `${' '.repeat(LABEL_WIDTH)}minutes of the connections open now, full bar 60; blank: none listed`,
                width,
              )}
            </Text>
            <Text> </Text>
            <Lines lines={seriesRows(data, 'up now h').map((row) => seriesLine(row, width))} />
            <Text wrap="truncate">{daysAxis(data.days, width)}</Text>
            <Text> </Text>
            <Text bold>{`clients served (${data.servedClients.length}), GiB over the window`}</Text>
            <Lines lines={servedLines(data.servedClients, clientRows, width)} />
          </>
        ) : (
          <Waiting loading={state.loading} failed={state.error !== undefined} />
        )}
      </Box>
      <RefreshStatus state={{ ...state, hasData: data !== undefined }} now={now} width={width} />
    </Box>
  );
}
