// Providers: samples find-providers2 for the specs chosen in Discover, batch after
// batch, never showing a provider twice, until a batch comes back empty.
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import type { Provider } from '../../../contract/schemas.ts';
import { countOf, formatCount, NOT_SENT, rowOf } from '../../../format/numbers.ts';
import { speedText } from '../../../format/provider-speed.ts';
import { screenText } from '../../../sanitize.ts';
import { ownEntry } from '../../../store/distinct-keys.ts';
import {
  BATCH_SIZES,
  PROVIDERS_LIST,
  type ProvidersState,
  type ProvidersStore,
  providerAtCursor,
  visibleSeen,
} from '../../../store/providers.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { ListPaneLayout } from '../../components/list-pane-layout.tsx';
import {
  filterWidth,
  ListFilter,
  ListHeader,
  storeList,
  useFilterEditing,
  useListView,
} from '../../components/list-view.tsx';
import { progressBar } from '../../components/progress-bar.ts';
import { Spinner } from '../../components/spinner.tsx';
import { listRowWidth, VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCopy } from '../../hooks/use-copy.ts';
import { useListKeys } from '../../hooks/use-list-keys.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { displayWidth, padCells, truncate } from '../../text.ts';
import { definePane, type PaneProps } from '../types.ts';
import { providersKeys } from './keys.ts';

const MIN_BATCH = BATCH_SIZES[0];
const MAX_BATCH = BATCH_SIZES[BATCH_SIZES.length - 1];

/** Why `n` cannot fetch now, if it cannot. */
/** Why `n` or `N` sends nothing now, if it does not. */
function nothingToFetch(state: ProvidersState, keys: KeyNames): string | undefined {
  if (state.fetchingAll) return `already fetching every provider (${keys.back} stops)`;
  if (!state.specs.length)
    return `nothing chosen yet: mark places in Discover (${keys['pane:discover']}, ${keys.select}), then ${keys['discover.send']} or ${keys.open}`;
  if (state.exhausted)
    return `every matching provider has been seen (${keys['providers.reset']} starts over)`;
  if (state.tooLarge)
    return `the service refused a request this large: ${keys['providers.reset']} starts over, ${keys['providers.smaller']} asks for fewer`;
}

/**
 * Why fewer came than Discover counted, when they did: its counts are of the whole pool,
 * and the service samples none below its minimum-performance gate (reference-behaviour.md,
 * find-providers2's force_minimum).
 */
function fewerThanCounted(
  specs: readonly { providerCount?: number }[],
  seen: number,
  keys: KeyNames,
): string | undefined {
  if (!specs.length || specs.some((s) => s.providerCount === undefined)) return undefined;
  const counted = specs.reduce((sum, s) => sum + (s.providerCount ?? 0), 0);
  if (seen >= counted) return undefined;
  return `all seen: ${formatCount(seen)} of Discover's ${formatCount(counted)}, as none below the performance gate is sampled (${keys['providers.reset']} starts over)`;
}

/** `d`/space: marks the provider under the cursor, or says why it cannot. */
function markDestination(state: ProvidersState, keys: KeyNames): string | undefined {
  const provider = providerAtCursor(state);
  if (!provider) return `no provider here to mark: ${keys['providers.next']} fetches a batch`;
  if (!provider.client_id) return 'this provider came without an id: it cannot be marked';
  state.toggleDestination();
}

/** What is seen, as the list controller sees it. */
const seenList = (store: ProvidersStore) => storeList(store, PROVIDERS_LIST, 'providers-filter');

function providerColumns(width: number) {
  const mark = 3;
  const id = width >= 100 ? 38 : 14;
  const tier = 6;
  const speed = 12;
  return { mark, id, tier, speed, location: Math.max(0, width - mark - id - tier - speed) };
}

function locationText(p: Provider): string {
  const l = p.location;
  if (!l) return NOT_SENT;
  const country = l.country ?? l.country_code?.toUpperCase();
  return [l.city, l.region, country]
    .filter(Boolean)
    .map((part) => screenText(part))
    .join(', ');
}

function idText(id: string | undefined, width: number): string {
  const clean = screenText(id ?? '(no id)');
  return width >= 38 ? clean : truncate(clean, width - 2);
}

/** Whether the service left out a figure of any of these (the status line says what `?` means). */
const anyNotSent = (seen: readonly Provider[]) =>
  seen.some(
    (p) => p.tier === undefined || p.location === undefined || p.estimated_bytes_per_second === undefined,
  );

/** The cursor row starts with `›`, a used destination with `D`. */
function rowText(
  p: Provider,
  destination: boolean,
  selected: boolean,
  cols: ReturnType<typeof providerColumns>,
): string {
  return (
    (selected ? '›' : ' ') +
    (destination ? 'D ' : '  ') +
    padCells(idText(p.client_id, cols.id), cols.id) +
    padCells(p.tier === undefined ? NOT_SENT : String(p.tier), cols.tier) +
    padCells(speedText(p), cols.speed - 2, 'right') +
    '  ' +
    padCells(locationText(p), cols.location)
  );
}

/**
 * The status line of `N` at work: how many are in, of how many when Discover listed a
 * count (with a bar), how to stop.
 */
export function fetchAllLine(
  seen: number,
  batches: number,
  run: { total?: number; about: boolean },
  width: number,
): string {
  const lead = 'fetching every provider: ';
  const stop = ' · esc stops';
  if (run.total === undefined) {
    return truncate(
      `${lead}${formatCount(seen)} so far, ${countOf(batches, 'batch', 'batches')}${stop}`,
      width,
    );
  }
  const counts = `${formatCount(seen)} of ${run.about ? 'about ' : ''}${formatCount(run.total)}`;
  const percent = ` ${Math.min(100, Math.floor((seen / Math.max(1, run.total)) * 100))}%`;
  const room = width - displayWidth(lead) - displayWidth(counts) - percent.length - stop.length - 1;
  const bar = room >= 6 ? ` ${progressBar(seen, run.total, Math.min(30, room))}` : '';
  return truncate(`${lead}${counts}${bar}${percent}${stop}`, width);
}

export function Providers({ width, height }: PaneProps) {
  const { providers, session } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const specs = useStore(providers, (s) => s.specs);
  const seen = useStore(providers, (s) => s.seen);
  const cursor = useStore(providers, (s) => s.cursor);
  const batches = useStore(providers, (s) => s.batches);
  const batchSize = useStore(providers, (s) => s.batchSize);
  const rankMode = useStore(providers, (s) => s.rankMode);
  const rankModeRead = useStore(providers, (s) => s.rankModeRead);
  const exhausted = useStore(providers, (s) => s.exhausted);
  const tooLarge = useStore(providers, (s) => s.tooLarge);
  const loading = useStore(providers, (s) => s.loading);
  const error = useStore(providers, (s) => s.error);
  const destinations = useStore(providers, (s) => s.destinations);
  const fetchingAll = useStore(providers, (s) => s.fetchingAll);
  const view = useStore(providers, (s) => s.view);
  const shown = visibleSeen({ seen, view });
  const list = seenList(providers);
  const listView = useListView(list);
  const editing = useFilterEditing(list);

  const listHeight = Math.max(1, height - 3);
  const p = () => providers.getState();
  const copy = useCopy();
  useKeyActions(providersKeys, 'providers', {
    ...useListKeys(p, listHeight),
    next: () => nothingToFetch(p(), keys) ?? void p().next(),
    fetchAll: () => nothingToFetch(p(), keys) ?? void p().fetchAll(),
    search: listView.search,
    sort: listView.sort,
    reverse: listView.reverse,
    back: () => {
      if (p().stopFetchAll())
        return `stopped fetching: ${formatCount(p().seen.length)} seen (${keys['providers.fetchAll']} goes on)`;
      listView.clearFilter();
    },
    copy: () => session.getState().notify(copy(providerAtCursor(p())?.client_id, 'client id')),
    bigger: () =>
      p().batchSize >= MAX_BATCH ? `batches are at their largest (${MAX_BATCH})` : p().changeBatchSize(1),
    smaller: () =>
      p().batchSize <= MIN_BATCH ? `batches are at their smallest (${MIN_BATCH})` : p().changeBatchSize(-1),
    rankMode: () =>
      p().rankModeRead
        ? p().toggleRankMode()
        : `this service reads no rank mode: it picks providers its own way, and ${keys['providers.rankMode']} changes nothing`,
    reset: () => (p().specs.length ? p().reset() : 'nothing to reset: nothing chosen yet'),
    destination: () => markDestination(p(), keys),
    clearDestinations: () =>
      Object.keys(p().destinations).length ? p().clearDestinations() : 'no used destinations to forget',
    // Where it went is news for a moment (the footer's toast), not a state of the pane.
    export: () => {
      const path = p().exportSeen();
      if (!path) return p().exportError;
      session.getState().notify(`wrote ${countOf(p().exported?.count ?? 0, 'provider')} to ${path}`);
    },
    select: () => markDestination(p(), keys),
  });

  // The rows leave the scrollbar its column; the header lines up with them.
  const cols = providerColumns(listRowWidth(width, shown.length, listHeight));
  const destinationCount = Object.keys(destinations).length;
  const forLine = specs.length
    ? `for ${specs.map((s) => screenText(s.label)).join(', ')}`
    : `nothing chosen yet: mark places in Discover (${keys['pane:discover']}, ${keys.select}), then ${keys['discover.send']} or ${keys.open}`;
  const counters = [
    !seen.length
      ? '0 seen'
      : view.filter
        ? `${shown.length ? `${rowOf(cursor, shown.length)}, ` : ''}${shown.length} of ${seen.length} seen match`
        : `${rowOf(cursor, seen.length)} seen`,
    `${batches} batch${batches === 1 ? '' : 'es'}`,
    `batch size ${batchSize}`,
    rankModeRead ? `by ${rankMode}` : 'in the service’s own order',
    destinationCount ? `${destinationCount} used destination${destinationCount === 1 ? '' : 's'}` : undefined,
    exhausted ? 'exhausted' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

  let status: React.ReactNode;
  if (tooLarge) {
    status = (
      <Text color={theme.warn} wrap="truncate">
        {truncate(
          `the exclusion list grew past what the service takes (413): iteration stopped, ${seen.length} seen kept; ${keys['providers.reset']} starts over`,
          width,
        )}
      </Text>
    );
  } else if (error) {
    status = <ErrorLine error={error} width={width} prefix="find-providers2" />;
  } else if (fetchingAll) {
    status = <Text wrap="truncate">{fetchAllLine(seen.length, batches, fetchingAll, width)}</Text>;
  } else if (loading) {
    status = <Spinner label={`fetching ${batchSize} more…`} />;
  } else if (exhausted) {
    status = (
      <Text wrap="truncate">
        {fewerThanCounted(specs, seen.length, keys) ??
          `every matching provider seen: the last batch came back empty (${keys['providers.reset']} starts over)`}
      </Text>
    );
  } else {
    // The keys are the footer's: this line says only what the rows cannot.
    status = (
      <Text dimColor={theme.dim} wrap="truncate">
        {anyNotSent(seen) ? `${NOT_SENT} not sent by the service` : ''}
      </Text>
    );
  }

  let body: React.ReactNode;
  if (seen.length && !shown.length) {
    body = (
      <Box height={listHeight}>
        <Text
          dimColor={theme.dim}
        >{`No provider seen matches “${screenText(view.filter)}”. Esc clears the filter.`}</Text>
      </Box>
    );
  } else if (seen.length) {
    body = (
      <VirtualList
        moves={p}
        items={shown}
        cursor={cursor}
        height={listHeight}
        width={width}
        keyOf={(item, i) => item.client_id ?? `row-${i}`}
        renderRow={(item, _i, selected) => {
          const isDestination = Boolean(item.client_id && ownEntry(destinations, item.client_id));
          return (
            <Text inverse={selected} color={isDestination ? theme.marked : undefined} wrap="truncate">
              {rowText(item, isDestination, selected, cols)}
            </Text>
          );
        }}
      />
    );
  } else {
    const message =
      specs.length && !loading && batches > 0 && !error ? 'no providers for this choice right now' : '';
    body = (
      <Box height={listHeight}>
        <Text dimColor={theme.dim}>{message}</Text>
      </Box>
    );
  }

  // The counters give way first, but never the first ten cells of what was chosen.
  const shownCounters = truncate(counters, Math.max(0, width - 12));
  return (
    <ListPaneLayout
      width={width}
      height={height}
      top={
        <Box width={width} height={1} justifyContent="space-between" gap={2} overflowY="hidden">
          <ListFilter list={list} view={view} width={filterWidth(width)} />
          {editing ? null : (
            <Text wrap="truncate">{truncate(forLine, width - displayWidth(shownCounters) - 2)}</Text>
          )}
          <Text color={exhausted ? theme.warn : undefined} wrap="truncate">
            {shownCounters}
          </Text>
        </Box>
      }
      header={
        <ListHeader
          list={list}
          view={view}
          columns={[
            // The order seen (o goes round to it) has no column to mark.
            { label: '', width: 3 },
            { label: 'CLIENT ID', width: cols.id, sort: 'clientId' },
            { label: 'TIER', width: cols.tier, sort: 'tier' },
            { label: 'SPEED', width: cols.speed - 2, align: 'right', sort: 'speed' },
            { label: '', width: 2 },
            { label: 'LOCATION', width: cols.location, sort: 'location' },
          ]}
        />
      }
      status={status}
    >
      {body}
    </ListPaneLayout>
  );
}

/** The pane as the registry lists it. */
export const providersPane = definePane({
  id: 'providers',
  store: 'providers',
  search: 'filter',
  sorts: true,
  Component: Providers,
  count: (stores) => {
    const s = stores.providers.getState();
    return s.specs.length ? s.seen.length : undefined;
  },
});
