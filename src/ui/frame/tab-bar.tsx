// The panes with their digit and count; the active one stands out. Titles get shorter
// as the terminal narrows, whole tabs at a time.
import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { formatCount } from '../../format/numbers.ts';
import type { Stores } from '../../store/index.ts';
import { useStores, useTheme } from '../context.tsx';
import { activePane, digitOf, PANES } from '../panes/registry.ts';
import { displayWidth } from '../text.ts';

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

export interface TabLabel {
  text: string;
  active: boolean;
}

/**
 * The tabs' labels in the first form that fits `width`: full titles two apart, one
 * apart, short titles, then digits only (the active tab keeps its short title). A tab
 * is never cut mid-word ("Discover 2…" reads as a count).
 */
export function tabLabels(
  tabs: { digit: string; title: string; shortTitle: string; count?: number; active: boolean }[],
  width: number,
): { labels: TabLabel[]; gap: number } {
  const count = (n?: number) => (n === undefined ? '' : ` ${formatCount(n)}`);
  const forms: { gap: number; label: (t: (typeof tabs)[number]) => string }[] = [
    { gap: 2, label: (t) => `${t.digit} ${t.title}${count(t.count)}` },
    { gap: 1, label: (t) => `${t.digit} ${t.title}${count(t.count)}` },
    { gap: 1, label: (t) => `${t.digit} ${t.shortTitle}${count(t.count)}` },
    { gap: 1, label: (t) => (t.active ? `${t.digit} ${t.shortTitle}${count(t.count)}` : t.digit) },
  ];
  const fit = (form: (typeof forms)[number]) =>
    tabs.reduce((sum, t) => sum + displayWidth(form.label(t)), 0) + form.gap * (tabs.length - 1) <= width;
  const form = forms.find(fit) ?? forms[forms.length - 1];
  return { gap: form.gap, labels: tabs.map((t) => ({ text: form.label(t), active: t.active })) };
}

export function TabBar({ width }: { width: number }) {
  const stores = useStores();
  const theme = useTheme();
  const active = useStore(stores.session, activePane);
  const counts = useCounts(stores);
  const { labels, gap } = tabLabels(
    PANES.map((pane, i) => ({
      digit: digitOf(pane),
      title: pane.title,
      shortTitle: pane.shortTitle,
      count: counts[i],
      active: pane === active,
    })),
    width,
  );
  return (
    <Box width={width} height={1} overflowY="hidden" gap={gap}>
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
