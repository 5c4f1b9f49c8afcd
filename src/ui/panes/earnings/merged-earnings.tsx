// Earnings merged over every profile (`a`): the lines of merged-earnings-view.ts, which the
// move keys scroll; `r` reloads every profile, `a` goes back to the profile in use. The keys
// of one profile's Earnings say why they cannot act here (the view's reasons).
import { Box, Text } from 'ink';
import { FreshnessText } from '../../components/refresh-status.tsx';
import { useClock, useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useStoresState } from '../../hooks/use-stores-state.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import type { Theme } from '../../theme.ts';
import type { PaneProps } from '../types.ts';
import type { LineStyle } from './earnings-view.ts';
import { earningsKeys } from './keys.ts';
import { mergedEarningsState, mergedEarningsView } from './merged-earnings-view.ts';

function styleOf(style: LineStyle, theme: Theme): { color?: string; bold?: boolean; dimColor?: boolean } {
  if (style === 'title' || style === 'heading') return { color: theme.accent, bold: true };
  if (style === 'label' || style === 'dim') return { dimColor: theme.dim };
  return style === 'error' ? { color: theme.error } : {};
}

export function MergedEarnings({ width, height }: PaneProps) {
  const { everyProfile } = useStores();
  const theme = useTheme();
  const { speed } = useClock();
  const state = useStoresState(mergedEarningsState);
  const view = mergedEarningsView(state, useKeyNames(), { width, height, speed });
  const e = () => everyProfile.getState();
  const scrollBy = (rows: number) => e().scrollEarnings(Math.min(view.maxTop, Math.max(0, view.top + rows)));
  // One profile's keys have reasons (the dispatcher says them): these never run here.
  const oneProfileOnly = () => undefined;
  useKeyActions(earningsKeys, 'earnings', {
    down: () => scrollBy(1),
    up: () => scrollBy(-1),
    pageDown: () => scrollBy(view.rows - 1),
    pageUp: () => scrollBy(-(view.rows - 1)),
    top: () => e().scrollEarnings(0),
    bottom: () => e().scrollEarnings(view.maxTop),
    refresh: () => e().refresh(),
    everyProfile: () => e().toggle(),
    back: oneProfileOnly,
    open: oneProfileOnly,
    copy: oneProfileOnly,
    export: oneProfileOnly,
    search: oneProfileOnly,
    sort: oneProfileOnly,
    reverse: oneProfileOnly,
    leaderboard: oneProfileOnly,
    visibility: oneProfileOnly,
  });
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box flexDirection="column" height={view.rows} overflow="hidden">
        {view.shown.map((line) => (
          <Text key={line.key} wrap="truncate" {...styleOf(line.style, theme)}>
            {line.text}
          </Text>
        ))}
      </Box>
      <FreshnessText line={view.status} width={width} />
    </Box>
  );
}
