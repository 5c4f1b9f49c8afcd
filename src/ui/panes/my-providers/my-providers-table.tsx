// The 24-hour table of My providers as its view words it (my-providers-view.ts, or
// merged-providers-view.ts over every profile): the summary line with the filter box, the
// header (a click sorts), the rows in sight, the totals (one line, or a line per profile and
// one of them all), and the line under them with the legend where there is room.
import { Box, Text } from 'ink';
import type React from 'react';
import type { ProviderStats } from '../../../contract/schemas.ts';
import type { ListMoves } from '../../../store/list-cursor.ts';
import { MY_PROVIDERS_LIST, type MyProvidersStore } from '../../../store/my-providers.ts';
import {
  type ListControl,
  ListFilter,
  SortingHeader,
  storeList,
  useListView,
} from '../../components/list-view.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { FreshnessText } from '../../components/refresh-status.tsx';
import { VirtualList } from '../../components/virtual-list.tsx';
import { useTheme } from '../../context.tsx';
import { CellLine } from './cell-line.tsx';
import { MY_PROVIDERS_FILTER, type MyProvidersView } from './my-providers-view.ts';

/** The table as the list controller sees it: its view, its rows, its filter box. */
export const tableList = (store: MyProvidersStore) =>
  storeList(store, MY_PROVIDERS_LIST, MY_PROVIDERS_FILTER);

type ProvidersList = ListControl<ProviderStats>;

export function SummaryLine({
  summary,
  width,
  list,
}: {
  summary: MyProvidersView['summary'];
  width: number;
  list: ProvidersList;
}) {
  return (
    <Box width={width} height={1} overflow="hidden">
      <ListFilter
        list={list}
        view={summary.view}
        width={summary.inputWidth + 2}
        placeholder={summary.placeholder}
        always
      />
      <Text bold wrap="truncate">
        {summary.text}
      </Text>
    </Box>
  );
}

export function ProvidersTable({
  table,
  width,
  list,
  moves,
}: {
  table: MyProvidersView['table'];
  width: number;
  list: ProvidersList;
  /** The cursor's moves (a click on a row). */
  moves: () => ListMoves;
}) {
  const theme = useTheme();
  const sorting = useListView(list);
  let body: React.ReactNode;
  if (table.noToken)
    body = <NoToken what="Your providers' statistics need your network's token" width={width} />;
  else if (table.empty !== undefined)
    body = (
      <Box height={table.listHeight} width={width}>
        <Text dimColor={theme.dim} wrap="wrap">
          {table.empty}
        </Text>
      </Box>
    );
  else
    body = (
      <VirtualList
        moves={moves}
        items={table.rows}
        cursor={table.cursor}
        height={Math.min(table.listHeight, table.rows.length)}
        width={width}
        keyOf={(p, i) => p.client_id ?? String(i)}
        renderRow={(p, _i, selected) => <CellLine selected={selected} cells={table.cells(p)} />}
      />
    );
  // The totals follow the last row; the space left over goes below them.
  return (
    <Box
      flexDirection="column"
      height={table.listHeight + 1 + Math.max(1, table.totals.length)}
      overflow="hidden"
    >
      <SortingHeader
        onSort={sorting.sortBy}
        gap={1}
        columns={table.columns.map((c) => ({ label: c.header, width: c.width, sort: c.sort }))}
      >
        <CellLine bold cells={table.header} />
      </SortingHeader>
      {body}
      {table.totals.map((line) =>
        line.cells ? (
          <CellLine key={line.key} bold cells={line.cells} />
        ) : (
          <Text key={line.key} wrap="truncate" color={line.tone === 'error' ? theme.error : undefined}>
            {line.text}
          </Text>
        ),
      )}
    </Box>
  );
}

export function StatusLine({ view, width }: { view: MyProvidersView; width: number }) {
  const theme = useTheme();
  if (!view.status) return <Box height={1} />;
  return (
    <Box width={width} justifyContent="space-between">
      <FreshnessText line={view.status} width={view.statusWidth} />
      {view.legend ? <Text dimColor={theme.dim}>{view.legend}</Text> : null}
    </Box>
  );
}
