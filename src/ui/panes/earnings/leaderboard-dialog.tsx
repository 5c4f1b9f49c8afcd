// The leaderboard (`b` in Earnings): the top 100 networks by MiB paid over the last 4
// payouts, one's own network marked (its rank's row), a network that is not public
// shown as such (the service sends it without id and name).
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import type { Earner } from '../../../contract/schemas.ts';
import { formatBytes, formatCount } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import {
  boardRows,
  type EarningsStore,
  LEADERBOARD_LIST,
  ownRow,
  type RankedEarner,
} from '../../../store/earnings.ts';
import { sortOf } from '../../../store/list-sort-filter.ts';
import { DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { DialogList, dialogListRows, listPosition } from '../../components/dialog-list.tsx';
import { headerText, type ListControl, ListFilter, useListView } from '../../components/list-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import type { Glyphs } from '../../glyphs.ts';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { padCells } from '../../text.ts';
import { earningsKeys } from './keys.ts';

export const LEADERBOARD_DIALOG = 'leaderboard';
/** Rows of the body besides the list: the heading, the column header, the note, the hint. */
const OTHER_ROWS = 4;
/** The widest the board's text gets: wider than other dialogs, for long network names. */
const MAX_WIDTH = 96;

/** The leaderboard as the list controller sees it. */
const boardList = (store: EarningsStore): ListControl<RankedEarner> => ({
  holder: {
    view: () => store.getState().boardView,
    setView: (view) => store.getState().setBoardView(view),
  },
  spec: LEADERBOARD_LIST,
  filterId: 'leaderboard-filter',
});

/** The columns of earnerLine, as its header names them. */
const boardColumns = (width: number) => [
  { label: 'RANK', width: 5, sort: 'place' },
  { label: 'PAID', width: 11, align: 'right' as const, sort: 'mib' },
  { label: '', width: 7 },
  { label: 'NETWORK', width: Math.max(8, width - 29), sort: 'name' },
];

export function earnerLine(
  earner: Earner,
  place: number,
  own: boolean,
  width: number,
  glyphs: Pick<Glyphs, 'star'>,
): string {
  const name = earner.is_public ? screenText(earner.network_name) || '(no name)' : 'a private network';
  const mark = own ? `${glyphs.star} you  ` : '       ';
  const mib = formatBytes((earner.net_mib_count ?? 0) * 2 ** 20);
  return `${padCells(`#${formatCount(place + 1)}`, 5)} ${padCells(mib, 11, 'right')}  ${mark}${padCells(name, Math.max(8, width - 29))}`;
}

export function LeaderboardDialog() {
  const { earnings } = useStores();
  const dialogs = useDialogs();
  const theme = useTheme();
  const keys = useKeyNames();
  const board = useStore(earnings, (s) => s.board);
  const view = useStore(earnings, (s) => s.boardView);
  const shown = useStore(earnings, boardRows);
  const rank = useStore(earnings, (s) => s.data?.ranking.data?.leaderboard_rank);
  const { inner, rows: bodyRows } = useDialogRoom(MAX_WIDTH);
  const rows = dialogListRows(bodyRows, OTHER_ROWS);
  const e = () => earnings.getState();
  const list = boardList(earnings);
  const controls = useListView(list);
  useKeyActions(earningsKeys, 'dialog:leaderboard', {
    search: controls.search,
    sort: controls.sort,
    reverse: controls.reverse,
    down: () => e().moveBoard(1),
    up: () => e().moveBoard(-1),
    pageDown: () => e().moveBoard(rows),
    pageUp: () => e().moveBoard(-rows),
    top: () => e().moveBoard('top'),
    bottom: () => e().moveBoard('bottom'),
    reload: () => void e().openBoard(),
    close: () => {
      // esc clears a filter first, as in every list.
      if (controls.clearFilter()) return;
      e().closeBoard();
      dialogs.close(LEADERBOARD_DIALOG);
    },
  });
  const earners = board?.earners ?? [];
  const own = ownRow(earners, rank);
  const title = `Leaderboard · top ${formatCount(earners.length || 100)} by MiB paid in the last 4 payouts`;
  let body: React.ReactNode;
  if (!board || (board.phase === 'loading' && !earners.length))
    body = <Spinner label="loading the leaderboard…" />;
  else if (board.phase === 'missing')
    body = (
      <DialogText dimColor={theme.dim}>{`${board.message}: ${keys['leaderboard.close']} closes`}</DialogText>
    );
  else if (board.phase === 'failed' && !earners.length)
    body = (
      <DialogText
        color={theme.error}
      >{`✗ ${screenText(board.message)} · ${keys['leaderboard.reload']} tries again`}</DialogText>
    );
  else if (!earners.length)
    body = <DialogText dimColor={theme.dim}>No network was paid in the last 4 payouts.</DialogText>;
  else
    body = (
      <>
        <Box gap={2}>
          <Text wrap="truncate">
            {`${
              own >= 0
                ? `This network is #${formatCount(own + 1)} (${theme.glyphs.star})`
                : rank
                  ? `This network is #${formatCount(rank)}, below the top ${formatCount(earners.length)}`
                  : 'This network has no rank (no payment in the last 4 payouts)'
            }${listPosition(board.cursor, shown.length, rows)}`}
          </Text>
          <ListFilter list={list} view={view} width={24} />
        </Box>
        <Text bold wrap="truncate">
          {`  ${headerText(boardColumns(inner), sortOf(LEADERBOARD_LIST, view), theme.glyphs, 1)}`}
        </Text>
        {shown.length ? (
          <DialogList
            lines={shown.map((row) =>
              earnerLine(row.earner, row.place, row.place === own, inner, theme.glyphs),
            )}
            keys={shown.map((row) => String(row.place))}
            cursor={board.cursor}
            rows={rows}
          />
        ) : (
          <DialogText
            dimColor={theme.dim}
          >{`No network matches “${screenText(view.filter)}”: ${keys['leaderboard.close']} clears the filter.`}</DialogText>
        )}
        <Text dimColor={theme.dim} wrap="truncate">
          {board.phase === 'failed'
            ? `✗ reload failed: ${screenText(board.message)}`
            : `a private network keeps its place without its name · ${keys['earnings.visibility']} in the pane shows or hides yours`}
        </Text>
      </>
    );
  return (
    <DialogFrame title={title} max={MAX_WIDTH}>
      {body}
      <DialogText dimColor={theme.dim}>
        {`↑↓ move · ${keys['leaderboard.search']} filter · ${keys['leaderboard.sort']} sort · ${keys['leaderboard.reload']} reload · ${keys['leaderboard.close']} closes`}
      </DialogText>
    </DialogFrame>
  );
}
