// The panes with their digit and count; the active one stands out. Titles get shorter
// as the terminal narrows, whole tabs at a time. A click on a tab shows its pane.
import { Box, type DOMElement, Text } from 'ink';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { Stores } from '../../store/index.ts';
import { useStores, useTheme } from '../context.tsx';
import { subscribeAll } from '../hooks/use-stores-state.ts';
import { useMouseTarget } from '../input/use-mouse.tsx';
import { activePane, PANES } from '../panes/registry.ts';
import { tabLabels } from './tab-labels.ts';

/** Counts as one string so React sees a change only when a number changes. */
function useCounts(stores: Stores): (number | undefined)[] {
  const subscribe = useMemo(() => subscribeAll(stores), [stores]);
  const joined = useSyncExternalStore(subscribe, () => PANES.map((p) => p.count?.(stores) ?? '').join('|'));
  return joined.split('|').map((s) => (s === '' ? undefined : Number(s)));
}

export function TabBar({ width }: { width: number }) {
  const stores = useStores();
  const theme = useTheme();
  const active = useStore(stores.session, activePane);
  const counts = useCounts(stores);
  const { labels, gap } = tabLabels(
    PANES.map((pane, i) => ({ ...pane, count: counts[i], active: pane === active })),
    width,
  );
  const bar = useRef<DOMElement>(null);
  // The tab under the pointer, from where each tab's text was laid out.
  useMouseTarget(bar, ({ column }) => {
    const tabs = bar.current?.childNodes ?? [];
    const at = tabs.findIndex((tab) => {
      const layout = 'yogaNode' in tab ? tab.yogaNode?.getComputedLayout() : undefined;
      return layout !== undefined && column >= layout.left && column < layout.left + layout.width;
    });
    if (PANES[at]) stores.session.getState().setPane(PANES[at].id);
  });
  return (
    <Box ref={bar} width={width} height={1} overflowY="hidden" gap={gap}>
      {labels.map((label, i) => (
        <Text
          key={PANES[i].id}
          inverse={label.active}
          bold={label.active}
          color={label.active ? theme.accent : undefined}
          wrap="truncate"
        >
          {label.text}
        </Text>
      ))}
    </Box>
  );
}
