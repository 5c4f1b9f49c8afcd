// The panes with their digit and count; the active one stands out.
import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { formatCount } from '../../format/numbers.ts';
import type { Stores } from '../../store/index.ts';
import { useStores, useTheme } from '../context.tsx';
import { activePane, digitOf, PANES } from '../panes/registry.ts';

function subscribeAll(stores: Stores) {
  return (notify: () => void) => {
    // Every zustand store (history is a group of stores and counts for no tab).
    const offs = Object.values(stores)
      .filter((store) => 'subscribe' in store)
      .map((store) => store.subscribe(notify));
    return () => {
      for (const off of offs) off();
    };
  };
}

/** Counts as one string so React sees a change only when a number changes. */
function useCounts(stores: Stores): (number | undefined)[] {
  const subscribe = useMemo(() => subscribeAll(stores), [stores]);
  const joined = useSyncExternalStore(subscribe, () => PANES.map((p) => p.count?.(stores) ?? '').join('|'));
  return joined.split('|').map((s) => (s === '' ? undefined : Number(s)));
}

export function TabBar({ width, compact }: { width: number; compact: boolean }) {
  const stores = useStores();
  const theme = useTheme();
  const active = useStore(stores.session, activePane);
  const counts = useCounts(stores);
  return (
    <Box width={width} height={1} overflowY="hidden" gap={compact ? 1 : 2}>
      {PANES.map((pane, i) => {
        const isActive = pane === active;
        const title = compact ? pane.shortTitle : pane.title;
        const count = counts[i] === undefined ? '' : ` ${formatCount(counts[i])}`;
        return (
          <Text
            key={pane.id}
            inverse={isActive}
            bold={isActive}
            color={isActive ? theme.accent : undefined}
            wrap="truncate"
          >
            {`${digitOf(pane)} ${title}${count}`}
          </Text>
        );
      })}
    </Box>
  );
}
