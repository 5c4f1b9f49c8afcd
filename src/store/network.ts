// Network (90 days): the /stats/last-90 resource plus the pane's view of it: which daily
// series the chart shows, the compact all-sparklines view, and which summary figures
// changed at the last refresh.
import type { StoreApi } from 'zustand/vanilla';
import {
  NETWORK_SERIES_FIELDS,
  NETWORK_SUMMARY_FIELDS,
  type NetworkSeriesField,
  type NetworkStats,
  type NetworkSummaryField,
} from '../contract/schemas.ts';
import { presentSeries } from '../format/network-fields.ts';
import { type ChangeWindow, highlightChanges, highlightSpan, isLit } from './changes.ts';
import type { StoreDeps } from './deps.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

export interface NetworkView extends ChangeWindow {
  /** The series the chart shows. */
  series: NetworkSeriesField;
  /** All series as sparklines instead of one chart. */
  compact: boolean;
  /** The chart's value axis from the data's range instead of from zero. */
  zoom: boolean;
  /** Summary figures and series (by their last value) that differ from the previous load. */
  changed: readonly (NetworkSummaryField | NetworkSeriesField)[];
  /** Next (+1) or previous (-1) series, wrapping around. */
  stepSeries(delta: number): void;
  selectSeries(series: NetworkSeriesField): void;
  toggleCompact(): void;
  toggleZoom(): void;
}
export type NetworkState = ResourceState<NetworkStats> & NetworkView;
export type NetworkStore = StoreApi<NetworkState>;

/** The value of a series on its newest day. */
export function lastValue(series: Record<string, number> | undefined): number | undefined {
  let lastDay: string | undefined;
  for (const day of Object.keys(series ?? {})) if (lastDay === undefined || day > lastDay) lastDay = day;
  return lastDay === undefined ? undefined : series?.[lastDay];
}

function diffNetwork(before: NetworkStats | undefined, after: NetworkStats | undefined) {
  if (!before || !after) return [];
  const summaries = NETWORK_SUMMARY_FIELDS.filter((field) => (before[field] ?? 0) !== (after[field] ?? 0));
  const series = NETWORK_SERIES_FIELDS.filter(
    (field) => lastValue(before[field]) !== lastValue(after[field]),
  );
  return [...summaries, ...series];
}

export function isNetworkChanged(
  state: NetworkState,
  field: NetworkSummaryField | NetworkSeriesField,
  now: number,
): boolean {
  return isLit(state, now) && state.changed.includes(field);
}

export function createNetworkStore(deps: StoreDeps): NetworkStore {
  const resource = createResourceStore<NetworkStats>(deps, {
    load: (signal) => deps.client.networkStats({ signal }),
  });
  const store = extendResource<NetworkStats, NetworkView>(resource, (set, get) => ({
    series: NETWORK_SERIES_FIELDS[0],
    compact: false,
    zoom: false,
    changed: [],
    highlightMs: highlightSpan(deps.clock.speed, resource.getState().everyMs),
    stepSeries(delta) {
      // Among the series the service sent: today's has no packet or extender series.
      const series = presentSeries(get().data);
      const index = Math.max(0, series.indexOf(get().series));
      const count = series.length;
      set({ series: series[(((index + delta) % count) + count) % count] });
    },
    selectSeries: (series) => set({ series }),
    toggleCompact: () => set({ compact: !get().compact }),
    toggleZoom: () => set({ zoom: !get().zoom }),
  }));
  highlightChanges(store, deps.clock, diffNetwork);
  return store;
}
