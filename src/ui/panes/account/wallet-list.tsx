// The network's wallets in the Account pane, as the view words them (account-view.ts):
// the header, the rows in sight (the payout wallet in its colour, the one under the
// cursor inverse while the cursor is in this list); a click on one moves the cursor to it.
import { Box, type DOMElement, Text } from 'ink';
import { useRef } from 'react';
import type { AccountWallet } from '../../../contract/schemas.ts';
import { distinctKeys } from '../../../store/distinct-keys.ts';
import type { ListMoves } from '../../../store/list-cursor.ts';
import { type ListControl, ListHeader } from '../../components/list-view.tsx';
import { windowStart } from '../../components/list-window.ts';
import { useTheme } from '../../context.tsx';
import { useMouseTarget } from '../../input/use-mouse.tsx';
import type { AccountView } from './account-view.ts';

export function WalletList({
  list,
  wallets,
  height,
  moves,
}: {
  /** The list's view (its header marks the sort; a click on it sorts). */
  list: ListControl<AccountWallet>;
  wallets: AccountView['wallets'];
  height: number;
  /** The list's moves: a click on a wallet selects it. */
  moves: () => ListMoves;
}) {
  const theme = useTheme();
  const box = useRef<DOMElement>(null);
  const { rows, active } = wallets;
  const cursor = Math.max(
    0,
    rows.findIndex((w) => w.wallet_id === wallets.selectedId),
  );
  const start = windowStart(0, cursor, height, rows.length);
  const shown = rows.slice(start, start + height);
  // A server may send one wallet id twice: each row still gets its own key.
  const keys = distinctKeys(shown.map((wallet, i) => wallet.wallet_id ?? `#${start + i}`));
  useMouseTarget(box, ({ row }) => {
    if (row < shown.length) moves().moveToRow(start + row);
  });
  return (
    <Box flexDirection="column">
      <ListHeader list={list} view={wallets.view} gap={1} columns={wallets.header} />
      <Box ref={box} flexDirection="column" height={Math.min(height, rows.length)} overflow="hidden">
        {shown.map((wallet, i) => {
          const selected = active && start + i === cursor;
          const payout = wallet.wallet_id !== undefined && wallet.wallet_id === wallets.payoutId;
          return (
            <Text key={keys[i]} inverse={selected} color={payout ? theme.ok : undefined} wrap="truncate">
              {wallets.line(wallet, payout, selected)}
            </Text>
          );
        })}
      </Box>
    </Box>
  );
}
