// The leaderboard (`b` in Earnings): the top 100 networks by MiB paid over the last 4
// payouts, one's own network marked (its rank's row), a network that is not public
// shown as such (the service sends it without id and name).
import { Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import type { Earner } from '../../../contract/schemas.ts';
import { formatBytes, formatCount } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { ownRow } from '../../../store/earnings.ts';
import { DialogFrame, dialogInnerWidth } from '../../components/dialog-frame.tsx';
import { DialogList, dialogListRows, listPosition } from '../../components/dialog-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useStores, useTheme } from '../../context.tsx';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { padCells } from '../../text.ts';
import { earningsKeys } from './keys.ts';

export const LEADERBOARD_DIALOG = 'leaderboard';
/** Rows of the body besides the list: the heading, the note, the hint. */
const OTHER_ROWS = 3;

export function earnerLine(earner: Earner, place: number, own: boolean, width: number): string {
  const name = earner.is_public ? screenText(earner.network_name) || '(no name)' : 'a private network';
  const mark = own ? '★ you  ' : '       ';
  const mib = formatBytes((earner.net_mib_count ?? 0) * 2 ** 20);
  return `${padCells(`#${formatCount(place + 1)}`, 5)} ${padCells(mib, 11, 'right')}  ${mark}${padCells(name, Math.max(8, width - 29))}`;
}

export function LeaderboardDialog({
  width,
  height,
  onClose,
}: {
  width: number;
  height: number;
  onClose(): void;
}) {
  const { earnings } = useStores();
  const theme = useTheme();
  const board = useStore(earnings, (s) => s.board);
  const rank = useStore(earnings, (s) => s.data?.ranking.data?.leaderboard_rank);
  const rows = dialogListRows(height, OTHER_ROWS);
  const e = () => earnings.getState();
  useKeyActions(earningsKeys, 'dialog:leaderboard', {
    down: () => e().moveBoard(1),
    up: () => e().moveBoard(-1),
    pageDown: () => e().moveBoard(rows),
    pageUp: () => e().moveBoard(-rows),
    top: () => e().moveBoard('top'),
    bottom: () => e().moveBoard('bottom'),
    reload: () => void e().openBoard(),
    close: onClose,
  });
  const inner = dialogInnerWidth(width, 96);
  const earners = board?.earners ?? [];
  const own = ownRow(earners, rank);
  const title = `Leaderboard · top ${formatCount(earners.length || 100)} by MiB paid in the last 4 payouts`;
  let body: React.ReactNode;
  if (!board || (board.phase === 'loading' && !earners.length))
    body = <Spinner label="loading the leaderboard…" />;
  else if (board.phase === 'missing')
    body = <Text dimColor={theme.dim}>{`${board.message}: esc closes`}</Text>;
  else if (board.phase === 'failed' && !earners.length)
    body = <Text color={theme.error}>{`✗ ${screenText(board.message)} · r tries again`}</Text>;
  else if (!earners.length)
    body = <Text dimColor={theme.dim}>No network was paid in the last 4 payouts.</Text>;
  else
    body = (
      <>
        <Text wrap="truncate">
          {`${
            own >= 0
              ? `This network is #${formatCount(own + 1)} (★)`
              : rank
                ? `This network is #${formatCount(rank)}, below the top ${formatCount(earners.length)}`
                : 'This network has no rank (no payment in the last 4 payouts)'
          }${listPosition(board.cursor, earners.length, rows)}`}
        </Text>
        <DialogList
          lines={earners.map((earner, k) => earnerLine(earner, k, k === own, inner))}
          keys={earners.map((_, k) => String(k))}
          cursor={board.cursor}
          rows={rows}
        />
        <Text dimColor={theme.dim} wrap="truncate">
          {board.phase === 'failed'
            ? `✗ reload failed: ${screenText(board.message)}`
            : 'a private network keeps its place without its name · v in the pane shows or hides yours'}
        </Text>
      </>
    );
  return (
    <DialogFrame title={title} width={width} height={height} max={96}>
      {body}
      <Text dimColor={theme.dim}>↑↓ move · r reload · esc closes</Text>
    </DialogFrame>
  );
}
