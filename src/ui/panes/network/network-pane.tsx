// Network: where the whole network is heading, from /stats/last-90: a card for every
// summary and rate figure, a 90-day chart of one daily series (left/right or [ ] to
// switch), and a compact view of every series as a sparkline (v). What it shows and why a
// key cannot act are its view's (network-view.ts); here they are drawn, and each key goes
// to a store action.
import { Box, Text } from 'ink';
import { FreshnessText } from '../../components/refresh-status.tsx';
import { useClock, useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { padCells } from '../../text.ts';
import { definePane, type PaneProps } from '../types.ts';
import { networkKeys } from './keys.ts';
import { CARD_WIDTH, networkReasons, networkState, networkView, type ShownNetwork } from './network-view.ts';

/** The pane's key handlers: each a store action (where a key cannot act, the view says why). */
function useNetworkActions() {
  const { network } = useStores();
  const s = () => network.getState();
  useKeyActions(networkKeys, 'network', {
    nextSeries: () => s().stepSeries(1),
    previousSeries: () => s().stepSeries(-1),
    compact: () => s().toggleCompact(),
    zoom: () => s().toggleZoom(),
    down: () => s().stepSeries(1),
    up: () => s().stepSeries(-1),
    open: () => s().toggleCompact(),
    back: () => (s().compact ? s().toggleCompact() : undefined),
    refresh: () => void s().refresh(),
  });
}

function Cards({ rows, tall }: { rows: ShownNetwork['cards']; tall: boolean }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      {rows.map((row) => (
        <Box key={row[0].field} flexDirection="row" gap={1}>
          {row.map((card) => (
            <Box key={card.field} width={CARD_WIDTH} flexDirection={tall ? 'column' : 'row'}>
              <Text dimColor={theme.dim} wrap="truncate">
                {/* On one line the label gives way: a figure is never cut. */}
                {tall ? card.label : padCells(card.label, Math.max(0, CARD_WIDTH - card.value.length - 1))}
              </Text>
              {tall ? null : <Text> </Text>}
              <Text bold inverse={card.changed} wrap="truncate">
                {card.value}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function Chart({ chart, height }: { chart: NonNullable<ShownNetwork['chart']>; height: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate">
        <Text bold color={theme.accent}>
          {chart.title}
        </Text>
        <Text>{'  '}</Text>
        <Text inverse={chart.legendChanged}>{chart.legend}</Text>
      </Text>
      {chart.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: chart rows are positional
        <Text key={i} color={i < chart.lines.length - 2 ? theme.accent : undefined} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}

function Compact({ compact, height }: { compact: NonNullable<ShownNetwork['compact']>; height: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {compact.heading}
      </Text>
      {compact.lines.map((line) => (
        <Text key={line.field} wrap="truncate" inverse={line.selected}>
          {line.selected ? '› ' : '  '}
          <Text dimColor={!line.selected && theme.dim}>{line.label}</Text>{' '}
          <Text color={theme.accent}>{line.spark}</Text>{' '}
          <Text bold inverse={line.changed !== line.selected}>
            {line.last}
          </Text>
        </Text>
      ))}
    </Box>
  );
}

export function Network({ width, height }: PaneProps) {
  const theme = useTheme();
  const keys = useKeyNames();
  const { speed } = useClock();
  const state = useStoresState(networkState);
  const view = networkView(state, keys, { width, height, speed });
  useNetworkActions();
  const status = <FreshnessText line={view.status} width={width} />;
  const shown = view.shown;
  if (!shown) {
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        <Box flexGrow={1}>
          <Text dimColor={theme.dim}>{view.empty}</Text>
        </Box>
        {status}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate">
        {shown.title}
      </Text>
      <Cards rows={shown.cards} tall={shown.tall} />
      {shown.short ? null : <Text> </Text>}
      {shown.noSeries ? (
        <Box height={shown.below}>
          <Text dimColor={theme.dim}>{shown.noSeries}</Text>
        </Box>
      ) : shown.compact ? (
        <Compact compact={shown.compact} height={shown.below} />
      ) : shown.chart ? (
        <Chart chart={shown.chart} height={shown.below} />
      ) : null}
      {status}
    </Box>
  );
}

/** The pane as the registry lists it. */
export const networkPane = definePane({
  id: 'network',
  store: 'network',
  Component: Network,
  keyReasons: (stores, keys) => networkReasons(networkState(stores), keys),
});
