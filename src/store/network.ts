// Network (90 days): the /stats/last-90 resource plus the pane's view of it: which daily
// series the chart shows, the compact all-sparklines view, and which summary figures
// changed at the last refresh.
import type { StoreApi } from 'zustand/vanilla';
import {
  NETWORK_SERIES_FIELDS,
  type NetworkField,
  type NetworkSeriesField,
  type NetworkStats,
} from '../contract/schemas.ts';
import { changedNetworkFields, presentSeries } from '../format/network-fields.ts';
import { type ChangeWindow, highlightChanges } from './changes.ts';
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
  changed: readonly NetworkField[];
  /** Next (+1) or previous (-1) series, wrapping around. */
  stepSeries(delta: number): void;
  selectSeries(series: NetworkSeriesField): void;
  toggleCompact(): void;
  toggleZoom(): void;
}
export type NetworkState = ResourceState<NetworkStats> & NetworkView;
export type NetworkStore = StoreApi<NetworkState>;

/** Is this figure highlighted now (it changed at the last refresh)? */
export function isNetworkChanged(state: Pick<NetworkState, 'lit' | 'changed'>, field: NetworkField): boolean {
  return state.lit && state.changed.includes(field);
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
    lit: false,
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
  highlightChanges(store, deps.clock, changedNetworkFields, (changed) => changed.length === 0);
  return store;
}
